import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BomJobView, BomMappingProposal, StoredBomLine } from '../../model/bom-job.js';
import type { Enquiry } from '../../model/enquiry.js';
import { get, post } from '../../testing/api-client.js';
import { createArticle, createDiscountGroup, createManufacturer, uniq } from '../catalogue/catalogue-fixtures.js';
import { releasableEnquiry, storeEnquiry, uploadBom } from '../enquiries/enquiries-fixtures.js';
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
import { waitForDocument } from '../../testing/wait-for-document.js';
import { mapBom } from './bom-job-fixtures.js';

/**
 * /enquiry/bom/{mapping,map,lines,line,generated} over HTTP through Hosting (docs/api.md "BOM jobs"); who may call
 * what: bom.access.ts. Articles and numbers are unique per run (the stack may hold the demo seed).
 */
let w: World;
let customer: TestUser;
let supplier: TestUser;
let other: TestUser;
const n = {
  order: uniq('BJ-ON'),
  shared: uniq('BJ-MN'),
  alternative: uniq('BJ-ALT'),
  unknown: uniq('BJ-NONE'),
  manual: uniq('BJ-MAN'),
};
let matchedId = '';
let manualId = '';

beforeAll(async () => {
  w = await createWorld();
  customer = w.users.customerAdmin;
  supplier = w.users.supplierUser;
  other = await createUser(await createCompany('CUSTOMER', { name: 'Fremdkunde BOM AG' }));
  const token = w.users.platformAdmin.token;
  const [m1, m2] = await Promise.all([createManufacturer(token), createManufacturer(token)]);
  const group = await createDiscountGroup(token, { manufacturerId: m1.id, percent: 10 });
  const matched = await createArticle(token, {
    orderNumber: n.order,
    manufacturerId: m1.id,
    listPrice: 100,
    purchasePrice: 55,
    discountGroupId: group.id,
    description: 'Schütz 3 kW',
  });
  matchedId = matched.id;
  // the same manufacturer number at two manufacturers: a line without manufacturer is 'not unique'
  await createArticle(token, { manufacturerNumber: n.shared, manufacturerId: m1.id });
  await createArticle(token, { manufacturerNumber: n.shared, manufacturerId: m2.id });
  await createArticle(token, { orderNumber: uniq('BJ-MAIN'), possibleOrderNumbers: [n.alternative], listPrice: 10 });
  manualId = (await createArticle(token, { orderNumber: n.manual, manufacturerId: m2.id, listPrice: 20 })).id;
});
afterAll(disposeClients);

const fixture = (name: string) => readFileSync(new URL(`../../bom/fixtures/${name}`, import.meta.url));

