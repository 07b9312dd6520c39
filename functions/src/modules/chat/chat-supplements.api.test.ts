import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../model/chat.js';
import { enquiryFolderPath, type Enquiry } from '../../model/enquiry.js';
import { enquirySupplementsPath, SUPPLEMENTS_MAX_COUNT } from '../../model/enquiry-supplements.js';
import type { FileFact } from '../../model/files.js';
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
import { pdfBytes, uploadFile } from '../../testing/upload-client.js';
import { waitForQuery } from '../../testing/wait-for-document.js';
import { storeOffer } from '../offers/offers-fixtures.js';
import { chatEnquiry, openConversation, withMessage } from './chat-fixtures.js';

/**
 * Supplementary documents of a released enquiry (issue 32 point 5; docs/decisions-enquiries.md "Supplementary
 * documents") over HTTP through Hosting: the customer copies a chat attachment (or uploads a file) into the released
 * enquiry without reopening it; every supplier who sees it lists and downloads it with its origin; the suppliers who
 * have the enquiry get a message (the bell) and a mail; no revision changes, so offers stay current. The wrong
 * caller, the wrong state, the limits and two parallel copies of one attachment.
 */
let w: World;
let customer: TestUser;
let supplier: TestUser;
let offerOnly: TestUser;
let otherCustomer: TestUser;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  customer = w.users.customerAdmin;
  supplier = w.users.supplierAdmin;
  offerOnly = await createUser(await createCompany('SUPPLIER', { name: 'Angebotsbau GmbH' }), { admin: true });
  otherCustomer = await createUser(await createCompany('CUSTOMER', { name: 'Fremdkunde AG' }), { admin: true });
});
afterAll(disposeClients);

const copy = (token: string, messageId: string, path: string) =>
  post('/conversation/message/copyfile', { token, query: { messageId, path } });
const names = (token: string, enquiryId: string) =>
  get('/file/names', { token, query: { path: enquirySupplementsPath(enquiryId) } });
const enquiryOf = async (token: string, id: string) =>
  (await get('/enquiry/', { token, query: { id } })).body as Enquiry;
const unread = async (token: string) =>
  (await get('/conversation/message/unread', { token, query: { size: '50' } })).body as {
    content: Message[];
    totalElements: number;
  };

/** A released enquiry with the supplier's conversation and a message of his with a PDF attachment. */
async function withAttachment(patch: Partial<Enquiry> = {}, name = 'Klemmenplan.pdf') {
  const enquiry = await chatEnquiry(customer, patch);
  const conversationId = await openConversation(supplier.token, { enquiryId: enquiry.id });
  const m = await withMessage(supplier.token, conversationId, 'Der neue Plan', { name, bytes: pdfBytes(200) });
  return { enquiry, conversationId, messageId: m.id };
}

