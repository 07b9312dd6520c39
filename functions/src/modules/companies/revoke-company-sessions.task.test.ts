import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, type TestEnv } from '@schrankwerk/emulators/firestore/test-utils';
import { TaskKindRegistry } from '../../platform/tasks/task-kind.js';
import { TaskRunner } from '../../platform/tasks/task-runner.js';
import type { Identity } from '../../platform/identity.js';
import { UsersRepository } from '../users/users.repository.js';
import { REVOKE_COMPANY_SESSIONS, revokeCompanySessionsTask } from './revoke-company-sessions.task.js';

// The kind against our Firestore emulator with a recording Identity: pages by id, only the company's users.

let env: TestEnv;
let db: Firestore;
beforeAll(async () => {
  env = await startEnv();
  db = env.db as unknown as Firestore;
  const batch = db.batch();
  for (let i = 0; i < 60; i++) {
    // 55 users of company A (ids interleaved with 5 of company B), more than two chunks of 25.
    const companyId = i % 12 === 5 ? 'company-b' : 'company-a';
    batch.set(db.collection('users').doc(`u${String(i).padStart(3, '0')}`), { companyId, mail: `u${i}@test.de` });
  }
  await batch.commit();
});
afterAll(() => env.close());

function setup() {
  const revoked: string[] = [];
  const identity = {
    revokeSessions: async (uid: string) => {
      revoked.push(uid);
    },
  } as unknown as Identity;
  const queue = {
    names: [] as string[],
    async enqueue(_id: string, name: string) {
      this.names.push(name);
    },
  };
  const runner = new TaskRunner({
    db,
    queue,
    now: () => new Date(),
    kinds: new TaskKindRegistry().register(revokeCompanySessionsTask({ users: new UsersRepository(db), identity })),
  });
  return { revoked, runner, queue };
}

describe('revokeCompanySessions', () => {
  it('revokes every user of the company once, 25 per chunk in id order, and no one else', async () => {
    const { revoked, runner } = setup();
    const id = await runner.create({
      kind: REVOKE_COMPANY_SESSIONS,
      params: { companyId: 'company-a' },
      createdBy: 'admin',
    });
    expect(await runner.deliver(id, { id: 'd', lastAttempt: false })).toBe('done');
    const expected = Array.from({ length: 60 }, (_, i) => i)
      .filter((i) => i % 12 !== 5)
      .map((i) => `u${String(i).padStart(3, '0')}`);
    expect(revoked.sort()).toEqual(expected);
    expect(await runner.repo.get(id)).toMatchObject({
      state: 'done',
      cursor: 'u059',
      chunkSize: 25,
      progress: { done: 55, total: 55, percent: 100 },
    });
  });

  it('continues after the cursor when handed on', async () => {
    const { revoked, runner, queue } = setup();
    const id = await runner.create({
      kind: REVOKE_COMPANY_SESSIONS,
      params: { companyId: 'company-b' },
      createdBy: 'admin',
      chunkSize: 2,
      chunksPerDelivery: 1,
    });
    expect(await runner.deliver(id, { id: 'd0', lastAttempt: false })).toBe('handedOn');
    expect(revoked).toEqual(['u005', 'u017']);
    expect(await runner.repo.get(id)).toMatchObject({ cursor: 'u017', progress: { done: 2, total: 5, percent: 40 } });
    for (let i = 0; i < 3 && queue.names.length; i++)
      await runner.deliver(id, { id: queue.names.shift()!, lastAttempt: false });
    expect(revoked).toEqual(['u005', 'u017', 'u029', 'u041', 'u053']);
    expect(await runner.repo.get(id)).toMatchObject({ state: 'done', progress: { done: 5, total: 5 } });
  });

  it('fails with invalidParams on a stored task without a valid company id', async () => {
    const { revoked, runner } = setup();
    const id = await runner.create({
      kind: REVOKE_COMPANY_SESSIONS,
      params: { companyId: '../x' },
      createdBy: 'admin',
    });
    expect(await runner.deliver(id, { id: 'd', lastAttempt: false })).toBe('failed');
    expect(await runner.repo.get(id)).toMatchObject({ state: 'failed', error: { code: 'invalidParams' } });
    expect(revoked).toEqual([]);
  });
});
