// Shared setup for the conformance suites: an emulator on a free port plus a client bound to it.
import { Storage, type Bucket } from '@google-cloud/storage';
import { afterAll, beforeAll } from 'vitest';
import { startStorageEmulator, type StorageEmulator } from './server.js';

export interface TestEnv {
  emu: StorageEmulator;
  storage: Storage;
  endpoint: string;
}

export async function startTestEnv(dataDir?: string): Promise<TestEnv> {
  // STORAGE_EMULATOR_HOST would override the client's baseUrl (see admin.test.ts); keep it out.
  delete process.env.STORAGE_EMULATOR_HOST;
  const emu = await startStorageEmulator({ port: 0, dataDir });
  const endpoint = `http://127.0.0.1:${emu.port}`;
  const storage = new Storage({ apiEndpoint: endpoint, projectId: 'demo-test' });
  return { emu, storage, endpoint };
}

export interface TestBucketEnv extends TestEnv {
  bucket: Bucket;
}

/**
 * Registers the suite's beforeAll/afterAll: an emulator on a free port and `bucket` (named `name`).
 * The returned object is filled in by beforeAll; read its fields inside hooks and tests.
 */
export function useTestBucket(name: string): TestBucketEnv {
  const env = {} as TestBucketEnv;
  beforeAll(async () => {
    Object.assign(env, await startTestEnv());
    env.bucket = env.storage.bucket(name);
  });
  afterAll(() => env.emu?.stop());
  return env;
}

/** HTTP status of a rejected client call (ApiError.code, or the gaxios response status). */
export async function statusOf(p: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    const e = err as { code?: unknown; response?: { status?: number } };
    if (typeof e.code === 'number') return e.code;
    if (typeof e.response?.status === 'number') return e.response.status;
    throw err;
  }
}

/** Deterministic pseudo-random bytes (xorshift), cheap enough for tens of MB. */
export function pseudoRandom(size: number, seed = 1): Buffer {
  const buf = Buffer.allocUnsafe(size);
  let x = seed >>> 0 || 1;
  let i = 0;
  for (; i + 4 <= size; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    buf.writeUInt32LE(x >>> 0, i);
  }
  for (; i < size; i++) buf[i] = i & 0xff;
  return buf;
}