describe('the customer adds a chat attachment to a released enquiry', () => {
  it('201: every supplier lists and downloads it with its origin; the suppliers who have it are told; offers stay current', async () => {
    const { enquiry, messageId } = await withAttachment();
    const offer = await storeOffer(offerOnly, enquiry, { released: true });
    const before = await unread(supplier.token);

    const added = await copy(customer.token, messageId, enquirySupplementsPath(enquiry.id));
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      filename: 'Klemmenplan.pdf',
      path: `${enquirySupplementsPath(enquiry.id)}Klemmenplan.pdf`,
      origin: 'chat',
      size: 200,
      uploadedByName: `${customer.user.name} ${customer.user.lastname}`,
    });

    // suppliers read it: the one of the conversation, the one with an offer, and any other who sees the enquiry
    for (const token of [supplier.token, offerOnly.token, w.users.supplierUser.token]) {
      const list = await names(token, enquiry.id);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([expect.objectContaining({ filename: 'Klemmenplan.pdf', origin: 'chat', size: 200 })]);
      const file = await get('/file/', { token, query: { path: added.body.path } });
      expect(file.status).toBe(200);
    }
    // suppliers learn that it came from a chat, not which message (maybe another supplier's conversation)
    const seen = await enquiryOf(offerOnly.token, enquiry.id);
    expect(seen.supplements).toEqual([
      expect.objectContaining({ name: 'Klemmenplan.pdf', size: 200, origin: { kind: 'chat' } }),
    ]);
    const own = await enquiryOf(customer.token, enquiry.id);
    expect(own.supplements).toEqual([expect.objectContaining({ origin: { kind: 'chat', messageId } })]);
    // no revision: the BOM and circuit diagram are unchanged, the offer stays current
    expect(seen).toMatchObject({
      bomRevision: enquiry.bomRevision,
      circuitDiagramRevision: enquiry.circuitDiagramRevision,
    });
    expect(seen.documents).toEqual([]);
    const o = await get('/offer/', { token: offerOnly.token, query: { id: offer.id } });
    expect(o.body.outdated).toBe(false);

    // the bell: a message from the customer's user in each supplier's enquiry conversation
    const after = await unread(supplier.token);
    expect(after.totalElements).toBe(before.totalElements + 1);
    expect(after.content[0]).toMatchObject({
      enquiryId: enquiry.id,
      companyId: customer.company.id,
      content: expect.stringContaining('Klemmenplan.pdf (aus dem Chat)'),
    });
    const opened = await unread(offerOnly.token);
    expect(opened.content).toEqual([expect.objectContaining({ enquiryId: enquiry.id, kind: 'enquiry' })]);
    const conversations = await get('/conversation/', { token: offerOnly.token, query: { enquiryId: enquiry.id } });
    expect(conversations.body).toEqual([expect.objectContaining({ companyName: customer.company.name })]);

    // a mail to each user of both suppliers
    type MailDoc = { to: string; message: { subject: string; text: string } };
    const mails = await waitForQuery<MailDoc>(
      admin()
        .db.collection('mail')
        .where('message.subject', '==', `Ergänzendes Dokument zur Anfrage „${enquiry.title}“`),
      (docs) => docs.length >= 3,
    );
    expect(mails.map((m) => m.to)).toEqual(
      expect.arrayContaining([supplier.user.mail, w.users.supplierUser.user.mail, offerOnly.user.mail]),
    );
    expect(mails.map((m) => m.to)).not.toContain(customer.user.mail);
    expect(mails[0]!.message.text).toContain(`/enquiry/${enquiry.id}`);
    // the customer's side is not told of its own file
    const notice = (m: Message) => m.content.startsWith('Ergänzendes Dokument');
    expect((await unread(customer.token)).content.some(notice)).toBe(false);
  });

  it('two parallel copies of one attachment: one document, the other 409 supplementExists', async () => {
    const { enquiry, messageId } = await withAttachment();
    const both = await Promise.all([
      copy(customer.token, messageId, enquirySupplementsPath(enquiry.id)),
      copy(w.users.customerUser.token, messageId, enquirySupplementsPath(enquiry.id)),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.body.code).toBe('supplementExists');
    expect((await enquiryOf(customer.token, enquiry.id)).supplements).toHaveLength(1);
    expect((await names(supplier.token, enquiry.id)).body).toHaveLength(1);
    // and once more later: still one
    const again = await copy(customer.token, messageId, enquirySupplementsPath(enquiry.id));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('supplementExists');
  });
});

describe('a copy racing the reopen', () => {
  it('either the released enquiry took it, or the draft refused it (409): the listing follows the record', async () => {
    const { enquiry, messageId } = await withAttachment();
    const [copied, reopened] = await Promise.all([
      copy(customer.token, messageId, enquirySupplementsPath(enquiry.id)),
      post('/enquiry/reopen', { token: w.users.customerUser.token, query: { enquiryId: enquiry.id } }),
    ]);
    expect(reopened.status).toBe(200);
    const after = await enquiryOf(customer.token, enquiry.id);
    expect(after.released).toBe(false);
    if (copied.status === 201) expect(after.supplements.map((f) => f.name)).toEqual(['Klemmenplan.pdf']);
    else {
      expect(copied.status).toBe(409);
      expect(copied.body.code).toBe('enquiryNotReleased');
      expect(after.supplements).toEqual([]);
    }
    expect((await names(customer.token, enquiry.id)).body).toHaveLength(after.supplements.length);
  });
});

