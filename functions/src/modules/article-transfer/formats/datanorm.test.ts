import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TaskFailure } from '../../../platform/tasks/task-kind.js';
import { DATANORM_REASONS, discountPercent, parsePrice } from './datanorm-values.js';
import { datanormVersion, looksLikeDatanorm, readDatanorm } from './datanorm.js';
import { formatDec } from './decimals.js';
import type { SourceRecord, SourceRecordProblem } from './source-records.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => readFileSync(join(fixtures, name));

/** A V4 header line: fixed width, version "04" at columns 124–125. */
const V4 = `V 271126${'Test'.padEnd(40)}${''.padEnd(40)}${''.padEnd(35)}04EUR`;
const V5 = 'V;050;A;20261127;EUR;Test;Lieferant;;;;';

async function read(input: Buffer | string, name = 'DATANORM.001') {
  const out: Array<SourceRecord | SourceRecordProblem> = [];
  const bytes = typeof input === 'string' ? Buffer.from(input, 'latin1') : input;
  for await (const r of readDatanorm(bytes, name)) out.push(r);
  return out;
}
const articles = (records: Array<SourceRecord | SourceRecordProblem>) =>
  records.flatMap((r) => (r.kind === 'article' ? [r.values] : []));
const problems = (records: Array<SourceRecord | SourceRecordProblem>) =>
  records.flatMap((r) => (r.kind === 'problem' ? [r] : []));

