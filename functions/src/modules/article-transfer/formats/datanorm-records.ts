import type { Dec } from './decimals.js';
import {
  applyPrice,
  DATANORM_REASONS,
  discountFactor,
  discountPercent,
  problem,
  type PriceSource,
  type Values,
} from './datanorm-values.js';
import type { SourceRecord, SourceRecordProblem } from './source-records.js';

/**
 * The DATANORM record types the reader acts on, as a handler table (`RECORD_HANDLERS`). A/B/D/T records of one
 * article are collected until the next article starts (memory: one article, plus T texts that arrive before the
 * article naming their key, plus one price unit per article number so that P records later in the file emit the
 * article's priceUnitSize). P records for the article being collected merge into it; for others they become an
 * article record of their own (the import updates by order number). Field indexes are 0-based, record type at 0.
 */

export type DatanormVersion = 4 | 5;
type Output = SourceRecord | SourceRecordProblem;

/** The longest description an article takes (catalogue schema: 2000). */
const DESCRIPTION_MAX = 2000;
/** V4 A record: Preiseinheit is a code 0–3 for 1, 10, 100, 1000 units. */
const V4_PRICE_UNITS: Record<string, number> = { '': 1, '0': 1, '1': 10, '2': 100, '3': 1000 };

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

const newArticle = (row: number, number: string): PendingArticle => ({
  row,
  number,
  values: { orderNumber: number },
  short: '',
  dimension: [],
  long: [],
});

/** What the reader keeps between records. */
export class DatanormState {
  /** from the V record (4 when it is missing or unreadable) */
  version: DatanormVersion | undefined;
  /** the article being collected */
  pending: PendingArticle | undefined;
  /** T texts by key, kept until an A record names the key (V5 writes the texts first) */
  readonly textsByKey = new Map<string, Array<[number, string]>>();
  /** the Preiseinheit of each article number seen, for P records that follow later */
  readonly priceUnits = new Map<string, number>();

  /** The article record of a collected article: its short text and its texts (D, T) in line order as description. */
  finish(a: PendingArticle): SourceRecord {
    const texts = [...a.dimension, ...(a.textKey ? (this.textsByKey.get(a.textKey) ?? []) : []), ...a.long];
    if (a.textKey) this.textsByKey.delete(a.textKey);
    const long = texts
      .sort((x, y) => x[0] - y[0])
      .map(([, t]) => t)
      .filter((t) => t !== '')
      .join('\n');
    const description = [a.short, long].filter((t) => t !== '').join('\n');
    const values = { ...a.values };
    if (description) values.description = description.slice(0, DESCRIPTION_MAX);
    return { kind: 'article', rowNumber: a.row, values };
  }

  /** Ends the article being collected (the next A record starts, or the file ends). */
  *flush(): Generator<Output> {
    if (this.pending) yield this.finish(this.pending);
    this.pending = undefined;
  }
}

type RecordHandler = (s: DatanormState, f: string[], row: number) => Generator<Output>;
type ArticleRecordHandler = (s: DatanormState, f: string[], row: number, number: string) => Generator<Output>;

/** R;VKZ;Rabattgruppe;Rabattkennzeichen;Rabatt;Bezeichnung — a discount group (.RAB file). */
function* discountGroupRecord(_s: DatanormState, f: string[], row: number): Generator<Output> {
  const name = f[2] ?? '';
  if (!name) {
    yield problem(row, 'R.Rabattgruppe', DATANORM_REASONS.discountGroup);
    return;
  }
  const percent = discountPercent(f[3] ?? '', f[4] ?? '');
  if (percent === null) {
    yield problem(row, 'R.Rabatt', DATANORM_REASONS.discount);
    return;
  }
  yield {
    kind: 'discountGroup',
    rowNumber: row,
    name,
    ...(f[5] ? { description: f[5] } : {}),
    ...(percent !== undefined ? { percent } : {}),
  };
}

