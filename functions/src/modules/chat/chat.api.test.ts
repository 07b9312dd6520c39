import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationFolderPath, MESSAGE_MAX_LENGTH, type Message } from '../../model/chat.js';
import { enquiryFolderPath } from '../../model/enquiry.js';
import { offerDocumentsPath } from '../../model/offer.js';
import { get, post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import {
  admin,
  createCompany,
  createUser,
  createWorld,
  disposeClients,
  type TestUser,
  type World,
} from '../../testing/fixtures.js';
import { HOSTS } from '../../testing/env.js';
import { pdfBytes } from '../../testing/upload-client.js';
import { chatEnquiry, chatOffer, openConversation, sendMessage, withMessage } from './chat-fixtures.js';
import { MessagesRepository } from './chat.repository.js';

/**
 * /conversation* over HTTP through Hosting (docs/api.md "Conversation and messages", docs/decisions-chat.md); who
 * may call at all: chat.access.ts. Here: the participant table for every call, who may open a conversation, the
 * claim, unread counts, paging, copyfile and bad input.
 */
let w: World;
let customer: TestUser;
let supplier: TestUser;
let otherSupplier: TestUser;
let otherCustomer: TestUser;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  customer = w.users.customerAdmin;
  supplier = w.users.supplierAdmin;
  otherSupplier = await createUser(await createCompany('SUPPLIER', { name: 'Konkurrenz GmbH' }), { admin: true });
  otherCustomer = await createUser(await createCompany('CUSTOMER', { name: 'Fremdkunde AG' }), { admin: true });
});
afterAll(disposeClients);

const unreadCount = async (token: string) =>
  (await get('/conversation/message/unread', { token, query: { size: '0' } })).body.totalElements as number;
const thread = (token: string, conversationId: string, query: Record<string, string> = {}) =>
  get('/conversation/message', { token, query: { conversationId, ...query } });

