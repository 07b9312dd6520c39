import { mappableFields, type FieldMapping, type MappableField, type MappingKind } from '../model/bom/fields.js';
import { BOM_I18N_KEYS } from '../model/bom/i18n-keys.js';
import { parseConversionUnit, type ConversionUnit } from '../model/bom/units.js';
import { contentFit, profileColumns, type ColumnProfile } from './column-profile.js';
import { BUILT_IN_MAKER_NAMES, headerNamesDistributor, makerNames } from './content-signals.js';
import { evidenceBonus, MAX_EVIDENCE_BONUS, neighbourColumns } from './neighbours.js';
import { FIELD_SYNONYMS } from './synonyms.js';
import { headerSimilarity, normaliseHeader, tokens } from './text-normalise.js';

export interface MappingSuggestion {
  columnIndex: number;
  importHeader: string;
  articleField: MappableField;
  /** 0..1 */
  confidence: number;
  /** unit named in the header, e.g. "Breite (mm)" → MM */
  unitHint?: ConversionUnit;
  /** the column's content contradicts its name (confidence lowered accordingly) */
  contentConflict?: boolean;
  /** 'remembered': what a user of the company saved for the same or nearly the same headers */
  source?: 'name' | 'remembered';
}

export interface MappingOptions {
  minConfidence?: number;
  /** data rows below the header row (a sample is enough); with them the content confirms or contradicts names */
  rows?: readonly (readonly string[])[];
  /**
   * manufacturer names and variants the catalogue knows (besides the built-in list): a column holding mostly these
   * is a manufacturer or supplier column, never a part number
   */
  knownNames?: readonly string[];
}

/** Suggestions below this confidence are not offered. */
const MIN_SUGGESTION_CONFIDENCE = 0.7;
/** A bonus never lifts a pair to 1: a header that names the field exactly still wins over evidence. */
const MAX_WITH_BONUS = 0.99;

interface Synonym {
  text: string;
  weight: number;
  /** under 4 letters without spaces ("B", "ME", "EK"): must match exactly */
  short: boolean;
}

function synonym(raw: string, weight: number): Synonym {
  const text = normaliseHeader(raw);
  return { text, weight, short: text.replace(/ /g, '').length < 4 };
}

const SYNONYMS = new Map<MappableField, Synonym[]>();
for (const [field, list] of Object.entries(FIELD_SYNONYMS) as [
  MappableField,
  (typeof FIELD_SYNONYMS)[MappableField],
][]) {
  SYNONYMS.set(
    field,
    list.map((s) => (typeof s === 'string' ? synonym(s, 1) : synonym(s[0], s[1]))),
  );
}

const UNIT_TOKENS = new Set([
  'mm',
  'cm',
  'dm',
  'm',
  'mg',
  'g',
  'kg',
  'stk',
  'st',
  'pcs',
  'eur',
  'euro',
  'tage',
  'days',
  'in',
]);

/** Splits trailing unit tokens off a normalised header: "breite mm" → { core: "breite", unit: MM }. */
function splitHeaderUnit(normalised: string): { core: string; unit?: ConversionUnit } {
  const t = tokens(normalised);
  let unit: ConversionUnit | undefined;
  while (t.length > 1 && UNIT_TOKENS.has(t[t.length - 1]!)) unit ??= parseConversionUnit(t.pop()!);
  return { core: t.join(' '), unit };
}

/** Score of one header for one field: best synonym similarity × weight (short synonyms exact only). */
export function fieldScore(header: string, field: MappableField): number {
  const memoKey = `${field}\u0000${header}`;
  const hit = SCORE_MEMO.get(memoKey);
  if (hit !== undefined) return hit;
  if (SCORE_MEMO.size > 20_000) SCORE_MEMO.clear();
  const score = computeFieldScore(header, field);
  SCORE_MEMO.set(memoKey, score);
  return score;
}

/** Headers repeat across uploads and header-row scans; scores are pure, so they are memoised (bounded). */
const SCORE_MEMO = new Map<string, number>();

/** Fields that hold money: a header naming a currency ("Unit$", "Preis €", "Price (USD)") can only feed these. */
const PRICE_FIELDS = new Set<MappableField>([
  'listPrice',
  'purchasePrice',
  'wholesalerPurchasePrice',
  'copperBaseValue',
  'priceUnitSize',
]);
const MONEY_HEADER =
  /[$€£¥]|\b(?:eur|usd|gbp|chf|price|preis|prix|prezzo|precio|cost|costs|kosten|coût|cout|costo|coste|importe)\b/i;
