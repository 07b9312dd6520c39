import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBomResult } from '../../model/bom-import.js';
import type { StoredBomLine } from '../../model/bom-job.js';
import type { Article } from '../../model/catalogue.js';
import { get, post } from '../../testing/api-client.js';
import { createArticle, createManufacturer, uniq } from '../catalogue/catalogue-fixtures.js';
import { bomCsv, postForm } from '../enquiries/enquiries-fixtures.js';
import { admin, createWorld, disposeClients, type TestUser, type World } from '../../testing/fixtures.js';
import { importBom, importedBom } from './admin-bom-fixtures.js';

/**
 * The admin BOM import over HTTP through Hosting (docs/api.md "Admin BOM import"); who may call what:
 * bom.access.ts. Numbers are unique per run (the stack may hold the demo seed and other tests' imports).
 */
let w: World;
let administrator: TestUser;
let adminUser: TestUser;
const n = { order: uniq('BI-ON'), unknown: uniq('BI-NONE') };

beforeAll(async () => {
  w = await createWorld();
  administrator = w.users.platformAdmin;
  adminUser = w.users.adminUser;
  const m = await createManufacturer(administrator.token);
  await createArticle(administrator.token, { orderNumber: n.order, manufacturerId: m.id, listPrice: 100 });
});
afterAll(disposeClients);

/** Three lines: matched (2 × 100 €), not found, and the matched article as a supplied part. */
const csv = () =>
  Buffer.from(
    [
      'Import-Test;;;',
      'Pos;Bestellnummer;Menge;Beistellung',
      `1;${n.order};2;`,
      `2;${n.unknown};1;`,
      `3;${n.order};5;B`,
    ].join('\r\n'),
    'utf8',
  );
const mapping = [
  { columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' as const },
  { columnIndex: 2, importHeader: 'Menge', articleField: 'quantity' as const },
  { columnIndex: 3, importHeader: 'Beistellung', articleField: 'isSuppliedPart' as const },
];

describe('POST /enquiry/bom/map?admin=true', () => {
  it('maps and matches the file, stores the result and answers success rate, estimate and the first page', async () => {
    const name = `${uniq('Import')}.csv`;
    const res = await importBom(adminUser.token, { name, bytes: csv(), mapping, suppliedPartString: 'B' });
    expect(res.status).toBe(200);
    const result = res.body.result as AdminBomResult;
    expect(result).toMatchObject({
      bomFileName: name,
      lineCount: 3,
      errorCount: 1,
      successRate: 66.67,
      suppliedPartString: 'B',
    });
    expect(result.headers).toEqual(['Pos', 'Bestellnummer', 'Menge', 'Beistellung']);
    // 2 × 100 € (the supplied part ignored): 102–130 %
    expect(result.estimate).toMatchObject({ total: 200, min: 204, max: 260 });
    expect(result.estimate.formatted.replace(/\s/g, ' ')).toBe('204,00 € – 260,00 €');
    expect(result.createdBy).toBe(adminUser.user.id);
    const lines = res.body.lines.content as StoredBomLine[];
    expect(res.body.lines.totalElements).toBe(3);
    expect(lines.map((l) => [l.rowNumber, Boolean(l.matchedArticleId), l.isSuppliedPart])).toEqual([
      [3, true, false],
      [4, false, false],
      [5, true, true],
    ]);
    const job = await admin().db.collection('bomJobs').doc(`adminImport_${result.id}`).get();
    expect(job.data()).toMatchObject({ owner: 'adminImport', lineCount: 3 });
  });

  it('refuses `admin` from callers outside the ADMIN company (403) and checks file, header row and mapping', async () => {
    for (const kind of ['customerAdmin', 'supplierUser', 'externalUser'] as const)
      expect((await importBom(w.users[kind].token)).status, kind).toBe(403);
    expect((await importBom(undefined)).status).toBe(401);
    // without `admin` an ADMIN-company caller reaches the enquiries' map call, which is not his
    expect((await importBom(adminUser.token, { admin: 'false' })).status).toBe(403);
    const badIndex = await importBom(adminUser.token, { headerRowIndex: 0 });
    expect(badIndex.status).toBe(400);
    expect(badIndex.body.details[0].path).toBe('headerRowIndex');
    const noNumber = await importBom(adminUser.token, { mapping: [mapping[1]!] });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.details[0].path).toBe('mapping');
    expect((await importBom(adminUser.token, { name: 'Stückliste.pdf' })).status).toBe(415);
  });

  it('answers 400, not 500, for mapping entries keyed like Object.prototype (toString, constructor, __proto__)', async () => {
    for (const key of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const res = await postForm(
        adminUser.token,
        '/enquiry/bom/map?admin=true&headerRowIndex=2',
        { mapping: `[{"${key}":{"x":1}}]` },
        { name: 'Stückliste.csv', bytes: bomCsv() },
      );
      expect([res.status, res.body.code], key).toEqual([400, 'validation']);
    }
  });
});