describe('the participant table', () => {
  type Kind = 'customerUser' | 'customerAdmin' | 'supplierUser' | 'supplierAdmin' | 'other' | 'otherCustomer';
  type Caller = Kind | 'adminUser' | 'platformAdmin' | 'externalUser' | 'anonymous';
  const tokenOf = (k: Caller) =>
    k === 'other' ? otherSupplier.token : k === 'otherCustomer' ? otherCustomer.token : w.token(k);

  /** Every call on one conversation (with a message with an attachment from the supplier). */
  const calls = (c: { conversationId: string; messageId: string; record: Record<string, string> }) => ({
    list: (t?: string) => get('/conversation/', { token: t, query: c.record }),
    messages: (t?: string) => thread(t!, c.conversationId),
    read: (t?: string) => get('/conversation/message/read', { token: t, query: { messageId: c.messageId } }),
    readAll: (t?: string) =>
      post('/conversation/message/read/all', { token: t, query: { conversationId: c.conversationId } }),
    send: (t?: string) => sendMessage(t, c.conversationId, 'Antwort'),
    download: (t?: string) =>
      get('/file/', { token: t, query: { path: `${conversationFolderPath(c.conversationId)}Skizze.pdf` } }),
  });

  async function enquiryConversation() {
    const enquiry = await chatEnquiry(customer);
    const conversationId = await openConversation(supplier.token, { enquiryId: enquiry.id });
    const m = await withMessage(supplier.token, conversationId, 'Frage', { name: 'Skizze.pdf', bytes: pdfBytes() });
    return { conversationId, messageId: m.id, record: { enquiryId: enquiry.id } };
  }
  async function offerConversation() {
    const offer = await chatOffer(customer, supplier);
    const conversationId = await openConversation(customer.token, { offerId: offer.id });
    const m = await withMessage(supplier.token, conversationId, 'Frage', { name: 'Skizze.pdf', bytes: pdfBytes() });
    return { conversationId, messageId: m.id, record: { offerId: offer.id } };
  }

  const participants: Kind[] = ['customerUser', 'customerAdmin', 'supplierUser', 'supplierAdmin'];
  for (const [name, make] of [
    ['enquiry', enquiryConversation],
    ['offer', offerConversation],
  ] as const) {
    it(`${name} conversation: participants 2xx, other companies 404, ADMIN/EXTERNAL 403, anonymous 401`, async () => {
      const c = await make();
      const all = calls(c);
      for (const kind of participants) {
        for (const [call_, fn] of Object.entries(all)) {
          const res = await fn(tokenOf(kind));
          expect([200, 201], `${kind} ${call_}: ${JSON.stringify(res.body)}`).toContain(res.status);
        }
      }
      for (const kind of ['other', 'otherCustomer'] as const) {
        for (const [call_, fn] of Object.entries(all)) {
          const res = await fn(tokenOf(kind));
          // another supplier sees the released enquiry itself: its list of HIS conversations there is empty
          if (call_ === 'list' && kind === 'other' && name === 'enquiry') {
            expect(res.status).toBe(200);
            expect(res.body).toEqual([]);
          } else expect(res.status, `${kind} ${call_}`).toBe(404);
        }
      }
      for (const kind of ['adminUser', 'platformAdmin', 'externalUser'] as const)
        for (const [call_, fn] of Object.entries(all)) {
          if (call_ === 'download') continue; // the files module's owner: hidden (404) rather than refused
          expect((await fn(tokenOf(kind))).status, `${kind} ${call_}`).toBe(403);
        }
      for (const fn of Object.values(all)) expect((await fn(undefined)).status).toBe(401);
    });
  }

  it('GET /conversation/?userId: the caller only (403 for another user), newest message first with companyName', async () => {
    const own = await get('/conversation/', { token: supplier.token, query: { userId: supplier.user.id } });
    expect(own.status).toBe(200);
    expect(own.body.length).toBeGreaterThan(0);
    const dates = own.body.map((c: { lastMessageDate: string }) => c.lastMessageDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(own.body[0].companyName).toBe(customer.company.name);
    const foreign = await get('/conversation/', { token: supplier.token, query: { userId: customer.user.id } });
    expect(foreign.status).toBe(403);
  });

  it('a supplier never sees another supplier’s conversation on the same enquiry', async () => {
    const enquiry = await chatEnquiry(customer);
    const mine = await openConversation(supplier.token, { enquiryId: enquiry.id });
    const theirs = await openConversation(otherSupplier.token, { enquiryId: enquiry.id });
    expect(mine).not.toBe(theirs);
    const seen = await get('/conversation/', { token: otherSupplier.token, query: { enquiryId: enquiry.id } });
    expect(seen.body.map((c: { id: string }) => c.id)).toEqual([theirs]);
    expect((await thread(otherSupplier.token, mine)).status).toBe(404);
    const customers = await get('/conversation/', { token: customer.token, query: { enquiryId: enquiry.id } });
    expect(customers.body.map((c: { id: string }) => c.id).sort()).toEqual([mine, theirs].sort());
  });
});

describe('opening a conversation', () => {
  it('enquiry: the supplier opens it (201), again answers the same (200); the customer may not (403)', async () => {
    const enquiry = await chatEnquiry(customer);
    const first = await post('/conversation/', { token: supplier.token, body: { enquiryId: enquiry.id } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: 'enquiry', enquiryId: enquiry.id, companyName: customer.company.name });
    const again = await post('/conversation/', { token: w.users.supplierUser.token, body: { enquiryId: enquiry.id } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect((await post('/conversation/', { token: customer.token, body: { enquiryId: enquiry.id } })).status).toBe(403);
  });

  it('enquiry: a draft is hidden from suppliers (404); closed or archived → 409 chatReadOnly', async () => {
    const draft = await chatEnquiry(customer, { released: false });
    expect((await post('/conversation/', { token: supplier.token, body: { enquiryId: draft.id } })).status).toBe(404);
    const closed = await chatEnquiry(customer, { closed: true });
    const res = await post('/conversation/', { token: supplier.token, body: { enquiryId: closed.id } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('chatReadOnly');
  });

  it('offer: either side opens it; a draft → 409 for its supplier, hidden from the customer', async () => {
    const offer = await chatOffer(customer, supplier);
    const res = await post('/conversation/', { token: customer.token, body: { offerId: offer.id } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'offer', offerId: offer.id, companyName: supplier.company.name });
    const draft = await chatOffer(customer, supplier, { released: false });
    const refused = await post('/conversation/', { token: supplier.token, body: { offerId: draft.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('chatNotOpen');
    expect((await post('/conversation/', { token: customer.token, body: { offerId: draft.id } })).status).toBe(404);
    const archived = await chatOffer(customer, supplier, { archived: true });
    expect((await post('/conversation/', { token: supplier.token, body: { offerId: archived.id } })).status).toBe(409);
    expect((await post('/conversation/', { token: otherSupplier.token, body: { offerId: offer.id } })).status).toBe(
      404,
    );
  });

  it('needs exactly one of enquiryId and offerId (400)', async () => {
    expect((await post('/conversation/', { token: supplier.token, body: {} })).status).toBe(400);
    expect((await post('/conversation/', { token: supplier.token, body: { enquiryId: '../x' } })).status).toBe(400);
  });

  it('two parallel creates give one conversation', async () => {
    const enquiry = await chatEnquiry(customer);
    const answers = await Promise.all(
      [supplier, w.users.supplierUser, supplier].map((u) =>
        post('/conversation/', { token: u.token, body: { enquiryId: enquiry.id } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const snap = await admin().db.collection('conversations').where('enquiryId', '==', enquiry.id).get();
    expect(snap.size).toBe(1);
  });
});

describe('states', () => {
  it('a closed, archived or reopened enquiry keeps its conversation readable and takes no message (409)', async () => {
    const enquiry = await chatEnquiry(customer);
    const id = await openConversation(supplier.token, { enquiryId: enquiry.id });
    await withMessage(supplier.token, id);
    for (const patch of [{ closed: true }, { archived: true }, { released: false }]) {
      await admin().db.collection('enquiries').doc(enquiry.id).update(patch);
      const res = await sendMessage(customer.token, id, 'Noch eine Frage');
      expect(res.status, JSON.stringify(patch)).toBe(409);
      expect((await thread(supplier.token, id)).body.content).toHaveLength(1);
      await admin()
        .db.collection('enquiries')
        .doc(enquiry.id)
        .update({ closed: false, archived: false, released: true });
    }
    expect((await sendMessage(customer.token, id, 'Wieder offen')).status).toBe(201);
  });

  it('a revision continues the conversation of its predecessor; an archived offer takes no message', async () => {
    const offer = await chatOffer(customer, supplier);
    const id = await openConversation(supplier.token, { offerId: offer.id });
    const revised = await post('/offer/revision', { token: supplier.token, query: { offerId: offer.id } });
    expect(revised.status).toBe(201);
    const found = await get('/conversation/', { token: supplier.token, query: { offerId: revised.body.id } });
    expect(found.body.map((c: { id: string }) => c.id)).toEqual([id]);
    expect(found.body[0].offerId).toBe(revised.body.id);
    expect((await sendMessage(customer.token, id, 'Während der Überarbeitung')).status).toBe(201);
    await admin().db.collection('offers').doc(revised.body.id).update({ archived: true });
    const res = await sendMessage(customer.token, id, 'Zu spät');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('chatReadOnly');
  });
});

describe('unread messages', () => {
  it('count per recipient across two users of one company, after read and read-all', async () => {
    const buyer = await createCompany('CUSTOMER', { name: 'Zwei Leute GmbH' });
    const [anna, ben] = await Promise.all([createUser(buyer, { admin: true }), createUser(buyer)]);
    const enquiry = await chatEnquiry(anna);
    const id = await openConversation(supplier.token, { enquiryId: enquiry.id });
    const sent = [];
    for (const text of ['Eins', 'Zwei', 'Drei']) sent.push(await withMessage(supplier.token, id, text));
    expect([await unreadCount(anna.token), await unreadCount(ben.token)]).toEqual([3, 3]);
    const list = await get('/conversation/message/unread', { token: anna.token });
    expect(list.body.content.map((m: Message) => m.content)).toEqual(['Drei', 'Zwei', 'Eins']);
    expect(list.body.content[0]).toMatchObject({ title: enquiry.title, enquiryId: enquiry.id, read: false });

    const read = await get('/conversation/message/read', { token: ben.token, query: { messageId: sent[0]!.id } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ read: true, readBy: [ben.user.id] });
    expect(read.body.readDate).toBeTruthy();
    expect([await unreadCount(anna.token), await unreadCount(ben.token)]).toEqual([3, 2]);
    // the sender's side has nothing unread from its own messages
    const ownThread = await thread(supplier.token, id);
    expect(ownThread.body.content.every((m: { read: boolean }) => m.read)).toBe(true);

    const all = await post('/conversation/message/read/all', { token: anna.token, query: { conversationId: id } });
    expect(all.body).toEqual({ marked: 3, more: false });
    expect([await unreadCount(anna.token), await unreadCount(ben.token)]).toEqual([0, 2]);
    const viaGet = await get('/conversation/message/read/all', { token: ben.token });
    expect(viaGet.body).toEqual({ marked: 2, more: false });
    expect(await unreadCount(ben.token)).toBe(0);
    const after = await thread(anna.token, id);
    expect(after.body.content[0].readBy.sort()).toEqual([anna.user.id, ben.user.id].sort());

    // the customer answers: now the supplier's two users have it unread, the customer's nobody
    await withMessage(ben.token, id, 'Antwort');
    expect(await unreadCount(w.users.supplierUser.token)).toBeGreaterThan(0);
    expect(await unreadCount(anna.token)).toBe(0);
    const conv = await get('/conversation/', { token: w.users.supplierUser.token, query: { enquiryId: enquiry.id } });
    expect(conv.body[0]).toMatchObject({ unread: true, lastMessageText: 'Antwort' });
  });
});

describe('paging a long thread', () => {
  it('the newest 50, then older pages by cursor; the poll for newer messages', async () => {
    const enquiry = await chatEnquiry(customer);
    const id = await openConversation(supplier.token, { enquiryId: enquiry.id });
    const repo = new MessagesRepository(admin().db);
    const start = Date.UTC(2026, 0, 1);
    const messages: Message[] = Array.from({ length: 120 }, (_, i) => {
      const createDate = new Date(start + i * 60_000);
      const mid = `m${String(i).padStart(4, '0')}`;
      return {
        id: `${id}_${mid}`,
        conversationId: id,
        senderId: supplier.user.id,
        userFullName: 'Test',
        companyName: supplier.company.name,
        companyId: supplier.company.id,
        content: `Nachricht ${i}`,
        createDate,
        readBy: [],
        unreadBy: [],
        kind: 'enquiry',
        enquiryId: enquiry.id,
        title: enquiry.title,
        sortKey: `${createDate.toISOString()}_${id}_${mid}`,
      };
    });
    await repo.createMany(messages);
    const first = await thread(customer.token, id);
    expect(first.body.content.map((m: Message) => m.content)).toEqual(
      messages.slice(70).map((m) => m.content), // oldest first within the page
    );
    const second = await thread(customer.token, id, { before: first.body.before });
    expect(second.body.content).toHaveLength(50);
    expect(second.body.content[0].content).toBe('Nachricht 20');
    const third = await thread(customer.token, id, { before: second.body.before });
    expect(third.body.content.map((m: Message) => m.content)).toEqual(messages.slice(0, 20).map((m) => m.content));
    expect(third.body.before).toBeUndefined();

    const newest = first.body.content.at(-1).sortKey as string;
    expect((await thread(customer.token, id, { after: newest })).body.content).toEqual([]);
    await withMessage(supplier.token, id, 'Neu');
    const polled = await thread(customer.token, id, { after: newest });
    expect(polled.body.content.map((m: Message) => m.content)).toEqual(['Neu']);
    expect((await thread(customer.token, id, { before: 'nonsense' })).status).toBe(400);
  });
});

describe('copyfile', () => {
  const copy = (token: string, messageId: string, path: string) =>
    get('/conversation/message/copyfile', { token, query: { messageId, path } });

  it('into the enquiry: refused while released (409 enquiryLocked), stored once reopened', async () => {
    const enquiry = await chatEnquiry(customer);
    const id = await openConversation(supplier.token, { enquiryId: enquiry.id });
    const m = await withMessage(supplier.token, id, 'Plan', { name: 'Klemmenplan.pdf', bytes: pdfBytes() });
    const locked = await copy(customer.token, m.id, enquiryFolderPath('documents', enquiry.id));
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('enquiryLocked');
    expect((await post('/enquiry/reopen', { token: customer.token, query: { enquiryId: enquiry.id } })).status).toBe(
      200,
    );
    const stored = await copy(customer.token, m.id, enquiryFolderPath('documents', enquiry.id));
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ filename: 'Klemmenplan.pdf', uploadedByName: expect.any(String) });
    // the supplier copies into offers only
    expect((await copy(supplier.token, m.id, enquiryFolderPath('documents', enquiry.id))).status).toBe(403);
  });

  it('into the offer: the caller’s side, a free name on collision; a path outside the record → 400', async () => {
    const offer = await chatOffer(customer, supplier);
    const other = await chatOffer(customer, supplier);
    const id = await openConversation(customer.token, { offerId: offer.id });
    const m = await withMessage(customer.token, id, 'Bestellung', { name: 'Skizze.pdf', bytes: pdfBytes() });
    const first = await copy(supplier.token, m.id, offerDocumentsPath(offer.id));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ filename: 'Skizze.pdf', side: 'supplier' });
    const second = await copy(customer.token, m.id, offerDocumentsPath(offer.id));
    expect(second.status).toBe(201);
    expect(second.body.side).toBe('customer');
    expect(second.body.filename).not.toBe('Skizze.pdf');
    expect(second.body.filename).toMatch(/Skizze\.pdf$/);
    const outside = await copy(supplier.token, m.id, offerDocumentsPath(other.id));
    expect(outside.status).toBe(400);
    expect(outside.body.code).toBe('invalidCopyTarget');
    expect((await copy(supplier.token, m.id, '../etc/')).status).toBe(400);
    const plain = await withMessage(customer.token, id, 'ohne Datei');
    expect((await copy(supplier.token, plain.id, offerDocumentsPath(offer.id))).status).toBe(404);
    expect((await copy(otherSupplier.token, m.id, offerDocumentsPath(offer.id))).status).toBe(404);
  });
});

describe('bad input', () => {
  let id: string;
  beforeAll(async () => {
    id = await openConversation(supplier.token, { enquiryId: (await chatEnquiry(customer)).id });
  });
  it('empty content without a file → 400 messageEmpty; whitespace only too', async () => {
    for (const content of ['', '   \n ']) {
      const res = await sendMessage(supplier.token, id, content);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('messageEmpty');
    }
  });

  it('content over the limit → 400 with the length key; line breaks allowed, control characters not', async () => {
    const long = await sendMessage(supplier.token, id, 'x'.repeat(MESSAGE_MAX_LENGTH + 1));
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual([{ path: 'content', key: 'validation.maxLength' }]);
    expect((await sendMessage(supplier.token, id, 'x'.repeat(MESSAGE_MAX_LENGTH))).status).toBe(201);
    expect((await sendMessage(supplier.token, id, 'Zeile 1\nZeile 2\tTab')).status).toBe(201);
    const bell = await sendMessage(supplier.token, id, 'Klingel \u0007');
    expect(bell.status).toBe(400);
    expect(bell.body.details[0].key).toBe('validation.controlCharacters');
  });

  it('a file alone is a message; two files → 400; a disallowed type → 415; 10 MB + 1 byte → 413', async () => {
    const alone = await sendMessage(supplier.token, id, '', { name: 'Nur Datei.pdf', bytes: pdfBytes() });
    expect(alone.status).toBe(201);
    expect(alone.body.attachmentPath).toBe(`${conversationFolderPath(id)}Nur Datei.pdf`);
    const body = new FormData();
    body.append('conversationId', id);
    body.append('content', 'Zwei');
    body.append('file', new Blob([new Uint8Array(pdfBytes())]), 'a.pdf');
    body.append('file', new Blob([new Uint8Array(pdfBytes())]), 'b.pdf');
    const two = await postMultipart(supplier.token, body);
    expect(two.status).toBe(400);
    expect(two.body.code).toBe('oneAttachment');
    const exe = await sendMessage(supplier.token, id, 'Programm', { name: 'setup.exe', bytes: Buffer.from('MZ....') });
    expect(exe.status).toBe(415);
    const big = await sendMessage(supplier.token, id, 'Groß', {
      name: 'gross.pdf',
      bytes: pdfBytes(10 * 1024 * 1024 + 1),
    });
    expect(big.status).toBe(413);
    const exact = await sendMessage(supplier.token, id, 'Genau', {
      name: 'genau.pdf',
      bytes: pdfBytes(10 * 1024 * 1024),
    });
    expect(exact.status).toBe(201);
  });

  it('an unknown or malformed conversation id → 404 / 400', async () => {
    expect((await sendMessage(supplier.token, 'unbekannt', 'Hallo')).status).toBe(404);
    expect((await sendMessage(supplier.token, '../x', 'Hallo')).status).toBe(400);
    expect((await get('/conversation/message/unread', { token: supplier.token, query: { size: '500' } })).status).toBe(
      400,
    );
  });
});

async function postMultipart(token: string, body: FormData) {
  const res = await fetch(new URL('/api/conversation/message/send', HOSTS.portal), {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}
