// The simulated users of the load run (scripts/load/load.bench.ts): one step of a customer's or a supplier's day
// through the API as the SPA calls it, timed per route. Imported after the environment points at the stack.
import { call, type ApiResponse, type CallOptions } from '../../functions/src/testing/api-client.js';
import type { TestUser } from '../../functions/src/testing/fixtures.js';
import { pdfBytes } from '../../functions/src/testing/upload-client.js';
import {
  enquiryInput,
  uploadBom,
  uploadCircuitDiagram,
} from '../../functions/src/modules/enquiries/enquiries-fixtures.js';
import { offerInput, uploadOfferDocument } from '../../functions/src/modules/offers/offers-fixtures.js';
import { sendMessage } from '../../functions/src/modules/chat/chat-fixtures.js';
import { uploadToFolder } from '../../functions/src/modules/business-data/business-data-fixtures.js';
import type { EnquiryRecord, Ledger, OfferRecord } from './load-ledger.js';
import { outcomeOf, routeOf, type Outcome, type RouteStats } from './load-stats.js';

type Answer = Pick<ApiResponse, 'status' | 'body'>;

/** Times each call by route and judges its status: `expected` by the scenario, `allowed` in a known race. */
export class LoadClient {
  private inFlight = 0;
  private readonly queue: Array<() => void> = [];
  /** ms calls waited for a free slot (the client's queue, not the server) */
  readonly waits: number[] = [];

  /** `slots`: at most this many calls in flight across all simulated users (LOAD_IN_FLIGHT). */
  constructor(
    private readonly stats: RouteStats,
    private readonly slots: number,
  ) {}

  private async acquire(): Promise<void> {
    const queued = performance.now();
    if (this.inFlight >= this.slots) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.inFlight++;
    this.waits.push(performance.now() - queued);
  }

