import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, type TestEnv } from '@schrankwerk/emulators/firestore/test-utils';
import { ThrottlesRepository } from '../../data/throttles.repository.js';
import type { Identity } from '../../platform/identity.js';
import { MailOutbox } from '../../platform/mail/outbox.js';
import { TaskKindRegistry } from '../../platform/tasks/task-kind.js';
import { TaskRunner } from '../../platform/tasks/task-runner.js';
import { transactionRunner } from '../../platform/transaction.js';
import { AccountService, type AccountServiceDeps } from './account.service.js';
import { SEND_PASSWORD_RESET, sendPasswordResetTask } from './send-password-reset.task.js';

// GET /user/password/reset's service and its task against our Firestore emulator, with an identity
// whose lookup we hold back: the answer must come before the lookup has even started.

let env: TestEnv;
let db: Firestore;
beforeAll(async () => {
  env = await startEnv();
  db = env.db as unknown as Firestore;
});
afterAll(() => env.close());

const KNOWN = 'known@firma.de';

/** An identity that knows KNOWN only; every lookup waits for `release()` and is logged in `events`. */
function slowIdentity(events: string[]) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const identity = {
    async findUid(mail: string) {
      events.push(`lookup ${mail}`);
      await gate;
      return mail === KNOWN ? 'uid-known' : undefined;
    },
    async passwordResetCode(mail: string) {
      events.push(`code ${mail}`);
      return 'oob-1';
    },
  };
  return { identity, release };
}

function setup(intervalMs = 60_000) {
  const events: string[] = [];
  const { identity, release } = slowIdentity(events);
  const users = { get: async (id: string) => (id === 'uid-known' ? { name: 'Max', lastname: 'Muster' } : undefined) };
  const mail = new MailOutbox(db);
  const queue = {
    names: [] as string[],
    async enqueue(_id: string, name: string) {
      this.names.push(name);
    },
  };
  const now = () => new Date();
  const kinds = new TaskKindRegistry().register(
    sendPasswordResetTask({ identity, users: users as never, mail, portalUrl: 'http://portal', now }),
  );
  const tasks = new TaskRunner({ db, queue, kinds, now });
  const account = new AccountService({
    identity: identity as unknown as Identity,
    users,
    mail,
    tasks,
    throttles: new ThrottlesRepository(db),
    transaction: transactionRunner(db),
    portalUrl: 'http://portal',
    passwordResetIntervalMs: intervalMs,
    now,
  } as unknown as AccountServiceDeps);
  /** The task ids the answers queued (first delivery `<id>-0`). */
  const queued = () => queue.names.map((n) => n.replace(/-0$/, ''));
  return { events, release, account, tasks, queued };
}

async function resetMailsTo(to: string) {
  const snap = await db.collection('mail').where('to', '==', to).get();
  return snap.docs.map((d) => d.data() as { message: { subject: string; text: string } });
}

describe('GET /user/password/reset answers before any account lookup', () => {
  it('the answer does not wait on a slowed lookup: it comes first, the task does the lookup later', async () => {
    const { events, release, account, tasks, queued } = setup();
    for (const mail of [KNOWN, 'nobody@firma.de']) {
      expect(await account.requestPasswordReset(mail)).toEqual({ sent: true });
      events.push(`answer ${mail}`);
    }
    // Both answers are out, and no lookup has started: nothing in the answer depends on the account.
    expect(events).toEqual([`answer ${KNOWN}`, 'answer nobody@firma.de']);
    const [knownTask, unknownTask] = queued();
    expect(await tasks.repo.get(knownTask!)).toMatchObject({
      kind: SEND_PASSWORD_RESET,
      state: 'queued',
      params: { mail: KNOWN },
    });

    // The background delivery looks the address up (held until released).
    const delivery = tasks.deliver(knownTask!, { id: 'd1', lastAttempt: false });
    await expect.poll(() => events.length).toBe(3);
    expect(events[2]).toBe(`lookup ${KNOWN}`);
    release();
    expect(await delivery).toBe('done');
    expect(await tasks.deliver(unknownTask!, { id: 'd2', lastAttempt: false })).toBe('done');
    expect(events.slice(2)).toEqual([`lookup ${KNOWN}`, `code ${KNOWN}`, 'lookup nobody@firma.de']);
  });

  it('the task mails an existing account (portal link, name) and nobody for an unknown address', async () => {
    const { release, account, tasks, queued } = setup();
    release();
    await account.requestPasswordReset(KNOWN);
    await account.requestPasswordReset('ghost@firma.de');
    for (const [i, id] of queued().entries())
      expect(await tasks.deliver(id, { id: `d${i}`, lastAttempt: false })).toBe('done');
    const mails = await resetMailsTo(KNOWN);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.subject).toBe('Passwort zurücksetzen – Schrankwerk-Portal');
    expect(mails[0]!.message.text).toContain('Guten Tag Max Muster,');
    expect(mails[0]!.message.text).toContain('http://portal/action?mode=resetPassword&oobCode=oob-1');
    expect(await resetMailsTo('ghost@firma.de')).toEqual([]);
    // A redelivery of the finished task sends nothing more.
    expect(await tasks.deliver(queued()[0]!, { id: 'again', lastAttempt: false })).toBe('final');
    expect(await resetMailsTo(KNOWN)).toHaveLength(1);
  });

  it('records at most one task per address and interval; the answer stays {sent: true}', async () => {
    const { release, account, queued } = setup();
    release();
    const mail = 'flood@firma.de';
    const answers = await Promise.all([1, 2, 3].map(() => account.requestPasswordReset(mail)));
    expect(answers).toEqual([{ sent: true }, { sent: true }, { sent: true }]);
    expect(queued()).toHaveLength(1);
  });

  it('a stored task with a malformed address fails with invalidParams and looks nothing up', async () => {
    const { events, release, tasks } = setup();
    release();
    const id = await tasks.create({ kind: SEND_PASSWORD_RESET, params: { mail: 'kaputt' }, createdBy: 'test' });
    expect(await tasks.deliver(id, { id: 'd', lastAttempt: false })).toBe('failed');
    expect(await tasks.repo.get(id)).toMatchObject({ state: 'failed', error: { code: 'invalidParams' } });
    expect(events).toEqual([]);
  });
});
