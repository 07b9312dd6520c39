import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BomMapTaskParams, BomJobView } from '../../model/bom-job.js';
import type { Enquiry } from '../../model/enquiry.js';
import { get, post } from '../../testing/api-client.js';
import { createArticle, uniq } from '../catalogue/catalogue-fixtures.js';
import { releasableEnquiry, uploadBom } from '../enquiries/enquiries-fixtures.js';
import { admin, createWorld, disposeClients, type TestUser, type World } from '../../testing/fixtures.js';
import { HOSTS } from '../../testing/env.js';
import { storeOffer } from '../offers/offers-fixtures.js';
import { finalTask, holdTaskAfterFirstChunk, resumeTask } from '../../testing/task-fixtures.js';
import { BOM_JOBS, BOM_LINES } from './bom-jobs.repository.js';
import { LINE_SET_CHUNK } from './line-set.task.js';

/**
 * The background mapping above the synchronous ceiling in chunks (line-set.task.ts) over HTTP through Hosting and the
 * stack's Cloud Tasks emulator: real progress between 0 and 100 %, a chunk cut off and redone, a duplicate delivery,
 * and a locked or replaced BOM ending the task failed with nothing switched. The task is stopped between chunks on an
 * event (its first committed chunk), never on the clock: bom-job-fixtures.ts `holdTaskAfterFirstChunk`.
 */
let w: World;
let customer: TestUser;
let supplier: TestUser;
const order = uniq('BT-ON');
/** data rows: three chunks and more, above BOM_SYNC_MAX_LINES */
const LINES = 6200;

beforeAll(async () => {
  w = await createWorld();
  customer = w.users.customerAdmin;
  supplier = w.users.supplierAdmin;
  await createArticle(w.users.platformAdmin.token, { orderNumber: order, listPrice: 10 });
});
afterAll(disposeClients);