  /** Hands the slot straight to the next queued call (the count stays), or frees it. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.inFlight--;
  }

  async run(
    method: string,
    path: string,
    fn: () => Promise<Answer>,
    expected: number[] = [200],
    allowed: number[] = [],
  ): Promise<Answer & { outcome: Outcome }> {
    await this.acquire();
    const started = performance.now();
    let res: Answer;
    try {
      res = await fn();
    } catch (e) {
      res = { status: 0, body: String(e) };
    } finally {
      this.release();
    }
    const outcome = outcomeOf(res.status, expected, allowed);
    const detail = `${res.status} ${typeof res.body === 'string' ? res.body.slice(0, 160) : JSON.stringify(res.body).slice(0, 160)}`;
    this.stats.record(routeOf(method, path), performance.now() - started, outcome, detail);
    return { ...res, outcome };
  }

  call(method: string, path: string, opts: CallOptions, expected: number[] = [200], allowed: number[] = []) {
    return this.run(method, path, () => call(method, path, opts), expected, allowed);
  }
}

export interface Actor {
  me: TestUser;
  client: LoadClient;
  ledger: Ledger;
}

let seq = 0;

/** A customer's step: lists and search, then accept an offer, download a project folder or post an enquiry; chat. */
export async function customerStep(a: Actor): Promise<void> {
  const { me, client, ledger } = a;
  const token = me.token;
  await client.call('GET', '/enquiry/filter', { token, query: { paginationSize: '15' } });
  await client.call('GET', '/enquiry/filter', { token, query: { title: 'Schaltschrank', paginationSize: '15' } });
  await client.call('GET', '/offer/filter', { token, query: { states: 'OPEN', paginationSize: '15' } });
  const offer = Math.random() < 0.7 ? ledger.acceptable(me.company.id) : undefined;
  const folder = !offer && me.user.admin ? ledger.folderToDownload(me.company.id, me.user.id) : undefined;
  if (offer) await accept(a, offer);
  else if (folder) await downloadFolder(a, folder);
  else await postEnquiry(a);
  await chat(a);
}

async function postEnquiry({ me, client, ledger }: Actor): Promise<void> {
  const token = me.token;
  const input = enquiryInput({ title: `Schaltschrank Last ${++seq}`, referenceNumber: `LAST-${seq}` });
  const created = await client.call('POST', '/enquiry/', { token, body: input }, [201]);
  if (created.status !== 201) return;
  const enquiry = ledger.addEnquiry(created.body.id as string, me.company.id);
  const enquiryId = enquiry.id;
  await client.run('POST', '/enquiry/bom/upload', () => uploadBom(token, enquiryId));
  await client.run('POST', '/file/', () => uploadCircuitDiagram(token, enquiryId), [201]);
  const proposal = await client.call('GET', '/enquiry/bom/mapping', { token, query: { enquiryId } });
  if (proposal.status === 200) {
    const { bomHeaderRowIndex, mapping } = proposal.body;
    const body = { enquiryId, headerRowIndex: bomHeaderRowIndex, mapping };
    const mapped = await client.call('POST', '/enquiry/bom/map', { token, body });
    enquiry.mapped = mapped.status === 200;
  }
  const released = await client.call('POST', '/enquiry/release', { token, query: { enquiryId } });
  enquiry.released = released.status === 200;
}

async function accept({ me, client, ledger }: Actor, offer: OfferRecord): Promise<void> {
  const token = me.token;
  const enquiry = ledger.enquiries.get(offer.enquiryId)!;
  enquiry.accepting = true;
  try {
    await client.call('GET', '/offer/compare', { token, query: { enquiryId: enquiry.id } });
    await client.call('GET', '/offer/', { token, query: { id: offer.id } });
    await client.run('POST', '/file/', () => uploadOfferDocument(token, offer.id, 'ORDER'), [201]);
    const query = { offerId: offer.id, state: 'ACCEPTED' };
    const accepted = await client.call('POST', '/offer/statechange', { token, query });
    if (accepted.status !== 200) return;
    offer.state = 'ACCEPTED';
    enquiry.order = { offerId: offer.id, supplierId: offer.supplierId, confirmed: false };
  } finally {
    enquiry.accepting = false;
  }
  await openAndWrite({ me, client, ledger }, 'offer', offer.id, [offer.customerId, offer.supplierId]);
}

async function downloadFolder({ me, client }: Actor, offer: OfferRecord): Promise<void> {
  const token = me.token;
  const view = await client.call('GET', '/offer/businessdata', { token, query: { offerId: offer.id } });
  if (view.status !== 200) return;
  const itemIds = (view.body.items as Array<{ id: string }>).map((i) => i.id);
  await client.call('POST', '/offer/businessdata/zip', { token, body: { offerId: offer.id, itemIds } });
}

/** A supplier's step: lists and search, then confirm an order, fill a project folder or offer on an enquiry; chat. */
export async function supplierStep(a: Actor): Promise<void> {
  const { me, client, ledger } = a;
  const token = me.token;
  const list = await client.call('GET', '/enquiry/filter', { token, query: { paginationSize: '30' } });
  await client.call('GET', '/offer/filter', { token, query: { paginationSize: '15' } });
  await client.call('GET', '/offer/filter', { token, query: { referenceNumber: 'REF', paginationSize: '15' } });
  const order = ledger.confirmable(me.company.id);
  const folder = !order && me.user.admin && Math.random() < 0.5 ? ledger.folderToFill(me.company.id) : undefined;
  const rows = list.status === 200 ? (list.body.content as Array<{ id: string }>) : [];
  if (order) await confirm(a, order);
  else if (folder) await fillFolder(a, folder);
  else {
    const row = rows.find((r) => ledger.claimOffer(me.company.id, r.id));
    if (row) await makeOffer(a, ledger.enquiries.get(row.id)!);
  }
  await chat(a);
}

async function confirm(a: Actor, offer: OfferRecord): Promise<void> {
  const { me, client, ledger } = a;
  const token = me.token;
  offer.confirming = true;
  try {
    await client.call('GET', '/offer/', { token, query: { id: offer.id } });
    await client.run('POST', '/file/', () => uploadOfferDocument(token, offer.id, 'ORDER_CONFIRMATION'), [201]);
    const query = { offerId: offer.id, state: 'CONFIRMED' };
    const confirmed = await client.call('POST', '/offer/statechange', { token, query });
    if (confirmed.status !== 200) return;
    offer.state = 'CONFIRMED';
    ledger.enquiries.get(offer.enquiryId)!.order!.confirmed = true;
  } finally {
    offer.confirming = false;
  }
  if (me.user.admin) await fillFolder(a, offer);
}

async function fillFolder({ me, client }: Actor, offer: OfferRecord): Promise<void> {
  offer.folderFiles++; // claimed before the call: another admin's pick sees the room taken
  const name = `Schaltplan-${++seq}.pdf`;
  const res = await client.run(
    'POST',
    '/offer/businessdata',
    () => uploadToFolder(me.token, offer.id, name, pdfBytes()),
    [201],
  );
  if (res.status === 201) offer.folderFilesStored++;
  else offer.folderFiles--;
}

async function makeOffer(a: Actor, enquiry: EnquiryRecord): Promise<void> {
  const { me, client, ledger } = a;
  const token = me.token;
  const enquiryId = enquiry.id;
  // the enquiry may be closed by another supplier's accepted offer meanwhile: 409 enquiryClosed / chatReadOnly
  const race = [409];
  await client.call('GET', '/enquiry/', { token, query: { id: enquiryId } }, [200], [404]);
  await client.call('GET', '/enquiry/bom/lines', { token, query: { enquiryId, paginationSize: '15' } }, [200], [404]);
  if (!enquiry.order) await openAndWrite(a, 'enquiry', enquiryId, [enquiry.customerId, me.company.id]);
  const body = { enquiryId, ...offerInput({ offerNumber: `LAST-${me.company.id.slice(0, 6)}-${++seq}` }) };
  const created = await client.call('POST', '/offer/', { token, body }, [201], race);
  if (created.status !== 201) return;
  const offer = ledger.addOffer(created.body.id as string, enquiry, me.company.id);
  await client.run('POST', '/file/', () => uploadOfferDocument(token, offer.id, 'OFFER'), [201]);
  const released = await client.call('POST', '/offer/release', { token, query: { offerId: offer.id } }, [200], race);
  offer.released = released.status === 200;
}

/** Opens (or finds) the conversation on a record and writes a message in it. */
async function openAndWrite(
  a: Actor,
  kind: 'enquiry' | 'offer',
  recordId: string,
  companies: [string, string],
): Promise<void> {
  const { me, client, ledger } = a;
  const body = kind === 'enquiry' ? { enquiryId: recordId } : { offerId: recordId };
  const opened = await client.call('POST', '/conversation/', { token: me.token, body }, [200, 201], [409]);
  if (opened.status !== 200 && opened.status !== 201) return;
  const conversation = ledger.conversation(opened.body.id as string, kind, recordId, companies, me.token);
  await write(a, conversation.id);
}

async function write({ me, client, ledger }: Actor, conversationId: string): Promise<void> {
  const conversation = ledger.conversations.get(conversationId)!;
  const text = `Frage ${++seq} zur Stückliste: Liefertermin und Klemmen wie angefragt?`;
  const allowed = conversation.kind === 'enquiry' ? [409] : [];
  const sent = await client.run(
    'POST',
    '/conversation/message/send',
    () => sendMessage(me.token, conversationId, text),
    [201],
    allowed,
  );
  if (sent.status === 201) conversation.messages++;
}

/** The caller's conversations, a thread read and one answered. */
async function chat(a: Actor): Promise<void> {
  const { me, client, ledger } = a;
  await client.call('GET', '/conversation/', { token: me.token, query: { userId: me.user.id } });
  const conversation = ledger.openConversation(me.company.id);
  if (!conversation) return;
  const query = { conversationId: conversation.id };
  await client.call('GET', '/conversation/message', { token: me.token, query });
  await write(a, conversation.id);
}