/**
 * A builder's own numbers ("ERP-Nummer", "SAP-Nr.", "interne Nummer") are no catalogue numbers: a BOM has no
 * field for them, and "ERP-Nummer" is close enough in letters to "Hersteller-Nr." to be taken for it.
 */
const OWN_NUMBER_TOKENS = [
  'erp',
  'sap',
  'intern',
  'interne',
  'internal',
  'interno',
  'interna',
  'materialnummer',
  'sachnummer',
];
/** Stock and delivery counts beside the quantity (EPLAN "Anzahl vorhanden", KiCost "Avail") are no quantity. */
const NOT_QUANTITY_TOKENS = [
  'vorhanden',
  'verfuegbar',
  'lager',
  'lagerbestand',
  'bestand',
  'geliefert',
  'reserviert',
  'available',
  'avail',
  'stock',
  'delivered',
  'reserved',
  'disponible',
  'disponibilite',
  'disponibile',
  'disponibilita',
  'giacenza',
  'magazzino',
  'existencias',
  'almacen',
];
/** Header words that rule a field out although the letters are close ("Supplier" is no supplied-part marker). */
const EXCLUDED_TOKENS: Partial<Record<MappableField, readonly string[]>> = {
  isSuppliedPart: [
    'supplier',
    'suppliers',
    'lieferant',
    'fournisseur',
    'fornitore',
    'proveedor',
    'vendor',
    'distributor',
  ],
  quantityUnit: ['price', 'preis', 'prix', 'prezzo', 'precio', 'cost'],
  unitId: ['price', 'preis', 'prix', 'prezzo', 'precio', 'cost'],
  orderNumber: OWN_NUMBER_TOKENS,
  manufacturerNumber: OWN_NUMBER_TOKENS,
  wholesalerOrderNumber: OWN_NUMBER_TOKENS,
  possibleOrderNumbers: OWN_NUMBER_TOKENS,
  possibleManufacturerNumbers: OWN_NUMBER_TOKENS,
  quantity: NOT_QUANTITY_TOKENS,
};
/**
 * Name score of a header that names a distributor or shop ("Digikey", "Mouser (…)", a shop URL) as orderNumber.
 * Below 0.85 on purpose: the header-row scan (table.ts) counts only names ≥ 0.85 as known, and a KiCost group
 * row ("Digi-Key", "Mouser", "Farnell" above the real header) must not look like a header.
 */
const DISTRIBUTOR_HEADER_SCORE = 0.8;

function computeFieldScore(header: string, field: MappableField): number {
  const norm = normaliseHeader(header);
  if (!norm) return 0;
  if (!PRICE_FIELDS.has(field) && MONEY_HEADER.test(header.normalize('NFC'))) return 0;
  const excluded = EXCLUDED_TOKENS[field];
  if (excluded && tokens(norm).some((t) => excluded.includes(t))) return 0;
  const { core } = splitHeaderUnit(norm);
  let best = field === 'orderNumber' && headerNamesDistributor(header) ? DISTRIBUTOR_HEADER_SCORE : 0;
  for (const s of SYNONYMS.get(field) ?? []) {
    const sim = s.short ? (core === s.text || norm === s.text ? 1 : 0) : headerSimilarity(core, s.text);
    best = Math.max(best, sim * s.weight);
  }
  return best;
}

/**
 * Suggests one field per column and each field at most once: all (column, field) scores are ranked
 * and taken best-first, so a column that matches "Hersteller-Artikelnummer" exactly wins
 * manufacturerNumber before a weaker column can claim it.
 */
