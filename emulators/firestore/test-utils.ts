import { credentials } from '@grpc/grpc-js';
import firestorePkg, { Firestore } from '@google-cloud/firestore';
// v1 is not visible as a named ESM export of the CJS package outside vitest; take it from the default export
const { v1 } = firestorePkg;
import { startFirestoreEmulator, type FirestoreEmulatorOptions, type RunningFirestoreEmulator } from './server.js';

/** Shared setup for the conformance suites: one emulator per test file, official clients only. */
export interface TestEnv {
  emu: RunningFirestoreEmulator;
  db: Firestore;
  /** The low-level generated client (same package) for raw protobuf checks (int vs double, transformResults). */
  gapic: InstanceType<typeof v1.FirestoreClient>;
  database: string;
  root: string;
  client(projectId?: string): Firestore;
  close(): Promise<void>;
}

export function connect(port: number, projectId = 'demo-test'): Firestore {
  return new Firestore({
    projectId,
    host: '127.0.0.1',
    port,
    ssl: false,
    customHeaders: { Authorization: 'Bearer owner' },
  });
}

export async function startEnv(opts: Partial<FirestoreEmulatorOptions> = {}): Promise<TestEnv> {
  const emu = await startFirestoreEmulator({ port: 0, ...opts });
  const clients: Firestore[] = [];
  const client = (projectId = 'demo-test') => {
    const c = connect(emu.port, projectId);
    clients.push(c);
    return c;
  };
  const gapic = new v1.FirestoreClient({
    servicePath: '127.0.0.1',
    port: emu.port,
    sslCreds: credentials.createInsecure(),
  });
  return {
    emu,
    db: client(),
    gapic: asAdmin(gapic),
    database: 'projects/demo-test/databases/(default)',
    root: 'projects/demo-test/databases/(default)/documents',
    client,
    async close() {
      await Promise.all(clients.map((c) => c.terminate()));
      await gapic.close();
      await emu.stop();
    },
  };
}

type Gapic = InstanceType<typeof v1.FirestoreClient>;
const RPCS = new Set(
  'getDocument listDocuments createDocument updateDocument deleteDocument batchGetDocuments beginTransaction commit rollback runQuery runAggregationQuery partitionQuery listCollectionIds batchWrite'.split(
    ' ',
  ),
);

/**
 * The generated client sends no Authorization header of its own, so the emulator would take it for a client and
 * refuse it (client-access.ts); this adds the admin SDK's `Bearer owner` to every call's options.
 */
function asAdmin(gapic: Gapic): Gapic {
  const withOwner = (options: any = {}) => ({
    ...options,
    otherArgs: {
      ...options.otherArgs,
      headers: { ...options.otherArgs?.headers, Authorization: 'Bearer owner' },
    },
  });
  return new Proxy(gapic, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      // the RPC methods take (request, options); path helpers and close() are left alone
      if (typeof key === 'symbol' || !RPCS.has(key)) return value.bind(target);
      return (request: unknown, options?: unknown) => value.call(target, request, withOwner(options));
    },
  });
}

/** Reads one document's raw protobuf fields through the generated client. */
export async function rawGet(env: TestEnv, path: string): Promise<Record<string, any> | undefined> {
  const stream = env.gapic.batchGetDocuments({ database: env.database, documents: [`${env.root}/${path}`] });
  for await (const r of stream as AsyncIterable<any>) if (r.found) return r.found.fields;
  return undefined;
}

/** Captures the gRPC status code of a rejected promise. */
export async function codeOf(p: Promise<unknown>): Promise<number | string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return (e as { code?: number }).code ?? String(e);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let n = 0;
/** A collection name unique within this process, so tests in one file never see each other's data. */
export const uniq = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++n}`;
