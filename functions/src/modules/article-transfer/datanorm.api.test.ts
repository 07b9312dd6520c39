import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldValue } from '../../model/catalogue.js';
import type { ImportConfig } from '../../model/import-config.js';
import { get, post } from '../../testing/api-client.js';
import { createManufacturer, createWholesaler, uniq } from '../catalogue/catalogue-fixtures.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { admin, createWorld, disposeClients, type World } from '../../testing/fixtures.js';
import { HOSTS } from '../../testing/env.js';
import { postConfig } from '../import-configs/import-configs-fixtures.js';
import {
  csvFile,
  exchangeConfig,
  fieldValueNamed,
  formatFixture,
  importAndWait,
  startImport,
  storedArticle,
  waitUntilNoImportRuns,
} from './article-transfer-fixtures.js';
import { DATANORM_REASONS } from './formats/datanorm-values.js';

/**
 * DATANORM through a DATANORM import configuration over HTTP and the Cloud Tasks emulator (docs/decisions-imports.md
 * "DATANORM"): each fixture imported with the expected articles, prices, units and discount groups; the
 * configuration rules of an exchange format; wrong formats 417; reader problems in the report.
 */
let w: World;
let t: string;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  t = w.users.platformAdmin.token;
});
afterAll(disposeClients);

const discountGroups = async (manufacturerId: string) => {
  const all = (await get('/discountgroup/all', { token: t })).body as FieldValue[];
  return Object.fromEntries(
    all.filter((g) => g.manufacturerId === manufacturerId).map((g) => [g.displayName, g.percent ?? null]),
  );
};

describe('DATANORM configurations', () => {
  it('need no sample, headers or orderNumber mapping; a mapping sent along is dropped; references are checked', async () => {
    const m = await createManufacturer(t);
    const config = await exchangeConfig(t, 'DATANORM', {
      manufacturerId: m.id,
      fieldMapping: [{ columnIndex: 0, importHeader: 'x', articleField: 'description' }],
    });
    expect(config).toMatchObject({ sourceFormat: 'DATANORM', filename: '', headers: [], fieldMapping: [] });
    expect((await get('/import/config/', { token: t, query: { id: config.id } })).body).toMatchObject({
      sourceFormat: 'DATANORM',
    });
    const unknown = await post('/import/config/', {
      token: t,
      body: { sourceFormat: 'DATANORM', title: uniq('D'), description: 'x', manufacturerId: 'gibtEsNicht' },
    });
    expect([unknown.status, unknown.body.details]).toEqual([400, [{ path: 'manufacturerId', key: 'validation.id' }]]);
    const wrong = await post('/import/config/', {
      token: t,
      body: { sourceFormat: 'EXCEL97', title: uniq('D'), description: 'x' },
    });
    expect(wrong.status).toBe(400);
    // a spreadsheet still needs its file and an orderNumber mapping (§5)
    const spreadsheet = await post('/import/config/', { token: t, body: { title: uniq('S'), description: 'x' } });
    expect(spreadsheet.status).toBe(400);
    // back to a spreadsheet without a file: refused (no sample)
    const back = await post('/import/config/update', {
      token: t,
      body: { id: config.id, sourceFormat: 'SPREADSHEET', title: config.title, description: 'x' },
    });
    expect([back.status, back.body.details?.[0]?.key]).toEqual([400, 'importConfig.warning.emptyUpload']);
  });

  it('a spreadsheet configuration turned into DATANORM drops its sample and mapping', async () => {
    const created = await postConfig(t);
    expect(created.status).toBe(201);
    const config = created.body as ImportConfig;
    expect(config.sourceFormat).toBe('SPREADSHEET');
    const res = await post('/import/config/update', {
      token: t,
      body: { id: config.id, sourceFormat: 'DATANORM', title: config.title, description: config.description },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ sourceFormat: 'DATANORM', filename: '', headers: [], fieldMapping: [] });
    const stored = (await admin().db.collection('importConfigs').doc(config.id).get()).data()!;
    expect(stored.samplePath).toBeUndefined();
  });
});

