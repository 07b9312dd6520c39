import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES } from '../../model/files.js';
import { MAX_CHANGE_ENTRIES, type Enquiry } from '../../model/enquiry.js';
import { get, post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import {
  bomCsv,
  enquiryInput,
  postForm,
  releasableEnquiry,
  releasedEnquiry,
  storeEnquiry,
  uploadBom,
  uploadCircuitDiagram,
} from './enquiries-fixtures.js';
import {
  createCompany,
  createUser,
  createWorld,
  disposeClients,
  type TestUser,
  type World,
} from '../../testing/fixtures.js';
import { pdfBytes, uploadFile } from '../../testing/upload-client.js';
import { enquiryFolderPath } from '../../model/enquiry.js';

/** /enquiry/* over HTTP through Hosting (docs/api.md "Enquiries"); who may call what: enquiries.access.ts. */
let w: World;
let customer: TestUser;
let colleague: TestUser;
let supplier: TestUser;
let other: TestUser;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  customer = w.users.customerAdmin;
  colleague = w.users.customerUser;
  supplier = w.users.supplierUser;
  other = await createUser(await createCompany('CUSTOMER', { name: 'Fremdkunde AG' }));
});
afterAll(disposeClients);

const fixture = (name: string) => readFileSync(new URL(`../../bom/fixtures/${name}`, import.meta.url));
const create = async (token = customer.token, body: unknown = enquiryInput()) => {
  const res = await post('/enquiry/', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Enquiry;
};
const byId = (path: string, enquiryId: string, token = customer.token) => post(path, { token, query: { enquiryId } });
const names = async (enquiryId: string, folder: 'documents' | 'regulation' | 'language' = 'documents') =>
  (await get('/file/names', { token: customer.token, query: { path: enquiryFolderPath(folder, enquiryId) } })).body.map(
    (f: { filename: string }) => f.filename,
  );

describe('POST /enquiry/ and GET /enquiry/', () => {
  it('creates a draft of the caller company with defaults, server fields and a create entry', async () => {
    const input = enquiryInput({
      title: 'Steuerschrank Presse 4',
      packaging: 'INDIVIDUAL',
      packagingIndividual: 'Kiste',
    });
    const e = await create(colleague.token, input);
    expect(e).toMatchObject({
      ...input,
      customerId: w.companies.CUSTOMER.id,
      customerName: w.companies.CUSTOMER.name,
      released: false,
      closed: false,
      archived: false,
      invalidated: false,
      bomRevision: 0,
      bomRevisions: [],
      circuitDiagramRevision: 0,
      createdBy: colleague.user.id,
    });
    expect(e.changeEntries).toEqual([
      {
        date: expect.any(String),
        userId: colleague.user.id,
        userName: expect.stringMatching(/^Erika /),
        action: 'create',
      },
    ]);
    const read = await get('/enquiry/', { token: customer.token, query: { id: e.id } });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(e);
  });

  it('refuses missing required fields and unknown values with 400 validation', async () => {
    const res = await post('/enquiry/', {
      token: customer.token,
      body: { ...enquiryInput(), title: '', amount: 0, deliveryCondition: 'EXP', desiredDeliveryDate: '2027-02-30' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    const paths = res.body.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(['amount', 'deliveryCondition', 'desiredDeliveryDate', 'title']);
  });

  it('ignores every server-set field on create and on update (no mass assignment)', async () => {
    const forged = {
      customerId: other.company.id,
      customerName: 'Gefälscht',
      released: true,
      releaseDate: '2020-01-01T00:00:00.000Z',
      firstReleaseDate: '2020-01-01T00:00:00.000Z',
      closed: true,
      order: { offerId: 'forged', supplierId: 'forged', confirmed: true },
      archived: true,
      invalidated: true,
      createDate: '2020-01-01T00:00:00.000Z',
      lastUpdate: '2020-01-01T00:00:00.000Z',
      createdBy: other.user.id,
      changeEntries: [{ date: '2020-01-01T00:00:00.000Z', userId: 'x', userName: 'x', action: 'release' }],
      bomRevision: 7,
      bomRevisions: [{ revision: 7, fileName: 'x.csv', path: 'x', uploadDate: '2020-01-01', uploadedBy: 'x' }],
      circuitDiagramRevision: 5,
      bomFileName: 'x.csv',
      headers: ['x'],
      id: 'forged-id',
    };
    const e = await create(customer.token, { ...enquiryInput(), ...forged });
    const expected = {
      customerId: w.companies.CUSTOMER.id,
      customerName: w.companies.CUSTOMER.name,
      released: false,
      closed: false,
      archived: false,
      invalidated: false,
      createdBy: customer.user.id,
      bomRevision: 0,
      bomRevisions: [],
      circuitDiagramRevision: 0,
    };
    expect(e).toMatchObject(expected);
    expect(e.id).not.toBe('forged-id');
    for (const field of ['releaseDate', 'firstReleaseDate', 'bomFileName', 'headers', 'order'])
      expect(e).not.toHaveProperty(field);
    expect(new Date(e.createDate).getFullYear()).toBeGreaterThan(2020);
    const { id: _id, ...forgedUpdate } = forged;
    const updated = await post('/enquiry/update', {
      token: customer.token,
      body: { ...enquiryInput({ title: 'Neu' }), ...forgedUpdate, id: e.id },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ ...expected, title: 'Neu', createDate: e.createDate });
    expect(updated.body.changeEntries.map((c: { action: string }) => c.action)).toEqual(['create', 'update']);
    for (const field of ['releaseDate', 'firstReleaseDate', 'bomFileName', 'headers', 'order'])
      expect(updated.body).not.toHaveProperty(field);
  });

  it('refuses suppliers (403) and admin or external callers on create', async () => {
    for (const kind of ['supplierAdmin', 'supplierUser', 'adminUser', 'platformAdmin', 'externalUser'] as const)
      expect((await post('/enquiry/', { token: w.token(kind), body: enquiryInput() })).status, kind).toBe(403);
  });
});

describe('visibility and IDOR', () => {
  it("answers another customer's enquiry with the same 404 as an unknown id, leaking nothing", async () => {
    const foreign = await create(other.token, enquiryInput({ title: 'Geheimprojekt Fremdkunde' }));
    const unknown = { ...foreign, id: 'doesNotExist123' };
    // one after the other: parallel calls would make the Functions emulator start more instances
    const calls = (id: string) => [
      () => get('/enquiry/', { token: customer.token, query: { id } }),
      () => post('/enquiry/update', { token: customer.token, body: { ...enquiryInput(), id } }),
      () => byId('/enquiry/release', id),
      () => byId('/enquiry/reopen', id),
      () => get('/enquiry/reopen', { token: customer.token, query: { enquiryId: id } }),
      () => byId('/enquiry/archive', id),
      () => post('/enquiry/copy', { token: customer.token, query: { id } }),
      () => byId('/enquiry/bom/delete', id),
      () => get('/enquiry/bom', { token: customer.token, query: { enquiryId: id } }),
      () => uploadBom(customer.token, id),
      () => postForm(customer.token, '/enquiry/bom/header', { enquiryId: id }),
      () => get('/file/names', { token: customer.token, query: { path: enquiryFolderPath('documents', id) } }),
      () => uploadCircuitDiagram(customer.token, id),
    ];
    const sequentially = async (list: Array<() => Promise<{ status: number; body: unknown }>>) => {
      const out: Array<{ status: number; body: unknown }> = [];
      for (const f of list) out.push(await f());
      return out;
    };
    const foreignAnswers = await sequentially(calls(foreign.id));
    const unknownAnswers = await sequentially(calls(unknown.id));
    for (const [i, res] of foreignAnswers.entries()) {
      expect(res.status, `call ${i}`).toBe(404);
      expect(res.body, `call ${i}`).toEqual({ code: 'notFound', message: expect.any(String) });
      expect(res.body).toEqual(unknownAnswers[i]!.body);
      expect(JSON.stringify(res.body)).not.toContain('Geheim');
    }
    const after = await get('/enquiry/', { token: other.token, query: { id: foreign.id } });
    expect(after.body).toMatchObject({ title: 'Geheimprojekt Fremdkunde', archived: false, released: false });
    expect(after.body.changeEntries).toHaveLength(1);
  });

  it('shows suppliers released, unarchived enquiries without history and author; drafts and archived ones are 404', async () => {
    const draft = await create();
    expect((await get('/enquiry/', { token: supplier.token, query: { id: draft.id } })).status).toBe(404);
    const released = await releasedEnquiry(customer);
    const seen = await get('/enquiry/', { token: supplier.token, query: { id: released.id } });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      id: released.id,
      title: released.title,
      customerName: w.companies.CUSTOMER.name,
    });
    expect(seen.body).not.toHaveProperty('changeEntries');
    expect(seen.body).not.toHaveProperty('createdBy');
    const archived = await storeEnquiry(customer, { released: true, archived: true });
    expect((await get('/enquiry/', { token: supplier.token, query: { id: archived.id } })).status).toBe(404);
    // a closed one stays visible (an offer can show what it answered)
    const closed = await storeEnquiry(customer, { released: true, closed: true });
    expect((await get('/enquiry/', { token: supplier.token, query: { id: closed.id } })).status).toBe(200);
    // a supplier may see it but not change it
    expect(
      (await post('/enquiry/update', { token: supplier.token, body: { ...enquiryInput(), id: released.id } })).status,
    ).toBe(403);
    expect((await byId('/enquiry/archive', released.id, supplier.token)).status).toBe(403);
    // files: read yes, upload no
    expect(await names(released.id)).toContain('Schaltplan.pdf');
    const files = await get('/file/names', {
      token: supplier.token,
      query: { path: enquiryFolderPath('documents', released.id) },
    });
    expect(files.status).toBe(200);
    expect(
      (await uploadFile(supplier.token, enquiryFolderPath('documents', released.id), 'x.pdf', pdfBytes())).status,
    ).toBe(403);
    expect(
      (await get('/file/names', { token: supplier.token, query: { path: enquiryFolderPath('documents', draft.id) } }))
        .status,
    ).toBe(404);
  });
});

describe('update, release, reopen, archive', () => {
  it('records the changed field names, and writes no entry when nothing changed', async () => {
    const e = await create();
    const same = await post('/enquiry/update', {
      token: customer.token,
      body: { ...enquiryInput(), ...pick(e), id: e.id },
    });
    expect(same.status).toBe(200);
    expect(same.body.changeEntries).toHaveLength(1);
    const changed = await post('/enquiry/update', {
      token: colleague.token,
      body: { ...pick(e), id: e.id, amount: 5, regulation: 'ATEX', additionalInfo: 'Bitte mit Sockel' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.changeEntries.at(-1)).toMatchObject({
      action: 'update',
      userId: colleague.user.id,
      fields: ['regulation', 'amount', 'additionalInfo'],
    });
  });

  it('refuses a release without BOM and circuit diagram (422, every missing one listed), then releases and locks', async () => {
    const e = await create();
    const none = await byId('/enquiry/release', e.id);
    expect(none.status).toBe(422);
    expect(none.body.code).toBe('missingBOM');
    expect(none.body).not.toHaveProperty('stack');
    expect((await uploadBom(customer.token, e.id)).status).toBe(200);
    const noCd = await byId('/enquiry/release', e.id);
    expect(noCd).toMatchObject({ status: 422, body: { code: 'missingCircuitDiagram' } });
    // a PDF that is not declared a circuit diagram does not count
    expect(
      (await uploadFile(customer.token, enquiryFolderPath('documents', e.id), 'Plan.pdf', pdfBytes())).status,
    ).toBe(201);
    expect((await byId('/enquiry/release', e.id)).body.code).toBe('missingCircuitDiagram');
    expect((await uploadCircuitDiagram(customer.token, e.id)).status).toBe(201);
    const released = await byId('/enquiry/release', e.id);
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ released: true, circuitDiagramRevision: 1, bomRevision: 1 });
    expect(released.body.releaseDate).toBe(released.body.firstReleaseDate);
    // locked: edits, file changes and a second release answer 409 enquiryLocked
    const lockedCalls = [
      await post('/enquiry/update', { token: customer.token, body: { ...enquiryInput(), id: e.id } }),
      await byId('/enquiry/release', e.id),
      await uploadBom(customer.token, e.id),
      await byId('/enquiry/bom/delete', e.id),
      await uploadFile(customer.token, enquiryFolderPath('documents', e.id), 'Neu.pdf', pdfBytes()),
      await post('/file/delete', {
        token: customer.token,
        query: { path: enquiryFolderPath('documents', e.id) + 'Plan.pdf' },
      }),
    ];
    for (const res of lockedCalls) expect(res).toMatchObject({ status: 409, body: { code: 'enquiryLocked' } });
  });

  it('lists both missing files in details when nothing is there', async () => {
    const e = await create();
    const res = await byId('/enquiry/release', e.id);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'missingBOM', details: ['missingBOM', 'missingCircuitDiagram'] });
    const withCd = await create();
    await uploadCircuitDiagram(customer.token, withCd.id);
    const onlyBom = await byId('/enquiry/release', withCd.id);
    expect(onlyBom.body.code).toBe('missingBOM');
  });

  it('reopens a released enquiry as a draft (releaseDate kept), GET and POST; never a closed one', async () => {
    const e = await releasedEnquiry(customer);
    const reopened = await get('/enquiry/reopen', { token: colleague.token, query: { enquiryId: e.id } });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ released: false, closed: false, releaseDate: e.releaseDate });
    expect(reopened.body.changeEntries.at(-1)).toMatchObject({ action: 'reopen' });
    // a draft is not reopened
    expect((await byId('/enquiry/reopen', e.id)).status).toBe(403);
    // the supplier sees a reopened one no more
    expect((await get('/enquiry/', { token: supplier.token, query: { id: e.id } })).status).toBe(404);
    // closed (by an order): its order is binding (issue 32; enquiry-orders.api.test.ts has the whole story)
    const closed = await storeEnquiry(customer, { released: true, closed: true });
    const again = await byId('/enquiry/reopen', closed.id);
    expect([again.status, again.body.code]).toEqual([409, 'enquiryHasOrder']);
    expect((await get('/enquiry/', { token: customer.token, query: { id: closed.id } })).body).toMatchObject({
      released: true,
      closed: true,
    });
  });

  it('archives own enquiries one by one; a foreign id among them is 404 and stays untouched', async () => {
    const own = [await create(), await create()];
    const foreign = await create(other.token);
    const results = [];
    for (const id of [own[0]!.id, foreign.id, own[1]!.id]) results.push(await byId('/enquiry/archive', id));
    expect(results.map((r) => r.status)).toEqual([200, 404, 200]);
    expect(results[0]!.body).toMatchObject({ archived: true });
    expect(results[1]!.body).toEqual({ code: 'notFound', message: expect.any(String) });
    expect((await get('/enquiry/', { token: other.token, query: { id: foreign.id } })).body.archived).toBe(false);
    // archived: locked, not archived twice, not reopened
    expect((await byId('/enquiry/archive', own[0]!.id)).status).toBe(403);
    expect((await byId('/enquiry/reopen', own[0]!.id)).status).toBe(403);
    expect(
      (await post('/enquiry/update', { token: customer.token, body: { ...enquiryInput(), id: own[0]!.id } })).body.code,
    ).toBe('enquiryLocked');
  });

  it('keeps only the newest change entries', async () => {
    const e = await storeEnquiry(customer, {
      changeEntries: Array.from({ length: MAX_CHANGE_ENTRIES }, (_, i) => ({
        date: new Date(2026, 0, 1, 0, i),
        userId: 'u',
        userName: 'Alt',
        action: 'update' as const,
      })),
    });
    const res = await post('/enquiry/update', { token: customer.token, body: { ...pick(e), id: e.id, amount: 9 } });
    expect(res.body.changeEntries).toHaveLength(MAX_CHANGE_ENTRIES);
    expect(res.body.changeEntries.at(-1)).toMatchObject({ action: 'update', fields: ['amount'] });
  });
});