/** Every tenth line the catalogue article, the others unknown; the last one a supplied part ('B'). */
function bigCsv(lines = LINES): Buffer {
  const rows = ['Große Stückliste;;;', 'Pos;Bestellnummer;Menge;Beistellung'];
  for (let i = 0; i < lines; i++)
    rows.push(`${i + 1};${i % 10 ? `${order}-X${i}` : order};1;${i === lines - 1 ? 'B' : ''}`);
  return Buffer.from(rows.join('\r\n'), 'utf8');
}
const MAPPING = [
  { columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' },
  { columnIndex: 2, importHeader: 'Menge', articleField: 'quantity' },
  { columnIndex: 3, importHeader: 'Beistellung', articleField: 'isSuppliedPart' },
];
const map = (enquiryId: string, body: Record<string, unknown> = {}) =>
  post('/enquiry/bom/map', {
    token: customer.token,
    body: { enquiryId, headerRowIndex: 2, mapping: MAPPING, ...body },
  });
const job = (enquiryId: string, taskId: string) =>
  get('/enquiry/bom/job', { token: customer.token, query: { enquiryId, taskId } });
const summary = async (enquiryId: string) =>
  (await get('/enquiry/bom/summary', { token: customer.token, query: { enquiryId } })).body
    .summary as BomJobView | null;
const runs = (enquiryId: string) => admin().db.collection(BOM_JOBS).doc(`enquiry_${enquiryId}`).collection('runs');
const lineDocs = async (enquiryId: string, runId: string) =>
  (await runs(enquiryId).doc(runId).collection(BOM_LINES).count().get()).data().count;
const paramsOf = async (taskId: string) =>
  (await admin().db.collection('backgroundTasks').doc(taskId).get()).data()!.params as BomMapTaskParams;

async function bigDraft(): Promise<Enquiry> {
  const draft = await releasableEnquiry(customer);
  const up = await uploadBom(customer.token, draft.id, 'Große Stückliste.csv', bigCsv());
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  return up.body as Enquiry;
}

describe('POST /enquiry/bom/map above the synchronous ceiling: the chunked background task', () => {
  it('reports progress between 0 and 100 % while it runs; a chunk cut off and a duplicate delivery give one result; a lock ends the next mapping failed with the first one kept', async () => {
    const draft = await bigDraft();
    const started = await map(draft.id, { suppliedPartString: 'B' });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const taskId = started.body.taskId as string;

    // stopped after its first chunk: the panel's route reports a real percent, nothing is switched yet
    await holdTaskAfterFirstChunk(taskId);
    const running = await job(draft.id, taskId);
    expect(running.status).toBe(200);
    expect(running.body.state).toBe('running');
    expect(running.body.progress.total).toBe(LINES + 1);
    expect(running.body.progress.done % LINE_SET_CHUNK).toBe(0);
    expect(running.body.progress.percent).toBeGreaterThan(0);
    expect(running.body.progress.percent).toBeLessThan(100);
    expect(await summary(draft.id)).toBeNull();

    // the delivery's last chunk was refused (cut off); two deliveries at once continue the task
    await resumeTask(taskId, ['resume', 'duplicate']);
    const done = await finalTask(taskId);
    expect(done.state, JSON.stringify(done.error)).toBe('done');
    expect((await job(draft.id, taskId)).body).toMatchObject({ state: 'done', progress: { percent: 100 } });
    const first = await summary(draft.id);
    expect(first).toMatchObject({ lineCount: LINES, errorCount: LINES - LINES / 10 });
    const lines = await get('/enquiry/bom/lines', { token: customer.token, query: { enquiryId: draft.id } });
    expect(lines.body.totalElements).toBe(LINES);
    // every line once: the set's counters were raised once per line, whatever was redelivered
    const { runId } = await paramsOf(taskId);
    const run = (await runs(draft.id).doc(runId).get()).data()!;
    expect(run.lineCount).toBe(LINES);
    expect(await lineDocs(draft.id, runId)).toBe(LINES);
    const enquiry = (await get('/enquiry/', { token: customer.token, query: { id: draft.id } })).body as Enquiry;
    expect(enquiry).toMatchObject({ bomSummary: { lineCount: LINES }, suppliedPartString: 'B' });

    // a second mapping (no supplied-part marker) while the enquiry gets released: failed, the first one kept
    const second = await map(draft.id);
    expect(second.status).toBe(202);
    const secondId = second.body.taskId as string;
    await holdTaskAfterFirstChunk(secondId);
    const secondRun = (await paramsOf(secondId)).runId;
    expect(await lineDocs(draft.id, secondRun)).toBeGreaterThan(0);
    const released = await fetch(new URL(`/api/enquiry/release?enquiryId=${draft.id}`, HOSTS.portal), {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(released.status).toBe(200);
    await resumeTask(secondId);
    const failed = await finalTask(secondId);
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'enquiryLocked' } });
    expect((await job(draft.id, secondId)).body).toMatchObject({ state: 'failed', error: 'enquiryLocked' });
    expect(await summary(draft.id)).toMatchObject({ lineCount: LINES, mappedAt: first!.mappedAt });
    expect(await lineDocs(draft.id, secondRun)).toBe(0);
    expect(await lineDocs(draft.id, runId)).toBe(LINES);
    expect((await runs(draft.id).get()).docs.map((d) => d.id)).toEqual([runId]);
  });

  it("an offer's BOM above the ceiling: the supplier's task maps the revision his offer priced", async () => {
    const draft = await bigDraft();
    const released = await fetch(new URL(`/api/enquiry/release?enquiryId=${draft.id}`, HOSTS.portal), {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(released.status).toBe(200);
    const offer = await storeOffer(supplier, (await released.json()) as Enquiry);
    const owner = { enquiryId: offer.enquiryId, offerId: offer.id };
    const started = await post('/enquiry/bom/map', {
      token: supplier.token,
      body: { ...owner, headerRowIndex: 2, mapping: MAPPING },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const taskId = started.body.taskId as string;
    expect(await finalTask(taskId)).toMatchObject({ state: 'done', progress: { total: LINES + 1, percent: 100 } });
    const state = await get('/enquiry/bom/job', { token: supplier.token, query: { ...owner, taskId } });
    expect(state.body).toMatchObject({ state: 'done' });
    const offerSummary = await get('/enquiry/bom/summary', { token: supplier.token, query: owner });
    expect(offerSummary.body.summary).toMatchObject({ lineCount: LINES, errorCount: LINES - LINES / 10 });
    // the enquiry's own BOM is not the offer's: it stays unmapped
    expect(await summary(draft.id)).toBeNull();
  });

  it('a file replaced while it runs ends the task failed (bomChanged) with its lines removed', async () => {
    const draft = await bigDraft();
    const started = await map(draft.id);
    expect(started.status).toBe(202);
    const taskId = started.body.taskId as string;
    await holdTaskAfterFirstChunk(taskId);
    expect((await uploadBom(customer.token, draft.id, 'Neu.csv', bigCsv(3))).status).toBe(200);
    await resumeTask(taskId);
    expect(await finalTask(taskId)).toMatchObject({ state: 'failed', error: { code: 'bomChanged' } });
    expect(await summary(draft.id)).toBeNull();
    expect((await runs(draft.id).get()).size).toBe(0);
  });
});
