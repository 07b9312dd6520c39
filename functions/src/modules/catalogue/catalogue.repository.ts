import type { Firestore, Query, QuerySnapshot, Transaction } from 'firebase-admin/firestore';
import { FieldPath, FieldValue as Fs } from 'firebase-admin/firestore';
import { entityConverter } from '../../data/converter.js';
import { ChangeHistory } from '../../data/change-history.js';
import { EntityCollection } from '../../data/entity-collection.js';
import { readPage, type PagedListShape, type QueryFilter } from '../../data/paged-query.js';
import { containsTokens, searchTerm, sortKey } from '../../data/search-tokens.js';
import { normalisePartNumberKey } from '../../model/bom/part-number.js';
import { ARTICLE_SORT_FIELDS, type Article, type FieldValue, type FieldValueKind } from '../../model/catalogue.js';
import type { Page } from '../../model/paging.js';
import { fieldValueSearchTokens } from './catalogue-names.js';

const ARTICLES = 'articles';
const FIELD_VALUE_COLLECTIONS: Record<FieldValueKind, string> = {
  manufacturer: 'manufacturers',
  discountGroup: 'discountGroups',
  unit: 'units',
  wholesaler: 'wholesalers',
};

/** The normalised keys stored next to the display values (queries and uniqueness compare these). */
export const partKey = (raw: string | undefined) => (raw ? normalisePartNumberKey(raw) : '');

/**
 * "Contains" search on a number (issue 32 point 6): the tokens of its normalised key, and the token an input is
 * looked up by, so "345", "3-45" and "SR-12345" all find "SR12345" (data/search-tokens.ts containsTokens).
 */
const numberTokens = (raw: string | undefined) => containsTokens(partKey(raw));
const numberTerm = (input: string | undefined) => searchTerm(partKey(input));

const SORT_FIELDS = Object.values(ARTICLE_SORT_FIELDS);

const articleConverter = entityConverter<Article>({
  required: ['articleImportSource', 'createDate', 'lastUpdate'],
  nullable: SORT_FIELDS,
  derived: (a) => ({
    orderNumberKey: partKey(a.orderNumber),
    manufacturerNumberKey: partKey(a.manufacturerNumber),
    /** every normalised number (main and alternatives): `/article/search` finds alternatives by equality */
    numberKeys: [
      ...new Set(
        [a.orderNumber, a.manufacturerNumber, ...a.possibleOrderNumbers, ...a.possibleManufacturerNumbers]
          .map(partKey)
          .filter(Boolean),
      ),
    ],
    orderNumberTokens: numberTokens(a.orderNumber),
    manufacturerNumberTokens: numberTokens(a.manufacturerNumber),
    wholesalerIds: [...new Set(a.wholesalerInfos.map((w) => w.wholesalerId))],
  }),
  derivedFields: [
    'orderNumberKey',
    'manufacturerNumberKey',
    'numberKeys',
    'orderNumberTokens',
    'manufacturerNumberTokens',
    'wholesalerIds',
  ],
  defaults: () => ({ possibleOrderNumbers: [], possibleManufacturerNumbers: [], wholesalerInfos: [] }),
});

/**
 * The list `/article/filter` runs (docs/decisions-catalogue.md "Indexes"): no filter or the manufacturer, sorted by
 * any list column, both directions; the order-number search (a fragment of the normalised number, `array-contains`
 * on `orderNumberTokens`) sorts by the order number only, with or without the manufacturer.
 */
export const ARTICLES_PAGE_SHAPES: readonly PagedListShape[] = [
  { collectionGroup: ARTICLES, filterSets: [[], [{ field: 'manufacturerId', op: '==' }]], orderFields: SORT_FIELDS },
  {
    collectionGroup: ARTICLES,
    filterSets: [
      [{ field: 'orderNumberTokens', op: 'array-contains' }],
      [
        { field: 'manufacturerId', op: '==' },
        { field: 'orderNumberTokens', op: 'array-contains' },
      ],
    ],
    orderFields: ['orderNumberKey'],
  },
];

/** The end of a prefix range: every key starting with `prefix` sorts below it. */
const prefixEnd = (prefix: string) => `${prefix}\uf8ff`;

