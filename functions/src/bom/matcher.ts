import { BOM_ERROR_PRIORITY, BomErrorType } from '../model/bom/bom-error.js';
import type { BomLine, MatchableArticle } from '../model/bom/bom-line.js';
import {
  normaliseManufacturerToken,
  normalisePartNumber,
  normalisePartNumberKey,
  type ManufacturerPrefixIndex,
} from '../model/bom/part-number.js';
import type { ArticleLookup } from './article-lookup.js';

export interface MatchOptions {
  /** manufacturer names/abbreviations → id, for prefixes ("SIE 3RT…") and the manufacturer column */
  manufacturers?: ManufacturerPrefixIndex;
  /** lookups in flight at once (default 4) */
  concurrency?: number;
}

interface LineKeys {
  line: BomLine;
  order: string[];
  mfr: string[];
  manufacturerId?: string;
  result?: MatchableArticle[];
}

type Finder = (keys: readonly string[]) => Promise<Map<string, MatchableArticle[]>>;

/** Runs a finder over unique keys in chunks of maxKeysPerCall with bounded concurrency. */
async function batchFind(
  find: Finder,
  keys: Iterable<string>,
  chunk: number,
  concurrency: number,
): Promise<Map<string, MatchableArticle[]>> {
  const unique = [...new Set(keys)].filter((k) => k.length > 0);
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += chunk) chunks.push(unique.slice(i, i + chunk));
  const out = new Map<string, MatchableArticle[]>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < chunks.length) {
      const res = await find(chunks[next++]!);
      for (const [k, v] of res) out.set(k, v);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
  return out;
}

function collect(index: Map<string, MatchableArticle[]>, keys: readonly string[]): MatchableArticle[] {
  const byId = new Map<string, MatchableArticle>();
  for (const k of keys) for (const a of index.get(k) ?? []) byId.set(a.id, a);
  return [...byId.values()];
}

/** Narrows to the line's manufacturer when it names one; keeps all candidates if it names none. */
function byManufacturer(
  cands: MatchableArticle[],
  manufacturerId: string | undefined,
  strict: boolean,
): MatchableArticle[] {
  if (!manufacturerId) return cands;
  const same = cands.filter((a) => a.manufacturerId === manufacturerId);
  return same.length || strict ? same : cands;
}

function keysOf(
  raw: string | undefined,
  prefixes: ManufacturerPrefixIndex | undefined,
): { keys: string[]; manufacturerId?: string } {
  if (!raw) return { keys: [] };
  const n = normalisePartNumber(raw, prefixes);
  return { keys: n.key === n.fullKey ? [n.key] : [n.key, n.fullKey], manufacturerId: n.prefixManufacturerId };
}

/**
 * Resolves lines against the catalogue in three batched rounds: order numbers, then manufacturer
 * numbers (narrowed by the line's manufacturer), then alternative numbers. Only a unique candidate is
 * accepted; several give 'assignment not unique', none 'article not found'. Manually replaced lines and
 * lines without any number are left alone. Lines are updated in place and returned.
 */
export async function matchBomLines(
  lines: BomLine[],
  lookup: ArticleLookup,
  options: MatchOptions = {},
): Promise<BomLine[]> {
  const prefixes = options.manufacturers;
  const concurrency = options.concurrency ?? 4;
  const chunk = Math.max(1, lookup.maxKeysPerCall);
  const work: LineKeys[] = [];
  for (const line of lines) {
    if (line.manualReplacement && line.matchedArticleId) continue;
    if (!line.orderNumber && !line.manufacturerNumber) continue;
    const o = keysOf(line.orderNumber, prefixes);
    const m = keysOf(line.manufacturerNumber, prefixes);
    const named =
      line.manufacturerName && prefixes ? prefixes.get(normaliseManufacturerToken(line.manufacturerName)) : undefined;
    work.push({
      line,
      order: o.keys,
      mfr: m.keys,
      manufacturerId: line.manufacturerId ?? named ?? o.manufacturerId ?? m.manufacturerId,
    });
  }

  const ambiguous = new Set<LineKeys>();
  const settle = (w: LineKeys, cands: MatchableArticle[]): boolean => {
    if (cands.length === 1) {
      w.result = cands;
      ambiguous.delete(w);
      return true;
    }
    if (cands.length > 1) ambiguous.add(w);
    return false;
  };

  // round 1: order numbers (unique in the catalogue, so the manufacturer only breaks ties)
  const byOrder = await batchFind(
    (k) => lookup.findByOrderNumbers(k),
    work.flatMap((w) => w.order),
    chunk,
    concurrency,
  );
  for (const w of work) {
    let cands = byManufacturer(collect(byOrder, w.order), w.manufacturerId, false);
    if (cands.length > 1 && w.mfr.length) {
      const mk = new Set(w.mfr);
      const narrowed = cands.filter(
        (a) => a.manufacturerNumber && mk.has(normalisePartNumberKey(a.manufacturerNumber)),
      );
      if (narrowed.length) cands = narrowed;
    }
    settle(w, cands);
  }
  // round 2: manufacturer number plus manufacturer
  let open = work.filter((w) => !w.result && !ambiguous.has(w) && w.mfr.length);
  const byMfr = await batchFind(
    (k) => lookup.findByManufacturerNumbers(k),
    open.flatMap((w) => w.mfr),
    chunk,
    concurrency,
  );
  for (const w of open) settle(w, byManufacturer(collect(byMfr, w.mfr), w.manufacturerId, true));
  // round 3: alternative numbers
  open = work.filter((w) => !w.result && !ambiguous.has(w));
  const byAlt = await batchFind(
    (k) => lookup.findByAlternatives(k),
    open.flatMap((w) => [...w.order, ...w.mfr]),
    chunk,
    concurrency,
  );
  for (const w of open) settle(w, byManufacturer(collect(byAlt, [...w.order, ...w.mfr]), w.manufacturerId, false));

  for (const w of work) {
    const problems = new Set<BomErrorType>(
      w.line.problems.filter((p) => p !== BomErrorType.ARTICLE_NOT_FOUND && p !== BomErrorType.ASSIGNMENT_NOT_UNIQUE),
    );
    const a = w.result?.[0];
    if (a) {
      w.line.matchedArticleId = a.id;
      w.line.matchedArticle = a;
      if (a.manufacturerId) w.line.manufacturerId = a.manufacturerId;
      if (a.manufacturerName) w.line.manufacturerName = a.manufacturerName;
    } else {
      delete w.line.matchedArticleId;
      delete w.line.matchedArticle;
      if (w.manufacturerId && !w.line.manufacturerId) w.line.manufacturerId = w.manufacturerId;
      problems.add(ambiguous.has(w) ? BomErrorType.ASSIGNMENT_NOT_UNIQUE : BomErrorType.ARTICLE_NOT_FOUND);
    }
    w.line.problems = BOM_ERROR_PRIORITY.filter((p) => problems.has(p));
    if (w.line.problems.length) w.line.bomError = w.line.problems[0];
    else delete w.line.bomError;
  }
  return lines;
}
