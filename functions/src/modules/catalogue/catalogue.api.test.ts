import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, FieldValue } from '../../model/catalogue.js';
import { get, post } from '../../testing/api-client.js';
import { postForm } from '../../testing/upload-client.js';
import {
  createArticle,
  createDiscountGroup,
  createManufacturer,
  createUnit,
  createWholesaler,
  fieldValue,
  uniq,
} from './catalogue-fixtures.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { admin, createWorld, disposeClients, type World } from '../../testing/fixtures.js';
import { waitForDocument } from '../../testing/wait-for-document.js';
import { COMBINE_TASK, RENAME_MANUFACTURER_TASK } from './catalogue-keys.js';

/**
 * The catalogue over HTTP through Hosting (docs/api.md "Catalogue", docs/decisions-catalogue.md); who may call what:
 * catalogue.access.ts. Here: uniqueness and its races, the spec's status codes, counts, combine, delete protection,
 * bad input, the search answer per caller.
 */
let w: World;
let t: string;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  t = w.users.platformAdmin.token;
});
afterAll(disposeClients);

const unitCount = async (id: string) => (await fieldValue('/unit', t, id)).usedByArticleAmount;
const taskDone = (taskId: string) =>
  waitForDocument<{ state: string }>(admin().db.collection('backgroundTasks').doc(taskId), (d) => d?.state === 'done');