describe('DATANORM import', () => {
  it('imports the .RAB into discount groups, then the DATANORM 4 file: prices per price unit, units, groups, EAN, texts', async () => {
    const m = await createManufacturer(t, { displayName: uniq('Siemens') });
    const wh = await createWholesaler(t);
    const stk = await fieldValueNamed(t, 'unit', 'Stk');
    const meter = await fieldValueNamed(t, 'unit', 'm');
    const config = await exchangeConfig(t, 'DATANORM', { manufacturerId: m.id, wholesalerId: wh.id });

    const rab = await importAndWait(t, config.id, formatFixture('DATANORM.RAB'));
    expect(rab).toMatchObject({ state: 'done', failedRows: 0, created: 0, updated: 0 });
    expect(await discountGroups(m.id)).toEqual({ HS01: 30, AEH: 25, KAB: 45.5, KL: 20, SCH: 35 });

    const first = await importAndWait(t, config.id, formatFixture('DATANORM.001'));
    // 4 A records and 2 P prices for articles already complete (DN4-1001, DN4-1002) in their own rows
    expect(first).toMatchObject({ state: 'done', failedRows: 0, total: 6 });
    expect(first.created + first.updated).toBe(6);
    const groups = Object.fromEntries(
      ((await get('/discountgroup/all', { token: t })).body as FieldValue[])
        .filter((g) => g.manufacturerId === m.id)
        .map((g) => [g.displayName, g.id]),
    );
    const a1 = await storedArticle('DN4-1001');
    expect(a1).toMatchObject({
      manufacturerId: m.id, // the configuration's manufacturer wins over the B record's "SIE"
      manufacturerNumber: '3LD2504-0TK53',
      description: 'Hauptschalter 3-polig 63 A Drehantrieb rot/gelb, Türkupplung',
      listPrice: 47.9,
      priceUnitSize: 1,
      unitId: stk.id,
      discountGroupId: groups.HS01,
      eanNumber: '4011111000017',
      possibleOrderNumbers: ['DN4-1001-A'],
      articleImportSource: 'CSV',
    });
    const a2 = await storedArticle('DN4-1002');
    // Preiseinheit 2: 12.50 and the net 9.80 per 100 pieces, as the file states them (the catalogue's price rule)
    expect(a2).toMatchObject({
      listPrice: 12.5,
      purchasePrice: 9.8,
      priceUnitSize: 100,
      unitId: stk.id,
      discountGroupId: groups.AEH,
    });
    expect(a2!.description).toContain('Länge 8 mm, Kragen aus Polypropylen');
    // the wholesaler's entry: its order number and the net price
    expect(a2!.wholesalerInfos).toEqual([{ wholesalerId: wh.id, orderNumber: 'DN4-1002', purchasePrice: 9.8 }]);
    expect(await storedArticle('DN4-1003')).toMatchObject({ purchasePrice: 0.89, priceUnitSize: 1, unitId: meter.id });
    expect(await storedArticle('DN4-1004')).toMatchObject({ listPrice: 36, purchasePrice: 32.4, priceUnitSize: 10 });
    // the article saves through the edit form's validation unchanged (at most two decimals, per priceUnitSize)
    const a4 = await get('/article/', { token: t, query: { id: (await storedArticle('DN4-1004'))!.id } });
    expect(a4.status).toBe(200);
    const saved = await post('/article/update', { token: t, body: a4.body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // a DATPREIS file alone (P records, no A records): new prices per the stored price unit, which stays
    const datpreis = [
      `V 271126${'Preise'.padEnd(40)}${''.padEnd(40)}${''.padEnd(35)}04EUR`,
      'P;A;DN4-1002;1;1300;1;2500;;;;;DN4-1004;2;3333;;;;;;;',
    ].join('\r\n');
    const prices = await importAndWait(t, config.id, { name: 'DATPREIS.001', bytes: Buffer.from(datpreis, 'latin1') });
    expect(prices).toMatchObject({ state: 'done', failedRows: 0, total: 2, updated: 2 });
    // 13.00 per 100 with 25 % → 9.75; DN4-1004's net 33.33 per 10; the units and other fields unchanged
    expect(await storedArticle('DN4-1002')).toMatchObject({ listPrice: 13, purchasePrice: 9.75, priceUnitSize: 100 });
    expect(await storedArticle('DN4-1004')).toMatchObject({
      listPrice: 36,
      purchasePrice: 33.33,
      priceUnitSize: 10,
      discountGroupId: groups.KL,
    });
  });

  it('imports the DATANORM 5 file; article groups the list lacks are created for the manufacturer', async () => {
    const m = await createManufacturer(t, { displayName: uniq('ABB') });
    const stk = await fieldValueNamed(t, 'unit', 'Stk');
    const st = await fieldValueNamed(t, 'unit', 'ST');
    const meter = await fieldValueNamed(t, 'unit', 'm');
    const config = await exchangeConfig(t, 'DATANORM', { manufacturerId: m.id });
    const done = await importAndWait(t, config.id, formatFixture('DATANORM5.001'));
    expect(done).toMatchObject({ state: 'done', failedRows: 0, total: 3 });
    expect(await discountGroups(m.id)).toEqual({ SCH: null, KAB: null });
    expect(await storedArticle('DN5-2001')).toMatchObject({
      manufacturerId: m.id,
      manufacturerNumber: '1SBL137001R1300',
      listPrice: 59.9,
      unitId: stk.id,
      eanNumber: '4022222000014',
      description:
        'Leistungsschütz 9 A Baugröße S00\nSchütz 3-polig, 4 kW / 400 V\nSpulenspannung 230 V AC, 1 Schließer',
    });
    expect(await storedArticle('DN5-2002')).toMatchObject({
      purchasePrice: 159,
      priceUnitSize: 100,
      unitId: meter.id,
    });
    expect(await storedArticle('DN5-2003')).toMatchObject({ listPrice: 120, priceUnitSize: 1, unitId: st.id });
  });

  it('writes reader problems and unknown units into the report; the good records are imported', async () => {
    const m = await createManufacturer(t);
    await fieldValueNamed(t, 'unit', 'Stk');
    const config = await exchangeConfig(t, 'DATANORM', { manufacturerId: m.id });
    const good = uniq('DNR');
    const header = `V 271126${'Test'.padEnd(40)}${''.padEnd(40)}${''.padEnd(35)}04EUR`;
    const file = [
      header,
      `A;N;${good};00;Gut;;1;0;Stk;100;;;;`,
      `A;N;${uniq('DNR')};00;Preiseinheit falsch;;1;9;Stk;100;;;;`,
      `A;N;${uniq('DNR')};00;Einheit unbekannt;;1;0;${uniq('EH')};100;;;;`,
    ].join('\r\n');
    const done = await importAndWait(t, config.id, { name: 'DATANORM.002', bytes: Buffer.from(file, 'latin1') });
    expect(done).toMatchObject({ state: 'done', failedRows: 2, total: 3 });
    expect(await storedArticle(good)).toMatchObject({ listPrice: 1, manufacturerId: m.id });
    const res = await fetch(new URL(`/api/file/?path=${encodeURIComponent(done.reportPath!)}`, HOSTS.portal), {
      headers: { authorization: `Bearer ${t}` },
    });
    const report = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(report).toContain(`"3";"A.Preiseinheit";"${DATANORM_REASONS.priceUnit}"`);
    expect(report).toContain('"4";"unitId";"Einheit unbekannt (bitte unter Feldwerte anlegen)"');
  });

  it('wrong format 417: a CSV for a DATANORM configuration, a DATANORM file for a spreadsheet one', async () => {
    await waitUntilNoImportRuns();
    const config = await exchangeConfig(t, 'DATANORM');
    const csv = { name: 'preise.csv', bytes: csvFile([['1', '', '', '', '', '', '', '', '', '']]) };
    expect((await startImport(t, config.id, csv)).status).toBe(417);
    const txt = await startImport(t, config.id, { name: 'preise.txt', bytes: csvFile([['1']]) });
    expect([txt.status, txt.body.code]).toEqual([417, 'articleImportWrongFormat']);
    const spreadsheet = (await postConfig(t)).body as ImportConfig;
    expect((await startImport(t, spreadsheet.id, formatFixture('DATANORM.001'))).status).toBe(417);
  });
});
