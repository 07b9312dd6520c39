// After the load run: every record it created, read back through the API and compared with what the run expects
// (scripts/load/load.bench.ts). Untimed; imported after the environment points at the stack.
import { call } from '../../functions/src/testing/api-client.js';
import type { TestUser } from '../../functions/src/testing/fixtures.js';
import type { ConversationRecord, Ledger } from './load-ledger.js';
import { compareRecord } from './load-stats.js';

/** Runs `fn` over `items` with `width` calls in flight. */
async function inBatches<T>(items: T[], width: number, fn: (item: T) => Promise<string[]>): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(fn))).flat());
  return out;
}

/** Every message of a thread, counted page by page (50 each, newest first). */
async function countMessages(c: ConversationRecord): Promise<number | undefined> {
  let count = 0;
  let before: string | undefined;
  do {
    const res = await call('GET', '/conversation/message', {
      token: c.token,
      query: { conversationId: c.id, before },
    });
    if (res.status !== 200) return undefined;
    count += res.body.content.length;
    before = res.body.before;
  } while (before);
  return count;
}

/** The differences between the ledger and the stored records, one line each; empty when nothing was lost. */
export async function verifyLedger(ledger: Ledger, users: TestUser[]): Promise<string[]> {
  const member = (companyId: string) => users.find((u) => u.company.id === companyId && u.user.admin)!;
  const enquiries = await inBatches([...ledger.enquiries.values()], 8, async (e) => {
    const res = await call('GET', '/enquiry/', { token: member(e.customerId).token, query: { id: e.id } });
    const body = res.status === 200 ? res.body : undefined;
    const order = body?.order && {
      offerId: body.order.offerId,
      supplierId: body.order.supplierId,
      confirmed: body.order.confirmed,
    };
    return compareRecord(
      'enquiry',
      e.id,
      { released: e.released, closed: !!e.order, order: e.order, bomRevision: 1, mapped: e.mapped },
      body && { ...body, order, mapped: Array.isArray(body.fieldMapping) && body.fieldMapping.length > 0 },
    );
  });
  const offers = await inBatches([...ledger.offers.values()], 8, async (o) => {
    const token = member(o.supplierId).token;
    const res = await call('GET', '/offer/', { token, query: { id: o.id } });
    const found = compareRecord(
      'offer',
      o.id,
      { state: o.state, released: o.released },
      res.status === 200 ? res.body : undefined,
    );
    if (!o.folderFiles) return found;
    const folder = await call('GET', '/offer/businessdata', { token, query: { offerId: o.id } });
    const files = folder.status === 200 ? { files: folder.body.items.length } : undefined;
    return [...found, ...compareRecord('folder', o.id, { files: o.folderFiles }, files)];
  });
  const threads = await inBatches([...ledger.conversations.values()], 8, async (c) => {
    const messages = await countMessages(c);
    return compareRecord(
      'conversation',
      c.id,
      { messages: c.messages },
      messages === undefined ? undefined : { messages },
    );
  });
  return [...enquiries, ...offers, ...threads];
}
