import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_DIGEST_DELAY_MS, CHAT_DIGEST_INTERVAL_MS } from '../../model/chat.js';
import { get, post } from '../../testing/api-client.js';
import { TEST_CONFIG } from '../../testing/config.js';
import { admin, createCompany, createUser, disposeClients, mailsTo, type TestUser } from '../../testing/fixtures.js';
import { USERS_PORT } from '../users/users.port.js';
import { chatEnquiry, openConversation, withMessage } from './chat-fixtures.js';
import { CHAT_DIGEST, chatDigestTask } from './chat-digest.js';
import { ChatDigestsRepository } from './chat-digests.repository.js';
import { ConversationsRepository, MessagesRepository } from './chat.repository.js';

/**
 * The e-mail digest of unread messages (issue 21 "beyond the spec"; docs/decisions-chat.md "Mail digest"): the switch
 * (GET/POST /conversation/digest), the scheduling in the send transaction, and the task run at a later moment
 * (its clock injected) writing at most one mail per interval, only for messages unread for 15 minutes.
 */
let customer: TestUser;
let colleague: TestUser;
let supplier: TestUser;
beforeAll(async () => {
  const [buyer, seller] = await Promise.all([
    createCompany('CUSTOMER', { name: 'Digest Kunde GmbH' }),
    createCompany('SUPPLIER', { name: 'Digest Lieferant GmbH' }),
  ]);
  [customer, colleague, supplier] = await Promise.all([
    createUser(buyer, { admin: true }),
    createUser(buyer),
    createUser(seller, { admin: true }),
  ]);
});
afterAll(disposeClients);

const digestTasksOf = async (userId: string) =>
  (await admin().db.collection('backgroundTasks').where('kind', '==', CHAT_DIGEST).get()).docs.filter(
    (d) => d.get('params.userId') === userId,
  );

/** Runs one user's digest task as a delivery at `at` would (the chunk, then its commit transaction). */
async function runDigest(userId: string, at: Date) {
  const { db, container } = admin();
  const kind = chatDigestTask({
    digests: new ChatDigestsRepository(db),
    messages: new MessagesRepository(db),
    conversations: new ConversationsRepository(db),
    mail: container.platform.mail,
    contact: (id) => container.ports.get(USERS_PORT).users.contact(id),
    portalUrl: TEST_CONFIG.portalUrl,
    now: () => at,
  });
  const chunk = await kind.runChunk({ taskId: 't', params: { userId }, cursor: null, size: 1 });
  await db.runTransaction(async (tx) => chunk.commit?.(tx));
}

describe('the digest switch', () => {
  it('on by default; the caller switches his own off and on; a non-boolean → 400; ADMIN users 403', async () => {
    expect((await get('/conversation/digest', { token: colleague.token })).body).toEqual({ enabled: true });
    expect((await post('/conversation/digest', { token: colleague.token, body: { enabled: false } })).body).toEqual({
      enabled: false,
    });
    expect((await get('/conversation/digest', { token: colleague.token })).body).toEqual({ enabled: false });
    expect((await get('/conversation/digest', { token: customer.token })).body).toEqual({ enabled: true });
    const bad = await post('/conversation/digest', { token: colleague.token, body: { enabled: 'nein' } });
    expect(bad.status).toBe(400);
  });
});

describe('the digest', () => {
  it('scheduled with the message for when it is 15 minutes unread; one mail per interval; never twice', async () => {
    const enquiry = await chatEnquiry(customer, { title: 'Schrank Digest 1' });
    const id = await openConversation(supplier.token, { enquiryId: enquiry.id });
    await withMessage(supplier.token, id, 'Erste Frage');
    await withMessage(supplier.token, id, 'Zweite Frage');
    const [first, second] = (
      await get('/conversation/message', { token: supplier.token, query: { conversationId: id } })
    ).body.content as Array<{ createDate: string }>;
    const c1 = Date.parse(first!.createDate);
    const c2 = Date.parse(second!.createDate);
    expect(c2).toBeGreaterThan(c1);
    // the first message's digest is due 15 minutes after it; the second is not ripe by then, so its digest follows
    // an interval later: two tasks for the customer, none for the colleague (switched off) or the sender's side
    expect(await digestTasksOf(customer.user.id)).toHaveLength(2);
    expect(await digestTasksOf(colleague.user.id)).toHaveLength(0);
    expect(await digestTasksOf(supplier.user.id)).toHaveLength(0);
    const nextAt = async () =>
      (await admin().db.collection('chatDigests').doc(customer.user.id).get()).get('nextAt').toDate().getTime();
    const last = await nextAt();
    expect(last).toBeGreaterThanOrEqual(c1 + CHAT_DIGEST_DELAY_MS + CHAT_DIGEST_INTERVAL_MS);

    // too early: nothing is 15 minutes unread yet
    await runDigest(customer.user.id, new Date(c1 + CHAT_DIGEST_DELAY_MS - 1000));
    expect(await mailsTo(customer.mail)).toHaveLength(0);
    // the first digest: the one message unread for 15 minutes, a link to /messages
    const due = new Date(c1 + CHAT_DIGEST_DELAY_MS);
    await runDigest(customer.user.id, due);
    const mails = await mailsTo(customer.mail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.subject).toBe('Sie haben 1 ungelesene Nachricht');
    expect(mails[0]!.message.text).toContain('Schrank Digest 1');
    expect(mails[0]!.message.text).toContain('Erste Frage');
    expect(mails[0]!.message.text).not.toContain('Zweite Frage');
    expect(mails[0]!.message.text).toContain('/messages');
    // a redelivery of the same task sends nothing again
    await runDigest(customer.user.id, due);
    expect(await mailsTo(customer.mail)).toHaveLength(1);

    // a third message now: the scheduled second digest covers it (no new task)
    await withMessage(supplier.token, id, 'Dritte Frage');
    expect(await digestTasksOf(customer.user.id)).toHaveLength(2);
    expect(await nextAt()).toBe(last);
    // within the interval nothing goes out; at the second digest both newer messages, not the first again
    await runDigest(customer.user.id, new Date(due.getTime() + CHAT_DIGEST_INTERVAL_MS - 60_000));
    expect(await mailsTo(customer.mail)).toHaveLength(1);
    await runDigest(customer.user.id, new Date(last));
    const after = await mailsTo(customer.mail);
    expect(after).toHaveLength(2);
    expect(after[1]!.message.subject).toBe('Sie haben 2 ungelesene Nachrichten');
    expect(after[1]!.message.text).toContain('Zweite Frage');
    expect(after[1]!.message.text).toContain('Dritte Frage');
    expect(after[1]!.message.text).not.toContain('Erste Frage');
    expect(await mailsTo(colleague.mail)).toHaveLength(0);
  });

  it('read messages are not mailed; a user who switched it off gets none', async () => {
    const enquiry = await chatEnquiry(customer, { title: 'Schrank Digest 2' });
    const id = await openConversation(supplier.token, { enquiryId: enquiry.id });
    await withMessage(supplier.token, id, 'Schon gelesen');
    await post('/conversation/message/read/all', { token: colleague.token, query: { conversationId: id } });
    await post('/conversation/digest', { token: colleague.token, body: { enabled: false } });
    await runDigest(colleague.user.id, new Date(Date.now() + 2 * CHAT_DIGEST_INTERVAL_MS));
    expect(await mailsTo(colleague.mail)).toHaveLength(0);
  });
});