describe('POST /admin/bom/header', () => {
  it('answers the headers at the suggested header row and a mapping proposal', async () => {
    const res = await postForm(adminUser.token, '/admin/bom/header', {}, { name: 'Liste.csv', bytes: csv() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bomFileName: 'Liste.csv', bomHeaderRowIndex: 2 });
    expect(res.body.headers).toEqual(['Pos', 'Bestellnummer', 'Menge', 'Beistellung']);
    expect(res.body.mapping.map((m: { articleField: string }) => m.articleField)).toContain('quantity');
  });
});

describe('the history: GET /admin/bom/all/simple, /admin/bom/, /admin/bom/lines, /admin/bom/delete', () => {
  it('lists the imports newest first in pages, shows one with its lines and deletes a capped list with the lines', async () => {
    const first = await importedBom(adminUser.token, `${uniq('Erster')}.csv`);
    const second = await importedBom(administrator.token, `${uniq('Zweiter')}.csv`);
    const page = await get('/admin/bom/all/simple', {
      token: administrator.token,
      query: { page: '0', paginationSize: '10' },
    });
    expect(page.status).toBe(200);
    const ids = (page.body.content as AdminBomResult[]).map((r) => r.id);
    expect(ids.indexOf(second.result.id)).toBeLessThan(ids.indexOf(first.result.id));
    expect(ids.indexOf(first.result.id)).toBeGreaterThanOrEqual(0);
    expect(page.body.totalElements).toBeGreaterThanOrEqual(2);
    const byName = await get('/admin/bom/all/simple', {
      token: administrator.token,
      query: { column: 'bomFileName', sortDescending: 'false', paginationSize: '10' },
    });
    const names = (byName.body.content as AdminBomResult[]).map((r) => r.bomFileName);
    expect(names).toEqual([...names].sort());

    // a plain ADMIN-company user reads his own result, not the administrator's, and has no history
    expect((await get('/admin/bom/', { token: adminUser.token, query: { id: first.result.id } })).status).toBe(200);
    expect((await get('/admin/bom/', { token: adminUser.token, query: { id: second.result.id } })).status).toBe(404);
    expect((await get('/admin/bom/all/simple', { token: adminUser.token })).status).toBe(403);

    const one = await get('/admin/bom/', { token: administrator.token, query: { id: first.result.id } });
    expect(one.body).toMatchObject({ id: first.result.id, bomFileName: first.result.bomFileName, lineCount: 3 });
    const errors = await get('/admin/bom/lines', {
      token: administrator.token,
      query: { id: first.result.id, errorsOnly: 'true', paginationSize: '10' },
    });
    expect(errors.status).toBe(200);
    expect(errors.body.totalElements).toBe(one.body.errorCount);
    expect(errors.body.summary).toMatchObject({ successRate: one.body.successRate, estimate: one.body.estimate });
    const generated = await get('/admin/bom/generated', { token: adminUser.token, query: { id: first.result.id } });
    expect(generated.status).toBe(200);

    const firstJob = await admin().db.collection('bomJobs').doc(`adminImport_${first.result.id}`).get();
    const firstLines = admin()
      .db.collection('bomJobs')
      .doc(`adminImport_${first.result.id}`)
      .collection('runs')
      .doc(String(firstJob.data()?.runId))
      .collection('bomLines');
    expect((await firstLines.get()).size).toBe(3);
    const tooMany = Array.from({ length: 31 }, (_, i) => `ergebnis${String(i).padStart(10, '0')}`).join(',');
    expect(
      (await get('/admin/bom/delete', { token: administrator.token, query: { adminBOMResultIds: tooMany } })).status,
    ).toBe(400);
    const deleted = await get('/admin/bom/delete', {
      token: administrator.token,
      query: { adminBOMResultIds: `${first.result.id},${second.result.id},keinErgebnis000000` },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: 2 });
    expect((await get('/admin/bom/', { token: administrator.token, query: { id: first.result.id } })).status).toBe(404);
    expect((await firstLines.get()).size).toBe(0);
  });
});