describe('BOM calls', () => {
  it('uploads a CSV, suggests the header row, answers headers; re-uploads replace revision 1 before the release', async () => {
    const e = await create();
    const first = await uploadBom(customer.token, e.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      bomFileName: 'Stückliste.csv',
      bomHeaderRowIndex: 2,
      headers: ['Pos', 'Artikelnummer', 'Hersteller', 'Menge'],
      bomRevision: 1,
    });
    expect(first.body.bomRevisions).toHaveLength(1);
    const second = await postForm(
      customer.token,
      '/enquiry/bom/upload',
      { enquiryId: e.id, headerRowIndex: '3' },
      {
        name: 'Stückliste neu.xlsx',
        bytes: fixture('leading-zeros.xlsx'),
      },
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ bomFileName: 'Stückliste neu.xlsx', bomHeaderRowIndex: 3, bomRevision: 1 });
    expect(second.body.bomRevisions).toEqual([
      expect.objectContaining({ revision: 1, fileName: 'Stückliste neu.xlsx' }),
    ]);
    const download = await get('/enquiry/bom', { token: customer.token, query: { enquiryId: e.id } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(download.bytes.equals(fixture('leading-zeros.xlsx'))).toBe(true);
    expect(
      (await get('/enquiry/bom', { token: customer.token, query: { enquiryId: e.id, revision: '2' } })).status,
    ).toBe(404);
  });

  it('reads the German xls fixture and refuses wrong types, renamed and oversized files, unreadable tables', async () => {
    const e = await create();
    expect((await uploadBom(customer.token, e.id, 'Liste.xls', fixture('german.xls'))).status).toBe(200);
    const refusals: Array<[string, Buffer, number, string]> = [
      ['Liste.pdf', pdfBytes(), 415, 'fileTypeNotAllowed'],
      ['Liste.txt', bomCsv(), 415, 'fileTypeNotAllowed'],
      ['Liste.xlsx', pdfBytes(), 415, 'fileContentMismatch'],
      ['Liste.xls', fixture('text-renamed.xls'), 415, 'fileContentMismatch'],
      ['Liste.xlsx', fixture('zip-bomb.xlsx'), 413, 'archiveTooLarge'],
      ['Liste.xlsx', fixture('encrypted.xlsx'), 415, 'fileContentMismatch'],
      ['Liste.csv', Buffer.from(';;;\r\n;;;\r\n'), 422, 'bomUnreadable'],
      ['Liste.csv', Buffer.alloc(0), 400, 'fileEmpty'],
      ['Liste.csv', Buffer.alloc(FILE_MAX_BYTES + 1, 0x41), 413, 'payloadTooLarge'],
    ];
    for (const [name, bytes, status, code] of refusals) {
      const res = await uploadBom(customer.token, e.id, name, bytes);
      expect({ name, status: res.status, code: res.body.code }).toEqual({ name, status, code });
    }
    const after = await get('/enquiry/', { token: customer.token, query: { id: e.id } });
    expect(after.body.bomFileName).toBe('Liste.xls');
    const badIndex = await postForm(
      customer.token,
      '/enquiry/bom/upload',
      { enquiryId: e.id, headerRowIndex: '0' },
      {
        name: 'B.csv',
        bytes: bomCsv(),
      },
    );
    expect(badIndex.status).toBe(400);
    const blankRow = await postForm(
      customer.token,
      '/enquiry/bom/upload',
      { enquiryId: e.id, headerRowIndex: '40' },
      {
        name: 'B.csv',
        bytes: bomCsv(),
      },
    );
    expect(blankRow.status).toBe(400);
  });

  it('answers headers for a new file or the stored BOM (saving the new index)', async () => {
    const e = await create();
    const probe = await postForm(
      customer.token,
      '/enquiry/bom/header',
      { enquiryId: e.id },
      { name: 'B.csv', bytes: bomCsv() },
    );
    expect(probe.status).toBe(200);
    expect(probe.body).toEqual({
      headers: ['Pos', 'Artikelnummer', 'Hersteller', 'Menge'],
      bomFileName: 'B.csv',
      bomHeaderRowIndex: 2,
      suggestedHeaderRowIndex: 2,
    });
    expect((await postForm(customer.token, '/enquiry/bom/header', { enquiryId: e.id })).body.code).toBe('missingBOM');
    await uploadBom(customer.token, e.id);
    const reread = await postForm(customer.token, '/enquiry/bom/header', { enquiryId: e.id, headerRowIndex: '1' });
    expect(reread.status).toBe(200);
    expect(reread.body).toMatchObject({
      bomHeaderRowIndex: 1,
      suggestedHeaderRowIndex: 2,
      headers: ['Stückliste Schaltschrank', '', '', ''],
    });
    const saved = await get('/enquiry/', { token: customer.token, query: { id: e.id } });
    expect(saved.body).toMatchObject({ bomHeaderRowIndex: 1, headers: ['Stückliste Schaltschrank', '', '', ''] });
  });

  it('deletes the BOM before the release; after a reopen each upload is a new revision and old ones stay', async () => {
    const draft = await create();
    await uploadBom(customer.token, draft.id);
    const deleted = await byId('/enquiry/bom/delete', draft.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ bomRevision: 0, bomRevisions: [] });
    expect(deleted.body).not.toHaveProperty('bomFileName');
    expect((await get('/enquiry/bom', { token: customer.token, query: { enquiryId: draft.id } })).status).toBe(404);

    const e = await releasedEnquiry(customer);
    await byId('/enquiry/reopen', e.id);
    const r2 = await uploadBom(customer.token, e.id, 'Rev2.csv');
    const r3 = await uploadBom(customer.token, e.id, 'Rev3.csv');
    expect(r2.body.bomRevision).toBe(2);
    expect(r3.body.bomRevision).toBe(3);
    expect(r3.body.bomRevisions.map((r: { revision: number; fileName: string }) => [r.revision, r.fileName])).toEqual([
      [1, 'Stückliste.csv'],
      [2, 'Rev2.csv'],
      [3, 'Rev3.csv'],
    ]);
    const old = await get('/enquiry/bom', { token: customer.token, query: { enquiryId: e.id, revision: '1' } });
    expect(old.status).toBe(200);
    expect(old.bytes.equals(bomCsv())).toBe(true);
    const gone = await byId('/enquiry/bom/delete', e.id);
    expect(gone.body).toMatchObject({ bomRevision: 0 });
    expect(gone.body.bomRevisions).toHaveLength(3);
    const r4 = await uploadBom(customer.token, e.id, 'Rev4.csv');
    expect(r4.body.bomRevision).toBe(4);
    // the supplier downloads released revisions
    await uploadCircuitDiagram(customer.token, e.id);
    await byId('/enquiry/release', e.id);
    const bySupplier = await get('/enquiry/bom', { token: supplier.token, query: { enquiryId: e.id, revision: '1' } });
    expect(bySupplier.status).toBe(200);
  });
});