type ReferenceField = 'manufacturerId' | 'discountGroupId' | 'unitId' | 'wholesalerIds';

export class ArticlesRepository extends EntityCollection<Article> {
  /** each article's change history (`articles/{id}/history`) */
  readonly changeHistory: ChangeHistory;

  constructor(db: Firestore) {
    super(db, ARTICLES, articleConverter);
    this.changeHistory = new ChangeHistory(db, ARTICLES);
  }

  deleteInTx(tx: Transaction, id: string): void {
    tx.delete(this.col().doc(id));
  }

  page(q: {
    orderNumber?: string;
    manufacturer?: string;
    column?: keyof typeof ARTICLE_SORT_FIELDS;
    sortDescending: boolean;
    page: number;
    size: number;
  }): Promise<Page<Article>> {
    const filters: QueryFilter[] = [];
    if (q.manufacturer) filters.push({ field: 'manufacturerId', op: '==', value: q.manufacturer });
    const term = numberTerm(q.orderNumber);
    if (term) {
      filters.push({ field: 'orderNumberTokens', op: 'array-contains', value: term });
      return readPage(this.col(), {
        filters,
        orderBy: 'orderNumberKey',
        descending: q.sortDescending,
        page: q.page,
        size: q.size,
      });
    }
    const orderBy = ARTICLE_SORT_FIELDS[q.column ?? 'orderNumber'];
    return readPage(this.col(), { filters, orderBy, descending: q.sortDescending, page: q.page, size: q.size });
  }

  /**
   * At most `amount` articles for a typed number, in this order of preference: the order number starts with it,
   * the manufacturer number starts with it, an alternative equals it, the order or manufacturer number contains it
   * (3 characters or more, `*NumberTokens`). Each stage runs only when the ones before left room: the order-number
   * prefix usually fills `amount` alone, and a later stage could not change an answer already full.
   */
  async search(input: string, amount: number): Promise<Article[]> {
    const key = partKey(input);
    if (!key) return [];
    const prefix = (field: string) =>
      this.col().where(field, '>=', key).where(field, '<', prefixEnd(key)).orderBy(field).limit(amount).get();
    const out = new Map<string, Article>();
    const add = (snaps: ReadonlyArray<QuerySnapshot<Article>>) => {
      for (const doc of snaps.flatMap((snap) => snap.docs)) if (!out.has(doc.id)) out.set(doc.id, doc.data());
    };
    add([await prefix('orderNumberKey')]);
    if (out.size >= amount) return [...out.values()].slice(0, amount);
    add(
      await Promise.all([
        prefix('manufacturerNumberKey'),
        this.col().where('numberKeys', 'array-contains', key).limit(amount).get(),
      ]),
    );
    // the fragments only when the prefixes and alternatives left room: they cannot come before them
    const term = numberTerm(input);
    if (out.size < amount && term)
      add(
        await Promise.all(
          ['orderNumberTokens', 'manufacturerNumberTokens'].map((field) =>
            this.col().where(field, 'array-contains', term).limit(amount).get(),
          ),
        ),
      );
    return [...out.values()].slice(0, amount);
  }

  /**
   * The article export's query (modules/article-transfer): all articles, or those of up to 30 manufacturers, in
   * document-id order (single-field indexes only); source and price are filtered by the caller.
   */
  exportQuery(manufacturerIds: readonly string[]): Query<Article> {
    const base = manufacturerIds.length ? this.col().where('manufacturerId', 'in', [...manufacturerIds]) : this.col();
    return base.orderBy(FieldPath.documentId());
  }

  /**
   * Articles whose stored key is one of `keys` (at most 30: one Firestore `in` / `array-contains-any` query);
   * the BOM matcher's lookup (catalogue-lookup.ts).
   */
  async byKeys(field: 'orderNumberKey' | 'manufacturerNumberKey' | 'numberKeys', keys: readonly string[]) {
    if (!keys.length) return [];
    const op = field === 'numberKeys' ? 'array-contains-any' : 'in';
    return (
      await this.col()
        .where(field, op, [...keys])
        .get()
    ).docs.map((d) => d.data());
  }

  async countReferencing(field: ReferenceField, ids: string[]): Promise<number> {
    const op = field === 'wholesalerIds' ? 'array-contains-any' : 'in';
    return (await this.col().where(field, op, ids).count().get()).data().count;
  }

