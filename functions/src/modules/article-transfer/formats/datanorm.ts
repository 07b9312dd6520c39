import type { ArticleMappableField } from '../../../model/bom/fields.js';
import { BOM_I18N_KEYS } from '../../../model/bom/i18n-keys.js';
import { TaskFailure } from '../../../platform/tasks/task-kind.js';
import { sniffContent } from '../../../spreadsheet/index.js';
import { createDecoder, detectEncoding, type TextEncoding } from '../../../spreadsheet/text-decode.js';
import {
  add,
  catalogPrices,
  divide,
  HUNDRED,
  implied,
  isNegative,
  mul,
  ONE,
  parseDecimal,
  round,
  sub,
  toNumber,
  type Dec,
} from './decimals.js';
import type { SourceReader, SourceRecord, SourceRecordProblem } from './source-records.js';

/**
 * DATANORM 4 and 5 (docs/decisions-imports.md "DATANORM"): semicolon-separated lines, one record per line, the
 * record type in the first field. Read: V (header: version), A (article), B (article, second part), D (dimension
 * text), T (long text, by key), P (prices, up to three articles per line), R (discount groups, the .RAB file).
 * Skipped silently: S (product groups, .WRG), K/C (control, terms), E/G/J/Z (insert texts, graphics, sets,
 * surcharges). Field indexes below are 0-based, record type at 0.
 */

export type DatanormVersion = 4 | 5;

/** The longest description an article takes (catalogue schema: 2000). */
const DESCRIPTION_MAX = 2000;
/** Bytes decoded at a time (the file is bytes in memory already; lines are produced one by one). */
const DECODE_CHUNK = 64 * 1024;
/** How much of the file the encoding detection looks at. */
const ENCODING_SAMPLE = 1024 * 1024;

/** A record letters a DATANORM file may hold; a first line with none of them is no DATANORM file. */
const RECORD_TYPES = new Set(['V', 'A', 'B', 'C', 'D', 'E', 'G', 'J', 'K', 'P', 'R', 'S', 'T', 'Z']);
const IGNORED_TYPES = new Set(['C', 'E', 'G', 'J', 'K', 'S', 'Z']);

/** V4 A record: Preiseinheit is a code 0–3 for 1, 10, 100, 1000 units. */
const V4_PRICE_UNITS: Record<string, number> = { '': 1, '0': 1, '1': 10, '2': 100, '3': 1000 };

export const DATANORM_REASONS = {
  recordType: 'Unbekannte Satzart',
  articleNumber: 'Artikelnummer fehlt',
  priceUnit: 'Ungültige Preiseinheit (erlaubt: 0–3 für 1, 10, 100, 1000)',
  price: 'Ungültiger Preis',
  decimals: 'Preis mit mehr als zwei Nachkommastellen (DATANORM-Preise sind ganze Cent je Preiseinheit)',
  priceFlag: 'Ungültiges Preiskennzeichen (erlaubt: 1 Listenpreis, 2 Nettopreis, 9 Preis auf Anfrage)',
  deletion: 'Löschsätze werden nicht übernommen; der Artikel bleibt bestehen',
  numberChange: 'Artikelnummernänderungen werden nicht übernommen',
  discountGroup: 'Rabattgruppe fehlt',
  discount: 'Ungültiger Rabatt',
  header: 'Vorlaufsatz (V) fehlt oder ist unlesbar; DATANORM 4 angenommen',
} as const;

type Values = Partial<Record<ArticleMappableField, string>>;

interface PendingArticle {
  row: number;
  number: string;
  values: Values;
  short: string;
  /** D records (dimension texts) by line number */
  dimension: Array<[number, string]>;
  textKey?: string;
  long: Array<[number, string]>;
}

/** Splits a record into fields; trailing blanks of a field are padding, not content. */
function fieldsOf(line: string): string[] {
  return line.split(';').map((f) => f.trim());
}

/** A price: integer cents (the format's two implied decimals, 4590 = 45.90) or an explicit decimal ('12,50', '12.50'). */
export function parsePrice(raw: string): Dec | undefined {
  const s = raw.trim();
  if (/^-?\d+$/.test(s)) return implied(BigInt(s), 2);
  if (/^-?\d+[.,]\d+$/.test(s)) return parseDecimal(s);
  return undefined;
}

