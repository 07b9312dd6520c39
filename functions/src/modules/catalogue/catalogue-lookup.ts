import type { ArticleLookup } from '../../bom/article-lookup.js';
import type { MatchableArticle } from '../../model/bom/bom-line.js';
import { buildManufacturerPrefixIndex, type ManufacturerPrefixIndex } from '../../model/bom/part-number.js';
import type { Article, FieldValue } from '../../model/catalogue.js';
import { partKey, type ArticlesRepository } from './catalogue.repository.js';
import type { FieldValuesService } from './field-values.service.js';

/** What the BOM matcher needs besides the lookup: manufacturer prefixes and the system units (read once per BOM). */
export interface MatchContext {
  lookup: ArticleLookup;
  manufacturers: ManufacturerPrefixIndex;
  units: Array<{ id: string; displayName: string; nameVariants: string[] }>;
}

/**
 * The Firestore `ArticleLookup` of the BOM matcher (bom/matcher.ts) over the catalogue's stored normalised keys:
 * `orderNumberKey in [...]`, `manufacturerNumberKey in [...]` and `numberKeys array-contains-any [...]` (30 keys per
 * query, Firestore's limit), so the cost grows with the BOM's distinct numbers, never with the catalogue. A key
 * that several articles carry comes back with all of them: the matcher calls that 'assignment not unique'.
 * Matched articles carry their discount group's name and percent and their unit's name (the generated supplier
 * file shows them), resolved from the field-value lists read once per BOM.
 */
export class CatalogueArticleLookup implements ArticleLookup {
  readonly maxKeysPerCall = 30;
  /** Firestore queries run (the benchmark's reads-per-line figure) */
  queries = 0;

  constructor(
    private readonly articles: ArticlesRepository,
    private readonly discountGroups: ReadonlyMap<string, FieldValue>,
    private readonly units: ReadonlyMap<string, FieldValue>,
  ) {}

  findByOrderNumbers(keys: readonly string[]) {
    return this.find('orderNumberKey', keys, (a) => [partKey(a.orderNumber)]);
  }

  findByManufacturerNumbers(keys: readonly string[]) {
    return this.find('manufacturerNumberKey', keys, (a) => [partKey(a.manufacturerNumber)]);
  }

  findByAlternatives(keys: readonly string[]) {
    // numberKeys holds the main numbers too: only the alternatives count in this round
    return this.find('numberKeys', keys, (a) =>
      [...a.possibleOrderNumbers, ...a.possibleManufacturerNumbers].map(partKey),
    );
  }

  private async find(
    field: 'orderNumberKey' | 'manufacturerNumberKey' | 'numberKeys',
    keys: readonly string[],
    keysOf: (a: Article) => string[],
  ): Promise<Map<string, MatchableArticle[]>> {
    const out = new Map<string, MatchableArticle[]>();
    if (!keys.length) return out;
    this.queries++;
    const wanted = new Set(keys);
    for (const a of await this.articles.byKeys(field, keys)) {
      const m = this.toMatchable(a);
      for (const k of new Set(keysOf(a)))
        if (wanted.has(k)) {
          const list = out.get(k);
          if (list) list.push(m);
          else out.set(k, [m]);
        }
    }
    return out;
  }

  /** The catalogue values a BOM line keeps of its matched article. */
  toMatchable(a: Article): MatchableArticle {
    const group = a.discountGroupId ? this.discountGroups.get(a.discountGroupId) : undefined;
    const unit = a.unitId ? this.units.get(a.unitId) : undefined;
    const m: MatchableArticle = {
      id: a.id,
      orderNumber: a.orderNumber,
      manufacturerNumber: a.manufacturerNumber,
      manufacturerId: a.manufacturerId,
      manufacturerName: a.manufacturerName,
      erpNumber: a.erpNumber,
      description: a.description,
      listPrice: a.listPrice,
      purchasePrice: a.purchasePrice,
      priceUnitSize: a.priceUnitSize,
      discountGroupName: group?.displayName,
      discountPercent: group?.percent,
      unitName: unit?.displayName,
      possibleOrderNumbers: a.possibleOrderNumbers,
      possibleManufacturerNumbers: a.possibleManufacturerNumbers,
    };
    for (const k of Object.keys(m) as Array<keyof MatchableArticle>) if (m[k] === undefined) delete m[k];
    return m;
  }
}

/** One BOM's matching context: the three short field-value lists read once, and a lookup over them. */
export async function matchContext(
  articles: ArticlesRepository,
  fieldValues: FieldValuesService,
): Promise<MatchContext> {
  const [manufacturers, groups, units] = await Promise.all([
    fieldValues.all('manufacturer', false),
    fieldValues.all('discountGroup', false),
    fieldValues.all('unit', false),
  ]);
  const byId = (items: FieldValue[]) => new Map(items.map((i) => [i.id, i]));
  return {
    lookup: new CatalogueArticleLookup(articles, byId(groups), byId(units)),
    manufacturers: buildManufacturerPrefixIndex(
      manufacturers.map((m) => ({
        manufacturerId: m.id,
        names: [m.displayName, ...(m.abbreviation ? [m.abbreviation] : []), ...m.nameVariants],
      })),
    ),
    units: units.map((u) => ({ id: u.id, displayName: u.displayName, nameVariants: u.nameVariants })),
  };
}

/** A catalogue article as a BOM line's matched article (the manual match). */
export async function matchableArticle(
  articles: ArticlesRepository,
  fieldValues: FieldValuesService,
  id: string,
): Promise<MatchableArticle | undefined> {
  const a = await articles.get(id);
  if (!a) return undefined;
  const [group, unit] = await Promise.all([
    a.discountGroupId ? fieldValues.get('discountGroup', a.discountGroupId).catch(() => undefined) : undefined,
    a.unitId ? fieldValues.get('unit', a.unitId).catch(() => undefined) : undefined,
  ]);
  const lookup = new CatalogueArticleLookup(
    articles,
    new Map(group ? [[group.id, group]] : []),
    new Map(unit ? [[unit.id, unit]] : []),
  );
  return lookup.toMatchable(a);
}
