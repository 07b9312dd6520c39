import type { MappableField, MappingKind } from '../model/bom/fields.js';
import {
  BUILT_IN_MAKER_NAMES,
  isDistributorName,
  isMakerName,
  isPositionRun,
  isRunningCode,
  isUrl,
  looksLikeDistributorNumber,
  type MakerNames,
} from './content-signals.js';
import { parseDecimal } from './parse-number.js';

/**
 * What a column holds, measured on a sample of its data cells. The mapping uses it to confirm or
 * contradict what the header name says: a "Nummer" column holding 1, 2, 3 … is a position, not an
 * order number; a "Unit$" column holding 0.054 is a price, not a quantity unit.
 */
export interface ColumnProfile {
  /** sampled data rows (filled or not) */
  rows: number;
  /** non-empty cells */
  filled: number;
  /** shares of the filled cells, 0..1 */
  number: number;
  integer: number;
  price: number;
  unit: number;
  marker: number;
  designator: number;
  partNumber: number;
  /** links (http…, www.…) */
  url: number;
  /** distributor number shapes (…-ND, 595-SN74…, C6186) */
  distributorNumber: number;
  /** distributor or shop names (Digi-Key, Mouser, Sonepar …) */
  distributorName: number;
  /** manufacturer names (built-in list and the catalogue's names and variants: Siemens, Phoenix Contact, PXC …) */
  makerName: number;
  /** names rather than numbers: letters, few digits, the same few values again and again (suppliers, makers) */
  nameLike: boolean;
  /** words per filled cell on average */
  words: number;
  /** position numbers: whole numbers running up by one step row by row (1, 2, 3 … or 10, 20, 30 …) */
  sequential: boolean;
  /** a project's own item numbers: one letter prefix, a number rising row by row (SP-2000, SP-2001 …) */
  runningCode: boolean;
}

const CURRENCY = /[€$£¥]|\b(?:eur|usd|gbp|chf|sek|pln)\b/i;
/** Quantity units seen in parts lists (German, English, French, Italian, Spanish; lower case, dots removed). */
const KNOWN_UNIT_NAMES = new Set([
  'stk',
  'st',
  'stck',
  'stück',
  'stueck',
  'pcs',
  'pc',
  'pce',
  'piece',
  'pieces',
  'ea',
  'each',
  'set',
  'sets',
  'satz',
  'paar',
  'pair',
  'pr',
  'rolle',
  'roll',
  'rll',
  'pkg',
  'pack',
  'pck',
  'pak',
  'vpe',
  've',
  'lfm',
  'm',
  'mm',
  'cm',
  'km',
  'meter',
  'metre',
  'kg',
  'g',
  'l',
  'ltr',
  'unit',
  'units',
  'u',
  'pièce',
  'pièces',
  'pz',
  'pezzo',
  'pezzi',
  'ud',
  'uds',
  'unidad',
  'unidades',
  'lot',
  'bund',
  'karton',
  'box',
  'beutel',
  'bag',
  'reel',
  'spule',
  'ring',
]);
const MARKERS = new Set([
  'x',
  'ja',
  'nein',
  'yes',
  'no',
  'y',
  'n',
  'j',
  'true',
  'false',
  'wahr',
  'falsch',
  '1',
  '0',
  'oui',
  'non',
  '✓',
  '✔',
  'beistellung',
  'beigestellt',
  'kunde',
  'customer',
  'client',
  'bs',
  '-',
]);
const DESIGNATOR_TOKEN = /^[-+=]{0,2}[a-z]{1,5}\d{1,5}[a-z]?(?:-[a-z]{0,5}\d{1,5}[a-z]?)?$/i;

function isDesignator(v: string): boolean {
  const tokens = v.split(/[\s,;]+/).filter((t) => t.length > 0);
  return tokens.length > 0 && tokens.length <= 200 && tokens.every((t) => DESIGNATOR_TOKEN.test(t));
}