/**
 * The factor a discount of a P or R record leaves of the price: Rabattkennzeichen 1 = rate (two implied decimals,
 * 5500 = 55 % → × 0.45), 2 = multiplier (three implied decimals, 0750 = × 0.75), 3 = surcharge (two implied decimals,
 * 500 = 5 % → × 1.05). An explicit decimal ('55,5') is taken as written. undefined when the flag is empty or 0 (none),
 * null when unreadable.
 */
export function discountFactor(flag: string, raw: string): Dec | null | undefined {
  if (flag === '' || flag === '0' || raw.trim() === '') return undefined;
  const s = raw.trim();
  const value = /^\d+$/.test(s)
    ? implied(BigInt(s), flag === '2' ? 3 : 2)
    : /^\d+[.,]\d+$/.test(s)
      ? parseDecimal(s)
      : undefined;
  if (!value) return null;
  if (flag === '1') return sub(ONE, divide(value, HUNDRED, 6));
  if (flag === '2') return value;
  if (flag === '3') return add(ONE, divide(value, HUNDRED, 6));
  return null;
}

/** A discount as percent (negative for a surcharge), two decimals: 1 − factor. */
export function discountPercent(flag: string, raw: string): number | null | undefined {
  const factor = discountFactor(flag, raw);
  return factor ? toNumber(round(mul(sub(ONE, factor), HUNDRED), 2)) : factor;
}

/** Version from the V record: V5 writes `V;050;…`, V4 is a fixed-width line with "04" at columns 124–125. */
export function datanormVersion(header: string): DatanormVersion | undefined {
  const f = header.split(';');
  if (f[0] === 'V' && f.length > 3 && f[1]?.trim() === '050') return 5;
  if (header.slice(123, 125) === '04') return 4;
  if (f[0] === 'V' && f.length > 1) return undefined;
  // V4 headers shortened by editors that strip trailing blanks: the version is still where the fixed layout puts it
  return /^V[ ;]/.test(header) ? 4 : undefined;
}

/** Does the content look like DATANORM: text, its first line a record letter and ';' (or V4's fixed-width 'V ')? */
export function looksLikeDatanorm(bytes: Uint8Array): boolean {
  if (sniffContent(bytes) !== 'text') return false;
  const head = Buffer.from(bytes.subarray(0, 512))
    .toString('latin1')
    .replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '');
  const first = head.split(/\r?\n/).find((l) => l.trim() !== '');
  if (!first) return false;
  if (first.startsWith('V ')) return true;
  return RECORD_TYPES.has(first[0]!) && first[1] === ';';
}

async function* lines(bytes: Buffer, encoding: TextEncoding): AsyncGenerator<string> {
  const decoder = createDecoder(encoding);
  let rest = '';
  for (let at = 0; at < bytes.length; at += DECODE_CHUNK) {
    const end = Math.min(bytes.length, at + DECODE_CHUNK);
    const text = rest + decoder.decode(bytes.subarray(at, end), end === bytes.length);
    const parts = text.split('\n');
    rest = parts.pop()!;
    for (const p of parts) yield p.endsWith('\r') ? p.slice(0, -1) : p;
  }
  if (rest !== '') yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}

/**
 * The reader: A/B/D/T records of one article are collected until the next article starts (memory: one article,
 * plus T texts that arrive before the article naming their key, plus one price unit per article number so that P
 * records later in the file emit the article's priceUnitSize). P records for the article being collected merge into
 * it; for others they become an article record of their own (the import updates by order number).
 */
