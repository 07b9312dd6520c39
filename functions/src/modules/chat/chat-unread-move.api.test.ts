import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_DIGEST_INTERVAL_MS, type Message } from '../../model/chat.js';
import type { Company } from '../../model/company.js';
import { get, post } from '../../testing/api-client.js';
import { TEST_CONFIG } from '../../testing/config.js';
import { admin, createCompany, createUser, disposeClients, mailsTo, type TestUser } from '../../testing/fixtures.js';
import { waitForDocument, waitForQuery } from '../../testing/wait-for-document.js';
import { USERS_PORT } from '../users/users.port.js';
import { chatEnquiry, openConversation, withMessage } from './chat-fixtures.js';
import { chatDigestTask } from './chat-digest.js';
import { ChatDigestsRepository } from './chat-digests.repository.js';
import { ConversationsRepository, MessagesRepository } from './chat.repository.js';
import { CHAT_UNREAD_PURGE } from './unread-purge.task.js';

/**
 * A user who leaves his company (issue 35 point 8; docs/decisions-chat.md "Users who leave a company"): moved to
 * another company by the platform administrator, he no longer sees, counts, reads, marks or gets mailed the former
 * company's unread messages; the chat purges his entries in their `unreadBy` (also when he is deleted).
 */
let platformAdmin: TestUser;
let former: Company;
let next: Company;
let anna: TestUser;
let bea: TestUser;
let sam: TestUser;
beforeAll(async () => {
  const [adminCo, a, b, s] = await Promise.all([
    createCompany('ADMIN'),
    createCompany('CUSTOMER', { name: 'Alte Firma GmbH' }),
    createCompany('CUSTOMER', { name: 'Neue Firma GmbH' }),
    createCompany('SUPPLIER', { name: 'Lieferant Umzug GmbH' }),
  ]);
  [former, next] = [a, b];
  [platformAdmin, anna, bea, sam] = await Promise.all([
    createUser(adminCo, { admin: true }),
    createUser(a, { admin: true }),
    createUser(b, { admin: true }),
    createUser(s, { admin: true }),
  ]);
});
afterAll(disposeClients);

const unread = async (token: string, size = 50) =>
  (await get('/conversation/message/unread', { token, query: { size: String(size) } })).body as {
    content: Message[];
    totalElements: number;
  };
const messageDoc = (id: string) => admin().db.collection('messages').doc(id);
const storedMessage = async (id: string) => (await messageDoc(id).get()).data() as Message;

