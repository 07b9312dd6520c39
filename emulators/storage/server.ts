// Storage emulator HTTP server: wires the store and router, owns the data directory lifecycle.
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { sendError } from './errors.js';
import { ObjectStore } from './objects.js';
import { Router } from './routes.js';

export interface StorageEmulatorOptions {
  /** 0 picks a free port */
  port: number;
  host?: string;
  /** persisted across restarts; omitted = a temp dir removed on stop */
  dataDir?: string;
}

export interface StorageEmulator {
  port: number;
  host: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startStorageEmulator(opts: StorageEmulatorOptions): Promise<StorageEmulator> {
  const host = opts.host ?? '127.0.0.1';
  const ephemeral = !opts.dataDir;
  const dataDir = opts.dataDir ? resolve(opts.dataDir) : await mkdtemp(join(tmpdir(), 'storage-emulator-'));
  const store = await ObjectStore.open(dataDir);
  const router = new Router(store);

  const server: Server = createServer((req, res) => {
    // aborted clients surface as stream errors; they must never become uncaught exceptions
    req.on('error', () => {});
    res.on('error', () => {});
    router.handle(req, res).catch((err: unknown) => {
      // drain whatever the client is still sending so it gets to read the error
      if (!req.complete) req.resume();
      sendError(res, err);
    });
  });
  // Large uploads stream for a long time; Node's defaults would cut them off.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  // longer than a client's idle keep-alive (Node's agent: 5 s), so the client closes an idle socket first: at equal
  // timeouts a request sent on a socket the server closes that instant fails with ECONNRESET (seen on a loaded
  // machine, 1 010 uploads in batches of 100); stop() destroys the open sockets
  server.keepAliveTimeout = 65_000;
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('clientError', (_err, socket) => socket.destroy());

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port, host, () => {
      server.off('error', fail);
      ok();
    });
  });
  const port = (server.address() as AddressInfo).port;

  let stopping: Promise<void> | undefined;
  return {
    port,
    host,
    dataDir,
    stop() {
      stopping ??= (async () => {
        const closed = new Promise<void>((ok) => server.close(() => ok()));
        server.closeIdleConnections();
        // give in-flight requests a moment, then cut the rest
        const timer = setTimeout(() => sockets.forEach((s) => s.destroy()), 1000);
        await closed;
        clearTimeout(timer);
        await store.flush();
        if (ephemeral) await rm(dataDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
