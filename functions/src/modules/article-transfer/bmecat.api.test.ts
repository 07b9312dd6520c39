import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldValue } from '../../model/catalogue.js';
import { get, post } from '../../testing/api-client.js';
import { createDiscountGroup, createManufacturer, uniq } from '../catalogue/catalogue-fixtures.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { createWorld, disposeClients, type World } from '../../testing/fixtures.js';
import {
  csvFile,
  downloadText,
  exchangeConfig,
  fieldValueNamed,
  formatFixture,
  importAndWait,
  startImport,
  storedArticle,
  waitUntilNoImportRuns,
} from './article-transfer-fixtures.js';
import { REPORT_REASONS } from './article-import.task.js';
import { STAGING_REASONS } from './article-import-staging.js';
import { BMECAT_UNIT_NAMES } from './formats/bmecat-product.js';

/**
 * BMEcat through a BMECAT import configuration over HTTP and the Cloud Tasks emulator (docs/decisions-imports.md
 * "BMEcat 2005", "Catalogue exchange formats"): each fixture imported with the expected articles, prices, price units,
 * units, EAN and ECLASS; the problems in the report; price updates that never create articles; the configuration's
 * manufacturer against MANUFACTURER_NAME; 417 for what is no BMEcat; a file broken as a whole.
 */
let w: World;
let t: string;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  t = w.users.platformAdmin.token;
});
afterAll(disposeClients);