/** Five lines: matched by order number, not unique, not found, matched through an alternative, a supplied part. */
function testCsv(extraRows = 0): Buffer {
  const rows = [
    'Stückliste Prüfstand;;;;;',
    'Pos;Bestellnummer;Herstellernummer;Menge;Einheit;Beistellung',
    `1;${n.order};;2;;`,
    `2;;${n.shared};1;;`,
    `3;${n.unknown};;4;;`,
    `4;${n.alternative};;1;;`,
    `5;${n.order};;1;;B`,
  ];
  for (let i = 0; i < extraRows; i++) rows.push(`${6 + i};X${i};;1;;`);
  return Buffer.from(rows.join('\r\n'), 'utf8');
}
const TEST_MAPPING = [
  { columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' },
  { columnIndex: 2, importHeader: 'Herstellernummer', articleField: 'manufacturerNumber' },
  { columnIndex: 3, importHeader: 'Menge', articleField: 'quantity' },
  { columnIndex: 5, importHeader: 'Beistellung', articleField: 'isSuppliedPart' },
] as const;

async function draftWith(bytes: Buffer, name = 'Stückliste.csv', owner = customer): Promise<Enquiry> {
  const draft = await storeEnquiry(owner);
  const up = await uploadBom(owner.token, draft.id, name, bytes);
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  return up.body as Enquiry;
}
const map = (enquiryId: string, body: Record<string, unknown> = {}, token = customer.token) =>
  post('/enquiry/bom/map', {
    token,
    body: { enquiryId, headerRowIndex: 2, mapping: TEST_MAPPING, suppliedPartString: 'B', ...body },
  });
const lines = (enquiryId: string, query: Record<string, string> = {}, token = customer.token) =>
  get('/enquiry/bom/lines', { token, query: { enquiryId, ...query } });
const release = (enquiryId: string) =>
  fetch(new URL(`/api/enquiry/release?enquiryId=${enquiryId}`, HOSTS.portal), {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.token}` },
  });

describe('POST /enquiry/bom/map', () => {
  it('maps the stored file, matches against the catalogue and stores lines apart with a summary', async () => {
    const draft = await draftWith(testCsv());
    const res = await map(draft.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const summary = res.body.summary as BomJobView;
    expect(summary).toMatchObject({ lineCount: 5, errorCount: 2, successRate: 60 });
    expect(summary.errorsByType).toMatchObject({ ASSIGNMENT_NOT_UNIQUE: 1, ARTICLE_NOT_FOUND: 1 });
    // customers do not get the estimate (price visibility, docs/decisions-bom.md)
    expect(summary.estimate).toBeUndefined();
    const enquiry = res.body.enquiry as Enquiry;
    expect(enquiry.fieldMapping).toEqual(TEST_MAPPING);
    expect(enquiry.suppliedPartString).toBe('B');
    expect(enquiry.bomHeaderRowIndex).toBe(2);
    expect(enquiry.bomSummary).toMatchObject({ revision: 1, lineCount: 5, errorCount: 2, successRate: 60 });
    expect(res.body.lines.totalElements).toBe(5);
    const first = res.body.lines.content as StoredBomLine[];
    expect(first.map((l) => l.bomError ?? null)).toEqual([
      null,
      'ASSIGNMENT_NOT_UNIQUE',
      'ARTICLE_NOT_FOUND',
      null,
      null,
    ]);
    expect(first[0]!.matchedArticleId).toBe(matchedId);
    expect(first[4]!.isSuppliedPart).toBe(true);
    // a customer sees no catalogue prices or discount groups
    expect(first[0]!.matchedArticle).not.toHaveProperty('listPrice');
    expect(first[0]!.matchedArticle).not.toHaveProperty('purchasePrice');
    expect(first[0]!.matchedArticle).not.toHaveProperty('discountGroupName');
    // the enquiry document holds no lines
    const stored = (await admin().db.collection('enquiries').doc(draft.id).get()).data()!;
    expect(stored).not.toHaveProperty('lines');
    expect(stored).not.toHaveProperty('articles');
  });

  it('answers the engine keys: missing mapping, header row wrong, no headers found, field used twice', async () => {
    const draft = await draftWith(testCsv());
    const key = async (body: Record<string, unknown>) => {
      const res = await map(draft.id, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.details.map((d: { key: string }) => d.key);
    };
    expect(await key({ mapping: [{ columnIndex: 3, importHeader: 'Menge', articleField: 'quantity' }] })).toContain(
      'bom.warning.missingMapping',
    );
    expect(await key({ headerRowIndex: 0 })).toContain('bom.warning.headerRowIndexWrong');
    expect(await key({ headerRowIndex: 1.5 })).toContain('bom.warning.headerRowIndexWrong');
    expect(await key({ headerRowIndex: 40 })).toContain('bom.warning.noHeadersFound');
    expect(
      await key({
        mapping: [
          { columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' },
          { columnIndex: 2, importHeader: 'Herstellernummer', articleField: 'orderNumber' },
        ],
      }),
    ).toContain('bom.warning.fieldUsedTwice');
    expect(
      (await get('/enquiry/', { token: customer.token, query: { id: draft.id } })).body.fieldMapping,
    ).toBeUndefined();
  });

  it('offers the remembered mapping of the company on the next file with the same headers', async () => {
    const firstDraft = await draftWith(testCsv());
    const before = (await get('/enquiry/bom/mapping', { token: customer.token, query: { enquiryId: firstDraft.id } }))
      .body as BomMappingProposal;
    expect(before.headers).toEqual(['Pos', 'Bestellnummer', 'Herstellernummer', 'Menge', 'Einheit', 'Beistellung']);
    expect(before.bomHeaderRowIndex).toBe(2);
    // a deliberately unusual choice the engine would not make: Pos as BMK
    const chosen = [...TEST_MAPPING, { columnIndex: 0, importHeader: 'Pos', articleField: 'bmk' }];
    expect((await map(firstDraft.id, { mapping: chosen, suppliedPartString: 'B' })).status).toBe(200);
    const saved = (await get('/enquiry/bom/mapping', { token: customer.token, query: { enquiryId: firstDraft.id } }))
      .body as BomMappingProposal;
    expect(saved.source).toBe('saved');

    const next = await draftWith(testCsv(), 'Zweite Liste.csv');
    const colleague = w.users.customerUser;
    const proposal = (await get('/enquiry/bom/mapping', { token: colleague.token, query: { enquiryId: next.id } }))
      .body as BomMappingProposal;
    expect(proposal.source).toBe('remembered');
    expect(proposal.suppliedPartString).toBe('B');
    expect(proposal.mapping.find((m) => m.articleField === 'bmk')?.columnIndex).toBe(0);
    // another company does not get it
    const foreign = await draftWith(testCsv(), 'Fremd.csv', other);
    const theirs = (await get('/enquiry/bom/mapping', { token: other.token, query: { enquiryId: foreign.id } }))
      .body as BomMappingProposal;
    expect(theirs.source).toBe('computed');
  });

  it('refuses a supplier (403), another customer (404), a locked enquiry (409) and ADMIN callers (403)', async () => {
    const draft = await releasableEnquiry(customer);
    expect((await map(draft.id, { headerRowIndex: 2, mapping: [TEST_MAPPING[0]] }, other.token)).status).toBe(404);
    expect((await release(draft.id)).status).toBe(200);
    const supplierCall = await mapBom(supplier.token, draft.id);
    expect(supplierCall.status).toBe(403);
    const locked = await mapBom(customer.token, draft.id);
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('enquiryLocked');
    expect((await mapBom(w.users.platformAdmin.token, draft.id)).status).toBe(403);
  });

  it('maps above the synchronous ceiling as a background task the panel follows; refuses beyond 50 000 rows', async () => {
    const draft = await draftWith(testCsv(5500));
    const res = await map(draft.id);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const taskId = res.body.taskId as string;
    const done = await waitForDocument<{ state: string }>(
      admin().db.collection('backgroundTasks').doc(taskId),
      (t) => t?.state === 'done' || t?.state === 'failed',
    );
    expect(done.state).toBe('done');
    const state = await get('/enquiry/bom/job', { token: customer.token, query: { enquiryId: draft.id, taskId } });
    expect(state.body).toMatchObject({ state: 'done', progress: { percent: 100 } });
    expect((await lines(draft.id)).body.totalElements).toBe(5505);
    const enquiry = (await get('/enquiry/', { token: customer.token, query: { id: draft.id } })).body as Enquiry;
    expect(enquiry.bomSummary).toMatchObject({ lineCount: 5505 });
    // another customer cannot follow it
    expect((await get('/enquiry/bom/job', { token: other.token, query: { enquiryId: draft.id, taskId } })).status).toBe(
      404,
    );

    const huge = await draftWith(testCsv(50_000));
    const refused = await map(huge.id);
    expect(refused.status).toBe(413);
    expect(refused.body.code).toBe('bomTooLarge');
  });

  it('maps the committed fixtures with the proposed mapping (German Excel CSV, .xls, leading zeros in .xlsx)', async () => {
    for (const name of ['german-excel.csv', 'german.xls', 'leading-zeros.xlsx']) {
      const draft = await draftWith(fixture(name), name);
      const proposal = (await get('/enquiry/bom/mapping', { token: customer.token, query: { enquiryId: draft.id } }))
        .body as BomMappingProposal;
      expect(proposal.mapping.length, name).toBeGreaterThan(0);
      const res = await map(draft.id, {
        headerRowIndex: proposal.bomHeaderRowIndex,
        mapping: proposal.mapping,
        suppliedPartString: undefined,
      });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.summary.lineCount, name).toBeGreaterThan(1);
      if (name === 'leading-zeros.xlsx') {
        const numbers = (res.body.lines.content as StoredBomLine[]).map((l) => l.orderNumber ?? l.manufacturerNumber);
        expect(numbers.some((x) => x?.startsWith('0'))).toBe(true);
      }
    }
  });
});

describe('GET /enquiry/bom/lines and POST /enquiry/bom/line', () => {
  it('pages, sorts and filters errors only; a manual match fixes a line and the summary follows', async () => {
    const draft = await draftWith(testCsv());
    expect((await map(draft.id)).status).toBe(200);
    const errors = await lines(draft.id, { errorsOnly: 'true', paginationSize: '5' });
    expect(errors.status).toBe(200);
    expect(errors.body.totalElements).toBe(2);
    const byQuantity = await lines(draft.id, { column: 'quantity', sortDescending: 'true', paginationSize: '5' });
    expect((byQuantity.body.content as StoredBomLine[]).map((l) => l.quantity)).toEqual([4, 2, 1, 1, 1]);
    const second = await lines(draft.id, { paginationSize: '5', page: '1' });
    expect(second.body).toMatchObject({ content: [], totalElements: 5 });
    expect((await lines(draft.id, { column: 'price' })).status).toBe(400);

    const notFound = (errors.body.content as StoredBomLine[]).find((l) => l.bomError === 'ARTICLE_NOT_FOUND')!;
    const fixed = await post('/enquiry/bom/line', {
      token: customer.token,
      body: { enquiryId: draft.id, lineId: notFound.id, matchedArticleId: manualId },
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.line).toMatchObject({ matchedArticleId: manualId, manualReplacement: true });
    expect(fixed.body.line.bomError).toBeUndefined();
    // the file's number stays as the customer wrote it; the catalogue's is beside it
    expect(fixed.body.line.orderNumber).toBe(n.unknown);
    expect(fixed.body.line.matchedArticle.orderNumber).toBe(n.manual);
    expect(fixed.body.summary).toMatchObject({ errorCount: 1, successRate: 80 });
    const enquiry = (await get('/enquiry/', { token: customer.token, query: { id: draft.id } })).body as Enquiry;
    expect(enquiry.bomSummary).toMatchObject({ errorCount: 1, successRate: 80 });
    expect((await lines(draft.id, { errorsOnly: 'true' })).body.totalElements).toBe(1);
    // the list of replaced articles
    const replaced = await lines(draft.id, { replacedOnly: 'true' });
    expect((replaced.body.content as StoredBomLine[]).map((l) => l.id)).toEqual([notFound.id]);

    const edited = await post('/enquiry/bom/line', {
      token: customer.token,
      body: { enquiryId: draft.id, lineId: notFound.id, quantity: 7, bmk: '-K9' },
    });
    expect(edited.body.line).toMatchObject({ quantity: 7, bmk: '-K9', edited: true });
    const unknownArticle = await post('/enquiry/bom/line', {
      token: customer.token,
      body: { enquiryId: draft.id, lineId: notFound.id, matchedArticleId: 'gibtEsNicht00000001' },
    });
    expect(unknownArticle.status).toBe(422);
    const missingLine = await post('/enquiry/bom/line', {
      token: customer.token,
      body: { enquiryId: draft.id, lineId: '0009999', quantity: 1 },
    });
    expect(missingLine.status).toBe(404);
    const foreign = await post('/enquiry/bom/line', {
      token: other.token,
      body: { enquiryId: draft.id, lineId: notFound.id, quantity: 1 },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('GET /enquiry/bom/generated', () => {
  it('answers the customer format to customers and the supplier format (two files) to suppliers', async () => {
    const draft = await releasableEnquiry(customer);
    const up = await uploadBom(customer.token, draft.id, 'Prüfstand.csv', testCsv());
    expect(up.status).toBe(200);
    expect((await map(draft.id)).status).toBe(200);
    const mine = await get('/enquiry/bom/generated', {
      token: customer.token,
      query: { enquiryId: draft.id, part: 'suppliedParts' },
    });
    expect(mine.status).toBe(200);
    const customerText = mine.bytes.toString('utf8');
    expect(customerText).toContain('"Herstellernummer";"Bestellnummer";"Menge";"Einheit"');
    expect(customerText).not.toContain('Listenpreis');
    expect(customerText).not.toContain('Rabattgruppe');
    expect(customerText).toContain(n.order);

    expect((await release(draft.id)).status).toBe(200);
    const theirs = await get('/enquiry/bom/generated', { token: supplier.token, query: { enquiryId: draft.id } });
    expect(theirs.status).toBe(200);
    const supplierText = theirs.bytes.toString('utf8');
    expect(supplierText).toContain('Listenpreis pro Stück');
    expect(supplierText).toContain('"100,00"');
    const supplied = await get('/enquiry/bom/generated', {
      token: supplier.token,
      query: { enquiryId: draft.id, part: 'suppliedParts' },
    });
    const suppliedRows = supplied.bytes.toString('utf8').trim().split('\r\n');
    expect(suppliedRows).toHaveLength(2);
    // suppliers see the estimate and the catalogue values of the lines
    const seen = await lines(draft.id, {}, supplier.token);
    expect(seen.body.summary.estimate.total).toBeGreaterThan(0);
    expect((seen.body.content as StoredBomLine[])[0]!.matchedArticle?.listPrice).toBe(100);
  });
});

describe('a new upload discards the lines with the mapping', () => {
  it('drops mapping, summary, job and lines', async () => {
    const draft = await draftWith(testCsv());
    expect((await map(draft.id)).status).toBe(200);
    const job = admin().db.collection('bomJobs').doc(`enquiry_${draft.id}`);
    const runId = (await job.get()).data()!.runId as string;
    const up = await uploadBom(customer.token, draft.id, 'Neu.csv', testCsv());
    const after = up.body as Enquiry;
    expect(after.fieldMapping).toBeUndefined();
    expect(after.bomSummary).toBeUndefined();
    const res = await lines(draft.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('bomNotMapped');
    expect((await job.get()).exists).toBe(false);
    const left = await job.collection('runs').doc(runId).collection('bomLines').count().get();
    expect(left.data().count).toBe(0);
  });
});

describe('a copy of a mapped enquiry', () => {
  it('carries file, header row and mapping (offered as saved) but no lines: mapping again matches anew', async () => {
    const draft = await draftWith(testCsv());
    expect((await map(draft.id)).status).toBe(200);
    const copied = await post('/enquiry/copy', { token: customer.token, query: { id: draft.id } });
    expect(copied.status).toBe(201);
    const copy = copied.body as Enquiry;
    expect(copy.fieldMapping).toEqual(TEST_MAPPING);
    expect(copy.bomSummary).toBeUndefined();
    expect((await lines(copy.id)).body.code).toBe('bomNotMapped');
    const proposal = (await get('/enquiry/bom/mapping', { token: customer.token, query: { enquiryId: copy.id } }))
      .body as BomMappingProposal;
    expect(proposal).toMatchObject({ source: 'saved', bomHeaderRowIndex: 2, suppliedPartString: 'B' });
    const again = await map(copy.id, { mapping: proposal.mapping });
    expect(again.body.summary).toMatchObject({ lineCount: 5, errorCount: 2 });
  });
});
