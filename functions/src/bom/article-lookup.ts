import type { MatchableArticle } from '../model/bom/bom-line.js';
import { normalisePartNumberKey } from '../model/bom/part-number.js';

/**
 * Batch lookup of catalogue articles by normalised keys (normalisePartNumberKey). The catalogue backs
 * it with Firestore `in` queries on its stored normalised fields; `maxKeysPerCall` tells the matcher
 * how to chunk (Firestore allows 30 values per `in`).
 */
export interface ArticleLookup {
  readonly maxKeysPerCall: number;
  findByOrderNumbers(keys: readonly string[]): Promise<Map<string, MatchableArticle[]>>;
  findByManufacturerNumbers(keys: readonly string[]): Promise<Map<string, MatchableArticle[]>>;
  /** keys looked up in possibleOrderNumbers and possibleManufacturerNumbers */
  findByAlternatives(keys: readonly string[]): Promise<Map<string, MatchableArticle[]>>;
}

/** In-memory lookup with Map indexes; used by tests, the bench and small admin evaluations. */
export class InMemoryArticleLookup implements ArticleLookup {
  readonly maxKeysPerCall = 1000;
  private readonly byOrder = new Map<string, MatchableArticle[]>();
  private readonly byMfr = new Map<string, MatchableArticle[]>();
  private readonly byAlt = new Map<string, MatchableArticle[]>();
  /** number of find* calls, so tests can assert batching */
  calls = 0;

  constructor(articles: Iterable<MatchableArticle>) {
    for (const a of articles) {
      if (a.orderNumber) push(this.byOrder, normalisePartNumberKey(a.orderNumber), a);
      if (a.manufacturerNumber) push(this.byMfr, normalisePartNumberKey(a.manufacturerNumber), a);
      const alts = new Set(
        [...(a.possibleOrderNumbers ?? []), ...(a.possibleManufacturerNumbers ?? [])].map(normalisePartNumberKey),
      );
      for (const k of alts) if (k) push(this.byAlt, k, a);
    }
  }

  findByOrderNumbers(keys: readonly string[]): Promise<Map<string, MatchableArticle[]>> {
    return Promise.resolve(this.pick(this.byOrder, keys));
  }

  findByManufacturerNumbers(keys: readonly string[]): Promise<Map<string, MatchableArticle[]>> {
    return Promise.resolve(this.pick(this.byMfr, keys));
  }

  findByAlternatives(keys: readonly string[]): Promise<Map<string, MatchableArticle[]>> {
    return Promise.resolve(this.pick(this.byAlt, keys));
  }

  private pick(index: Map<string, MatchableArticle[]>, keys: readonly string[]): Map<string, MatchableArticle[]> {
    this.calls++;
    const out = new Map<string, MatchableArticle[]>();
    for (const k of keys) {
      const hit = index.get(k);
      if (hit) out.set(k, hit);
    }
    return out;
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}
