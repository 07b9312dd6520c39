import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TaskFailure } from '../../../platform/tasks/task-kind.js';
import { BMECAT_FAILURES, BMECAT_UNIT_NAMES, htmlToText, parseBmecatNumber, formatDec, readBmecat } from './bmecat.js';
import type { SourceRecord, SourceRecordProblem } from './source-records.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

async function readAll(bytes: Buffer | string, name = 'katalog.xml'): Promise<(SourceRecord | SourceRecordProblem)[]> {
  const out: (SourceRecord | SourceRecordProblem)[] = [];
  for await (const r of readBmecat(typeof bytes === 'string' ? Buffer.from(bytes) : bytes, name)) out.push(r);
  return out;
}

/** Reads until the reader throws; answers what was read and the failure. */
async function readUntilFailure(bytes: Buffer | string) {
  const records: (SourceRecord | SourceRecordProblem)[] = [];
  try {
    for await (const r of readBmecat(typeof bytes === 'string' ? Buffer.from(bytes) : bytes, 'x.xml')) records.push(r);
  } catch (error) {
    return { records, error };
  }
  return { records, error: undefined };
}

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005">
<HEADER><CATALOG><LANGUAGE>deu</LANGUAGE><CATALOG_ID>T</CATALOG_ID><CATALOG_VERSION>1</CATALOG_VERSION><CURRENCY>EUR</CURRENCY></CATALOG></HEADER>
<T_NEW_CATALOG>`;
const TAIL = '</T_NEW_CATALOG></BMECAT>';
const catalog = (...products: string[]) => HEAD + products.join('\n') + TAIL;
const product = (inner: string, pid = 'A-1') => `<PRODUCT mode="new"><SUPPLIER_PID>${pid}</SUPPLIER_PID>${inner}</PRODUCT>`;
const prices = (...p: string[]) => `<PRODUCT_PRICE_DETAILS>${p.join('')}</PRODUCT_PRICE_DETAILS>`;
const price = (type: string, amount: string, extra = '') =>
  `<PRODUCT_PRICE price_type="${type}"><PRICE_AMOUNT>${amount}</PRICE_AMOUNT>${extra}</PRODUCT_PRICE>`;
const order = (inner: string) => `<PRODUCT_ORDER_DETAILS>${inner}</PRODUCT_ORDER_DETAILS>`;

async function values(inner: string) {
  const [r] = await readAll(catalog(product(inner)));
  if (r?.kind !== 'article') throw new Error(`expected an article, got ${JSON.stringify(r)}`);
  return r.values;
}
async function problem(inner: string, pid?: string) {
  const [r] = await readAll(catalog(product(inner, pid)));
  if (r?.kind !== 'problem') throw new Error(`expected a problem, got ${JSON.stringify(r)}`);
  return r;
}

async function failureOf(bytes: Buffer | string): Promise<TaskFailure> {
  const { error } = await readUntilFailure(bytes);
  expect(error).toBeInstanceOf(TaskFailure);
  return error as TaskFailure;
}

describe('readBmecat: fixtures', () => {
  it('maps the BMEcat 2005 new catalogue product by product', async () => {
    const records = await readAll(fixture('bmecat-2005-catalog.xml'));
    expect(records).toEqual([
      {
        kind: 'article',
        rowNumber: 1,
        values: {
          orderNumber: 'EGM-3044076',
          manufacturerNumber: '3044076',
          manufacturerName: 'Phoenix Contact',
          description:
            'Durchgangsreihenklemme UT 2,5 grau\n\nDurchgangsreihenklemme, Schraubanschluss, 2,5 mm², 800 V, 24 A, grau, Tragschiene NS 35',
          eanNumber: '4017918960445',
          erpNumber: 'SW-100231',
          deliveryTime: '2',
          eclass9_1Id: '27141120',
          unitId: 'Stück',
          packagingUnitSize: '1',
          minimumOrderQuantityUnitSize: '50',
          orderQuantityUnitSize: '50',
          listPrice: '98.5',
          purchasePrice: '64.03',
          priceUnitSize: '100',
          customsTarifNumber: '85369010',
          countryOfOriginAbbreviation: 'DE',
          image: 'https://media.example-grosshandel.de/bilder/3044076.jpg',
        },
      },
      {
        kind: 'article',
        rowNumber: 2,
        values: {
          orderNumber: 'EGM-5SY61167',
          manufacturerNumber: '5SY6116-7',
          manufacturerName: 'Siemens',
          description:
            'Leitungsschutzschalter 1-polig C16\n\nLeitungsschutzschalter 230/400 V, 6 kA\nCharakteristik C\nIn = 16 A\nTiefe 70 mm',
          eanNumber: '4001869166893',
          deliveryTime: '5',
          eclass9_1Id: '27141901',
          unitId: 'Stück',
          packagingUnitSize: '1',
          minimumOrderQuantityUnitSize: '1',
          orderQuantityUnitSize: '1',
          // the 2020 prices are out of date; net_list wins over nrp, lower bound 1 over 12
          listPrice: '21.4',
          purchasePrice: '13.25',
          priceUnitSize: '1',
          customsTarifNumber: '85362010',
          countryOfOriginAbbreviation: 'CZ',
          image: 'https://media.example-grosshandel.de/bilder/5SY6116-7.png',
        },
      },
      {
        kind: 'article',
        rowNumber: 3,
        values: {
          orderNumber: 'EGM-AX1060000',
          manufacturerNumber: '1060.000',
          manufacturerName: 'Rittal',
          // the long text starts with the short one: the long one alone
          description: 'Kompaktgehäuse AX Stahlblech 600x600x250 mm, mit Montageplatte, IP 66',
          deliveryTime: '10',
          unitId: 'Stück',
          packagingUnitSize: '1',
          // gros_list 595.00 with TAX 0.19 → 500 net; net_customer 400 × PRICE_FACTOR 0.95
          listPrice: '500',
          purchasePrice: '380',
        },
      },
      {
        kind: 'article',
        rowNumber: 4,
        values: {
          orderNumber: 'EGM-NYM-J-3X1,5',
          manufacturerName: 'Kabelwerk Beispiel',
          description: 'Mantelleitung NYM-J 3x1,5 mm² grau',
          eanNumber: '4013456789012',
          unitId: 'Meter',
          packagingUnitSize: '1',
          minimumOrderQuantityUnitSize: '50',
          orderQuantityUnitSize: '50',
          // 0.8735 €/m has four decimals: stated per 100 m
          listPrice: '87.35',
          purchasePrice: '61',
          priceUnitSize: '100',
        },
      },
      {
        kind: 'article',
        rowNumber: 5,
        values: {
          orderNumber: 'EGM-2002-1201',
          manufacturerNumber: '2002-1201',
          manufacturerName: 'WAGO',
          description: 'Durchgangsklemme 2,5 mm² & Brücke – grau',
          unitId: 'Packung',
          packagingUnitSize: '100',
          priceUnitSize: '1',
          listPrice: '54',
          discountGroupId: 'WG-12',
        },
      },
      {
        kind: 'problem',
        rowNumber: 6,
        column: 'SUPPLIER_PID',
        reason: 'Die Lieferantenartikelnummer (SUPPLIER_PID) fehlt.',
      },
      {
        kind: 'problem',
        rowNumber: 7,
        column: 'PRODUCT_PRICE',
        reason: 'Preis „12,5O“ (net_list) ist keine gültige Zahl.',
      },
    ]);
  });

  it('reads T_UPDATE_PRODUCTS with a namespace prefix: update and new as articles, delete as a problem', async () => {
    const records = await readAll(fixture('bmecat-2005-update-products.xml'));
    expect(records).toEqual([
      {
        kind: 'article',
        rowNumber: 1,
        values: {
          orderNumber: 'EGM-3044076',
          description: 'Durchgangsreihenklemme UT 2,5 grau (neu)',
          manufacturerNumber: '3044076',
          manufacturerName: 'Phoenix Contact',
          unitId: 'Stück',
          packagingUnitSize: '1',
          priceUnitSize: '100',
          listPrice: '101.2',
        },
      },
      {
        kind: 'article',
        rowNumber: 2,
        values: {
          orderNumber: 'EGM-3211757',
          description: 'Durchgangsreihenklemme PT 4 grau',
          manufacturerNumber: '3211757',
          manufacturerName: 'Phoenix Contact',
          unitId: 'Stück',
          packagingUnitSize: '1',
          priceUnitSize: '100',
          listPrice: '132',
        },
      },
      {
        kind: 'problem',
        rowNumber: 3,
        column: 'PRODUCT',
        reason: 'Der Artikel ist in der Datei zum Löschen markiert (mode="delete"); der Import löscht keine Artikel.',
      },
    ]);
  });

  it('reads T_UPDATE_PRICES: prices only, other currencies ignored, no price unit to move sub-cent prices to', async () => {
    const records = await readAll(fixture('bmecat-2005-update-prices.xml'));
    expect(records).toEqual([
      { kind: 'article', rowNumber: 1, values: { orderNumber: 'EGM-5SY61167', listPrice: '22.1', purchasePrice: '13.7' } },
      {
        kind: 'problem',
        rowNumber: 2,
        column: 'PRODUCT_PRICE',
        reason:
          'Preis mit mehr als zwei Nachkommastellen ohne Preismenge (PRICE_QUANTITY); in T_UPDATE_PRICES ist die Preiseinheit des Artikels unbekannt.',
      },
      { kind: 'article', rowNumber: 3, values: { orderNumber: 'EGM-AX1060000', listPrice: '520' } },
    ]);
  });

  it('reads a BMEcat 1.2 file (ARTICLE names, DOCTYPE) encoded in ISO-8859-1', async () => {
    const bytes = fixture('bmecat-1.2-latin1.xml');
    expect(bytes.includes(Buffer.from('ü', 'latin1'))).toBe(true);
    const records = await readAll(bytes);
    expect(records).toEqual([
      {
        kind: 'article',
        rowNumber: 1,
        values: {
          orderNumber: '1010000000',
          manufacturerNumber: '1010000000',
          manufacturerName: 'Weidmüller',
          description:
            'Schutzleiter-Reihenklemme WPE 2.5 grün/gelb\n\nSchutzleiter-Reihenklemme, Schraubanschluss, 2,5 mm², Querschnitt 0,5 – 4 mm² (Ø 2,5 mm), 20 °C',
          eanNumber: '4008190143640',
          deliveryTime: '3',
          eclass9_1Id: '27141141',
          unitId: 'Stück',
          packagingUnitSize: '50',
          minimumOrderQuantityUnitSize: '50',
          orderQuantityUnitSize: '50',
          priceUnitSize: '100',
          listPrice: '214.37',
        },
      },
      {
        kind: 'article',
        rowNumber: 2,
        values: {
          orderNumber: '1020000000',
          manufacturerNumber: '1020000000',
          manufacturerName: 'Weidmüller',
          description: 'Durchgangs-Reihenklemme WDU 2.5 beige, Maße 5,1 × 46,5 mm',
          unitId: 'Stück',
          priceUnitSize: '100',
          listPrice: '61.8',
        },
      },
    ]);
  });

  it('reports broken products and goes on with the next one', async () => {
    const records = await readAll(fixture('bmecat-2005-broken.xml'));
    expect(records.map((r) => (r.kind === 'article' ? r.values.orderNumber : `${r.rowNumber}: ${r.column}`))).toEqual([
      'OK-1',
      '2: PRODUCT',
      '3: PRODUCT',
      'OK-2',
      '5: PRODUCT',
      'OK-3',
    ]);
    const reasons = records.filter((r) => r.kind === 'problem').map((r) => (r as SourceRecordProblem).reason);
    expect(reasons[0]).toMatch(/^Der Artikel ist kein gültiges XML \(ungültiges Tag „<5 mm breit/);
    expect(reasons[1]).toBe(
      'Der Artikel ist kein gültiges XML (End-Tag </DESCRIPTION_SHORTX> passt nicht zu <DESCRIPTION_SHORT>) und wurde übersprungen.',
    );
    expect(reasons[2]).toBe('Der Artikel ist kein gültiges XML (End-Tag </PRODUCT> fehlt) und wurde übersprungen.');
  });
});
