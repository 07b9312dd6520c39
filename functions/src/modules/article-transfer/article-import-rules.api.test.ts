import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleImportProgress } from '../../model/article-transfer.js';
import { get, post } from '../../testing/api-client.js';
import { createManufacturer, uniq } from '../catalogue/catalogue-fixtures.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { createWorld, disposeClients } from '../../testing/fixtures.js';
import {
  createImportConfig,
  csvFile,
  downloadText,
  exchangeConfig,
  fieldValueNamed,
  importAndWait,
  storedArticle,
  TEST_HEADERS,
} from './article-transfer-fixtures.js';
import { STAGING_REASONS } from './article-import-staging.js';

/**
 * Issue 35 (1, 2): every import path holds its rows to the API's article rules (the schema POST /article validates
 * with), and a huge cell refuses its row instead of stalling the import (docs/decisions-imports.md "The article
 * rules", "Huge cells").
 */
let t: string;
beforeAll(async () => {
  await resetAll();
  t = (await createWorld()).users.platformAdmin.token;
});
afterAll(disposeClients);

const HEADERS = [...TEST_HEADERS, 'Bild'];
const rulesConfig = () =>
  createImportConfig({
    headers: HEADERS,
    fieldMapping: [
      { importHeader: 'Bestellnummer', articleField: 'orderNumber' },
      { importHeader: 'Beschreibung', articleField: 'description' },
      { importHeader: 'Listenpreis', articleField: 'listPrice' },
      { importHeader: 'Bild', articleField: 'image' },
    ],
  });
/** A row of the test columns: order number, description, list price, image link. */
const row = (orderNumber: string, description: string, image = '') =>
  [orderNumber, '', '', description, '3', '', '', '', '', '', image] as const;

/**
 * An .xlsx of the rows whose cell `placeholder` holds `text`: SheetJS writes no cell over Excel's 32 767 characters,
 * so the text is put into the written package afterwards (what a wholesaler's own export tool may well produce).
 */
function xlsxWith(rows: ReadonlyArray<ReadonlyArray<string>>, placeholder: string, text: string): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((r) => [...r])), 'Artikel');
  const zip = XLSX.CFB.read(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, { type: 'buffer' });
  for (const entry of zip.FileIndex) {
    const xml = entry.content ? Buffer.from(entry.content as Uint8Array).toString('utf8') : '';
    if (xml.includes(placeholder)) entry.content = Buffer.from(xml.replace(placeholder, text));
  }
  return new Uint8Array(XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip', compression: true }) as Buffer);
}

