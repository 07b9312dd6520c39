import type { FieldMapping, MappableField } from '../model/bom/fields.js';
import type { MappingSuggestion } from './mapping.js';
import { normaliseHeader, normaliseHeaderRow } from './text-normalise.js';

/**
 * "Remember what people chose": when a user saves a BOM mapping, the header signature and the mapping
 * are stored for the company; the next file with the same or nearly the same headers gets it as the
 * first suggestion, marked `source: 'remembered'`. This module is the pure part (signature, similarity,
 * ranking, re-resolving columns); the store is `MappingMemoryStore` (Firestore: mapping-memory.repository.ts).
 */

/** One remembered choice (Firestore `bomMappingMemory/{companyId}_{signature}`). */
export interface MappingMemoryEntry {
  companyId: string;
  signature: string;
  /** header texts of the saved file, in column order ("" for empty cells); compared normalised */
  headers: string[];
  mapping: FieldMapping;
  headerRowIndex?: number;
  suppliedPartString?: string;
  savedAt: Date;
  /** how often this mapping was saved; ties between equally similar entries go to the more used one */
  useCount: number;
}

export interface MappingMemoryStore {
  /** the company's entries, most recently saved first (bounded by `limit`) */
  listForCompany(companyId: string, limit?: number): Promise<MappingMemoryEntry[]>;
  /** stores or replaces the entry of (companyId, signature), increasing useCount */
  remember(
    entry: Omit<MappingMemoryEntry, 'useCount' | 'savedAt' | 'signature'> & { savedAt?: Date },
  ): Promise<MappingMemoryEntry>;
}

/** FNV-1a, 2 × 32 bit with different offsets: a short stable id, not a security hash. */
function fnv(text: string, seed: number): string {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * Signature of a header row: normalised texts (case, umlauts, punctuation), order kept, trailing empty
 * cells dropped. "Best.-Nr.;Menge" and "best nr;MENGE" share a signature; a reordered row does not.
 */
export function headerSignature(headers: readonly string[]): string {
  const text = normaliseHeaderRow(headers).join('\u0001');
  return fnv(text, 0x811c9dc5) + fnv(text, 0x01234567);
}

/**
 * Similarity of two header rows in 0..1: 1 for the same signature; otherwise the share of non-empty
 * headers found in both (multiset Jaccard), lowered by how many keep their position. "Nearly the same"
 * (a column added or renamed among ten) stays above 0.8.
 */
export function headerRowSimilarity(a: readonly string[], b: readonly string[]): number {
  const na = normaliseHeaderRow(a);
  const nb = normaliseHeaderRow(b);
  if (na.join('\u0001') === nb.join('\u0001')) return 1;
  const count = (list: string[]): Map<string, number> => {
    const m = new Map<string, number>();
    for (const h of list) if (h) m.set(h, (m.get(h) ?? 0) + 1);
    return m;
  };
  const ca = count(na);
  const cb = count(nb);
  let inter = 0;
  let union = 0;
  for (const [h, n] of ca) {
    const k = cb.get(h) ?? 0;
    inter += Math.min(n, k);
    union += Math.max(n, k);
  }
  for (const [h, k] of cb) if (!ca.has(h)) union += k;
  if (!union) return 0;
  let samePlace = 0;
  let filled = 0;
  for (let i = 0; i < Math.max(na.length, nb.length); i++) {
    if (!na[i] && !nb[i]) continue;
    filled++;
    if (na[i] === nb[i]) samePlace++;
  }
  const jaccard = inter / union;
  return Math.round(jaccard * (0.9 + 0.1 * (filled ? samePlace / filled : 0)) * 1000) / 1000;
}

/** Below this similarity a remembered mapping is not offered. */
const MIN_REMEMBERED_SIMILARITY = 0.8;

export interface RememberedSuggestion {
  entry: MappingMemoryEntry;
  similarity: number;
  /** the remembered mapping applied to the current headers (columns re-resolved by header text) */
  suggestions: MappingSuggestion[];
}

/**
 * Ranks the company's entries by similarity to the current headers (then use count, then recency) and
 * applies the best ones: each remembered pair is re-resolved to the current column with the same
 * normalised header (its old index when the header is still there), pairs whose header is gone are dropped.
 */
export function rankRememberedMappings(
  headers: readonly string[],
  entries: readonly MappingMemoryEntry[],
  minSimilarity = MIN_REMEMBERED_SIMILARITY,
): RememberedSuggestion[] {
  const current = normaliseHeaderRow(headers);
  const signature = headerSignature(headers);
  return entries
    .map((entry) => ({
      entry,
      similarity: entry.signature === signature ? 1 : headerRowSimilarity(entry.headers, headers),
    }))
    .filter((x) => x.similarity >= minSimilarity)
    .sort(
      (x, y) =>
        y.similarity - x.similarity ||
        y.entry.useCount - x.entry.useCount ||
        y.entry.savedAt.getTime() - x.entry.savedAt.getTime(),
    )
    .map(({ entry, similarity }) => ({
      entry,
      similarity,
      suggestions: applyRemembered(entry, current, headers, similarity),
    }));
}

function applyRemembered(
  entry: MappingMemoryEntry,
  current: string[],
  raw: readonly string[],
  similarity: number,
): MappingSuggestion[] {
  const out: MappingSuggestion[] = [];
  const usedCols = new Set<number>();
  const usedFields = new Set<MappableField>();
  for (const m of entry.mapping) {
    const wanted = normaliseHeader(m.importHeader);
    let col =
      m.columnIndex !== undefined && current[m.columnIndex] === wanted ? m.columnIndex : current.indexOf(wanted);
    if (col < 0 || !wanted) {
      // the saved header text may have been empty: then only the saved position can be trusted, and only for an identical row
      if (similarity === 1 && m.columnIndex !== undefined && m.columnIndex < raw.length) col = m.columnIndex;
      else continue;
    }
    if (usedCols.has(col) || usedFields.has(m.articleField)) continue;
    usedCols.add(col);
    usedFields.add(m.articleField);
    out.push({
      columnIndex: col,
      importHeader: raw[col] ?? m.importHeader,
      articleField: m.articleField,
      confidence: similarity,
      source: 'remembered',
    });
  }
  return out.sort((a, b) => a.columnIndex - b.columnIndex);
}

/**
 * The first suggestion for a header row: the best remembered mapping when there is one, else the
 * computed suggestion. Both are returned so the panel can offer the other as an alternative.
 */
export function firstSuggestion(
  headers: readonly string[],
  computed: MappingSuggestion[],
  entries: readonly MappingMemoryEntry[],
): { suggestions: MappingSuggestion[]; remembered?: RememberedSuggestion; computed: MappingSuggestion[] } {
  const best = rankRememberedMappings(headers, entries)[0];
  const named = computed.map((s) => ({ ...s, source: s.source ?? ('name' as const) }));
  return best && best.suggestions.length
    ? { suggestions: best.suggestions, remembered: best, computed: named }
    : { suggestions: named, computed: named };
}