/** The platform administrator moves `user` into `company` (POST /user/update as the web sends it). */
async function move(user: TestUser, company: Company) {
  const { id, name, lastname, mail, phoneNumber } = user.user;
  const res = await post('/user/update', {
    token: platformAdmin.token,
    body: { id, name, lastname, mail, phoneNumber, admin: false, companyId: company.id },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Resolves when the purge task started for `userId` is done (waited on the task document). */
const purgeDone = (userId: string) =>
  waitForQuery<{ params: { userId: string }; state: string }>(
    admin().db.collection('backgroundTasks').where('kind', '==', CHAT_UNREAD_PURGE),
    (tasks) => tasks.some((t) => t.params.userId === userId && t.state === 'done'),
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

/** A conversation of `customer`'s released enquiry with `sam`, and sam's messages in it. */
async function conversationWith(customer: TestUser, title: string, texts: string[]) {
  const enquiry = await chatEnquiry(customer, { title });
  const id = await openConversation(sam.token, { enquiryId: enquiry.id });
  const sent = [];
  for (const text of texts) sent.push(await withMessage(sam.token, id, text));
  return { id, messageIds: sent.map((m) => m.id) };
}

describe('a user moved to another company', () => {
  it('sees, counts, reads and marks none of the former company’s unread messages; the new company’s reach him', async () => {
    const max = await createUser(former);
    const old = await conversationWith(anna, 'Schrank Alte Firma', ['Vertraulich Eins', 'Vertraulich Zwei']);
    const fresh = await conversationWith(bea, 'Schrank Neue Firma', ['Vor seiner Zeit']);
    expect((await unread(max.token)).totalElements).toBe(2);

    await move(max, next);

    expect(await unread(max.token, 0)).toEqual({ content: [], totalElements: 0 });
    expect(await unread(max.token)).toEqual({ content: [], totalElements: 0 });
    const read = await get('/conversation/message/read', {
      token: max.token,
      query: { messageId: old.messageIds[0]! },
    });
    expect(read.status).toBe(404);
    const readThere = await post('/conversation/message/read/all', {
      token: max.token,
      query: { conversationId: old.id },
    });
    expect(readThere.status).toBe(404);
    expect((await post('/conversation/message/read/all', { token: max.token })).body).toEqual({
      marked: 0,
      more: false,
    });
    // nothing was marked read in his name; his former colleague still has both unread
    for (const id of old.messageIds) {
      const m = await storedMessage(id);
      expect(m.readBy).not.toContain(max.user.id);
      expect(m.readDate).toBeUndefined();
    }
    expect((await unread(anna.token, 0)).totalElements).toBe(2);
    // the purge task takes him out of the former company's messages (waited on the change itself)
    for (const id of old.messageIds)
      await waitForDocument<Message>(messageDoc(id), (m) => !!m && !m.unreadBy.includes(max.user.id));
    expect((await storedMessage(old.messageIds[0]!)).unreadBy).toContain(anna.user.id);

    // the new company's messages: those sent after he joined are his
    expect((await storedMessage(fresh.messageIds[0]!)).unreadBy).not.toContain(max.user.id);
    await withMessage(sam.token, fresh.id, 'Willkommen');
    const now = await unread(max.token);
    expect(now.totalElements).toBe(1);
    expect(now.content.map((m) => m.content)).toEqual(['Willkommen']);
  });

  it('an entry left behind (a message sent while he was moved) is not listed, counted, marked or mailed', async () => {
    const max = await createUser(former);
    await move(max, next);
    await purgeDone(max.user.id);
    const old = await conversationWith(anna, 'Schrank Nachzügler', ['Nachzügler']);
    const [messageId] = old.messageIds;
    // what a send that read the recipients before the move and committed after the purge leaves behind
    await messageDoc(messageId!).update({ unreadBy: FieldValue.arrayUnion(max.user.id) });

    await runDigest(max.user.id, new Date(Date.now() + 2 * CHAT_DIGEST_INTERVAL_MS));
    expect(await mailsTo(max.mail)).toHaveLength(0);
    expect((await post('/conversation/message/read/all', { token: max.token })).body).toEqual({
      marked: 0,
      more: false,
    });
    const m = await storedMessage(messageId!);
    expect(m.unreadBy).not.toContain(max.user.id);
    expect(m.readBy).not.toContain(max.user.id);

    // the unread list removes such an entry too
    await messageDoc(messageId!).update({ unreadBy: FieldValue.arrayUnion(max.user.id) });
    expect(await unread(max.token, 0)).toEqual({ content: [], totalElements: 0 });
    expect((await storedMessage(messageId!)).unreadBy).not.toContain(max.user.id);
    // his former colleague still gets it mailed
    await runDigest(anna.user.id, new Date(Date.now() + 2 * CHAT_DIGEST_INTERVAL_MS));
    expect((await mailsTo(anna.mail)).at(-1)?.message.text).toContain('Nachzügler');
  });
});

describe('a deleted user', () => {
  it('leaves no unread entries behind', async () => {
    const gone = await createUser(former);
    const old = await conversationWith(anna, 'Schrank Gelöscht', ['Für alle']);
    expect((await storedMessage(old.messageIds[0]!)).unreadBy).toContain(gone.user.id);
    const res = await post('/user/delete', { token: platformAdmin.token, query: { userId: gone.user.id } });
    expect(res.status).toBe(200);
    const m = await waitForDocument<Message>(
      messageDoc(old.messageIds[0]!),
      (d) => !d?.unreadBy.includes(gone.user.id),
    );
    expect(m.unreadBy).toContain(anna.user.id);
  });
});