/** The stored article opens and saves again in its editor (GET /article/, POST /article/update). */
async function savesInEditor(orderNumber: string) {
  const stored = await storedArticle(orderNumber);
  expect(stored, orderNumber).toBeDefined();
  const opened = await get('/article/', { token: t, query: { id: stored!.id } });
  expect(opened.status).toBe(200);
  const saved = await post('/article/update', { token: t, body: opened.body });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describe('imported rows follow the article rules of POST /article', () => {
  it('a CSV: rows the API refuses are reported with the German reason, the good rows are stored', async () => {
    const config = await rulesConfig();
    const good = [uniq('GUT-A'), uniq('GUT-B')];
    const bidi = `${uniq('RLO')}\u202E1`;
    const long = 'L'.repeat(311);
    const done = await importAndWait(t, config.id, {
      name: 'regeln.csv',
      bytes: csvFile(
        [
          row(good[0]!, 'Klemme'),
          row(bidi, 'Bidi'),
          row(uniq('CTRL'), 'Schalter\u0007 mit Klingel'),
          row(uniq('JS'), 'Bild', 'javascript:alert(1)'),
          row(long, 'Lange Nummer'),
          row(uniq('DESC'), 'd'.repeat(50_000)),
          row(uniq('DESC'), 'd'.repeat(5_000)),
          row(good[1]!, 'Relais', 'https://example.com/relais.png'),
        ],
        HEADERS,
      ),
    });
    expect(done).toMatchObject({ state: 'done', total: 8, created: 2, updated: 0, failedRows: 6 });
    const report = await downloadText(t, done.reportPath!);
    expect(report).toContain('"3";"Bestellnummer";"Steuer- und Textrichtungszeichen sind nicht erlaubt."');
    expect(report).toContain('"4";"Beschreibung";"Steuer- und Textrichtungszeichen sind nicht erlaubt."');
    expect(report).toContain('"5";"Bild";"Ungültiger Wert."');
    expect(report).toContain('"6";"Bestellnummer";"Höchstens 100 Zeichen."');
    // longer than any spreadsheet cell: refused before the rules (below, "a huge cell")
    expect(report).toContain(`"7";"Beschreibung";"${STAGING_REASONS.cellTooLong}"`);
    expect(report).toContain('"8";"Beschreibung";"Höchstens 2000 Zeichen."');
    expect(await storedArticle(bidi)).toBeUndefined();
    expect(await storedArticle(long)).toBeUndefined();
    for (const n of good) await savesInEditor(n);
    expect(await storedArticle(good[1]!)).toMatchObject({ image: 'https://example.com/relais.png', listPrice: 3 });
  });

  it('DATANORM: a record the API refuses is reported, the others are stored', async () => {
    const m = await createManufacturer(t);
    await fieldValueNamed(t, 'unit', 'Stk');
    const config = await exchangeConfig(t, 'DATANORM', { manufacturerId: m.id });
    const ok = uniq('DN-OK');
    const ctrl = uniq('DN-CTRL');
    const long = 'N'.repeat(311);
    const a = (n: string, text: string) => `A;N;${n};00;${text};zweite Zeile;1;0;Stk;4590;;;;`;
    const file = [
      `V 271126${'Regeln'.padEnd(40)}${''.padEnd(40)}${''.padEnd(35)}04EUR`,
      a(ok, 'Hauptschalter'),
      a(ctrl, 'Schalter\u0007'),
      a(long, 'Lange Nummer'),
    ].join('\r\n');
    const done = await importAndWait(t, config.id, { name: 'DATANORM.001', bytes: Buffer.from(file, 'latin1') });
    expect(done).toMatchObject({ state: 'done', total: 3, created: 1, failedRows: 2 });
    const report = await downloadText(t, done.reportPath!);
    expect(report).toContain('"3";"description";"Steuer- und Textrichtungszeichen sind nicht erlaubt."');
    expect(report).toContain('"4";"orderNumber";"Höchstens 100 Zeichen."');
    await savesInEditor(ok);
    expect(await storedArticle(ctrl)).toBeUndefined();
  });
});

describe('a huge cell', () => {
  it('a CSV cell of 2 MiB refuses its row; the import finishes and the other rows are stored', async () => {
    const config = await rulesConfig();
    const good = [uniq('VOR'), uniq('NACH')];
    const huge = uniq('RIESIG');
    const done: ArticleImportProgress = await importAndWait(t, config.id, {
      name: 'riesig.csv',
      bytes: csvFile(
        [row(good[0]!, 'vorher'), row(huge, 'x'.repeat(2 * 1024 * 1024)), row(good[1]!, 'nachher')],
        HEADERS,
      ),
    });
    expect(done).toMatchObject({ state: 'done', total: 3, created: 2, failedRows: 1 });
    const report = await downloadText(t, done.reportPath!);
    expect(report).toContain(`"3";"Beschreibung";"${STAGING_REASONS.cellTooLong}"`);
    expect(STAGING_REASONS.cellTooLong).toBe(
      'Zelle zu lang (mehr als 32.767 Zeichen): die Zeile wird nicht importiert',
    );
    for (const n of good) await savesInEditor(n);
    expect(await storedArticle(huge)).toBeUndefined();
  });

  it('an .xlsx cell of 2 MiB refuses its row; the import finishes and the other rows are stored', async () => {
    const config = await rulesConfig();
    const good = [uniq('XVOR'), uniq('XNACH')];
    const rows = [HEADERS, row(good[0]!, 'vorher'), row(uniq('XGROSS'), 'PLATZHALTER'), row(good[1]!, 'nachher')];
    const done = await importAndWait(t, config.id, {
      name: 'riesig.xlsx',
      bytes: xlsxWith(rows, 'PLATZHALTER', 'x'.repeat(2 * 1024 * 1024)),
    });
    expect(done).toMatchObject({ state: 'done', total: 3, created: 2, failedRows: 1 });
    expect(await downloadText(t, done.reportPath!)).toContain(`"3";"Beschreibung";"${STAGING_REASONS.cellTooLong}"`);
    for (const n of good) await savesInEditor(n);
  });

  it('a BMEcat long text of 2 MiB of markup is read in linear time and clipped to the description', async () => {
    const config = await exchangeConfig(t, 'BMECAT');
    const m = await createManufacturer(t);
    const n = uniq('BME');
    const product = (pid: string, long: string) =>
      `<PRODUCT><SUPPLIER_PID>${pid}</SUPPLIER_PID><PRODUCT_DETAILS><DESCRIPTION_SHORT>Klemme</DESCRIPTION_SHORT>` +
      `<DESCRIPTION_LONG>${long}</DESCRIPTION_LONG><MANUFACTURER_NAME>${m.displayName}</MANUFACTURER_NAME>` +
      `</PRODUCT_DETAILS></PRODUCT>`;
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005">' +
      '<HEADER><CATALOG><LANGUAGE>deu</LANGUAGE></CATALOG></HEADER><T_NEW_CATALOG>' +
      product(`${n}-1`, 'kurz') +
      product(`${n}-2`, '&lt;'.repeat(256 * 1024)) +
      product(`${n}-3`, 'kurz') +
      '</T_NEW_CATALOG></BMECAT>';
    const done = await importAndWait(t, config.id, { name: 'katalog.xml', bytes: new TextEncoder().encode(xml) });
    expect(done).toMatchObject({ state: 'done', total: 3, created: 3, failedRows: 0 });
    const clipped = await storedArticle(`${n}-2`);
    expect(clipped!.description!.length).toBeLessThanOrEqual(2000);
    await savesInEditor(`${n}-2`);
  });
});