export const readDatanorm: SourceReader = async function* (bytes: Buffer, _fileName: string) {
  if (bytes.length === 0) throw new TaskFailure(BOM_I18N_KEYS.empty, 'empty DATANORM file');
  if (!looksLikeDatanorm(bytes)) throw new TaskFailure(BOM_I18N_KEYS.corrupt, 'not a DATANORM file');
  const sample = bytes.subarray(0, ENCODING_SAMPLE);
  const encoding = detectEncoding(sample, sample.length < bytes.length);

  let version: DatanormVersion | undefined;
  let pending: PendingArticle | undefined;
  /** T texts by key, kept until an A record names the key (V5 writes the texts first) */
  const textsByKey = new Map<string, Array<[number, string]>>();
  /** the Preiseinheit of each article number seen, for P records that follow later */
  const priceUnits = new Map<string, number>();

  const problem = (row: number, column: string, reason: string): SourceRecordProblem => ({
    kind: 'problem',
    rowNumber: row,
    column,
    reason,
  });

  const finish = (a: PendingArticle): SourceRecord => {
    const texts = [...a.dimension, ...(a.textKey ? (textsByKey.get(a.textKey) ?? []) : []), ...a.long];
    if (a.textKey) textsByKey.delete(a.textKey);
    const long = texts
      .sort((x, y) => x[0] - y[0])
      .map(([, t]) => t)
      .filter((t) => t !== '')
      .join('\n');
    const description = [a.short, long].filter((t) => t !== '').join('\n');
    const values = { ...a.values };
    if (description) values.description = description.slice(0, DESCRIPTION_MAX);
    return { kind: 'article', rowNumber: a.row, values };
  };

  /**
   * Applies one price (P or A) to values: 1 = list price, 2 = net (purchase) price, 9 = on request (none). The price
   * stays per the file's Preiseinheit, which becomes priceUnitSize (`unit`; undefined when this file does not say:
   * the stored article's stays). A discount of a list price gives the purchase price, rounded half up to cents.
   */
  const applyPrice = (
    values: Values,
    flag: string,
    raw: string,
    unit: number | undefined,
    row: number,
    column: string,
    discount?: Dec,
  ): SourceRecordProblem | undefined => {
    if (flag === '9' || (raw === '' && flag === '')) return undefined;
    if (flag !== '1' && flag !== '2') return problem(row, column, DATANORM_REASONS.priceFlag);
    const price = parsePrice(raw);
    if (price === undefined || isNegative(price)) return problem(row, column, DATANORM_REASONS.price);
    const purchase = flag === '1' && discount ? round(mul(price, discount), 2) : undefined;
    if (purchase && isNegative(purchase)) return problem(row, column, DATANORM_REASONS.discount);
    // DATANORM prices are whole cents; more decimals (an explicit decimal) cannot move the price unit, since other
    // records of the article (its A record, other P records) state their prices per the same Preiseinheit
    const prices = catalogPrices(
      flag === '1' ? { list: price, purchase } : { purchase: price },
      unit === undefined ? undefined : implied(BigInt(unit), 0),
      true,
    );
    if (!prices) return problem(row, column, DATANORM_REASONS.decimals);
    Object.assign(values, prices);
    return undefined;
  };

  let row = 0;
  for await (const raw of lines(bytes, encoding)) {
    row++;
    const line = row === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (line.trim() === '') continue;
    const type = line[0]!;
    if (type === 'V' && version === undefined) {
      version = datanormVersion(line);
      if (version === undefined) {
        version = 4;
        yield problem(row, 'V', DATANORM_REASONS.header);
      }
      continue;
    }
    if (version === undefined) {
      version = 4;
      yield problem(row, 'V', DATANORM_REASONS.header);
    }
    if (!RECORD_TYPES.has(type) || line[1] !== ';') {
      yield problem(row, 'Satzart', DATANORM_REASONS.recordType);
      continue;
    }
    if (IGNORED_TYPES.has(type) || type === 'V') continue;
    const f = fieldsOf(line);
    const action = (f[1] ?? '').toUpperCase();

    if (type === 'R') {
      // R;VKZ;Rabattgruppe;Rabattkennzeichen;Rabatt;Bezeichnung
      const name = f[2] ?? '';
      if (!name) {
        yield problem(row, 'R.Rabattgruppe', DATANORM_REASONS.discountGroup);
        continue;
      }
      const percent = discountPercent(f[3] ?? '', f[4] ?? '');
      if (percent === null) {
        yield problem(row, 'R.Rabatt', DATANORM_REASONS.discount);
        continue;
      }
      yield {
        kind: 'discountGroup',
        rowNumber: row,
        name,
        ...(f[5] ? { description: f[5] } : {}),
        ...(percent !== undefined ? { percent } : {}),
      };
      continue;
    }

    if (type === 'T') {
      // V4: T;VKZ;Textschlüssel;-;Zeilennr;-;Text;Zeilennr;-;Text   V5: T;VKZ;Textschlüssel;-;Zeilennr;Text
      const key = f[2] ?? '';
      const parts: Array<[number, string]> =
        version === 5
          ? [[Number(f[4]) || 0, f[5] ?? '']]
          : [
              [Number(f[4]) || 0, f[6] ?? ''],
              [Number(f[7]) || 0, f[9] ?? ''],
            ];
      if (pending?.textKey === key) pending.long.push(...parts);
      else {
        const list = textsByKey.get(key) ?? [];
        list.push(...parts);
        textsByKey.set(key, list);
      }
      continue;
    }

    if (type === 'P') {
      yield* prices(f, row);
      continue;
    }

    const number = f[2] ?? '';
    if (!number) {
      yield problem(row, `${type}.Artikelnummer`, DATANORM_REASONS.articleNumber);
      continue;
    }
    if (action === 'L') {
      yield problem(row, `${type}.Verarbeitungskennzeichen`, DATANORM_REASONS.deletion);
      continue;
    }
    if (action === 'X') {
      yield problem(row, `${type}.Verarbeitungskennzeichen`, DATANORM_REASONS.numberChange);
      continue;
    }

    if (type === 'A') {
      if (pending) yield finish(pending);
      pending = undefined;
      const next: PendingArticle = { row, number, values: { orderNumber: number }, short: '', dimension: [], long: [] };
      let unit = 1;
      let priceProblem: SourceRecordProblem | undefined;
      if (version === 5) {
        // A;VKZ;Artikelnummer;Kurztext1;Kurztext2;Mengeneinheit;Preiskennzeichen;Preiseinheit;Preis;Rabattgruppe;
        // Hauptwarengruppe;Warengruppe;…;Langtextschlüssel (23)
        next.short = [f[3], f[4]].filter((t) => t).join(' ');
        if (f[5]) next.values.unitId = f[5];
        const pe = f[7] ?? '';
        unit = pe === '' || pe === '0' ? 1 : /^\d+$/.test(pe) ? Number(pe) : NaN;
        if (!(unit >= 1)) {
          yield problem(row, 'A.Preiseinheit', DATANORM_REASONS.priceUnit);
          continue;
        }
        next.values.priceUnitSize = String(unit);
        priceProblem = applyPrice(next.values, f[6] ?? '', f[8] ?? '', unit, row, 'A.Preis');
        if (f[9]) next.values.discountGroupId = f[9];
        if (f[23]) next.textKey = f[23];
      } else {
        // A;VKZ;Artikelnummer;Textkennzeichen;Kurztext1;Kurztext2;Preiskennzeichen;Preiseinheit(0–3);Mengeneinheit;
        // Preis;Rabattgruppe;Hauptwarengruppe;Langtextschlüssel
        next.short = [f[4], f[5]].filter((t) => t).join(' ');
        const code = f[7] ?? '';
        if (!(code in V4_PRICE_UNITS)) {
          yield problem(row, 'A.Preiseinheit', DATANORM_REASONS.priceUnit);
          continue;
        }
        unit = V4_PRICE_UNITS[code]!;
        if (f[8]) next.values.unitId = f[8];
        next.values.priceUnitSize = String(unit);
        priceProblem = applyPrice(next.values, f[6] ?? '', f[9] ?? '', unit, row, 'A.Preis');
        if (f[10]) next.values.discountGroupId = f[10];
        if (f[12]) next.textKey = f[12];
      }
      if (priceProblem) {
        yield priceProblem;
        continue;
      }
      priceUnits.set(number, unit);
      pending = next;
      continue;
    }

    // B and D belong to the article being collected, or (B alone) update an article of an earlier file
    const target: PendingArticle =
      pending?.number === number
        ? pending
        : { row, number, values: { orderNumber: number }, short: '', dimension: [], long: [] };
    if (type === 'B') {
      // B;VKZ;Artikelnummer;Matchcode;Alternativ-Artikelnummer;Katalogseite;Cu-Kennzeichen;Cu-Gewicht;Cu-Basis;
      // EAN;Anbindungsnummer;Warengruppe;Kostenart;Verpackungsmenge;Referenznummer-Erstellerkürzel;Referenznummer
      if (f[4]) target.values.possibleOrderNumbers = f[4];
      if (f[9] && f[9] !== '0') target.values.eanNumber = f[9];
      if (f[13] && /^\d+$/.test(f[13]) && Number(f[13]) > 0) target.values.packagingUnitSize = f[13];
      if (f[14]) target.values.manufacturerName = f[14];
      if (f[15]) target.values.manufacturerNumber = f[15];
      if (f[7] && /^\d+([.,]\d+)?$/.test(f[7]) && Number(f[7].replace(',', '.')) > 0)
        target.values.copperWeight = f[7].replace(',', '.');
      if (f[8] && /^\d+([.,]\d+)?$/.test(f[8]) && Number(f[8].replace(',', '.')) > 0)
        target.values.copperBaseValue = f[8].replace(',', '.');
    } else if (type === 'D') {
      // D;VKZ;Artikelnummer;Zeilennr;Unterkennzeichen;frei;Text;Zeilennr;Unterkennzeichen;frei;Text
      target.dimension.push([Number(f[3]) || 0, f[6] ?? ''], [Number(f[7]) || 0, f[10] ?? '']);
    }
    if (target !== pending) yield { ...finish(target), updateOnly: true };
  }
  if (pending) yield finish(pending);

  /**
   * P records. V4 (and V5 files written the same way): P;VKZ then up to three blocks of nine fields —
   * Artikelnummer;Preiskennzeichen;Preis;Rabattkennzeichen1;Rabatt1;Rabattkennzeichen2;Rabatt2;Rabattkennzeichen3;
   * Rabatt3. V5's short form without VKZ: P;Artikelnummer;Preiskennzeichen;Preiseinheit;Preis;Rabattgruppe.
   */
  function* prices(f: string[], row: number): Generator<SourceRecord | SourceRecordProblem> {
    const short = version === 5 && !/^[NALX]$/i.test(f[1] ?? '');
    const blocks = short
      ? [{ number: f[1] ?? '', flag: f[2] ?? '', unit: f[3] ?? '', price: f[4] ?? '', group: f[5] ?? '' }]
      : [2, 11, 20].map((at) => ({
          number: f[at] ?? '',
          flag: f[at + 1] ?? '',
          price: f[at + 2] ?? '',
          discountFlag: f[at + 3] ?? '',
          discount: f[at + 4] ?? '',
        }));
    for (const [i, b] of blocks.entries()) {
      if (!b.number) continue;
      const column = `P.Preis${short ? '' : i + 1}`;
      // the article's Preiseinheit from its A record in this file; a P record alone (DATPREIS) leaves the stored one
      let unit = priceUnits.get(b.number);
      if ('unit' in b && b.unit !== '' && b.unit !== '0') {
        unit = /^\d+$/.test(b.unit) ? Number(b.unit) : NaN;
        if (!(unit >= 1)) {
          yield problem(row, 'P.Preiseinheit', DATANORM_REASONS.priceUnit);
          continue;
        }
      }
      let discount: Dec | undefined;
      if ('discountFlag' in b) {
        const d = discountFactor(b.discountFlag, b.discount);
        if (d === null) {
          yield problem(row, `P.Rabatt${i + 1}`, DATANORM_REASONS.discount);
          continue;
        }
        discount = d;
      }
      const target: Values = pending?.number === b.number ? pending.values : { orderNumber: b.number };
      const wrong = applyPrice(target, b.flag, b.price, unit, row, column, discount);
      if (wrong) {
        yield wrong;
        continue;
      }
      if ('group' in b && b.group) target.discountGroupId = b.group;
      if (target !== pending?.values) yield { kind: 'article', rowNumber: row, values: target, updateOnly: true };
    }
  }
};