describe('circuit-diagram revisions', () => {
  it('counts 1 before the first release (deletable), then each upload is a revision and none can be deleted', async () => {
    const e = await create();
    const folder = enquiryFolderPath('documents', e.id);
    expect((await uploadCircuitDiagram(customer.token, e.id)).status).toBe(201);
    expect((await get('/enquiry/', { token: customer.token, query: { id: e.id } })).body.circuitDiagramRevision).toBe(
      1,
    );
    expect(
      (await post('/file/delete', { token: customer.token, query: { path: `${folder}Schaltplan.pdf` } })).status,
    ).toBe(200);
    expect((await get('/enquiry/', { token: customer.token, query: { id: e.id } })).body.circuitDiagramRevision).toBe(
      0,
    );
    await uploadCircuitDiagram(customer.token, e.id);
    await uploadBom(customer.token, e.id);
    expect((await byId('/enquiry/release', e.id)).body.circuitDiagramRevision).toBe(1);
    await byId('/enquiry/reopen', e.id);
    const r2 = await uploadCircuitDiagram(customer.token, e.id, 'Schaltplan Rev 2.pdf');
    expect(r2.status).toBe(201);
    const after = await get('/enquiry/', { token: customer.token, query: { id: e.id } });
    expect(after.body.circuitDiagramRevision).toBe(2);
    expect(after.body.changeEntries.at(-1)).toMatchObject({ action: 'update', fields: ['documents'] });
    const del = await post('/file/delete', { token: customer.token, query: { path: `${folder}Schaltplan.pdf` } });
    expect(del).toMatchObject({ status: 409, body: { code: 'enquiryLocked' } });
    expect(await names(e.id)).toEqual(['Schaltplan Rev 2.pdf', 'Schaltplan.pdf']);
    // other documents may still be deleted while reopened
    await uploadFile(customer.token, folder, 'Notiz.txt', Buffer.from('Hinweis'));
    expect((await post('/file/delete', { token: customer.token, query: { path: `${folder}Notiz.txt` } })).status).toBe(
      200,
    );
  });

  it('takes regulation and language files of the allowed types only', async () => {
    const e = await create();
    const regulation = enquiryFolderPath('regulation', e.id);
    expect((await uploadFile(customer.token, regulation, 'Werksnorm.pdf', pdfBytes())).status).toBe(201);
    expect((await uploadFile(customer.token, regulation, 'Werksnorm.csv', bomCsv())).status).toBe(415);
    const language = enquiryFolderPath('language', e.id);
    expect((await uploadFile(customer.token, language, 'Sprache.txt', Buffer.from('de'))).status).toBe(415);
    expect((await uploadFile(customer.token, language, 'Sprache.xlsx', fixture('leading-zeros.xlsx'))).status).toBe(
      201,
    );
  });
});