/** V4: T;VKZ;Textschlüssel;-;Zeilennr;-;Text;Zeilennr;-;Text   V5: T;VKZ;Textschlüssel;-;Zeilennr;Text */
// eslint-disable-next-line require-yield -- a T record only collects text for its article
function* textRecord(s: DatanormState, f: string[]): Generator<Output> {
  const key = f[2] ?? '';
  const parts: Array<[number, string]> =
    s.version === 5
      ? [[Number(f[4]) || 0, f[5] ?? '']]
      : [
          [Number(f[4]) || 0, f[6] ?? ''],
          [Number(f[7]) || 0, f[9] ?? ''],
        ];
  if (s.pending?.textKey === key) s.pending.long.push(...parts);
  else {
    const list = s.textsByKey.get(key) ?? [];
    list.push(...parts);
    s.textsByKey.set(key, list);
  }
}

/**
 * P records. V4 (and V5 files written the same way): P;VKZ then up to three blocks of nine fields —
 * Artikelnummer;Preiskennzeichen;Preis;Rabattkennzeichen1;Rabatt1;Rabattkennzeichen2;Rabatt2;Rabattkennzeichen3;
 * Rabatt3. V5's short form without VKZ: P;Artikelnummer;Preiskennzeichen;Preiseinheit;Preis;Rabattgruppe.
 */
function* priceRecord(s: DatanormState, f: string[], row: number): Generator<Output> {
  const short = s.version === 5 && !/^[NALX]$/i.test(f[1] ?? '');
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
    let unit = s.priceUnits.get(b.number);
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
    const target: Values = s.pending?.number === b.number ? s.pending.values : { orderNumber: b.number };
    const wrong = applyPrice(target, { flag: b.flag, raw: b.price, unit, discount }, { row, column });
    if (wrong) {
      yield wrong;
      continue;
    }
    if ('group' in b && b.group) target.discountGroupId = b.group;
    if (target !== s.pending?.values) yield { kind: 'article', rowNumber: row, values: target, updateOnly: true };
  }
}

/**
 * The version-specific part of an A record into `next`: its price unit, or a problem.
 * V5: A;VKZ;Artikelnummer;Kurztext1;Kurztext2;Mengeneinheit;Preiskennzeichen;Preiseinheit;Preis;Rabattgruppe;
 * Hauptwarengruppe;Warengruppe;…;Langtextschlüssel (23).
 * V4: A;VKZ;Artikelnummer;Textkennzeichen;Kurztext1;Kurztext2;Preiskennzeichen;Preiseinheit(0–3);Mengeneinheit;
 * Preis;Rabattgruppe;Hauptwarengruppe;Langtextschlüssel.
 */
function readArticle(version: DatanormVersion, f: string[], next: PendingArticle): number | SourceRecordProblem {
  const at: PriceSource = { row: next.row, column: 'A.Preis' };
  const v5 = version === 5;
  const unitProblem = problem(next.row, 'A.Preiseinheit', DATANORM_REASONS.priceUnit);
  const [short1, short2, unitName, flag, rawPrice, group, textKey] = v5
    ? [f[3], f[4], f[5], f[6], f[8], f[9], f[23]]
    : [f[4], f[5], f[8], f[6], f[9], f[10], f[12]];
  next.short = [short1, short2].filter((t) => t).join(' ');
  let unit: number;
  if (v5) {
    const pe = f[7] ?? '';
    unit = pe === '' || pe === '0' ? 1 : /^\d+$/.test(pe) ? Number(pe) : NaN;
    if (!(unit >= 1)) return unitProblem;
  } else {
    const code = f[7] ?? '';
    if (!(code in V4_PRICE_UNITS)) return unitProblem;
    unit = V4_PRICE_UNITS[code]!;
  }
  if (unitName) next.values.unitId = unitName;
  next.values.priceUnitSize = String(unit);
  const priceProblem = applyPrice(next.values, { flag: flag ?? '', raw: rawPrice ?? '', unit }, at);
  if (priceProblem) return priceProblem;
  if (group) next.values.discountGroupId = group;
  if (textKey) next.textKey = textKey;
  return unit;
}