describe('POST /admin/bom/line: a manual match on a line of a result', () => {
  it('sets the matched article and manualReplacement, updates counts, success rate and estimate, and undoes it', async () => {
    const other = await createArticle(administrator.token, { orderNumber: uniq('BI-ERSATZ'), listPrice: 10 });
    const imported = await importBom(adminUser.token, { bytes: csv(), mapping, suppliedPartString: 'B' });
    const id = (imported.body.result as AdminBomResult).id;
    const res = await post('/admin/bom/line', {
      token: adminUser.token,
      body: { id, lineId: '0000004', matchedArticleId: other.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.line).toMatchObject({
      rowNumber: 4,
      matchedArticleId: other.id,
      manualReplacement: true,
      problems: [],
    });
    expect(res.body.line.bomError).toBeUndefined();
    // 2 × 100 € + 1 × 10 €, 102–130 %
    expect(res.body.result).toMatchObject({ id, errorCount: 0, successRate: 100 });
    expect(res.body.result.estimate).toMatchObject({ total: 210, min: 214.2, max: 273 });
    // stored: the result, its lines and the list of replaced articles
    const one = await get('/admin/bom/', { token: adminUser.token, query: { id } });
    expect(one.body).toMatchObject({ errorCount: 0, successRate: 100 });
    expect(new Date(one.body.lastUpdate).getTime()).toBeGreaterThan(new Date(one.body.createDate).getTime());
    const replaced = await get('/admin/bom/lines', { token: adminUser.token, query: { id, replacedOnly: 'true' } });
    expect((replaced.body.content as StoredBomLine[]).map((l) => l.rowNumber)).toEqual([4]);
    expect(replaced.body.summary).toMatchObject({ errorCount: 0, successRate: 100 });

    // a quantity edit on the same line, then the match removed: the line is 'article not found' again
    const edited = await post('/admin/bom/line', {
      token: adminUser.token,
      body: { id, lineId: '0000004', quantity: 3 },
    });
    expect(edited.body.line).toMatchObject({ quantity: 3, edited: true, manualReplacement: true });
    expect(edited.body.result.estimate).toMatchObject({ total: 230 });
    const undone = await post('/admin/bom/line', {
      token: adminUser.token,
      body: { id, lineId: '0000004', matchedArticleId: null },
    });
    expect(undone.status).toBe(200);
    expect(undone.body.line).toMatchObject({ manualReplacement: false, bomError: 'ARTICLE_NOT_FOUND' });
    expect(undone.body.line.matchedArticleId).toBeUndefined();
    expect(undone.body.result).toMatchObject({ errorCount: 1, successRate: 66.67 });
    expect(undone.body.result.estimate).toMatchObject({ total: 200 });
  });

  it('answers 404 for an unknown line or another user’s result, 422 for an unknown article, 400 for bad input', async () => {
    const own = (await importedBom(adminUser.token, `${uniq('Eigen')}.csv`)).result.id;
    const others = (await importedBom(administrator.token, `${uniq('Fremd')}.csv`)).result.id;
    const line = (body: object, token = adminUser.token) => post('/admin/bom/line', { token, body });
    expect((await line({ id: own, lineId: '0009999' })).status).toBe(404);
    expect((await line({ id: 'keinErgebnis000000', lineId: '0000003' })).status).toBe(404);
    // a user without the admin flag does not see the administrator's result; the administrator sees every one
    expect((await line({ id: others, lineId: '0000003' })).status).toBe(404);
    expect((await line({ id: own, lineId: '0000003' }, administrator.token)).status).toBe(200);
    const unknownArticle = await line({ id: own, lineId: '0000003', matchedArticleId: 'keinArtikel0000000' });
    expect(unknownArticle.status).toBe(422);
    expect(unknownArticle.body.code).toBe('bomArticleUnknown');
    for (const body of [
      { lineId: '0000003' },
      { id: own, lineId: 'abc' },
      { id: own },
      { id: own, lineId: '0000003', quantity: 0 },
      { id: own, lineId: '0000003', matchedArticleId: 'a/b' },
    ]) {
      const res = await line(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation');
    }
    // the customer's line call is not the admin's: no `id` there
    expect(
      (await post('/admin/bom/line', { token: w.users.customerAdmin.token, body: { id: own, lineId: '0000003' } }))
        .status,
    ).toBe(403);
  });
});

describe('POST /admin/bom/rematch: after an article edit from a line', () => {
  it('matches the line, the lines with its number and the lines matched to its article again', async () => {
    const number = uniq('BI-EDIT');
    const article = await createArticle(administrator.token, {
      orderNumber: number,
      listPrice: 100,
      description: 'Alt',
    });
    const file = Buffer.from(
      ['Pos;Bestellnummer;Menge', `1;${number};2`, `2;${number};1`, `3;${uniq('BI-NIX')};1`].join('\r\n'),
      'utf8',
    );
    const imported = await importBom(adminUser.token, { bytes: file, mapping: mapping.slice(0, 2), headerRowIndex: 1 });
    expect(imported.status).toBe(200);
    const id = (imported.body.result as AdminBomResult).id;
    expect(imported.body.result).toMatchObject({ lineCount: 3, errorCount: 1 });
    // row 4 manually matched to the same article
    expect(
      (
        await post('/admin/bom/line', {
          token: adminUser.token,
          body: { id, lineId: '0000004', matchedArticleId: article.id },
        })
      ).status,
    ).toBe(200);

    const update = (changes: Partial<Article>) =>
      post('/article/update', { token: adminUser.token, body: { ...article, ...changes } });
    expect((await update({ listPrice: 200, description: 'Neu' })).status).toBe(200);
    // before the re-match the result keeps the values it was matched with
    const before = await get('/admin/bom/lines', { token: adminUser.token, query: { id } });
    expect((before.body.content as StoredBomLine[])[0]!.matchedArticle?.description).toBe('Alt');

    const res = await post('/admin/bom/rematch', { token: adminUser.token, body: { id, lineId: '0000002' } });
    expect(res.status).toBe(200);
    const lines = (res.body.lines as StoredBomLine[]).sort((a, b) => a.rowNumber - b.rowNumber);
    expect(
      lines.map((l) => [l.rowNumber, l.matchedArticle?.description, l.matchedArticle?.listPrice, l.manualReplacement]),
    ).toEqual([
      [2, 'Neu', 200, false],
      [3, 'Neu', 200, false],
      [4, 'Neu', 200, true],
    ]);
    // (2 + 1 + 1) × 200 €
    expect(res.body.result).toMatchObject({ errorCount: 0, successRate: 100 });
    expect(res.body.result.estimate).toMatchObject({ total: 800 });

    // the number changed in the catalogue: the lines matched by it are not found any more, the manual match stays
    expect((await update({ orderNumber: `${number}-NEU`, listPrice: 200, description: 'Neu' })).status).toBe(200);
    const again = await post('/admin/bom/rematch', { token: adminUser.token, body: { id, lineId: '0000002' } });
    expect(again.status).toBe(200);
    const after = await get('/admin/bom/lines', { token: adminUser.token, query: { id } });
    expect(
      (after.body.content as StoredBomLine[]).map((l) => [
        l.rowNumber,
        l.bomError ?? null,
        l.matchedArticle?.orderNumber ?? null,
      ]),
    ).toEqual([
      [2, 'ARTICLE_NOT_FOUND', null],
      [3, 'ARTICLE_NOT_FOUND', null],
      [4, null, `${number}-NEU`],
    ]);
    expect(again.body.result).toMatchObject({ errorCount: 2, successRate: 33.33 });
    expect(again.body.result.estimate).toMatchObject({ total: 200 });

    expect((await post('/admin/bom/rematch', { token: adminUser.token, body: { id, lineId: '0009999' } })).status).toBe(
      404,
    );
    expect((await post('/admin/bom/rematch', { token: adminUser.token, body: { id } })).status).toBe(400);
  });
});