export function suggestMapping(
  headers: readonly string[],
  kind: MappingKind,
  options: number | MappingOptions = {},
): MappingSuggestion[] {
  const {
    minConfidence = MIN_SUGGESTION_CONFIDENCE,
    rows,
    knownNames,
  } = typeof options === 'number' ? { minConfidence: options } : options;
  const fields = mappableFields(kind);
  const makers = knownNames?.length ? makerNames(knownNames) : BUILT_IN_MAKER_NAMES;
  const profiles: ColumnProfile[] | undefined = rows
    ? profileColumns(rows, headers.length, 200, headers, makers)
    : undefined;
  const neighbours = neighbourColumns(headers, profiles, fieldScore, minConfidence);
  const pairs: { col: number; fi: number; score: number; fill: number; conflict: boolean }[] = [];
  headers.forEach((h, col) => {
    if (!h || !h.trim()) return;
    const profile = profiles?.[col];
    fields.forEach((f, fi) => {
      const name = fieldScore(h, f);
      // a weaker name can still reach the threshold with the evidence bonus (neighbours.ts)
      if (name * MAX_EVIDENCE_BONUS < minConfidence) return;
      const fit = profile ? contentFit(f, profile, kind) : 1;
      // evidence only adds to a column whose content does not contradict the field
      const bonus = fit < 1 ? 1 : evidenceBonus(f, col, profile, neighbours);
      const plain = name * fit;
      const score = bonus > 1 ? Math.max(plain, Math.min(plain * bonus, MAX_WITH_BONUS)) : plain;
      if (score >= minConfidence) pairs.push({ col, fi, score, fill: profile?.filled ?? 0, conflict: fit < 1 });
    });
  });
  // equal names (a basket repeats "Mrf#" for the uploaded and the matched value): the fuller column wins
  pairs.sort((a, b) => b.score - a.score || b.fill - a.fill || a.col - b.col || a.fi - b.fi);
  const usedCols = new Set<number>();
  const usedFields = new Set<number>();
  const out: MappingSuggestion[] = [];
  for (const p of pairs) {
    if (usedCols.has(p.col) || usedFields.has(p.fi)) continue;
    usedCols.add(p.col);
    usedFields.add(p.fi);
    const header = headers[p.col]!;
    const s: MappingSuggestion = {
      columnIndex: p.col,
      importHeader: header,
      articleField: fields[p.fi]!,
      confidence: Math.round(p.score * 1000) / 1000,
    };
    if (p.conflict) s.contentConflict = true;
    const unit = splitHeaderUnit(normaliseHeader(header)).unit;
    if (unit) s.unitHint = unit;
    out.push(s);
  }
  return out.sort((a, b) => a.columnIndex - b.columnIndex);
}

export function toFieldMapping(suggestions: readonly MappingSuggestion[]): FieldMapping {
  return suggestions.map(({ columnIndex, importHeader, articleField }) => ({
    columnIndex,
    importHeader,
    articleField,
  }));
}

export interface MappingIssue {
  /** i18n key */
  key: string;
  field?: string;
  columnIndex?: number;
}

/**
 * Spec rules: a BOM needs orderNumber or manufacturerNumber ('missing mapping'); an article import
 * needs orderNumber; each field is used once; fields must belong to the kind; columns must exist.
 */
export function validateMapping(mapping: FieldMapping, kind: MappingKind, headers?: readonly string[]): MappingIssue[] {
  const issues: MappingIssue[] = [];
  const allowed = new Set<string>(mappableFields(kind));
  const seen = new Set<string>();
  for (const m of mapping) {
    if (!allowed.has(m.articleField))
      issues.push({ key: BOM_I18N_KEYS.unknownField, field: m.articleField, columnIndex: m.columnIndex });
    if (seen.has(m.articleField))
      issues.push({ key: BOM_I18N_KEYS.fieldUsedTwice, field: m.articleField, columnIndex: m.columnIndex });
    seen.add(m.articleField);
    if (headers && resolveColumn(m, headers) < 0)
      issues.push({ key: BOM_I18N_KEYS.columnOutOfRange, field: m.articleField, columnIndex: m.columnIndex });
  }
  if (kind === 'bom' && !seen.has('orderNumber') && !seen.has('manufacturerNumber'))
    issues.unshift({ key: BOM_I18N_KEYS.missingMapping });
  if (kind === 'article' && !seen.has('orderNumber')) issues.unshift({ key: BOM_I18N_KEYS.importMissingMapping });
  return issues;
}

/** Column of a mapping entry: its columnIndex, else the first header equal to importHeader; −1 if none. */
export function resolveColumn(
  entry: { columnIndex?: number; importHeader: string },
  headers: readonly string[],
): number {
  if (entry.columnIndex !== undefined) {
    const c = entry.columnIndex;
    // without known headers any column is accepted (rows decide); with headers it must lie within them
    return Number.isInteger(c) && c >= 0 && (headers.length === 0 || c < headers.length) ? c : -1;
  }
  const want = entry.importHeader.trim();
  return headers.findIndex((h) => h.trim() === want);
}
