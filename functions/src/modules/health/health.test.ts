import express from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createErrorHandler } from '../../http/error-handler.js';
import { HealthRepository, type ProbeFile } from './health.repository.js';
import { createHealthRouter } from './health.router.js';

/** A fake `_health/probe` document and `_health/probe.txt` object that count writes. */
function fakes(opts: { doc?: boolean; object?: boolean; createFails?: unknown; saveFails?: unknown } = {}) {
  const state = { doc: opts.doc ?? false, object: opts.object ?? false, writes: 0 };
  const probe = {
    get: vi.fn(async () => ({ exists: state.doc })),
    set: vi.fn(async () => {
      state.writes++;
    }),
    create: vi.fn(async () => {
      state.doc = true; // a concurrent creator (or we) made it
      if (opts.createFails) throw opts.createFails;
      state.writes++;
    }),
  };
  const db = { collection: () => ({ doc: () => probe }) } as unknown as Firestore;
  const file: ProbeFile = {
    exists: vi.fn(async () => [state.object] as [boolean]),
    save: vi.fn(async () => {
      state.object = true;
      if (opts.saveFails) throw opts.saveFails;
      state.writes++;
    }),
    download: vi.fn(async () => [Buffer.from(state.object ? 'ok' : '')] as [Buffer]),
  };
  return { state, probe, file, repo: new HealthRepository(db, () => file) };
}

describe('HealthRepository', () => {
  it('steady state: reads only, no write', async () => {
    const f = fakes({ doc: true, object: true });
    expect(await f.repo.check()).toEqual({ status: 'ok', firestore: true, storage: true });
    expect(f.state.writes).toBe(0);
    expect(f.probe.set).not.toHaveBeenCalled();
    expect(f.probe.create).not.toHaveBeenCalled();
    expect(f.file.save).not.toHaveBeenCalled();
  });

  it('first call: creates doc and object if absent (create + ifGenerationMatch 0)', async () => {
    const f = fakes();
    expect(await f.repo.check()).toEqual({ status: 'ok', firestore: true, storage: true });
    expect(f.probe.create).toHaveBeenCalledWith({ checkedAt: expect.any(Date) });
    expect(f.file.save).toHaveBeenCalledWith(
      'ok',
      expect.objectContaining({ preconditionOpts: { ifGenerationMatch: 0 } }),
    );
    expect(f.probe.set).not.toHaveBeenCalled();
  });

  it('a concurrent creator wins: ALREADY_EXISTS and 412 are ignored, other errors are not', async () => {
    const raced = fakes({
      createFails: Object.assign(new Error('exists'), { code: 6 }),
      saveFails: Object.assign(new Error('precondition'), { code: 412 }),
    });
    expect(await raced.repo.check()).toEqual({ status: 'ok', firestore: true, storage: true });
    const broken = fakes({ createFails: Object.assign(new Error('unavailable'), { code: 14 }) });
    await expect(broken.repo.check()).rejects.toMatchObject({ code: 14 });
  });
});

describe('GET /health', () => {
  it('answers errors as {code, message} through the error handler', async () => {
    const app = express();
    app.use(
      '/health',
      createHealthRouter({
        check: async () => {
          throw new Error('firestore down');
        },
      }),
    );
    app.use(createErrorHandler({ error: () => undefined }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/health`, {
        signal: AbortSignal.timeout(5000),
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ code: 'internal', message: 'Internal error' });
    } finally {
      server.close();
    }
  });
});