  /** Articles referencing one of `ids` through `field`, at most `limit` (read in a chunk's transaction). */
  referencingQuery(field: ReferenceField, ids: string[], limit: number): Query<Article> {
    const op = field === 'wholesalerIds' ? 'array-contains-any' : 'in';
    return this.col().where(field, op, ids).limit(limit);
  }

  /** A manufacturer's articles that still carry another name than `name` (the list's manufacturer-sort index). */
  staleNameQuery(manufacturerId: string, name: string, limit: number): Query<Article> {
    return this.col().where('manufacturerId', '==', manufacturerId).where('manufacturerName', '!=', name).limit(limit);
  }
}

const fieldValueConverter = entityConverter<FieldValue>({
  required: ['displayName', 'usedByArticleAmount', 'createDate', 'lastUpdate'],
  defaults: () => ({ nameVariants: [] }),
  derived: (v) => ({
    searchTokens: fieldValueSearchTokens(v),
    displayNameSort: sortKey(v.displayName),
    /** merged items are about to disappear (combine): never offered for a choice */
    selectable: !v.mergedInto,
  }),
  derivedFields: ['searchTokens', 'displayNameSort', 'selectable'],
});

const SELECTABLE = { field: 'selectable', op: '==' } as const;
const SEARCH = { field: 'searchTokens', op: 'array-contains' } as const;
const OF_MANUFACTURER = { field: 'manufacturerId', op: '==' } as const;

/**
 * The lists GET /<kind>/filter runs: the selectable items, by a search token or not, sorted by the folded display
 * name; discount groups also of one manufacturer.
 */
export const FIELD_VALUES_PAGE_SHAPES: readonly PagedListShape[] = Object.entries(FIELD_VALUE_COLLECTIONS).map(
  ([kind, collectionGroup]) => ({
    collectionGroup,
    filterSets: [
      [SELECTABLE],
      [SELECTABLE, SEARCH],
      ...(kind === 'discountGroup'
        ? [
            [SELECTABLE, OF_MANUFACTURER],
            [SELECTABLE, OF_MANUFACTURER, SEARCH],
          ]
        : []),
    ],
    orderFields: ['displayNameSort'],
  }),
);

export interface FieldValuePageQuery {
  search?: string;
  manufacturerId?: string;
  sortDescending: boolean;
  page: number;
  size: number;
}

/** One of the four field-value lists (the same document shape, kind-specific fields optional). */
export class FieldValuesRepository extends EntityCollection<FieldValue> {
  /** each item's change history (`<kind's collection>/{id}/history`) */
  readonly changeHistory: ChangeHistory;

  constructor(
    db: Firestore,
    readonly kind: FieldValueKind,
  ) {
    super(db, FIELD_VALUE_COLLECTIONS[kind], fieldValueConverter);
    this.changeHistory = new ChangeHistory(db, FIELD_VALUE_COLLECTIONS[kind]);
  }

  async all(): Promise<FieldValue[]> {
    return (await this.col().orderBy('displayName').get()).docs.map((d) => d.data());
  }

  /** One page of the items found by name or variant (GET /<kind>/filter; FIELD_VALUES_PAGE_SHAPES). */
  page(q: FieldValuePageQuery): Promise<Page<FieldValue>> {
    const filters: QueryFilter[] = [{ ...SELECTABLE, value: true }];
    const term = searchTerm(q.search);
    if (term) filters.push({ ...SEARCH, value: term });
    if (q.manufacturerId && this.kind === 'discountGroup')
      filters.push({ ...OF_MANUFACTURER, value: q.manufacturerId });
    return readPage(this.col(), {
      filters,
      orderBy: 'displayNameSort',
      descending: q.sortDescending,
      page: q.page,
      size: q.size,
    });
  }

  deleteInTx(tx: Transaction, id: string): void {
    tx.delete(this.col().doc(id));
  }

  /** One net change of `usedByArticleAmount` (never one write per article). */
  adjustInTx(tx: Transaction, id: string, delta: number): void {
    if (delta) tx.update(this.col().doc(id), { usedByArticleAmount: Fs.increment(delta) });
  }
}
