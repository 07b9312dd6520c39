import type { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundTask } from '../../model/background-task.js';
import { TASKS_COLLECTION } from '../../platform/tasks/tasks.repository.js';
import { post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { HOSTS, PROJECT_ID } from '../../testing/env.js';
import { admin, createCompany, createUser, disposeClients, type TestUser } from '../../testing/fixtures.js';
import { waitForQuery } from '../../testing/wait-for-document.js';
import { REGISTRATION_DIGEST } from './registration-digest.task.js';

// The platform admins' registration digest through the whole stack: POST /user/register via the portal, the
// digest task queued with its schedule time in the Cloud Tasks emulator (emulators/tasks), dispatched to the
// backgroundTasks function when due. The test stack shortens the interval with the Functions parameter
// REGISTRATION_DIGEST_INTERVAL_SECONDS (scripts/stack/test-stack.ts); the product keeps its own clock.

interface MailDoc {
  to: string[];
  message: { subject: string; text: string };
  createdAt: Timestamp;
}

let platformAdmin: TestUser;
beforeAll(async () => {
  await resetAll();
  platformAdmin = await createUser(await createCompany('ADMIN'), { admin: true });
});
afterAll(disposeClients);

const stamp = Date.now().toString(36);
function registration(n: number) {
  const mail = `digest${n}.${stamp}@firma-${n}-${stamp}.de`;
  return {
    mail,
    body: {
      user: { name: 'Lena', lastname: `Digest${n}`, phoneNumber: '+49-711-555', mail, password: 'geheim123' },
      company: {
        name: `Digest Firma ${n} ${stamp}`,
        type: 'CUSTOMER',
        address: { street: 'Hauptstraße', houseNo: '5', zip: '70173', city: 'Stuttgart' },
      },
      avbAccepted: true,
      privacyAccepted: true,
    },
  };
}

const adminMails = () =>
  waitForQuery<MailDoc>(admin().db.collection('mail'), () => true).then((docs) =>
    docs
      .filter((m) => m.to.includes(platformAdmin.mail))
      .sort((a, b) => a.createdAt.toMillis() - b.createdAt.toMillis()),
  );

describe('the registration digest through the Cloud Tasks emulator', () => {
  it('three registrations: one mail at once, one digest of the other two when the interval has passed', async () => {
    const intervalMs = Number(process.env.REGISTRATION_DIGEST_INTERVAL_SECONDS) * 1000;
    expect(intervalMs).toBeGreaterThan(0);
    const [first, second, third] = [1, 2, 3].map(registration);

    expect((await post('/user/register', { body: first!.body })).status).toBe(201);
    const [announced, ...none] = await adminMails();
    expect(none).toEqual([]);
    expect(announced!.message.subject).toBe(`Neue Registrierung wartet auf Freigabe: ${first!.body.company.name}`);

    expect((await post('/user/register', { body: second!.body })).status).toBe(201);
    expect((await post('/user/register', { body: third!.body })).status).toBe(201);
    // queued for the end of the interval, not dispatched at once
    expect(await adminMails()).toHaveLength(1);
    const digests = await admin().db.collection(TASKS_COLLECTION).where('kind', '==', REGISTRATION_DIGEST).get();
    const pending = digests.docs.filter((d) => (d.data() as BackgroundTask).state === 'queued');
    expect(pending).toHaveLength(1);
    const queue = `projects/${PROJECT_ID}/locations/europe-west3/queues/backgroundTasks`;
    const queued = (await (await fetch(`http://${HOSTS.tasks}/${queue}/tasks`)).json()) as {
      tasks: { name: string; scheduleTime: string }[];
    };
    const task = queued.tasks.find((t) => t.name === `${queue}/tasks/${pending[0]!.id}-0`);
    expect(Date.parse(task!.scheduleTime)).toBe(announced!.createdAt.toMillis() + intervalMs);

    // the digest arrives when its task is dispatched (a listener on the outbox, no clock in the test)
    const mails = await waitForQuery<MailDoc>(
      admin().db.collection('mail'),
      (docs) => docs.filter((m) => m.to.includes(platformAdmin.mail)).length >= 2,
    );
    const digest = mails.find(
      (m) => m.to.includes(platformAdmin.mail) && m !== announced && m.message.subject !== announced!.message.subject,
    )!;
    expect(digest.message.subject).toBe('2 neue Registrierungen warten auf Freigabe');
    expect(digest.message.text).toContain(second!.mail);
    expect(digest.message.text).toContain(third!.mail);
    expect(digest.message.text).not.toContain(first!.mail);
    expect(digest.createdAt.toMillis()).toBeGreaterThanOrEqual(announced!.createdAt.toMillis() + intervalMs);
    expect(mails.filter((m) => m.to.includes(platformAdmin.mail))).toHaveLength(2);
  });
});