describe('the wrong caller', () => {
  it('a supplier adds nothing (403), a stranger sees nothing (404), nobody deletes (403)', async () => {
    const { enquiry, messageId } = await withAttachment();
    const path = enquirySupplementsPath(enquiry.id);
    // the supplier copies into offers only, and uploads to the customer's enquiry nothing
    expect((await copy(supplier.token, messageId, path)).status).toBe(403);
    expect((await uploadFile(supplier.token, path, 'Mein.pdf', pdfBytes())).status).toBe(403);
    // a supplier who is no participant of the conversation: its message is hidden
    expect((await copy(offerOnly.token, messageId, path)).status).toBe(404);
    // another customer neither lists nor adds
    expect((await names(otherCustomer.token, enquiry.id)).status).toBe(404);
    expect((await uploadFile(otherCustomer.token, path, 'Fremd.pdf', pdfBytes())).status).toBe(404);
    expect((await copy(otherCustomer.token, messageId, path)).status).toBe(404);

    const added = await copy(customer.token, messageId, path);
    expect(added.status).toBe(201);
    for (const token of [customer.token, supplier.token])
      expect((await post('/file/delete', { token, query: { path: added.body.path } })).status).toBe(403);
    expect((await get('/file/', { token: otherCustomer.token, query: { path: added.body.path } })).status).toBe(404);
  });
});

describe('the wrong state', () => {
  it('draft, reopened (withdrawn), closed, archived: 409 with the state’s code', async () => {
    const draft = await chatEnquiry(customer, { released: false });
    const upload = await uploadFile(customer.token, enquirySupplementsPath(draft.id), 'Nachtrag.pdf', pdfBytes());
    expect(upload.status).toBe(409);
    expect(upload.body.code).toBe('enquiryNotReleased');

    const reopened = await withAttachment();
    const reopen = await post('/enquiry/reopen', { token: customer.token, query: { enquiryId: reopened.enquiry.id } });
    expect(reopen.status).toBe(200);
    const withdrawn = await copy(customer.token, reopened.messageId, enquirySupplementsPath(reopened.enquiry.id));
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.body.code).toBe('enquiryNotReleased');
    // the draft takes it as a document instead
    const asDocument = await copy(
      customer.token,
      reopened.messageId,
      enquiryFolderPath('documents', reopened.enquiry.id),
    );
    expect(asDocument.status).toBe(201);

    for (const patch of [{ closed: true }, { archived: true }]) {
      const { enquiry, messageId } = await withAttachment();
      await admin().db.collection('enquiries').doc(enquiry.id).update(patch);
      const res = await copy(customer.token, messageId, enquirySupplementsPath(enquiry.id));
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('supplementsClosed');
    }
  });
});

describe('direct uploads and limits', () => {
  it('a direct upload is listed as uploaded; circuit diagrams and BOMs are refused (400 supplementType)', async () => {
    const enquiry = await chatEnquiry(customer);
    const path = enquirySupplementsPath(enquiry.id);
    const uploaded = await uploadFile(customer.token, path, 'Datenblatt.pdf', pdfBytes(), 'UNKNOWN');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ filename: 'Datenblatt.pdf', origin: 'upload' });
    const diagram = await uploadFile(customer.token, path, 'Schaltplan.pdf', pdfBytes(), 'CIRCUIT_DIAGRAM');
    expect(diagram.status).toBe(400);
    expect(diagram.body.code).toBe('supplementType');
    expect((await names(supplier.token, enquiry.id)).body).toEqual([
      expect.objectContaining({ filename: 'Datenblatt.pdf', origin: 'upload' }),
    ]);
    expect((await enquiryOf(customer.token, enquiry.id)).circuitDiagramRevision).toBe(0);
  });

  it(`at most ${SUPPLEMENTS_MAX_COUNT} supplementary documents: 409 supplementLimit`, async () => {
    const full: FileFact[] = Array.from({ length: SUPPLEMENTS_MAX_COUNT }, (_, i) => ({
      name: `Nachtrag-${i}.pdf`,
      documentType: 'UNKNOWN',
      uploadedByName: 'Kunde',
      uploadDate: new Date(),
      size: 100,
      origin: { kind: 'upload' },
    }));
    const enquiry = await chatEnquiry(customer, { supplements: full });
    const res = await uploadFile(customer.token, enquirySupplementsPath(enquiry.id), 'Einer-zuviel.pdf', pdfBytes());
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('supplementLimit');
    expect((await enquiryOf(customer.token, enquiry.id)).supplements).toHaveLength(SUPPLEMENTS_MAX_COUNT);
  });
});
