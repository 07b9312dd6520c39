import { FieldValue as Fs } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, FieldValue } from '../../model/catalogue.js';
import type { ArticleImportProgress } from '../../model/article-transfer.js';
import { CloudTaskQueue } from '../../platform/tasks/task-queue.js';
import { call, get, post } from '../../testing/api-client.js';
import { createManufacturer, createUnit, createWholesaler, fieldValue, uniq } from '../catalogue/catalogue-fixtures.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { admin, createWorld, disposeClients, mailsTo, type World } from '../../testing/fixtures.js';
import { HOSTS } from '../../testing/env.js';
import { holdTaskAfterFirstChunk, resumeTask } from '../../testing/task-fixtures.js';
import { postForm, uploadFile } from '../../testing/upload-client.js';
import {
  createImportConfig,
  csvFile,
  downloadText,
  importAndWait,
  importProgress,
  startImport,
  waitForTask,
  waitUntilNoImportRuns,
} from './article-transfer-fixtures.js';
import { IMPORT_CONFIGS_PORT } from '../import-configs/import-configs.port.js';
import { IMPORT_LOCK } from './article-transfer.repository.js';

/**
 * Article import and export over HTTP through Hosting and the Cloud Tasks emulator (docs/api.md "Article import
 * and export", docs/decisions-imports.md). Who may call what: article-transfer.access.ts.
 */
let w: World;
let t: string;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  t = w.users.platformAdmin.token;
});
afterAll(disposeClients);

const db = () => admin().db;
const articleByOrder = async (orderNumber: string): Promise<Article | undefined> => {
  const found = await get('/article/search', { token: t, query: { searchTerm: orderNumber, amount: '5' } });
  return (found.body as Article[]).find((a) => a.orderNumber === orderNumber);
};
const count = async (path: string, id: string) => (await fieldValue(path, t, id)).usedByArticleAmount;