/** A record: starts the next article (the one collected so far is done). */
function* articleRecord(s: DatanormState, f: string[], row: number, number: string): Generator<Output> {
  yield* s.flush();
  const next = newArticle(row, number);
  const unit = readArticle(s.version ?? 4, f, next);
  if (typeof unit !== 'number') {
    yield unit;
    return;
  }
  s.priceUnits.set(number, unit);
  s.pending = next;
}

const positiveDecimal = (text: string | undefined) =>
  !!text && /^\d+([.,]\d+)?$/.test(text) && Number(text.replace(',', '.')) > 0;

/**
 * B (article, second part) and D (dimension text) belong to the article being collected, or (B alone) update an
 * article of an earlier file.
 * B;VKZ;Artikelnummer;Matchcode;Alternativ-Artikelnummer;Katalogseite;Cu-Kennzeichen;Cu-Gewicht;Cu-Basis;
 * EAN;Anbindungsnummer;Warengruppe;Kostenart;Verpackungsmenge;Referenznummer-Erstellerkürzel;Referenznummer
 * D;VKZ;Artikelnummer;Zeilennr;Unterkennzeichen;frei;Text;Zeilennr;Unterkennzeichen;frei;Text
 */
function articlePartRecord(apply: (target: PendingArticle, f: string[]) => void): ArticleRecordHandler {
  return function* (s, f, row, number) {
    const target = s.pending?.number === number ? s.pending : newArticle(row, number);
    apply(target, f);
    if (target !== s.pending) yield { ...s.finish(target), updateOnly: true };
  };
}

const articleAddition = articlePartRecord(({ values }, f) => {
  if (f[4]) values.possibleOrderNumbers = f[4];
  if (f[9] && f[9] !== '0') values.eanNumber = f[9];
  if (f[13] && /^\d+$/.test(f[13]) && Number(f[13]) > 0) values.packagingUnitSize = f[13];
  if (f[14]) values.manufacturerName = f[14];
  if (f[15]) values.manufacturerNumber = f[15];
  if (positiveDecimal(f[7])) values.copperWeight = f[7]!.replace(',', '.');
  if (positiveDecimal(f[8])) values.copperBaseValue = f[8]!.replace(',', '.');
});

const dimensionText = articlePartRecord((target, f) => {
  target.dimension.push([Number(f[3]) || 0, f[6] ?? ''], [Number(f[7]) || 0, f[10] ?? '']);
});

/** A/B/D records name an article; deletions (L) and number changes (X) are reported, not applied. */
function numbered(handler: ArticleRecordHandler): RecordHandler {
  return function* (s, f, row) {
    const type = f[0];
    const number = f[2] ?? '';
    if (!number) {
      yield problem(row, `${type}.Artikelnummer`, DATANORM_REASONS.articleNumber);
      return;
    }
    const action = (f[1] ?? '').toUpperCase();
    if (action === 'L') {
      yield problem(row, `${type}.Verarbeitungskennzeichen`, DATANORM_REASONS.deletion);
      return;
    }
    if (action === 'X') {
      yield problem(row, `${type}.Verarbeitungskennzeichen`, DATANORM_REASONS.numberChange);
      return;
    }
    yield* handler(s, f, row, number);
  };
}

/**
 * Record type → handler. Types without one are skipped silently: V after the first line, S (product groups,
 * .WRG), K/C (control, terms), E/G/J/Z (insert texts, graphics, sets, surcharges).
 */
export const RECORD_HANDLERS: Readonly<Partial<Record<string, RecordHandler>>> = {
  A: numbered(articleRecord),
  B: numbered(articleAddition),
  D: numbered(dimensionText),
  T: textRecord,
  P: priceRecord,
  R: discountGroupRecord,
};