/** Letters and digits mixed, or a long digit string, without sentence-like spacing. */
export function looksLikePartNumber(v: string): boolean {
  if (v.length < 3 || v.length > 60 || !/\d/.test(v) || isUrl(v)) return false;
  if ((v.match(/\s/g)?.length ?? 0) > 3) return false;
  if (/^\d+$/.test(v)) return v.length >= 5;
  if (/^[+-]?\d+(?:[.,]\d+)?$/.test(v)) return false; // a plain decimal number
  return /[a-z]/i.test(v) || /^[\d\s.\-/]+$/.test(v);
}

/** A name-like cell: letters, at most one digit, a few words ("Sonepar", "Phoenix Contact", "3M"). */
function isNameCell(v: string): boolean {
  if (v.length > 40 || !/\p{L}{2}/u.test(v)) return false;
  return (v.match(/\d/g)?.length ?? 0) <= 1 && v.split(/\s+/).length <= 4;
}

export function profileColumn(values: readonly string[], makers: MakerNames = BUILT_IN_MAKER_NAMES): ColumnProfile {
  let filled = 0;
  let number = 0;
  let integer = 0;
  let price = 0;
  let unit = 0;
  let marker = 0;
  let designator = 0;
  let partNumber = 0;
  let url = 0;
  let distributorNumber = 0;
  let distributorName = 0;
  let makerName = 0;
  let nameCells = 0;
  let words = 0;
  const distinct = new Set<string>();
  for (const raw of values) {
    const v = raw.trim();
    if (!v) continue;
    filled++;
    const lower = v.toLowerCase();
    const hasCurrency = CURRENCY.test(v);
    const bare = hasCurrency ? v.replace(CURRENCY, '').trim() : v;
    const n = /^[+-]?[\d.,'\u00A0 ]*\d[\d.,'\u00A0 ]*$/.test(bare) ? parseDecimal(bare) : undefined;
    if (n !== undefined) {
      number++;
      if (hasCurrency) price++;
      if (/^[+-]?\d+$/.test(bare)) integer++;
    }
    if (KNOWN_UNIT_NAMES.has(lower.replace(/\./g, ''))) unit++;
    if (MARKERS.has(lower)) marker++;
    if (isDesignator(v)) designator++;
    if (looksLikePartNumber(v)) partNumber++;
    if (isUrl(v)) url++;
    else if (looksLikeDistributorNumber(v)) distributorNumber++;
    else if (isDistributorName(v)) distributorName++;
    else if (isMakerName(v, makers)) makerName++;
    if (isNameCell(v)) nameCells++;
    distinct.add(lower);
    words += v.split(/\s+/).length;
  }
  const share = (k: number): number => (filled ? k / filled : 0);
  return {
    rows: values.length,
    filled,
    number: share(number),
    integer: share(integer),
    price: share(price),
    unit: share(unit),
    marker: share(marker),
    designator: share(designator),
    partNumber: share(partNumber),
    url: share(url),
    distributorNumber: share(distributorNumber),
    distributorName: share(distributorName),
    makerName: share(makerName),
    // mostly names (a few "Lager 12" between them), each value on average twice: five names in five rows could
    // still be five type names
    nameLike: filled >= 4 && nameCells >= 0.6 * filled && distinct.size <= 0.5 * filled,
    words: share(words),
    sequential: isPositionRun(values),
    runningCode: isRunningCode(values),
  };
}

/** Profiles of every column of the data rows below a header (first `sample` rows with content). */
export function profileColumns(
  rows: readonly (readonly string[])[],
  width: number,
  sample = 200,
  headers: readonly string[] = [],
  makers: MakerNames = BUILT_IN_MAKER_NAMES,
): ColumnProfile[] {
  const head = headers.map((h) => h.trim().toLowerCase());
  // a repeated header row (lists in sections) is no data: "Menge" must not count against a quantity column
  const isHeaderAgain = (r: readonly string[]): boolean => {
    let same = 0;
    let filled = 0;
    for (let c = 0; c < r.length; c++) {
      const v = r[c]!.trim().toLowerCase();
      if (!v) continue;
      filled++;
      if (v === head[c]) same++;
    }
    return filled >= 2 && same * 2 >= filled;
  };
  // stop at the sample size: the caller may pass all rows of a 100 000-row sheet
  const taken: (readonly string[])[] = [];
  for (let i = 0; i < rows.length && taken.length < sample; i++) {
    const r = rows[i]!;
    if (r.some((c) => c.trim() !== '') && !isHeaderAgain(r)) taken.push(r);
  }
  return Array.from({ length: width }, (_, c) =>
    profileColumn(
      taken.map((r) => r[c] ?? ''),
      makers,
    ),
  );
}