describe('DATANORM reader', () => {
  it('reads the DATANORM 4 fixture: A, B, T, D and a P line with three articles (CP850)', async () => {
    const records = await read(fixture('DATANORM.001'));
    expect(problems(records)).toEqual([]);
    const byNumber = new Map<string, Record<string, string>>();
    for (const v of articles(records)) byNumber.set(v.orderNumber!, { ...byNumber.get(v.orderNumber!), ...v });
    expect(byNumber.get('DN4-1001')).toEqual({
      orderNumber: 'DN4-1001',
      description: 'Hauptschalter 3-polig 63 A Drehantrieb rot/gelb, Türkupplung',
      unitId: 'Stk',
      // A: 45.90, then the P record's 47.90 (Preiseinheit 0 = per 1)
      listPrice: '47.9',
      priceUnitSize: '1',
      discountGroupId: 'HS01',
      possibleOrderNumbers: 'DN4-1001-A',
      eanNumber: '4011111000017',
      packagingUnitSize: '1',
      manufacturerName: 'SIE',
      manufacturerNumber: '3LD2504-0TK53',
    });
    // Preiseinheit 2 = per 100: 12.50 per 100 kept as stated, the P record's net price 9.80 per 100 (its A record's
    // unit); T long text by key
    expect(byNumber.get('DN4-1002')).toMatchObject({
      listPrice: '12.5',
      purchasePrice: '9.8',
      priceUnitSize: '100',
      description:
        'Aderendhülse 1,5 mm² isoliert, schwarz\nFür Leiterquerschnitt 1,5 mm²\nLänge 8 mm, Kragen aus Polypropylen',
    });
    // Preiskennzeichen 2 = net price; D dimension texts appended
    expect(byNumber.get('DN4-1003')).toMatchObject({
      unitId: 'm',
      purchasePrice: '0.89',
      description:
        'Mantelleitung NYM-J 3x1,5 Ring 100 m\nFür die Verlegung über, auf, im und\nunter Putz in trockenen Räumen',
    });
    expect(byNumber.get('DN4-1003')!.listPrice).toBeUndefined();
    // Preiseinheit 1 = per 10; the P record's list price 36.00 per 10 with a 10 % discount (Rabattkennzeichen 1)
    expect(byNumber.get('DN4-1004')).toMatchObject({
      listPrice: '36',
      purchasePrice: '32.4',
      priceUnitSize: '10',
      discountGroupId: 'KL',
    });
  });

  it('reads the DATANORM 5 fixture: texts before the article, B record, price on request, short P (Windows-1252)', async () => {
    const records = await read(fixture('DATANORM5.001'));
    expect(problems(records)).toEqual([]);
    const all = articles(records);
    expect(all.map((a) => a.orderNumber)).toEqual(['DN5-2001', 'DN5-2002', 'DN5-2003']);
    expect(all[0]).toMatchObject({
      listPrice: '59.9',
      unitId: 'Stk',
      discountGroupId: 'SCH',
      eanNumber: '4022222000014',
      manufacturerName: 'ABB',
      manufacturerNumber: '1SBL137001R1300',
      description:
        'Leistungsschütz 9 A Baugröße S00\nSchütz 3-polig, 4 kW / 400 V\nSpulenspannung 230 V AC, 1 Schließer',
    });
    // V5's Preiseinheit is the quantity itself: 159.00 per 100 m
    expect(all[1]).toMatchObject({
      purchasePrice: '159',
      priceUnitSize: '100',
      unitId: 'm',
      description: expect.stringContaining('ÖLFLEX'),
    });
    // Preiskennzeichen 9 (on request): no price from A; the P record that follows gives 120.00
    expect(all[2]).toMatchObject({ listPrice: '120', priceUnitSize: '1', unitId: 'ST' });
  });

  it('reads the .RAB file as discount groups (rate and multiplier)', async () => {
    const records = await read(fixture('DATANORM.RAB'), 'DATANORM.RAB');
    expect(records).toEqual([
      {
        kind: 'discountGroup',
        rowNumber: 2,
        name: 'HS01',
        description: 'Hauptschalter und Lasttrennschalter',
        percent: 30,
      },
      { kind: 'discountGroup', rowNumber: 3, name: 'AEH', description: 'Aderendhülsen', percent: 25 },
      { kind: 'discountGroup', rowNumber: 4, name: 'KAB', description: 'Kabel und Leitungen', percent: 45.5 },
      { kind: 'discountGroup', rowNumber: 5, name: 'KL', description: 'Klemmen und Zubehör', percent: 20 },
      { kind: 'discountGroup', rowNumber: 6, name: 'SCH', description: 'Schütze und Relais', percent: 35 },
    ]);
  });

  it('keeps the price per every V4 price unit code 0–3 and emits the unit as priceUnitSize (1, 10, 100, 1000)', async () => {
    const lines = ['0', '1', '2', '3'].map((code) => `A;N;PU-${code};00;Teil;;1;${code};Stk;100000;;;;`);
    const all = articles(await read([V4, ...lines].join('\n')));
    expect(all.map((a) => [a.listPrice, a.priceUnitSize])).toEqual([
      ['1000', '1'],
      ['1000', '10'],
      ['1000', '100'],
      ['1000', '1000'],
    ]);
  });

  it('a P record without its A record in the file (DATPREIS) emits no priceUnitSize; a discount rounds half up to cents', async () => {
    const file = [
      V4,
      // 12.50 with 25 % (rate) → 9.375 → 9.38; 0.05 with 10 % → 0.045 → 0.05; 10.00 × 0.333 (multiplier) → 3.33
      'P;A;DP-1;1;1250;1;2500;;;;;DP-2;1;5;1;1000;;;;;DP-3;1;1000;2;0333;;;;;',
      'P;A;DP-4;2;12,345;;;;;;;',
    ].join('\n');
    const records = await read(file, 'DATPREIS.001');
    // P (and B) records alone only update articles the catalogue has
    expect(records.filter((r) => r.kind === 'article').every((r) => r.kind === 'article' && r.updateOnly)).toBe(true);
    expect(articles(records)).toEqual([
      { orderNumber: 'DP-1', listPrice: '12.5', purchasePrice: '9.38' },
      { orderNumber: 'DP-2', listPrice: '0.05', purchasePrice: '0.05' },
      { orderNumber: 'DP-3', listPrice: '10', purchasePrice: '3.33' },
    ]);
    // more than two decimals cannot be a DATANORM price (whole cents per Preiseinheit)
    expect(problems(records).map((p) => [p.rowNumber, p.column, p.reason])).toEqual([
      [3, 'P.Preis1', DATANORM_REASONS.decimals],
    ]);
  });

  it('reads a line of many decoded chunks whole, and the lines after it', async () => {
    const long = 'x'.repeat(3 * 1024 * 1024);
    const read3 = await read(`${V4}\r\nA;N;L-1;00;${long};;1;0;Stk;100;;;;\r\nA;N;L-2;00;kurz;;1;0;Stk;100;;;;`);
    expect(articles(read3).map((a) => [a.orderNumber, a.description!.length])).toEqual([
      ['L-1', 2000],
      ['L-2', 4],
    ]);
  });

  it('decodes CP850 umlauts (ä ö ü ß Ä Ö Ü) and Windows-1252 ones', async () => {
    const text = 'Gehäuse Öffnung Überwurf Fuß Mutter';
    const cp850 = Buffer.concat([
      Buffer.from(`${V4}\r\nA;N;U-1;00;`, 'latin1'),
      Buffer.from([0x47, 0x65, 0x68, 0x84, 0x75, 0x73, 0x65]), // Gehäuse in CP850 (ä = 0x84)
      Buffer.from(';', 'latin1'),
      Buffer.from([0x99, 0x9a, 0xe1, 0x94, 0x81, 0x8e]), // Ö Ü ß ö ü Ä
      Buffer.from(';1;0;Stk;100;;;;\r\n', 'latin1'),
    ]);
    expect(articles(await read(cp850))[0]!.description).toBe('Gehäuse ÖÜßöüÄ');
    const w1252 = Buffer.from(`${V4}\r\nA;N;U-2;00;${text};;1;0;Stk;100;;;;\r\n`, 'latin1');
    expect(articles(await read(w1252))[0]!.description).toBe(text);
  });

  it('reads three articles from one P line and emits each article’s own price unit', async () => {
    const file = [
      V4,
      'A;N;P-1;00;Eins;;1;0;Stk;100;;;;',
      'A;N;P-2;00;Zwei;;1;1;Stk;100;;;;',
      'A;N;P-3;00;Drei;;1;3;Stk;100;;;;',
      'P;A;P-1;1;200;;;;;;;P-2;1;2000;;;;;;;P-3;2;30000;2;0800;;;;;',
    ].join('\n');
    const records = articles(await read(file));
    const prices = records.filter((r) => r.description === undefined);
    expect(prices).toEqual([
      { orderNumber: 'P-1', listPrice: '2', priceUnitSize: '1' },
      { orderNumber: 'P-2', listPrice: '20', priceUnitSize: '10' },
    ]);
    // P-3 was still being collected: its P price (net 300.00 per 1000, discount ignored for a net price) merged into it
    expect(records.find((r) => r.orderNumber === 'P-3')).toMatchObject({
      listPrice: '1',
      purchasePrice: '300',
      priceUnitSize: '1000',
    });
  });

  it('turns malformed records into problems and goes on', async () => {
    const file = [
      V4,
      'A;N;;00;Ohne Nummer;;1;0;Stk;100;;;;',
      'A;N;M-1;00;Preiseinheit falsch;;1;7;Stk;100;;;;',
      'A;N;M-2;00;Preis falsch;;1;0;Stk;12x;;;;',
      'A;N;M-3;00;Preiskennzeichen falsch;;4;0;Stk;100;;;;',
      'A;L;M-4;00;Löschsatz;;1;0;Stk;100;;;;',
      'Q;unbekannt',
      'R;N;;1;1000;ohne Namen;',
      'R;N;RX;1;abc;falscher Rabatt;',
      'S;N;310;Warengruppe;',
      'A;N;M-5;00;Gut;;1;0;Stk;100;;;;',
    ].join('\n');
    const records = await read(file);
    expect(problems(records).map((p) => [p.rowNumber, p.column, p.reason])).toEqual([
      [2, 'A.Artikelnummer', DATANORM_REASONS.articleNumber],
      [3, 'A.Preiseinheit', DATANORM_REASONS.priceUnit],
      [4, 'A.Preis', DATANORM_REASONS.price],
      [5, 'A.Preis', DATANORM_REASONS.priceFlag],
      [6, 'A.Verarbeitungskennzeichen', DATANORM_REASONS.deletion],
      [7, 'Satzart', DATANORM_REASONS.recordType],
      [8, 'R.Rabattgruppe', DATANORM_REASONS.discountGroup],
      [9, 'R.Rabatt', DATANORM_REASONS.discount],
    ]);
    expect(articles(records).map((a) => a.orderNumber)).toEqual(['M-5']);
  });

  it('reports a missing header and assumes version 4', async () => {
    const records = await read('A;N;H-1;00;Teil;;1;0;Stk;100;;;;\n');
    expect(problems(records)).toEqual([
      { kind: 'problem', rowNumber: 1, column: 'V', reason: DATANORM_REASONS.header },
    ]);
    expect(articles(records)).toEqual([
      { orderNumber: 'H-1', unitId: 'Stk', listPrice: '1', priceUnitSize: '1', description: 'Teil' },
    ]);
  });

  it('refuses content that is no DATANORM as a whole', async () => {
    await expect(read('Bestellnummer;Preis\n1;2\n')).rejects.toBeInstanceOf(TaskFailure);
    await expect(read(Buffer.alloc(0))).rejects.toBeInstanceOf(TaskFailure);
  });

  it('recognises versions, prices and discounts', () => {
    expect(datanormVersion(V4)).toBe(4);
    expect(datanormVersion(V5)).toBe(5);
    expect(looksLikeDatanorm(Buffer.from(`${V4}\n`))).toBe(true);
    expect(looksLikeDatanorm(Buffer.from('R;N;X;1;1000;\n'))).toBe(true);
    expect(looksLikeDatanorm(Buffer.from('<?xml version="1.0"?><BMECAT/>'))).toBe(false);
    expect(formatDec(parsePrice('4590')!)).toBe('45.9');
    expect(formatDec(parsePrice('45,90')!)).toBe('45.9');
    expect(formatDec(parsePrice('5')!)).toBe('0.05');
    expect(parsePrice('x')).toBeUndefined();
    expect(parsePrice('')).toBeUndefined();
    expect(discountPercent('1', '5500')).toBe(55);
    expect(discountPercent('2', '0750')).toBe(25);
    expect(discountPercent('1', '55,5')).toBe(55.5);
    expect(discountPercent('3', '500')).toBe(-5);
    expect(discountPercent('', '')).toBeUndefined();
    expect(discountPercent('7', '1')).toBeNull();
  });
});
