import { getFunctions } from 'firebase-admin/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundTask } from '../../model/background-task.js';
import type { Company } from '../../model/company.js';
import { REVOKE_COMPANY_SESSIONS } from '../../modules/companies/revoke-company-sessions.task.js';
import { get, post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { admin, createCompany, createUser, disposeClients, nextSecond, type TestUser } from '../../testing/fixtures.js';
import { HOSTS, PROJECT_ID } from '../../testing/env.js';
import { waitForDocument } from '../../testing/wait-for-document.js';
import { TASK_FUNCTION_NAME, TASK_RATE_LIMITS, TASK_RETRY_CONFIG } from './queue-settings.js';
import { TASKS_COLLECTION } from './tasks.repository.js';
import { CloudTaskQueue } from './task-queue.js';

// Background tasks through the real Cloud Tasks emulator: the API (or the test) enqueues with
// firebase-admin's TaskQueue, the emulator dispatches to the `backgroundTasks` function in the
// Functions emulator. Crashes, slow chunks and aborts are driven in task-runner.test.ts (the deployed code
// has no fault injection); here the wiring through Cloud Tasks.

let platformAdmin: TestUser;
beforeAll(async () => {
  await resetAll();
  platformAdmin = await createUser(await createCompany('ADMIN'), { admin: true });
});
afterAll(disposeClients);

const runner = () => admin().container.platform.tasks;

/** The task once `until` holds, as the change arrives (a Firestore listener, not a poll). */
function waitForTask(id: string, until: (t: BackgroundTask) => boolean): Promise<BackgroundTask> {
  return waitForDocument(
    runner().repo.ref(id),
    (t) => t !== undefined && until(t as BackgroundTask),
  ) as Promise<BackgroundTask>;
}
const isFinal = (t: BackgroundTask) => ['done', 'failed', 'aborted'].includes(t.state);

/** A company with `n` signed-in users, sorted by id (the task's order); tokens older than now. */
async function companyWithUsers(n: number): Promise<{ companyId: string; company: Company; users: TestUser[] }> {
  const company = await createCompany('CUSTOMER');
  const users: TestUser[] = [];
  for (let i = 0; i < n; i++) users.push(await createUser(company, { admin: i === 0 }));
  users.sort((a, b) => (a.user.id < b.user.id ? -1 : 1));
  await nextSecond(); // revocation works at second granularity
  return { companyId: company.id, company, users };
}

/** 401 tokenRevoked once the user's sessions are revoked; 200 before (any signed-in user reads the AVV). */
async function tokenStatus(u: TestUser): Promise<number | string> {
  const res = await get('/legal/avv', { token: u.token });
  return res.status === 401 ? res.body.code : res.status;
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

  it('the same task enqueued twice (duplicate delivery) ends done once with every user revoked', async () => {
    const { companyId, users } = await companyWithUsers(5);
    const id = await runner().create({
      kind: REVOKE_COMPANY_SESSIONS,
      params: { companyId },
      createdBy: 'test',
      chunkSize: 2,
      chunksPerDelivery: 1,
    });
    const queue = new CloudTaskQueue(() => admin().auth.app);
    await Promise.all([queue.enqueue(id, `${id}-dupA`), queue.enqueue(id, `${id}-dupB`)]);
    await queue.enqueue(id, `${id}-dupA`); // a name already used: accepted, nothing enqueued

    const task = await waitForTask(id, isFinal);
    expect(task).toMatchObject({ state: 'done', lease: null, progress: { done: 5, total: 5, percent: 100 } });
    // 5 users, 2 per chunk, 1 chunk per delivery: handed on twice.
    expect(task.segment).toBe(2);
    expect(await Promise.all(users.map(tokenStatus))).toEqual(Array(5).fill('tokenRevoked'));
  });
});

// The Cloud Tasks emulator of the stack is ours (emulators/tasks): schedule times, the queue's retry config and
// used task names behave as in production (firebase-tools' own dispatches every task at once).
describe('Cloud Tasks in the stack', () => {
  const millis = (d: Date | { toMillis(): number } | undefined) => (d instanceof Date ? d.getTime() : d!.toMillis());
  const queuePath = `projects/${PROJECT_ID}/locations/europe-west3/queues/${TASK_FUNCTION_NAME}`;

  it('a delivery with a schedule time runs at that time, not before; its reused name is refused (ALREADY_EXISTS)', async () => {
    const { companyId, users } = await companyWithUsers(1);
    const notBefore = new Date(Date.now() + 3000);
    const id = await runner().create({
      kind: REVOKE_COMPANY_SESSIONS,
      params: { companyId },
      createdBy: 'test',
      notBefore,
    });
    await runner().start(id, { notBefore });
    // the same name through firebase-admin itself, as production answers it
    const queue = getFunctions(admin().auth.app).taskQueue(`locations/europe-west3/functions/${TASK_FUNCTION_NAME}`);
    await expect(queue.enqueue({ taskId: id }, { id: `${id}-0` })).rejects.toMatchObject({
      code: 'functions/task-already-exists',
    });

    const task = await waitForTask(id, isFinal);
    expect(task).toMatchObject({ state: 'done', claims: 1 });
    expect(millis(task.startedAt)).toBeGreaterThanOrEqual(notBefore.getTime());
    expect(await tokenStatus(users[0]!)).toBe('tokenRevoked');
  });

  it("the queue has the function's retry config; a delivery that finds the lease held is retried until it can take over", async () => {
    const config = await (await fetch(`http://${HOSTS.tasks}/${queuePath}`)).json();
    expect(config).toMatchObject({ retryConfig: TASK_RETRY_CONFIG, rateLimits: TASK_RATE_LIMITS });

    const { companyId, users } = await companyWithUsers(1);
    const id = await runner().create({ kind: REVOKE_COMPANY_SESSIONS, params: { companyId }, createdBy: 'test' });
    // another delivery holds the lease for a few seconds: every attempt before then answers 503 (busy)
    const expiresAt = new Date(Date.now() + 4000);
    await runner()
      .repo.ref(id)
      .update({ state: 'running', lease: { owner: 'elsewhere', token: 't', expiresAt } });
    await new CloudTaskQueue(() => admin().auth.app).enqueue(id, `${id}-held`);

    const task = await waitForTask(id, isFinal);
    expect(task).toMatchObject({ state: 'done', lease: null, claims: 1 });
    expect(millis(task.finishedAt)).toBeGreaterThanOrEqual(expiresAt.getTime());
    expect(await tokenStatus(users[0]!)).toBe('tokenRevoked');
  });
});