describe('uniqueness', () => {
  it('8 parallel creates of one order number in different spellings: one wins, the others answer 406', async () => {
    const base = uniq('3211').toUpperCase().replace(/-/g, '');
    const spellings = [
      base,
      base.toLowerCase(),
      `${base.slice(0, 4)}-${base.slice(4)}`,
      `${base.slice(0, 4)} ${base.slice(4)}`,
      `${base.slice(0, 2)}.${base.slice(2)}`,
      `${base.slice(0, 3)}/${base.slice(3)}`,
      ` ${base} `,
      `${base.slice(0, 5)}_${base.slice(5)}`,
    ];
    const results = await Promise.all(
      spellings.map((orderNumber) => post('/article', { token: t, body: { orderNumber } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 406, 406, 406, 406, 406, 406, 406]);
    expect(results.find((r) => r.status === 406)!.body.code).toBe('articleCreateConflict');
  });

  it('an alternative equal to another article’s main number is refused (create 406, update 409)', async () => {
    const a = await createArticle(t);
    const b = await createArticle(t);
    const create = await post('/article', {
      token: t,
      body: { orderNumber: uniq('X'), possibleOrderNumbers: [a.orderNumber!.toLowerCase()] },
    });
    expect(create.status).toBe(406);
    const update = await post('/article/update', { token: t, body: { ...b, possibleOrderNumbers: [a.orderNumber] } });
    expect(update.status).toBe(409);
    expect(update.body.code).toBe('articleUpdateConflict');
    // the released number is free again once its article changes it
    const renamed = await post('/article/update', { token: t, body: { ...a, orderNumber: uniq('NEU') } });
    expect(renamed.status).toBe(200);
    expect(
      (await post('/article/update', { token: t, body: { ...b, possibleOrderNumbers: [a.orderNumber] } })).status,
    ).toBe(200);
    const check = await post('/article/replace', { token: t, body: { orderNumber: a.orderNumber } });
    expect(check.body.article.id).toBe(b.id);
    expect(
      (await post('/article/replace', { token: t, body: { orderNumber: a.orderNumber, matchId: b.id } })).body.article,
    ).toBeNull();
  });

  it('manufacturer numbers are unique per manufacturer, alternatives included', async () => {
    const [m1, m2] = await Promise.all([createManufacturer(t), createManufacturer(t)]);
    const number = uniq('MN');
    await createArticle(t, { orderNumber: undefined, manufacturerNumber: number, manufacturerId: m1.id });
    const same = await post('/article', {
      token: t,
      body: { manufacturerNumber: ` ${number.toLowerCase()}`, manufacturerId: m1.id },
    });
    expect(same.status).toBe(406);
    const alt = await post('/article', {
      token: t,
      body: { orderNumber: uniq('ON'), manufacturerId: m1.id, possibleManufacturerNumbers: [number] },
    });
    expect(alt.status).toBe(406);
    const other = await post('/article', { token: t, body: { manufacturerNumber: number, manufacturerId: m2.id } });
    expect(other.status).toBe(201);
  });

  it('two parallel saves of one name variant: one wins, the other answers nameVariantTaken', async () => {
    const variant = uniq('PHOENIX');
    const results = await Promise.all([
      post('/manufacturer', { token: t, body: { displayName: uniq('A'), nameVariants: [variant] } }),
      post('/manufacturer', { token: t, body: { displayName: uniq('B'), nameVariants: [variant.toLowerCase()] } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('nameVariantTaken');
    // own variants may be kept on update; the exact-name lookup is case-sensitive
    const winner = results.find((r) => r.status === 201)!.body as FieldValue;
    expect(
      (await post('/manufacturer/update', { token: t, body: { ...winner, link: 'https://www.phoenixcontact.com' } }))
        .status,
    ).toBe(200);
    expect((await get('/manufacturer/name', { token: t, query: { name: winner.nameVariants[0] } })).body.id).toBe(
      winner.id,
    );
    expect(
      (await get('/manufacturer/name', { token: t, query: { name: winner.nameVariants[0]!.toLowerCase() + 'x' } }))
        .body,
    ).toBeNull();
  });

  it('wholesaler names are unique: 412', async () => {
    const name = uniq('Sonepar');
    await createWholesaler(t, { displayName: name });
    const again = await post('/wholesaler', { token: t, body: { displayName: name.toUpperCase() } });
    expect(again.status).toBe(412);
    expect(again.body.code).toBe('wholesalerNameTaken');
  });
});

describe('spec answers and bad input', () => {
  it('missing values answer 417: no order number, or a manufacturer number without manufacturer', async () => {
    expect((await post('/article', { token: t, body: { description: 'ohne Nummer' } })).status).toBe(417);
    const noMfr = await post('/article', { token: t, body: { manufacturerNumber: uniq('MN') } });
    expect(noMfr.status).toBe(417);
    expect(noMfr.body.code).toBe('articleMissingValues');
    const a = await createArticle(t);
    expect((await post('/article/update', { token: t, body: { ...a, orderNumber: '' } })).status).toBe(417);
  });

  it('numbers below 0 or with 3 decimals, a non-http link, too many alternatives, unknown ids: 400 with field keys', async () => {
    const res = await post('/article', {
      token: t,
      body: {
        orderNumber: uniq('ON'),
        listPrice: -1,
        weight: 1.234,
        deliveryTime: -2,
        manufacturerLink: 'ftp://example.com',
        possibleOrderNumbers: Array.from({ length: 51 }, (_, i) => `ALT${i}`),
      },
    });
    expect(res.status).toBe(400);
    const paths = (res.body.details as Array<{ path: string }>).map((d) => d.path).sort();
    expect(paths).toEqual(['deliveryTime', 'listPrice', 'manufacturerLink', 'possibleOrderNumbers', 'weight']);
    const unknown = await post('/article', { token: t, body: { orderNumber: uniq('ON'), unitId: 'nichtDa' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ path: 'unitId', key: 'validation.id' }]);
    const ids = Array.from({ length: 31 }, (_, i) => `id${i}`).join(',');
    expect((await get('/unit/delete', { token: t, query: { unitIds: ids } })).status).toBe(400);
    const percent = await post('/discountgroup', {
      token: t,
      body: { displayName: uniq('RG'), percent: 101, manufacturerId: 'x' },
    });
    expect(percent.status).toBe(400);
  });
});

describe('counts and delete protection', () => {
  it('usedByArticleAmount follows create, change of reference and delete', async () => {
    const [u1, u2] = await Promise.all([createUnit(t), createUnit(t)]);
    const a = await createArticle(t, { unitId: u1.id });
    await createArticle(t, { unitId: u1.id });
    expect(await unitCount(u1.id)).toBe(2);
    await post('/article/update', { token: t, body: { ...a, unitId: u2.id } });
    expect([await unitCount(u1.id), await unitCount(u2.id)]).toEqual([1, 1]);
    await post('/article/delete', { token: t, query: { id: a.id } });
    expect(await unitCount(u2.id)).toBe(0);
    const del = await get('/unit/delete', { token: t, query: { unitIds: `${u1.id},${u2.id}` } });
    expect(del.body).toEqual({ deleted: [u2.id], notDeleted: [u1.id] });
  });

  it('delete racing an article that starts to reference the item: never a dangling reference', async () => {
    const u = await createUnit(t);
    const [created, deleted] = await Promise.all([
      post('/article', { token: t, body: { orderNumber: uniq('ON'), unitId: u.id } }),
      get('/unit/delete', { token: t, query: { unitIds: u.id } }),
    ]);
    if (created.status === 201) {
      expect(deleted.body.notDeleted).toEqual([u.id]);
      expect(await unitCount(u.id)).toBe(1);
    } else {
      expect(created.status).toBe(400);
      expect(deleted.body.deleted).toEqual([u.id]);
    }
  });
});

describe('combine', () => {
  it('moves every article to the survivor, merges the names, keeps the counts exact', async () => {
    const [keep, gone] = await Promise.all([
      createUnit(t, { nameVariants: ['Stk'] }),
      createUnit(t, { nameVariants: ['Stck.'] }),
    ]);
    const arts = await Promise.all([
      createArticle(t, { unitId: keep.id }),
      createArticle(t, { unitId: gone.id }),
      createArticle(t, { unitId: gone.id }),
    ]);
    const res = await get('/unit/combine', { token: t, query: { unitIds: `${keep.id},${gone.id}` } });
    expect(res.status).toBe(200);
    await taskDone(res.body.taskId);
    const survivor = await fieldValue('/unit', t, keep.id);
    expect(survivor.usedByArticleAmount).toBe(3);
    expect(survivor.nameVariants).toEqual(['Stk', gone.displayName, 'Stck.']);
    expect((await get('/unit/', { token: t, query: { id: gone.id } })).status).toBe(404);
    for (const a of arts) expect((await get('/article/', { token: t, query: { id: a.id } })).body.unitId).toBe(keep.id);
    // the merged names now belong to the survivor
    expect((await get('/unit/name', { token: t, query: { name: 'Stck.' } })).body.id).toBe(keep.id);
  });

  it('manufacturers: the articles take the survivor’s name and number scope; a number it holds stays with its article', async () => {
    const [keep, gone] = await Promise.all([createManufacturer(t), createManufacturer(t)]);
    const shared = uniq('MN');
    const own = await createArticle(t, { manufacturerId: keep.id, manufacturerNumber: shared });
    const [a, b] = await Promise.all([
      createArticle(t, { manufacturerId: gone.id, manufacturerNumber: shared }),
      createArticle(t, { manufacturerId: gone.id, manufacturerNumber: uniq('MN') }),
    ]);
    const res = await get('/manufacturer/combine', { token: t, query: { manufacturerIds: `${keep.id},${gone.id}` } });
    await taskDone(res.body.taskId);
    for (const id of [a.id, b.id]) {
      const moved = (await get('/article/', { token: t, query: { id } })).body as Article;
      expect([moved.manufacturerId, moved.manufacturerName]).toEqual([keep.id, keep.displayName]);
    }
    expect((await fieldValue('/manufacturer', t, keep.id)).usedByArticleAmount).toBe(3);
    const owner = await post('/article/replace', {
      token: t,
      body: { manufacturerId: keep.id, manufacturerNumber: shared },
    });
    expect(owner.body.article.id).toBe(own.id);
    const bNumber = await post('/article/replace', {
      token: t,
      body: { manufacturerId: keep.id, manufacturerNumber: b.manufacturerNumber },
    });
    expect(bNumber.body.article.id).toBe(b.id);
  });

  it('a renamed manufacturer’s articles take the new name (list column and sort); refused while busy', async () => {
    const maker = await createManufacturer(t);
    const arts = await Promise.all([1, 2, 3].map(() => createArticle(t, { manufacturerId: maker.id })));
    const newName = uniq('Umbenannt');
    const renamed = await post('/manufacturer/update', { token: t, body: { ...maker, displayName: newName } });
    expect(renamed.status).toBe(200);
    const task = renamed.body.busyTask as string;
    expect(task).toBeTruthy();
    await taskDone(task);
    for (const a of arts)
      expect((await get('/article/', { token: t, query: { id: a.id } })).body.manufacturerName).toBe(newName);
    const after = await fieldValue('/manufacturer', t, maker.id);
    expect([after.busyTask, after.usedByArticleAmount]).toEqual([undefined, 3]);
    // a redelivered chunk of the finished task finds nothing left
    const kind = admin().container.platform.taskKinds.get(RENAME_MANUFACTURER_TASK)!;
    const chunk = await kind.runChunk({ taskId: task, params: { manufacturerId: maker.id }, cursor: null, size: 10 });
    expect([chunk.processed, chunk.finished]).toEqual([0, true]);
    // while a task runs on it, a rename is refused; other changes are not
    await admin().db.collection('manufacturers').doc(maker.id).update({ busyTask: 'running' });
    const busy = await post('/manufacturer/update', { token: t, body: { ...after, displayName: uniq('Nochmal') } });
    expect([busy.status, busy.body.code]).toEqual([409, 'fieldValueBusy']);
    const link = await post('/manufacturer/update', { token: t, body: { ...after, link: 'https://example.com' } });
    expect(link.status).toBe(200);
  });

  it('a retried chunk changes nothing twice', async () => {
    const [keep, gone] = await Promise.all([createUnit(t), createUnit(t)]);
    await Promise.all([createArticle(t, { unitId: gone.id }), createArticle(t, { unitId: gone.id })]);
    const { db, container } = admin();
    await db.collection('units').doc(gone.id).update({ mergedInto: keep.id });
    const kind = container.platform.taskKinds.get(COMBINE_TASK)!;
    const params = kind.parse({ kind: 'unit', survivorId: keep.id, mergedIds: [gone.id] });
    const chunk = await kind.runChunk({ taskId: 'retry', params, cursor: null, size: 10 });
    await db.runTransaction(async (tx) => chunk.commit!(tx));
    await db.runTransaction(async (tx) => chunk.commit!(tx)); // the redelivered chunk
    expect([await unitCount(keep.id), await unitCount(gone.id)]).toEqual([2, 0]);
  });

  it('discount groups of different manufacturers are not combined: 409', async () => {
    const [a, b] = await Promise.all([createDiscountGroup(t), createDiscountGroup(t)]);
    const res = await get('/discountgroup/combine', { token: t, query: { discountGroupIds: `${a.id},${b.id}` } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('combineAcrossManufacturers');
  });

  it('a merging item takes no new references', async () => {
    const [keep, gone] = await Promise.all([createUnit(t), createUnit(t)]);
    await admin().db.collection('units').doc(gone.id).update({ mergedInto: keep.id });
    const res = await post('/article', { token: t, body: { orderNumber: uniq('ON'), unitId: gone.id } });
    expect(res.status).toBe(400);
  });
});

describe('lists and search', () => {
  it('the manufacturer’s articles: filter, sort by list price, order-number prefix and fragment', async () => {
    const m = await createManufacturer(t);
    const prefix = uniq('PX').toUpperCase();
    await Promise.all(
      [30, 10, 20].map((listPrice, i) =>
        createArticle(t, { orderNumber: `${prefix}-${i}`, manufacturerId: m.id, listPrice }),
      ),
    );
    const page = await get('/article/filter', {
      token: t,
      query: { manufacturer: m.id, column: 'listPrice', sortDescending: 'true', page: '0', paginationSize: '15' },
    });
    expect(page.body.totalElements).toBe(3);
    expect((page.body.content as Article[]).map((a) => a.listPrice)).toEqual([30, 20, 10]);
    expect(page.body.content[0].manufacturerName).toBe(m.displayName);
    const search = await get('/article/filter', {
      token: t,
      query: { orderNumber: prefix.toLowerCase(), page: '0', paginationSize: '15' },
    });
    expect((search.body.content as Article[]).map((a) => a.orderNumber)).toEqual([
      `${prefix}-0`,
      `${prefix}-1`,
      `${prefix}-2`,
    ]);
    // inside the number from 3 characters on (issue 32 point 6), separators ignored as everywhere
    const inside = await get('/article/filter', {
      token: t,
      query: { orderNumber: `${prefix.slice(3)}-2`, manufacturer: m.id, page: '0', paginationSize: '15' },
    });
    expect((inside.body.content as Article[]).map((a) => a.orderNumber)).toEqual([`${prefix}-2`]);
    expect(inside.body.totalElements).toBe(1);
  });

  it('/article/search finds a fragment inside the order or the manufacturer number, prefix matches first', async () => {
    const m = await createManufacturer(t);
    const core = uniq('77')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '');
    const [starts, inOrder, inMfr] = await Promise.all([
      createArticle(t, { orderNumber: `${core}-1` }),
      createArticle(t, { orderNumber: `SR-${core}` }),
      createArticle(t, { orderNumber: uniq('X'), manufacturerNumber: `M${core}Z`, manufacturerId: m.id }),
    ]);
    const res = await get('/article/search', { token: t, query: { searchTerm: core } });
    expect(res.status).toBe(200);
    const ids = (res.body as Article[]).map((a) => a.id);
    expect(ids[0]).toBe(starts.id);
    expect(ids.slice(1).sort()).toEqual([inOrder.id, inMfr.id].sort());
    const short = await get('/article/search', { token: t, query: { searchTerm: core.slice(-2) } });
    expect((short.body as Article[]).map((a) => a.id)).not.toContain(inOrder.id);
  });

  it('customers and suppliers get no internal price fields from /article/search; alternatives are found', async () => {
    const [dg, wh] = await Promise.all([createDiscountGroup(t), createWholesaler(t)]);
    const number = uniq('2966171').toUpperCase();
    await createArticle(t, {
      orderNumber: number,
      listPrice: 12.5,
      purchasePrice: 9.99,
      discountGroupId: dg.id,
      erpNumber: 'ERP-1',
      wholesalerInfos: [{ wholesalerId: wh.id, purchasePrice: 8, orderNumber: 'W1' }],
      possibleOrderNumbers: [`${number}ALT`],
    });
    const asCustomer = await get('/article/search', {
      token: w.users.customerUser.token,
      query: { searchTerm: number.slice(0, 9) },
    });
    expect(asCustomer.body).toHaveLength(1);
    const hit = asCustomer.body[0] as Record<string, unknown>;
    expect(hit.purchasePrice).toBe(9.99);
    for (const internal of ['listPrice', 'discountGroupId', 'wholesalerInfos', 'erpNumber'])
      expect(hit).not.toHaveProperty(internal);
    const asAdmin = await get('/article/search', {
      token: w.users.adminUser.token,
      query: { searchTerm: `${number}alt` },
    });
    expect(asAdmin.body[0].listPrice).toBe(12.5);
    expect((await get('/article/search', { token: t, query: { searchTerm: 'x', amount: '51' } })).status).toBe(400);
  });

  it('GET /manufacturer/delete/article deletes every article of the manufacturer and frees its numbers and counts', async () => {
    const [m, u] = await Promise.all([createManufacturer(t), createUnit(t)]);
    const numbers = [uniq('DEL'), uniq('DEL')];
    await Promise.all(
      numbers.map((orderNumber) => createArticle(t, { orderNumber, manufacturerId: m.id, unitId: u.id })),
    );
    const res = await get('/manufacturer/delete/article', { token: t, query: { manufacturerId: m.id } });
    await taskDone(res.body.taskId);
    expect((await fieldValue('/manufacturer', t, m.id)).usedByArticleAmount).toBe(0);
    expect(await unitCount(u.id)).toBe(0);
    expect((await post('/article', { token: t, body: { orderNumber: numbers[0] } })).status).toBe(201);
    expect((await get('/manufacturer/delete', { token: t, query: { manufacturerIds: m.id } })).body.deleted).toEqual([
      m.id,
    ]);
  });
});

describe('discount-group CSV', () => {
  const importCsv = (text: string | Buffer, name = 'discountGroups.csv') =>
    postForm(t, '/discountgroup/import', {}, { name, bytes: typeof text === 'string' ? Buffer.from(text) : text });
  const HEADER = '"Name";"Bezeichnungen";"Hersteller";"Rabatt";"Großhändlerrabatte"';

  it('round trip: export → import → the identical export, the changed group restored', async () => {
    const [m, wa, wb] = await Promise.all([createManufacturer(t), createWholesaler(t), createWholesaler(t)]);
    const g = await createDiscountGroup(t, {
      displayName: uniq('-K1 Gruppe'),
      nameVariants: ['Variante A', 'Variante B'],
      manufacturerId: m.id,
      percent: 12.5,
      wholesalerDiscounts: [
        { wholesalerId: wa.id, percent: 3.25 },
        { wholesalerId: wb.id, percent: 0 },
      ],
    });
    const first = await get('/discountgroup/export', { token: t });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(first.headers.get('content-disposition')).toContain('discountGroups.csv');
    const text = first.bytes.toString('utf8');
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(text).toContain(
      `"'${g.displayName}";"Variante A|Variante B";"${m.displayName}";"12,5";"${wa.displayName}=3,25|${wb.displayName}=0"`,
    );
    const changed = await post('/discountgroup/update', { token: t, body: { ...g, percent: 40, nameVariants: [] } });
    expect(changed.status).toBe(200);
    const imported = await importCsv(first.bytes);
    expect(imported.status).toBe(200);
    expect(imported.body.created).toBe(0);
    expect(imported.body.updated).toBe(text.trim().split('\r\n').length - 1);
    const again = await get('/discountgroup/export', { token: t });
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(await fieldValue('/discountgroup', t, g.id)).toMatchObject({
      percent: 12.5,
      nameVariants: ['Variante A', 'Variante B'],
    });
  });

  it('a new row is created under its manufacturer', async () => {
    const m = await createManufacturer(t);
    const name = uniq('Neu');
    const res = await importCsv(`${HEADER}\r\n"${name}";"";"${m.displayName}";"7,5";""\r\n`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 1, updated: 0 });
    const found = await get('/discountgroup/name', { token: t, query: { name, manufacturerId: m.id } });
    expect(found.body).toMatchObject({ displayName: name, percent: 7.5, manufacturerId: m.id });
  });

  it('a wrong format answers 417: unknown or missing columns, a binary file, no file', async () => {
    const m = await createManufacturer(t);
    const wrongHeader = await importCsv(`"Name";"Hersteller";"Rabatt"\r\n"X";"${m.displayName}";"5"\r\n`);
    expect(wrongHeader.status).toBe(417);
    expect(wrongHeader.body.code).toBe('discountGroupImportFormat');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect((await importCsv(png, 'bild.csv')).status).toBe(417);
    expect((await postForm(t, '/discountgroup/import', { other: 'x' })).status).toBe(417);
  });

  it('a bad row answers 400 with its field keys and writes nothing', async () => {
    const m = await createManufacturer(t);
    const good = uniq('Gut');
    const res = await importCsv(
      `${HEADER}\r\n"${good}";"";"${m.displayName}";"5";""\r\n"${uniq('X')}";"";"${m.displayName}";"150";""\r\n"${uniq('Y')}";"";"${uniq('Unbekannt')}";"5";""\r\n`,
    );
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { path: 'rows[1].percent', key: 'validation.max' },
        { path: 'rows[2].manufacturerId', key: 'validation.id' },
      ]),
    );
    const found = await get('/discountgroup/name', { token: t, query: { name: good, manufacturerId: m.id } });
    expect(found.body).toBeNull();
  });
});
