import http from 'node:http';
import { getHeapSpaceStatistics } from 'node:v8';
import type { AddressInfo } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { answerClientHttp } from './client-access.js';
import { createFront } from './front.js';
import { Persistence } from './persistence.js';
import { loadFirestoreService } from './proto.js';
import { handlers } from './grpc-handlers.js';
import { Engine, type EngineOptions } from './service.js';

export interface FirestoreEmulatorOptions extends EngineOptions {
  port: number;
  host?: string;
  dataDir?: string;
  /** Flush interval for --data (ms); default 5000. */
  flushIntervalMs?: number;
  /**
   * Serve client (non-admin) callers too, without evaluating any security rules. Off by default: they are refused
   * with PERMISSION_DENIED (client-access.ts).
   */
  allowClientAccess?: boolean;
}

export interface RunningFirestoreEmulator {
  port: number;
  host: string;
  /** Documents loaded from dataDir at start. */
  loaded: number;
  engine: Engine;
  /** Flushes data (when dataDir is set) and closes all listeners. */
  stop(): Promise<void>;
}

const RESET = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents\/?$/;

export async function startFirestoreEmulator(opts: FirestoreEmulatorOptions): Promise<RunningFirestoreEmulator> {
  const host = opts.host ?? '127.0.0.1';
  const engine = new Engine(opts);
  const persistence = opts.dataDir ? new Persistence(engine.store, opts.dataDir) : null;
  const loaded = persistence?.load() ?? 0;
  persistence?.start(opts.flushIntervalMs);

  const grpcServer = new grpc.Server({
    'grpc.max_receive_message_length': 64 * 1024 * 1024,
    'grpc.max_send_message_length': 64 * 1024 * 1024,
  });
  grpcServer.addService(loadFirestoreService(), handlers(engine, opts.allowClientAccess));
  const grpcPort = await new Promise<number>((resolve, reject) =>
    grpcServer.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) =>
      err ? reject(err) : resolve(port),
    ),
  );

  const http1 = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = RESET.exec(url.pathname);
    if (req.method === 'DELETE' && m) {
      engine.reset(`projects/${decodeURIComponent(m[1]!)}/databases/${decodeURIComponent(m[2]!)}/documents`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    } else if (req.method === 'GET' && url.pathname === '/emulator/v1/indexes') {
      // which composite indexes of firestore.indexes.json served queries (and which were missing)
      const report = engine.indexes.report();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(report));
    } else if (req.method === 'GET' && url.pathname === '/emulator/v1/stats') {
      const mem = process.memoryUsage();
      const stats = {
        documents: engine.store.count(),
        /** billable reads and writes so far (Engine.ops) */
        ops: engine.ops,
        openTransactions: engine.txs.openCount,
        locks: engine.locks.size,
        rss: mem.rss,
        heapUsed: mem.heapUsed,
        heapTotal: mem.heapTotal,
        external: mem.external,
        /** V8's spaces (committed vs used), to see where resident memory sits */
        heapSpaces: Object.fromEntries(
          getHeapSpaceStatistics().map((s) => [
            s.space_name,
            { size: s.space_size, used: s.space_used_size, available: s.space_available_size },
          ]),
        ),
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats));
    } else if (answerClientHttp(req, res, opts.allowClientAccess ?? false)) {
      // the client SDKs' HTTP transports: refused, or not implemented
    } else if (req.method === 'GET' && url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('Ok');
    } else {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: `Not found: ${req.method} ${url.pathname}` }));
    }
  });
  http1.keepAliveTimeout = 5000;

  const front = createFront(grpcPort, http1);
  try {
    await new Promise<void>((resolve, reject) => {
      front.once('error', reject);
      front.listen(opts.port, host, () => resolve());
    });
  } catch (e) {
    // e.g. EADDRINUSE: release what was already started so the caller can retry or exit cleanly
    grpcServer.forceShutdown();
    engine.close();
    await persistence?.stop();
    throw e;
  }
  const port = (front.address() as AddressInfo).port;

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await new Promise<void>((r) => front.close(() => r()));
      http1.closeAllConnections();
      grpcServer.forceShutdown();
      engine.close();
      await persistence?.stop();
    })());
  return { port, host, loaded, engine, stop };
}