const xml = (transaction: string, products: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005">
<HEADER><CATALOG><LANGUAGE>deu</LANGUAGE><CATALOG_ID>T</CATALOG_ID><CATALOG_VERSION>1</CATALOG_VERSION><CURRENCY>EUR</CURRENCY></CATALOG></HEADER>
<${transaction}>${products}</${transaction}></BMECAT>`;

describe('BMEcat import', () => {
  let units: Record<'Stück' | 'Meter' | 'Packung', FieldValue>;
  let makers: Record<string, FieldValue>;

  it('imports the 2005 catalogue (no configured manufacturer): manufacturers by name, prices per PRICE_QUANTITY, units, EAN, ECLASS, report', async () => {
    // the units the fixtures' ORDER_UNITs (C62, MTR, PK) map to, as the demo seed has them
    expect([BMECAT_UNIT_NAMES.C62, BMECAT_UNIT_NAMES.MTR, BMECAT_UNIT_NAMES.PK]).toEqual(['Stück', 'Meter', 'Packung']);
    units = {
      Stück: await fieldValueNamed(t, 'unit', 'Stück'),
      Meter: await fieldValueNamed(t, 'unit', 'Meter'),
      Packung: await fieldValueNamed(t, 'unit', 'Packung'),
    };
    makers = {};
    for (const name of ['Phoenix Contact', 'Siemens', 'Rittal', 'WAGO', 'Kabelwerk Beispiel'])
      makers[name] = await fieldValueNamed(t, 'manufacturer', name);
    const wg12 = await createDiscountGroup(t, { displayName: 'WG-12', manufacturerId: makers.WAGO!.id, percent: 40 });
    const config = await exchangeConfig(t, 'BMECAT');

    const done = await importAndWait(t, config.id, formatFixture('bmecat-2005-catalog.xml'));
    expect(done).toMatchObject({ state: 'done', total: 7, created: 5, updated: 0, failedRows: 2 });
    expect(await storedArticle('EGM-3044076')).toMatchObject({
      manufacturerId: makers['Phoenix Contact']!.id,
      manufacturerNumber: '3044076',
      description:
        'Durchgangsreihenklemme UT 2,5 grau\n\nDurchgangsreihenklemme, Schraubanschluss, 2,5 mm², 800 V, 24 A, grau, Tragschiene NS 35',
      eanNumber: '4017918960445',
      erpNumber: 'SW-100231',
      eclass9_1Id: '27141120',
      customsTarifNumber: '85369010',
      countryOfOriginAbbreviation: 'DE',
      unitId: units.Stück.id,
      // 98.50 / 64.03 per PRICE_QUANTITY 100, as the file states them
      listPrice: 98.5,
      purchasePrice: 64.03,
      priceUnitSize: 100,
      minimumOrderQuantityUnitSize: 50,
      orderQuantityUnitSize: 50,
      deliveryTime: 2,
      image: 'https://media.example-grosshandel.de/bilder/3044076.jpg',
      articleImportSource: 'CSV',
    });
    expect(await storedArticle('EGM-5SY61167')).toMatchObject({
      manufacturerId: makers.Siemens!.id,
      listPrice: 21.4,
      purchasePrice: 13.25,
      priceUnitSize: 1,
      eclass9_1Id: '27141901',
      eanNumber: '4001869166893',
    });
    // gros_list 595.00 with 19 % tax → 500 net; net_customer 400 × PRICE_FACTOR 0.95
    expect(await storedArticle('EGM-AX1060000')).toMatchObject({
      manufacturerId: makers.Rittal!.id,
      listPrice: 500,
      purchasePrice: 380,
    });
    // 0.8735 €/m: four decimals, so stated per 100 m
    const cable = await storedArticle('EGM-NYM-J-3X1,5');
    expect(cable).toMatchObject({
      manufacturerId: makers['Kabelwerk Beispiel']!.id,
      unitId: units.Meter.id,
      listPrice: 87.35,
      purchasePrice: 61,
      priceUnitSize: 100,
    });
    expect(await storedArticle('EGM-2002-1201')).toMatchObject({
      manufacturerId: makers.WAGO!.id,
      unitId: units.Packung.id,
      packagingUnitSize: 100,
      listPrice: 54,
      discountGroupId: wg12.id,
    });
    // an imported article saves through the edit form's rules unchanged
    const shown = await get('/article/', { token: t, query: { id: cable!.id } });
    const saved = await post('/article/update', { token: t, body: shown.body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const report = await downloadText(t, done.reportPath!);
    expect(report).toContain('"6";"SUPPLIER_PID";"Die Lieferantenartikelnummer (SUPPLIER_PID) fehlt."');
    expect(report).toContain('"7";"PRODUCT_PRICE";"Preis „12,5O“ (net_list) ist keine gültige Zahl."');
  });

  it('T_UPDATE_PRODUCTS updates and creates; T_UPDATE_PRICES only updates: unknown numbers and sub-cent prices are reported', async () => {
    const config = await exchangeConfig(t, 'BMECAT', { defaultUnitId: units.Meter.id });
    const products = await importAndWait(t, config.id, formatFixture('bmecat-2005-update-products.xml'));
    expect(products).toMatchObject({ state: 'done', total: 3, created: 1, updated: 1, failedRows: 1 });
    expect(await storedArticle('EGM-3044076')).toMatchObject({
      description: 'Durchgangsreihenklemme UT 2,5 grau (neu)',
      listPrice: 101.2,
      priceUnitSize: 100,
      // fields the update leaves out stay
      eanNumber: '4017918960445',
      purchasePrice: 64.03,
    });
    expect(await storedArticle('EGM-3211757')).toMatchObject({
      manufacturerId: makers['Phoenix Contact']!.id,
      listPrice: 132,
      priceUnitSize: 100,
    });
    expect(await downloadText(t, products.reportPath!)).toContain(
      '"3";"PRODUCT";"Der Artikel ist in der Datei zum Löschen markiert',
    );

    const prices = await importAndWait(t, config.id, formatFixture('bmecat-2005-update-prices.xml'));
    expect(prices).toMatchObject({ state: 'done', total: 3, created: 0, updated: 2, failedRows: 1 });
    // per the stored price unit (1), which stays; the unit is not reset to the configuration's default
    expect(await storedArticle('EGM-5SY61167')).toMatchObject({
      listPrice: 22.1,
      purchasePrice: 13.7,
      priceUnitSize: 1,
      unitId: units.Stück.id,
      description: expect.stringContaining('Leitungsschutzschalter'),
    });
    expect(await storedArticle('EGM-AX1060000')).toMatchObject({ listPrice: 520, purchasePrice: 380 });
    expect(await storedArticle('EGM-NYM-J-3X1,5')).toMatchObject({ listPrice: 87.35, priceUnitSize: 100 });
    expect(await downloadText(t, prices.reportPath!)).toContain(
      '"2";"PRODUCT_PRICE";"Preis mit mehr als zwei Nachkommastellen',
    );

    // a price update for a number the catalogue does not have: reported, no article without description created
    const unknown = uniq('EGM-UNBEKANNT');
    const price = (pid: string, amount: string) =>
      `<PRODUCT mode="update"><SUPPLIER_PID>${pid}</SUPPLIER_PID><PRODUCT_PRICE_DETAILS><PRODUCT_PRICE price_type="net_list"><PRICE_AMOUNT>${amount}</PRICE_AMOUNT></PRODUCT_PRICE></PRODUCT_PRICE_DETAILS></PRODUCT>`;
    const file = xml('T_UPDATE_PRICES', price(unknown, '9.99') + price('EGM-2002-1201', '55.00'));
    const mixed = await importAndWait(t, config.id, { name: 'preise.xml', bytes: Buffer.from(file) });
    expect(mixed).toMatchObject({ state: 'done', total: 2, created: 0, updated: 1, failedRows: 1 });
    expect(await storedArticle(unknown)).toBeUndefined();
    expect(await storedArticle('EGM-2002-1201')).toMatchObject({ listPrice: 55, unitId: units.Packung.id });
    expect(await downloadText(t, mixed.reportPath!)).toContain(`"1";"orderNumber";"${REPORT_REASONS.unknownArticle}"`);
  });

  it('a configured manufacturer: products naming it (by name or variant) take it, products naming another are reported', async () => {
    const weidmueller = await fieldValueNamed(t, 'manufacturer', 'Weidmüller');
    const stueck = units.Stück;
    const own = await exchangeConfig(t, 'BMECAT', { manufacturerId: weidmueller.id });
    const done = await importAndWait(t, own.id, formatFixture('bmecat-1.2-latin1.xml'));
    expect(done).toMatchObject({ state: 'done', total: 2, failedRows: 0 });
    expect(await storedArticle('1010000000')).toMatchObject({
      manufacturerId: weidmueller.id,
      description: expect.stringContaining('Schutzleiter-Reihenklemme WPE 2.5 grün/gelb'),
      eanNumber: '4008190143640',
      eclass9_1Id: '27141141',
      unitId: stueck.id,
      listPrice: 214.37,
      priceUnitSize: 100,
      packagingUnitSize: 50,
    });

    const other = await createManufacturer(t, { displayName: uniq('Phoenix') });
    const foreign = await exchangeConfig(t, 'BMECAT', { manufacturerId: other.id });
    const refused = await importAndWait(t, foreign.id, formatFixture('bmecat-1.2-latin1.xml'));
    expect(refused).toMatchObject({ state: 'done', total: 2, created: 0, updated: 0, failedRows: 2 });
    expect(await downloadText(t, refused.reportPath!)).toContain(
      `"1";"manufacturerName";"${STAGING_REASONS.otherManufacturer('Weidmüller')}"`,
    );
    expect((await storedArticle('1010000000'))!.manufacturerId).toBe(weidmueller.id);
  });

  it('goes past broken products; a file broken as a whole fails the import without writing anything', async () => {
    const config = await exchangeConfig(t, 'BMECAT');
    const broken = await importAndWait(t, config.id, formatFixture('bmecat-2005-broken.xml'));
    expect(broken).toMatchObject({ state: 'done', total: 6, created: 3, failedRows: 3 });
    expect(await storedArticle('OK-3')).toMatchObject({ description: 'Dritter guter Artikel' });
    const report = await downloadText(t, broken.reportPath!);
    expect(report).toContain('"3";"PRODUCT";"Der Artikel ist kein gültiges XML (End-Tag </DESCRIPTION_SHORTX>');

    const pid = uniq('CUT');
    const whole = xml(
      'T_NEW_CATALOG',
      `<PRODUCT><SUPPLIER_PID>${pid}</SUPPLIER_PID><PRODUCT_DETAILS><DESCRIPTION_SHORT>x</DESCRIPTION_SHORT></PRODUCT_DETAILS></PRODUCT>`,
    );
    const cut = Buffer.from(whole.slice(0, whole.indexOf('</T_NEW_CATALOG>')));
    const failed = await importAndWait(t, config.id, { name: 'abgeschnitten.xml', bytes: cut });
    expect(failed).toMatchObject({ state: 'failed', errorCode: 'spreadsheet.error.corrupt', created: 0 });
    expect(await storedArticle(pid)).toBeUndefined();
  });

  it('checks uploads: .xml only, a BMECAT root (417 otherwise); UTF-16 is accepted', async () => {
    await waitUntilNoImportRuns();
    const config = await exchangeConfig(t, 'BMECAT');
    const catalog = formatFixture('bmecat-2005-catalog.xml');
    const status = async (name: string, bytes: Uint8Array) => (await startImport(t, config.id, { name, bytes })).status;
    expect(await status('katalog.csv', catalog.bytes)).toBe(417);
    expect(await status('katalog.xml', Buffer.from('<?xml version="1.0"?><CATALOG><ITEM/></CATALOG>'))).toBe(417);
    expect(await status('katalog.xml', csvFile([['1']]))).toBe(417);
    expect(await status('DATANORM.xml', formatFixture('DATANORM.001').bytes)).toBe(417);
    const wrong = await startImport(t, config.id, { name: 'katalog.xml', bytes: Buffer.from('kein XML') });
    expect([wrong.status, wrong.body.code]).toEqual([417, 'articleImportWrongFormat']);

    const pid = uniq('U16');
    const utf16 = xml(
      'T_NEW_CATALOG',
      `<PRODUCT><SUPPLIER_PID>${pid}</SUPPLIER_PID><PRODUCT_DETAILS><DESCRIPTION_SHORT>Gehäuse UTF-16</DESCRIPTION_SHORT></PRODUCT_DETAILS></PRODUCT>`,
    ).replace('encoding="UTF-8"', 'encoding="UTF-16"');
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(utf16, 'utf16le')]);
    const done = await importAndWait(t, config.id, { name: 'katalog-utf16.xml', bytes });
    expect(done).toMatchObject({ state: 'done', created: 1, failedRows: 0 });
    expect(await storedArticle(pid)).toMatchObject({ description: 'Gehäuse UTF-16' });
  });
});