describe('article import', () => {
  it('creates articles by order number: names resolved, units converted, alternatives, wholesaler infos; a second file updates them with exact counts', async () => {
    const m = await createManufacturer(t, { displayName: uniq('Phoenix'), nameVariants: [] });
    const unit = await createUnit(t);
    const wh = await createWholesaler(t);
    const config = await createImportConfig({ wholesalerId: wh.id });
    const a = uniq('IMP-A');
    const b = uniq('IMP-B');
    const first = await importAndWait(t, config.id, {
      name: 'artikel.csv',
      bytes: csvFile([
        [
          a,
          'M-1',
          m.displayName.toUpperCase(),
          'Klemme',
          '12,50',
          '45',
          unit.displayName,
          `${a}-ALT|${a}-ALT2`,
          'GH-1',
          '9,99',
        ],
        [b, 'M-2', m.displayName, 'Relais', '3', '', '', '', '', ''],
      ]),
    });
    expect(first).toMatchObject({
      state: 'done',
      percent: 100,
      done: 2,
      total: 2,
      created: 2,
      updated: 0,
      failedRows: 0,
    });
    const art = await articleByOrder(a);
    expect(art).toMatchObject({
      manufacturerId: m.id,
      manufacturerName: m.displayName,
      description: 'Klemme',
      listPrice: 12.5,
      width: 4.5, // 45 mm → cm
      unitId: unit.id,
      possibleOrderNumbers: [`${a}-ALT`, `${a}-ALT2`],
      wholesalerInfos: [{ wholesalerId: wh.id, orderNumber: 'GH-1', purchasePrice: 9.99 }],
      articleImportSource: 'CSV',
    });
    expect(await count('/manufacturer', m.id)).toBe(2);
    expect(await count('/unit', unit.id)).toBe(1);
    expect(await count('/wholesaler', wh.id)).toBe(1);

    // the same numbers again (one by an alternative spelling): updated, not created; counts unchanged
    const second = await importAndWait(t, config.id, {
      name: 'artikel2.txt',
      bytes: csvFile([[a.toLowerCase(), 'M-1', m.displayName, 'Klemme neu', '13', '', '', '', '', '']]),
    });
    expect(second).toMatchObject({ state: 'done', created: 0, updated: 1, failedRows: 0 });
    // found by the normalised number; the file's spelling is the article's now
    const updated = (await db().collection('articles').doc(art!.id).get()).data();
    expect(updated).toMatchObject({
      orderNumber: a.toLowerCase(),
      description: 'Klemme neu',
      listPrice: 13,
      unitId: unit.id,
    });
    expect(await count('/manufacturer', m.id)).toBe(2);
  });

  it('a second import while one runs answers 409; once that task is final a new one is accepted', async () => {
    await waitUntilNoImportRuns();
    const config = await createImportConfig();
    // a running import: the lock points at a task that is not final (created, never started)
    const id = await admin().container.platform.tasks.create({
      kind: 'articleTransfer.import',
      params: { importId: 'x', configId: config.id, fileName: 'x.csv', sourcePath: 'articleImports/x/x.csv' },
      createdBy: 'test',
    });
    const running = db().collection('backgroundTasks').doc(id);
    await db()
      .collection(IMPORT_LOCK.collection)
      .doc(IMPORT_LOCK.id)
      .set({ taskId: id, importId: 'x', configId: config.id });
    const refused = await startImport(t, config.id, {
      name: 'a.csv',
      bytes: csvFile([[uniq('R'), '', '', '', '', '', '', '', '', '']]),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('articleImportRunning');
    // the configuration of the running import cannot be deleted (the import-configs area's deleteRequested check)
    const deleteCheck = () =>
      db().runTransaction((tx) =>
        admin().container.ports.get(IMPORT_CONFIGS_PORT).events.deleteRequested.run(tx, config),
      );
    await expect(deleteCheck()).rejects.toMatchObject({ status: 409, code: 'importConfigInUse' });
    await running.update({ state: 'done', resumeAt: Fs.delete() });
    await expect(deleteCheck()).resolves.toBeUndefined();
    const accepted = await startImport(t, config.id, {
      name: 'a.csv',
      bytes: csvFile([[uniq('R'), '', '', '', '', '', '', '', '', '']]),
    });
    expect(accepted.status).toBe(202);
    await waitForTask(accepted.body.taskId);
  });

  it('two imports started at once: one is accepted, the other answers 409', async () => {
    await waitUntilNoImportRuns();
    const config = await createImportConfig();
    // large enough that the first still runs when the second arrives (the emulator may serve them one after another;
    // a chunk of 150 rows commits in ~30 ms on an idle machine, so 3 000 rows could be done already)
    const file = () => {
      const prefix = uniq('P');
      return {
        name: 'p.csv',
        bytes: csvFile(
          Array.from({ length: 20_000 }, (_, i) => [`${prefix}-${i}`, '', '', '', '', '', '', '', '', '']),
        ),
      };
    };
    const results = await Promise.all([startImport(t, config.id, file()), startImport(t, config.id, file())]);
    expect(results.map((r) => r.status).sort()).toEqual([202, 409]);
    await get('/article/import/abort', { token: t });
    await waitForTask(results.find((r) => r.status === 202)!.body.taskId);
  });

  it('a duplicated delivery ends in the same state: every row once, counts exact', async () => {
    await waitUntilNoImportRuns();
    const m = await createManufacturer(t);
    const config = await createImportConfig({ manufacturerId: m.id });
    const prefix = uniq('DUP');
    const rows = Array.from({ length: 450 }, (_, i) => [
      `${prefix}-${i}`,
      '',
      '',
      `Artikel ${i}`,
      '1',
      '',
      '',
      '',
      '',
      '',
    ]);
    const started = await startImport(t, config.id, { name: 'dup.csv', bytes: csvFile(rows) });
    expect(started.status).toBe(202);
    const id = started.body.taskId as string;
    const queue = new CloudTaskQueue(() => admin().auth.app);
    await Promise.all([queue.enqueue(id, `${id}-dupA`), queue.enqueue(id, `${id}-dupB`)]);
    const task = await waitForTask(id);
    expect(task).toMatchObject({ state: 'done', progress: { done: 450, total: 450, percent: 100 } });
    expect((await importProgress(t)).body).toMatchObject({ created: 450, updated: 0, failedRows: 0 });
    expect(await count('/manufacturer', m.id)).toBe(450);
    const stored = await db().collection('articles').where('manufacturerId', '==', m.id).count().get();
    expect(stored.data().count).toBe(450);
  });

  it('a delivery cut off mid-way (its next commit refused, as after a crash) and redelivered twice: every row once, counts exact', async () => {
    await waitUntilNoImportRuns();
    const m = await createManufacturer(t);
    const config = await createImportConfig({ manufacturerId: m.id });
    const prefix = uniq('CUT');
    const total = 3000;
    const rows = Array.from({ length: total }, (_, i) => [
      `${prefix}-${i}`,
      '',
      '',
      `Artikel ${i}`,
      '1',
      '',
      '',
      '',
      '',
      '',
    ]);
    const started = await startImport(t, config.id, { name: 'cut.csv', bytes: csvFile(rows) });
    expect(started.status).toBe(202);
    const id = started.body.taskId as string;
    await holdTaskAfterFirstChunk(id);
    const held = (await importProgress(t)).body as ArticleImportProgress;
    expect(held).toMatchObject({ state: 'running', total });
    expect(held.done).toBeGreaterThan(0);
    expect(held.done).toBeLessThan(total);
    await resumeTask(id, ['again', 'duplicate']);
    const task = await waitForTask(id);
    expect(task).toMatchObject({ state: 'done', progress: { done: total, total, percent: 100 } });
    expect((await importProgress(t)).body).toMatchObject({ created: total, updated: 0, failedRows: 0 });
    expect(await count('/manufacturer', m.id)).toBe(total);
    const stored = await db().collection('articles').where('manufacturerId', '==', m.id).count().get();
    expect(stored.data().count).toBe(total);
  });

  it('one number in three batches (each prefetched while the one before commits), delivered twice: file order wins, counts exact', async () => {
    await waitUntilNoImportRuns();
    const m = await createManufacturer(t);
    const config = await createImportConfig({ manufacturerId: m.id });
    const prefix = uniq('SAME');
    // rows 10, 160 and 310 (batches 0, 1, 2 of IMPORT_BATCH_ROWS = 150) carry the same order number
    const same = new Set([10, 160, 310]);
    const rows = Array.from({ length: 400 }, (_, i) => [
      same.has(i) ? `${prefix}-X` : `${prefix}-${i}`,
      '',
      '',
      `Artikel ${i}`,
      '1',
      '',
      '',
      '',
      '',
      '',
    ]);
    const started = await startImport(t, config.id, { name: 'same.csv', bytes: csvFile(rows) });
    expect(started.status).toBe(202);
    const id = started.body.taskId as string;
    await new CloudTaskQueue(() => admin().auth.app).enqueue(id, `${id}-dup`);
    const task = await waitForTask(id);
    expect(task).toMatchObject({ state: 'done', progress: { done: 400, total: 400 } });
    expect((await importProgress(t)).body).toMatchObject({ created: 398, updated: 2, failedRows: 0 });
    const article = await articleByOrder(`${prefix}-X`);
    expect(article?.description).toBe('Artikel 310');
    expect(await count('/manufacturer', m.id)).toBe(398);
    const stored = await db().collection('articles').where('manufacturerId', '==', m.id).count().get();
    expect(stored.data().count).toBe(398);
    // one article holds the number: exactly one claim
    expect((await db().collection('uniqueKeys').where('ownerId', '==', article!.id).get()).size).toBe(1);
  });

  it('rows with many numbers: chunks end at the write budget and continue inside the batch; every row once', async () => {
    await waitUntilNoImportRuns();
    const m = await createManufacturer(t);
    const config = await createImportConfig({ manufacturerId: m.id });
    const prefix = uniq('ALT');
    const alternatives = (i: number) => Array.from({ length: 30 }, (_, k) => `${prefix}-${i}-A${k}`).join('|');
    const rows = Array.from({ length: 150 }, (_, i) => [
      `${prefix}-${i}`,
      '',
      '',
      '',
      '1',
      '',
      '',
      alternatives(i),
      '',
      '',
    ]);
    const progress = await importAndWait(t, config.id, { name: 'alt.csv', bytes: csvFile(rows) });
    expect(progress).toMatchObject({ state: 'done', done: 150, total: 150, created: 150, failedRows: 0 });
    expect(await count('/manufacturer', m.id)).toBe(150);
    const claims = await db()
      .collection('uniqueKeys')
      .where('ownerId', 'in', [(await articleByOrder(`${prefix}-149`))!.id])
      .get();
    expect(claims.size).toBe(31);
  });

  it('abort mid-way: the task ends aborted, progress tells how far, the catalogue holds exactly the committed rows', async () => {
    await waitUntilNoImportRuns();
    const m = await createManufacturer(t);
    const config = await createImportConfig({ manufacturerId: m.id });
    const prefix = uniq('ABO');
    // large enough that the abort arrives while it runs (a chunk of 150 rows commits in ~30 ms on an idle machine)
    const rows = Array.from({ length: 20_000 }, (_, i) => [`${prefix}-${i}`, '', '', 'x', '1', '', '', '', '', '']);
    const started = await startImport(t, config.id, { name: 'abort.csv', bytes: csvFile(rows) });
    expect(started.status).toBe(202);
    const id = started.body.taskId as string;
    await waitForTask(id, (task) => (task?.progress.done ?? 0) >= 200);
    const aborted = await get('/article/import/abort', { token: t });
    expect(aborted.status).toBe(200);
    const task = await waitForTask(id);
    expect(task.state).toBe('aborted');
    expect(task.progress.done).toBeLessThan(20_000);
    const progress = (await importProgress(t)).body as ArticleImportProgress;
    expect(progress).toMatchObject({ state: 'aborted', done: task.progress.done, total: 20_000 });
    expect(progress.percent).toBe(Math.floor((task.progress.done * 100) / 20_000));
    expect(await count('/manufacturer', m.id)).toBe(task.progress.done);
    const stored = await db().collection('articles').where('manufacturerId', '==', m.id).count().get();
    expect(stored.data().count).toBe(task.progress.done);
  });

  it('the per-row report: row, column and reason of every refused row, downloadable next to the import', async () => {
    const m = await createManufacturer(t);
    const other = uniq('TAKEN');
    await post('/article', { token: t, body: { orderNumber: uniq('OWN'), possibleOrderNumbers: [other] } });
    const config = await createImportConfig();
    const good = uniq('GOOD');
    const progress = await importAndWait(t, config.id, {
      name: 'bericht.csv',
      bytes: csvFile([
        [good, '', m.displayName, 'gut', '1', '', '', '', '', ''],
        [uniq('BAD'), '', m.displayName, 'Preis', 'zwölf', '', '', '', '', ''],
        [uniq('UNK'), '', 'Gibt es nicht GmbH', '', '1', '', '', '', '', ''],
        ['', '', '', 'ohne Nummer', '', '', '', '', '', ''],
        [other, '', '', 'vergeben', '', '', '', '', '', ''],
      ]),
    });
    expect(progress).toMatchObject({ state: 'done', created: 1, failedRows: 4 });
    expect(progress.reportPath).toMatch(/^articleImports\/[\w-]+\/Fehlerbericht\.csv$/);
    const report = await downloadText(t, progress.reportPath!);
    expect(report.startsWith('\uFEFF"Zeile";"Spalte";"Grund"')).toBe(true);
    expect(report).toContain('"3";"Listenpreis";"Keine gültige Zahl"');
    expect(report).toContain('"4";"Hersteller";"Hersteller unbekannt (bitte unter Feldwerte anlegen)"');
    expect(report).toContain('"5";"";"Bestellnummer oder Herstellernummer mit Hersteller fehlt"');
    expect(report).toContain('"6";"Bestellnummer";"Die Nummer gehört bereits einem anderen Artikel"');
    expect(await articleByOrder(good)).toBeDefined();
  });

  it('wrong format 417, unreadable 424, unknown configuration 404, missing file 400', async () => {
    await waitUntilNoImportRuns();
    const config = await createImportConfig();
    const pdf = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
    expect((await startImport(t, config.id, { name: 'a.pdf', bytes: pdf })).status).toBe(417);
    const renamed = await startImport(t, config.id, { name: 'a.csv', bytes: pdf });
    expect([renamed.status, renamed.body.code]).toEqual([417, 'articleImportWrongFormat']);
    const brokenZip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const unreadable = await startImport(t, config.id, { name: 'a.xlsx', bytes: brokenZip });
    expect([unreadable.status, unreadable.body.code]).toEqual([424, 'articleImportUnreadable']);
    const empty = await startImport(t, config.id, { name: 'leer.csv', bytes: new TextEncoder().encode(' \r\n;;\r\n') });
    expect(empty.status).toBe(424);
    const ok = { name: 'a.csv', bytes: csvFile([[uniq('X'), '', '', '', '', '', '', '', '', '']]) };
    expect((await startImport(t, 'gibtEsNicht', ok)).status).toBe(404);
    expect((await startImport(t, '../x', ok)).status).toBe(400);
    expect((await postForm(t, '/article/import', { importConfigId: config.id })).status).toBe(400);
  });
});

describe('large files: a resumable upload to Storage through a session the API issues', () => {
  it('a file beyond the 10 MB request limit is uploaded to the session URL and imported; refusals', async () => {
    await waitUntilNoImportRuns();
    const config = await createImportConfig();
    const prefix = uniq('BIG');
    // 3 articles padded with blank lines (dropped by the staging) to 11 MB
    const head = csvFile([0, 1, 2].map((i) => [`${prefix}-${i}`, '', '', 'groß', '1', '', '', '', '', '']));
    const blank = new TextEncoder().encode(`${';'.repeat(78)}\r\n`);
    const bytes = new Uint8Array(11 * 1024 * 1024);
    bytes.set(head);
    for (let at = head.length; at + blank.length <= bytes.length; at += blank.length) bytes.set(blank, at);
    const trimmed = bytes.subarray(
      0,
      head.length + Math.floor((bytes.length - head.length) / blank.length) * blank.length,
    );

    // the multipart route keeps the spec's limit
    expect((await startImport(t, config.id, { name: 'gross.csv', bytes: trimmed })).status).toBe(413);

    const session = await post('/article/import/upload', {
      token: t,
      body: { fileName: 'gross.csv', size: trimmed.length },
    });
    expect(session.status).toBe(201);
    expect(session.body.path).toBe(`articleImports/${session.body.importId}/gross.csv`);
    const put = await fetch(session.body.uploadUrl, { method: 'PUT', body: trimmed });
    expect(put.status).toBeLessThan(300);

    const started = await post('/article/import/uploaded', {
      token: t,
      body: { importId: session.body.importId, importConfigId: config.id },
    });
    expect(started.status).toBe(202);
    const task = await waitForTask(started.body.taskId);
    expect(task).toMatchObject({ state: 'done', progress: { done: 3, total: 3 } });
    expect((await importProgress(t)).body).toMatchObject({ created: 3, fileName: 'gross.csv' });
    // an upload is imported once
    const again = await post('/article/import/uploaded', {
      token: t,
      body: { importId: session.body.importId, importConfigId: config.id },
    });
    expect(again.status).toBe(409);

    const refused = async (body: unknown) => (await post('/article/import/upload', { token: t, body })).status;
    expect(await refused({ fileName: 'x.pdf', size: 100 })).toBe(417);
    expect(await refused({ fileName: 'x.csv', size: 41 * 1024 * 1024 })).toBe(413);
    expect(await refused({ fileName: 'x.csv', size: '100' })).toBe(400);
    const nothing = await post('/article/import/uploaded', {
      token: t,
      body: { importId: 'keinUpload', importConfigId: config.id },
    });
    expect(nothing.status).toBe(404);
  });
});

describe('article export', () => {
  let m1: FieldValue;
  let m2: FieldValue;
  beforeAll(async () => {
    m1 = await createManufacturer(t);
    m2 = await createManufacturer(t);
    const mk = (body: Partial<Article>) => post('/article', { token: t, body: { orderNumber: uniq('EX'), ...body } });
    await Promise.all([
      mk({ manufacturerId: m1.id, listPrice: 10, description: '=HYPERLINK("http://evil")' }),
      mk({ manufacturerId: m1.id, listPrice: 50, description: 'teuer' }),
      mk({ manufacturerId: m1.id, description: 'ohne Preis' }),
      mk({ manufacturerId: m2.id, listPrice: 20, description: 'anderer Hersteller' }),
    ]);
  });

  const exportCall = (body: unknown, token = t) =>
    fetch(new URL('/api/article/export', HOSTS.portal), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers the CSV directly: BOM, ";", quoted cells, formulas neutralised, name in Content-Disposition, filters applied', async () => {
    const res = await exportCall({
      manufacturers: [m1.id],
      importSources: ['MANUAL'],
      priceRange: { from: 5, to: 40 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="Artikelexport-\d{4}-\d\d-\d\d-\d{4}\.csv"/,
    );
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith('\uFEFF"orderNumber";"manufacturerNumber"')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain('"10"');
    const all = await exportCall({ manufacturers: [m1.id, m2.id], importSources: [], priceRange: {} });
    expect((await all.text()).trim().split('\r\n')).toHaveLength(5);
  });

  it('an empty result is an empty answer (204); a source filter that matches nothing too', async () => {
    const res = await exportCall({ manufacturers: [m1.id], importSources: ['MYSQL'], priceRange: {} });
    expect(res.status).toBe(204);
  });

  it('exportResult/ is for ADMIN-company users; nobody uploads into it through /file', async () => {
    expect(
      (await get('/file/names', { token: w.users.adminUser.token, query: { path: 'exportResult/' } })).status,
    ).toBe(200);
    expect(
      (await get('/file/names', { token: w.users.customerAdmin.token, query: { path: 'exportResult/' } })).status,
    ).toBe(403);
    const upload = await uploadFile(
      t,
      'exportResult/',
      'fremd.csv',
      csvFile([['x', '', '', '', '', '', '', '', '', '']]),
    );
    expect(upload.status).toBe(403);
    const listed = await get('/file/names', { token: t, query: { path: 'exportResult/' } });
    expect(JSON.stringify(listed.body)).not.toContain('fremd.csv');
  });

  it('bad input answers 400: from > to, negative prices, unknown sources, strings as numbers', async () => {
    for (const body of [
      { manufacturers: [], importSources: [], priceRange: { from: 10, to: 5 } },
      { manufacturers: [], importSources: [], priceRange: { from: -1 } },
      { manufacturers: [], importSources: ['EXCEL'], priceRange: {} },
      { manufacturers: [], importSources: [], priceRange: { to: '5' } },
      { manufacturers: ['../x'], importSources: [], priceRange: {} },
    ]) {
      const res = await call('POST', '/article/export', { token: t, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation');
    }
  });

  it('beyond the direct limit: a task writes the file under exportResult/ (202), listed by /file, and a German mail', async () => {
    const m = await createManufacturer(t);
    // 5 001 articles of one manufacturer, written directly (the import path is tested above); without the bulk
    // writer's slow start for a new collection (500 writes/s at first: 10 s of waiting for 5 001)
    const writer = db().bulkWriter({ throttling: false });
    const now = new Date();
    for (let i = 0; i < 5001; i++) {
      const ref = db().collection('articles').doc();
      void writer.set(ref, {
        id: ref.id,
        orderNumber: `BULK-${i}`,
        manufacturerId: m.id,
        listPrice: i,
        articleImportSource: 'CSV',
        possibleOrderNumbers: [],
        possibleManufacturerNumbers: [],
        wholesalerInfos: [],
        createDate: now,
        lastUpdate: now,
      });
    }
    await writer.close();
    const res = await call('POST', '/article/export', {
      token: t,
      body: { manufacturers: [m.id], importSources: ['CSV'], priceRange: { from: 100 } },
    });
    expect(res.status).toBe(202);
    expect(res.body.path).toMatch(/^exportResult\/Artikelexport-.+\.csv$/);
    const task = await waitForTask(res.body.taskId);
    expect(task).toMatchObject({ state: 'done', progress: { done: 5001 } });
    const listed = await get('/file/names', { token: w.users.adminUser.token, query: { path: 'exportResult/' } });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(res.body.path.slice('exportResult/'.length));
    const text = await downloadText(t, res.body.path);
    expect(text.trim().split('\r\n')).toHaveLength(1 + 4901);
    // the mail is written in the last chunk's commit, with the task's final state
    const mails = await mailsTo(w.users.platformAdmin.mail);
    expect(mails.find((x) => x.message.subject === 'Ihr Artikelexport ist fertig')?.message.text).toContain(
      '4.901 Artikel',
    );
    const del = await post('/file/delete', { token: t, query: { path: res.body.path } });
    expect(del.status).toBe(200);
  }, 180_000);
});