describe('POST /enquiry/copy', () => {
  it('makes a new draft with the same input and copies of every file (the current BOM as revision 1)', async () => {
    const draft = await releasableEnquiry(customer);
    await uploadFile(customer.token, enquiryFolderPath('regulation', draft.id), 'Werksnorm.pdf', pdfBytes());
    await uploadFile(customer.token, enquiryFolderPath('language', draft.id), 'Sprachen.pdf', pdfBytes());
    const source = (await byId('/enquiry/release', draft.id)).body as Enquiry;
    const res = await post('/enquiry/copy', { token: colleague.token, query: { id: source.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = res.body as Enquiry;
    expect(copy.id).not.toBe(source.id);
    expect(pick(copy)).toEqual(pick(source));
    expect(copy).toMatchObject({
      released: false,
      closed: false,
      archived: false,
      bomFileName: 'Stückliste.csv',
      bomRevision: 1,
      circuitDiagramRevision: 1,
      createdBy: colleague.user.id,
    });
    expect(copy).not.toHaveProperty('releaseDate');
    expect(copy.changeEntries.map((c) => c.action)).toEqual(['copy']);
    expect(copy.bomRevisions[0]!.path.startsWith(`enquiries/${copy.id}/bom/`)).toBe(true);
    expect(await names(copy.id)).toEqual(['Schaltplan.pdf']);
    expect(await names(copy.id, 'regulation')).toEqual(['Werksnorm.pdf']);
    expect(await names(copy.id, 'language')).toEqual(['Sprachen.pdf']);
    const bom = await get('/enquiry/bom', { token: customer.token, query: { enquiryId: copy.id } });
    expect(bom.bytes.equals(bomCsv())).toBe(true);
    // the copy is releasable at once, and changing it leaves the source alone
    expect((await byId('/enquiry/release', copy.id)).status).toBe(200);
    expect(
      (await get('/enquiry/', { token: customer.token, query: { id: source.id } })).body.bomRevisions,
    ).toHaveLength(1);
  });
});

describe('GET /enquiry/filter', () => {
  let customerB: TestUser;
  beforeAll(async () => {
    customerB = await createUser(await createCompany('CUSTOMER', { name: 'Filter Kunde GmbH' }));
    const titles = [
      'Schaltschrank Presse',
      'Steuerung Förderband',
      'Schaltschrank Lackieranlage',
      'Ölpumpe Verteiler',
      'Äußere Beleuchtung',
      'Schaltschrank Waschanlage',
      'Netzverteilung Halle 3',
    ];
    for (const [i, title] of titles.entries())
      await storeEnquiry(customerB, {
        title,
        referenceNumber: `FK-${10 - i}`,
        createDate: new Date(Date.UTC(2026, 0, 1 + i)),
        released: i % 2 === 0,
        archived: i === 4,
        closed: i === 2,
      });
  });
  const rows = (body: { content: Array<{ title: string }> }) => body.content.map((e) => e.title);

  it('pages the own company’s enquiries newest first by default, all states, with the total', async () => {
    const first = await get('/enquiry/filter', { token: customerB.token, query: { paginationSize: '5' } });
    expect(first.status).toBe(200);
    expect(first.body.totalElements).toBe(7);
    expect(rows(first.body)).toEqual([
      'Netzverteilung Halle 3',
      'Schaltschrank Waschanlage',
      'Äußere Beleuchtung',
      'Ölpumpe Verteiler',
      'Schaltschrank Lackieranlage',
    ]);
    // list rows only (no job conditions, history or files); the newest one is released: it has a releaseDate
    expect(Object.keys(first.body.content[0]).sort()).toEqual(
      [
        'releaseDate',
        'amount',
        'archived',
        'closed',
        'createDate',
        'customerId',
        'customerName',
        'deliveryCondition',
        'desiredDeliveryDate',
        'id',
        'lastUpdate',
        'referenceNumber',
        'released',
        'title',
      ].sort(),
    );
    const second = await get('/enquiry/filter', { token: customerB.token, query: { paginationSize: '5', page: '1' } });
    expect(rows(second.body)).toEqual(['Steuerung Förderband', 'Schaltschrank Presse']);
  });

  it('searches titles by word prefix and inside words, and sorts by title (folded) and reference number', async () => {
    const q = (query: Record<string, string>) => get('/enquiry/filter', { token: customerB.token, query });
    const found = await q({ title: 'schalt', column: 'title' });
    expect(rows(found.body)).toEqual([
      'Schaltschrank Lackieranlage',
      'Schaltschrank Presse',
      'Schaltschrank Waschanlage',
    ]);
    expect(found.body.totalElements).toBe(3);
    expect(rows((await q({ title: 'lack' })).body)).toEqual(['Schaltschrank Lackieranlage']);
    // inside a word from 3 characters on (issue 32 point 6); shorter fragments only at a word start
    expect(rows((await q({ title: 'chrank', column: 'title' })).body)).toEqual([
      'Schaltschrank Lackieranlage',
      'Schaltschrank Presse',
      'Schaltschrank Waschanlage',
    ]);
    expect(rows((await q({ title: 'anlage', column: 'title' })).body)).toEqual([
      'Schaltschrank Lackieranlage',
      'Schaltschrank Waschanlage',
    ]);
    expect((await q({ title: 'ch' })).body.totalElements).toBe(0);
    expect((await q({ title: 'kschalt' })).body.totalElements).toBe(0);
    expect(rows((await q({ title: 'oel' })).body)).toEqual(['Ölpumpe Verteiler']);
    const byTitle = await q({ column: 'title', sortDescending: 'true', paginationSize: '5' });
    expect(rows(byTitle.body)[0]).toBe('Steuerung Förderband');
    expect(rows(byTitle.body).at(-1)).toBe('Ölpumpe Verteiler');
    const byRef = await q({ column: 'referenceNumber', paginationSize: '5' });
    expect(byRef.body.content.map((e: { referenceNumber: string }) => e.referenceNumber)[0]).toBe('FK-10');
    expect((await q({ column: 'releaseDate' })).status).toBe(200);
    expect((await q({ column: 'customerId' })).status).toBe(400);
    expect((await q({ paginationSize: '7' })).status).toBe(400);
  });

  it('shows suppliers the open market of every customer: released, not archived, not closed', async () => {
    const res = await get('/enquiry/filter', {
      token: supplier.token,
      query: { title: 'schaltschrank', paginationSize: '30' },
    });
    expect(res.status).toBe(200);
    const mine = res.body.content.filter((e: { customerName: string }) => e.customerName === 'Filter Kunde GmbH');
    expect(rows({ content: mine })).toEqual(['Schaltschrank Presse']);
    for (const e of res.body.content) expect(e).toMatchObject({ released: true, archived: false, closed: false });
    const own = await get('/enquiry/filter', { token: customer.token, query: { paginationSize: '30' } });
    for (const e of own.body.content) expect(e.customerId).toBe(w.companies.CUSTOMER.id);
  });
});

/** The input fields of an enquiry (what copy keeps and update sends). */
function pick(e: Enquiry) {
  const {
    id: _id,
    customerId: _c,
    customerName: _n,
    released: _r,
    releaseDate: _rd,
    firstReleaseDate: _f,
    closed: _cl,
    archived: _a,
    invalidated: _i,
    bomFileName: _b,
    bomHeaderRowIndex: _bh,
    headers: _h,
    fieldMapping: _fm,
    suppliedPartString: _s,
    bomRevision: _br,
    bomRevisions: _brs,
    circuitDiagramRevision: _cd,
    createdBy: _cb,
    createDate: _cr,
    lastUpdate: _l,
    changeEntries: _ce,
    ...input
  } = e;
  return input;
}