const IDENTIFIERS = new Set<MappableField>([
  'orderNumber',
  'manufacturerNumber',
  'wholesalerOrderNumber',
  'possibleOrderNumbers',
  'possibleManufacturerNumbers',
  'erpNumber',
  'eanNumber',
]);
const MEASURES = new Set<MappableField>([
  'width',
  'height',
  'depth',
  'weight',
  'listPrice',
  'purchasePrice',
  'wholesalerPurchasePrice',
  'priceUnitSize',
  'packagingUnitSize',
  'orderQuantityUnitSize',
  'minimumOrderQuantityUnitSize',
  'deliveryTime',
  'copperBaseValue',
  'copperWeight',
]);
const UNIT_TEXT = new Set<MappableField>([
  'quantityUnit',
  'unitId',
  'unitWidth',
  'unitHeight',
  'unitDepth',
  'unitWeight',
]);
const DESIGNATIONS = new Set<MappableField>(['bmk']);

/**
 * How well a column's content fits a field, 0..1: 1 when nothing contradicts the name (an empty column
 * has no evidence either way), lower when the content says the column is something else. The mapping
 * multiplies the name score by it, so a contradicted column is never suggested with high confidence.
 */
export function contentFit(field: MappableField, p: ColumnProfile, kind: MappingKind = 'bom'): number {
  if (p.filled === 0) return 1;
  if (IDENTIFIERS.has(field)) {
    // positions 1, 2, 3 … and names of makers or suppliers are never part numbers, whatever the header says
    if (p.sequential) return 0;
    if (p.makerName + p.distributorName >= 0.5 || p.nameLike) return 0;
    // a project's own item numbers (SP-2000, SP-2001 …) are in no catalogue; in an article import a
    // supplier's own running numbers are exactly the order numbers, so there the signal says nothing
    if (p.runningCode && kind === 'bom') return 0.5;
    if (p.url >= 0.5) return 0.4; // shop links, not numbers
    // a distributor's numbers (…-ND, 595-…) are order numbers, never the manufacturer's
    if (p.distributorNumber >= 0.5 && field === 'manufacturerNumber') return 0.6;
    if (p.price >= 0.5) return 0.4;
    if (p.number >= 0.7 && p.integer < 0.5) return 0.5; // decimals: quantities, prices, dimensions
    if (p.designator >= 0.8 && p.partNumber < 0.5) return 0.6;
    if (p.words > 4) return 0.6; // sentences: a description
    if (p.partNumber < 0.2 && p.integer < 0.5) return 0.6; // no digits at all: names, not numbers
    if (p.partNumber < 0.2 && p.integer >= 0.8) return 0.5; // small whole numbers: counts, not part numbers
    return 1;
  }
  if (field === 'quantity') {
    if (p.price >= 0.5) return 0.4;
    if (p.number < 0.5) return 0.4;
    if (p.partNumber >= 0.5) return 0.5; // long digit strings are numbers of parts, not counts
    return 1;
  }
  if (UNIT_TEXT.has(field)) {
    if (p.unit >= 0.5) return 1;
    if (p.number >= 0.5 || p.price >= 0.3) return 0.3;
    return 0.6;
  }
  if (field === 'isSuppliedPart') return p.marker >= 0.8 ? 1 : 0.4;
  if (field === 'manufacturerName') {
    if (p.number >= 0.5) return 0.4;
    if (p.distributorName >= 0.5) return 0.3; // "Vendor: Digi-Key, Mouser" names where it was bought, not who made it
    if (p.partNumber >= 0.8) return 0.6;
    return 1;
  }
  if (MEASURES.has(field)) return p.number >= 0.5 ? 1 : 0.5;
  if (DESIGNATIONS.has(field)) return p.designator >= 0.5 ? 1 : 0.6;
  return 1;
}
