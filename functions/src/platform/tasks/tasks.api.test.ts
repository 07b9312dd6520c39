import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundTask } from '../../model/background-task.js';
import type { Company } from '../../model/company.js';
import { REVOKE_COMPANY_SESSIONS } from '../../modules/companies/revoke-company-sessions.task.js';
import { get, post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { admin, createCompany, createUser, disposeClients, type TestUser } from '../../testing/fixtures.js';
import { TASKS_COLLECTION } from './tasks.repository.js';
import { CloudTaskQueue } from './task-queue.js';

// Background tasks through the real Cloud Tasks emulator: the API (or the test) enqueues with
// firebase-admin's TaskQueue, the emulator dispatches to the `backgroundTasks` function in the
// Functions emulator. Crash and slowness come from the emulator-only test seam (test-seam.ts).

let platformAdmin: TestUser;
beforeAll(async () => {
  await resetAll();
  platformAdmin = await createUser(await createCompany('ADMIN'), { admin: true });
});
afterAll(disposeClients);

const runner = () => admin().container.platform.tasks;

async function waitForTask(
  id: string,
  until: (t: BackgroundTask) => boolean,
  timeoutMs = 40_000,
): Promise<BackgroundTask> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await runner().repo.get(id);
    if (task && until(task)) return task;
    if (Date.now() > deadline) throw new Error(`task ${id} did not get there: ${JSON.stringify(task)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const isFinal = (t: BackgroundTask) => ['done', 'failed', 'aborted'].includes(t.state);

/** A company with `n` signed-in users, sorted by id (the task's order); tokens older than now. */
async function companyWithUsers(n: number): Promise<{ companyId: string; company: Company; users: TestUser[] }> {
  const company = await createCompany('CUSTOMER');
  const users: TestUser[] = [];
  for (let i = 0; i < n; i++) users.push(await createUser(company, { admin: i === 0 }));
  users.sort((a, b) => (a.user.id < b.user.id ? -1 : 1));
  await new Promise((r) => setTimeout(r, 1100)); // revocation works at second granularity
  return { companyId: company.id, company, users };
}

/** 401 tokenRevoked once the user's sessions are revoked; 200 before (any signed-in user reads the AVV). */
async function tokenStatus(u: TestUser): Promise<number | string> {
  const res = await get('/legal/avv', { token: u.token });
  return res.status === 401 ? res.body.code : res.status;
}

/** How often the test seam saw each user's revocation. */
async function effects(taskId: string): Promise<Record<string, number>> {
  const snap = await admin().db.collection(TASKS_COLLECTION).doc(taskId).collection('testEffects').get();
  return Object.fromEntries(snap.docs.map((d) => [d.id, d.get('count') as number]));
}

describe('revokeCompanySessions', () => {
  it('deleting a company ends with a done task and every user of it revoked (401 tokenRevoked)', async () => {
    const { companyId, users } = await companyWithUsers(4);
    expect(await Promise.all(users.map(tokenStatus))).toEqual([200, 200, 200, 200]);
    const res = await post('/company/delete', { token: platformAdmin.token, query: { companyId } });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });

    const snap = await admin().db.collection(TASKS_COLLECTION).where('params.companyId', '==', companyId).get();
    expect(snap.size).toBe(1);
    const task = await waitForTask(snap.docs[0]!.id, isFinal);
    expect(task).toMatchObject({
      kind: REVOKE_COMPANY_SESSIONS,
      state: 'done',
      createdBy: platformAdmin.user.id,
      lease: null,
      progress: { done: 4, total: 4, percent: 100 },
      cursor: users.at(-1)!.user.id,
    });
    expect(await Promise.all(users.map(tokenStatus))).toEqual(Array(4).fill('tokenRevoked'));

    // Deleting again creates no second task.
    expect((await post('/company/delete', { token: platformAdmin.token, query: { companyId } })).status).toBe(200);
    expect((await admin().db.collection(TASKS_COLLECTION).where('params.companyId', '==', companyId).get()).size).toBe(
      1,
    );
  });

  it('deactivating through POST /company/update starts the same task', async () => {
    const { companyId, company, users } = await companyWithUsers(2);
    const { name, type, customerNumber, address } = company;
    const res = await post('/company/update', {
      token: platformAdmin.token,
      body: { id: companyId, name, type, customerNumber, address, active: false },
    });
    expect(res).toMatchObject({ status: 200, body: { active: false } });
    const snap = await admin().db.collection(TASKS_COLLECTION).where('params.companyId', '==', companyId).get();
    expect(snap.size).toBe(1);
    expect(await waitForTask(snap.docs[0]!.id, isFinal)).toMatchObject({
      state: 'done',
      progress: { done: 2, total: 2, percent: 100 },
    });
    expect(await Promise.all(users.map(tokenStatus))).toEqual(['tokenRevoked', 'tokenRevoked']);
  });

  it('the same task enqueued twice (duplicate delivery) ends in one done with each user revoked once', async () => {
    const { companyId, users } = await companyWithUsers(5);
    const id = await runner().create({
      kind: REVOKE_COMPANY_SESSIONS,
      params: { companyId },
      createdBy: 'test',
      chunkSize: 2,
      chunksPerDelivery: 1,
      testSeam: { countEffects: true, chunkDelayMs: 500 },
    });
    const queue = new CloudTaskQueue(() => admin().auth.app);
    await Promise.all([queue.enqueue(id, `${id}-dupA`), queue.enqueue(id, `${id}-dupB`)]);
    await queue.enqueue(id, `${id}-dupA`); // a name already used: accepted, nothing enqueued

    const task = await waitForTask(id, isFinal);
    expect(task).toMatchObject({ state: 'done', lease: null, progress: { done: 5, total: 5, percent: 100 } });
    // 5 users, 2 per chunk, 1 chunk per delivery: handed on twice.
    expect(task.segment).toBe(2);
    expect(await effects(id)).toEqual(Object.fromEntries(users.map((u) => [u.user.id, 1])));
    expect(await Promise.all(users.map(tokenStatus))).toEqual(Array(5).fill('tokenRevoked'));
  });

  it('a crash mid-chunk is retried by Cloud Tasks and the task still ends done with every user revoked', async () => {
    const { companyId, users } = await companyWithUsers(5);
    const id = await runner().create({
      kind: REVOKE_COMPANY_SESSIONS,
      params: { companyId },
      createdBy: 'test',
      chunkSize: 2,
      testSeam: { countEffects: true, crashAfterItems: 3 },
    });
    await runner().start(id);

    const task = await waitForTask(id, isFinal);
    expect(task).toMatchObject({
      state: 'done',
      progress: { done: 5, total: 5, percent: 100 },
      testSeam: { crashed: true },
      lastError: { code: 'internal', message: 'test seam: crash mid-chunk' },
    });
    expect(task.claims).toBeGreaterThanOrEqual(2);
    const seen = await effects(id);
    const ids = users.map((u) => u.user.id);
    // Chunk 1 (users 0, 1) and chunk 3 (user 4) once; chunk 2 (users 2, 3) was cut off and redone:
    // revocation is idempotent, so the repeat is harmless.
    expect([seen[ids[0]!], seen[ids[1]!], seen[ids[4]!]]).toEqual([1, 1, 1]);
    expect(seen[ids[2]!]! + seen[ids[3]!]!).toBeGreaterThanOrEqual(3);
    expect(await Promise.all(users.map(tokenStatus))).toEqual(Array(5).fill('tokenRevoked'));
  });

  it('an abort of a running task ends it aborted between chunks; later users keep their sessions', async () => {
    const { companyId, users } = await companyWithUsers(4);
    const id = await runner().create({
      kind: REVOKE_COMPANY_SESSIONS,
      params: { companyId },
      createdBy: 'test',
      chunkSize: 1,
      testSeam: { countEffects: true, chunkDelayMs: 1500 },
    });
    await runner().start(id);
    await waitForTask(id, (t) => t.state === 'running' && t.progress.done >= 1);
    expect(await runner().requestAbort(id)).toMatchObject({ abortRequested: true });

    const task = await waitForTask(id, isFinal);
    expect(task).toMatchObject({ state: 'aborted', abortRequested: true, lease: null, progress: { total: 4 } });
    const done = task.progress.done;
    expect(done).toBeGreaterThanOrEqual(1);
    expect(done).toBeLessThan(4);
    expect(task.progress.percent).toBe(done * 25);
    expect(Object.keys(await effects(id)).sort()).toEqual(users.slice(0, done).map((u) => u.user.id));
    const expected = users.map((_, i) => (i < done ? 'tokenRevoked' : 200));
    expect(await Promise.all(users.map(tokenStatus))).toEqual(expected);
  });
});
