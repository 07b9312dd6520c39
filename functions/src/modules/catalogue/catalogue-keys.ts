import type { Article, FieldValueKind } from '../../model/catalogue.js';
import { partKey } from './catalogue.repository.js';

/** The background-task kinds of the catalogue (catalogue-tasks.ts). */
export const COMBINE_TASK = 'catalogue.combine';
export const DELETE_MANUFACTURER_ARTICLES_TASK = 'catalogue.deleteManufacturerArticles';
export const RENAME_MANUFACTURER_TASK = 'catalogue.renameManufacturer';

/**
 * The uniqueness claims of an article (docs/decisions-catalogue.md "Uniqueness"): order numbers catalogue-wide,
 * manufacturer numbers per manufacturer (`-` for none), alternatives included, all normalised
 * (normalisePartNumberKey), each once.
 */
export interface ArticleClaims {
  order: string[];
  manufacturer: string[];
}

export const manufacturerScoped = (manufacturerId: string | undefined, key: string) =>
  `${manufacturerId || '-'}|${key}`;

export function claimsOf(
  a: Pick<
    Article,
    'orderNumber' | 'manufacturerNumber' | 'manufacturerId' | 'possibleOrderNumbers' | 'possibleManufacturerNumbers'
  >,
): ArticleClaims {
  const keys = (list: Array<string | undefined>) => [...new Set(list.map(partKey).filter(Boolean))];
  return {
    order: keys([a.orderNumber, ...a.possibleOrderNumbers]),
    manufacturer: keys([a.manufacturerNumber, ...a.possibleManufacturerNumbers]).map((k) =>
      manufacturerScoped(a.manufacturerId, k),
    ),
  };
}

/**
 * Drops alternatives that repeat the main number or an earlier alternative (compared normalised), so an article
 * never claims one key twice; the display spelling of the first occurrence stays.
 */
export function withoutRepeatedAlternatives(main: string | undefined, alternatives: readonly string[]): string[] {
  const seen = new Set([partKey(main)].filter(Boolean));
  const out: string[] = [];
  for (const alt of alternatives) {
    const key = partKey(alt);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(alt);
  }
  return out;
}

/** `kind:id` of every field value an article references (each once). */
export type Ref = `${FieldValueKind}:${string}`;

export function refsOf(
  a: Pick<Article, 'manufacturerId' | 'discountGroupId' | 'unitId' | 'wholesalerInfos'> | undefined,
): Ref[] {
  if (!a) return [];
  const out = new Set<Ref>();
  if (a.manufacturerId) out.add(`manufacturer:${a.manufacturerId}`);
  if (a.discountGroupId) out.add(`discountGroup:${a.discountGroupId}`);
  if (a.unitId) out.add(`unit:${a.unitId}`);
  for (const w of a.wholesalerInfos) out.add(`wholesaler:${w.wholesalerId}`);
  return [...out];
}

/** The net change of `usedByArticleAmount` per field value when articles change from `before` to `after`. */
export function countDeltas(changes: ReadonlyArray<{ before?: Ref[]; after?: Ref[] }>): Map<Ref, number> {
  const out = new Map<Ref, number>();
  const add = (ref: Ref, n: number) => out.set(ref, (out.get(ref) ?? 0) + n);
  for (const { before = [], after = [] } of changes) {
    for (const ref of before) add(ref, -1);
    for (const ref of after) add(ref, 1);
  }
  for (const [ref, n] of out) if (!n) out.delete(ref);
  return out;
}

export const splitRef = (ref: Ref) => {
  const at = ref.indexOf(':');
  return { kind: ref.slice(0, at) as FieldValueKind, id: ref.slice(at + 1) };
};

/** Keys in `next` not in `prev`, and the other way round. */
export function diff<K extends string>(prev: readonly K[], next: readonly K[]) {
  const p = new Set(prev);
  const n = new Set(next);
  return { added: next.filter((k) => !p.has(k)), removed: prev.filter((k) => !n.has(k)) };
}
