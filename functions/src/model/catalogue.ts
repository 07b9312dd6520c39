import { defineErrors } from './api-error.js';

/**
 * The article catalogue and its four field-value lists (spec 02 §3; docs/decisions-catalogue.md). Shared by the
 * API (modules/catalogue) and the web.
 */
export const IMPORT_SOURCES = ['MYSQL', 'MANUAL', 'CSV'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** Caps that keep an article document far below Firestore's 1 MiB (each entry is < 200 bytes). */
export const MAX_ALTERNATIVES = 50;
export const MAX_WHOLESALER_INFOS = 30;
export const MAX_NAME_VARIANTS = 50;
/** Ids of one comma-joined delete or combine call (400 beyond; Firestore's `in` takes 30 values). */
export const MAX_IDS_PER_CALL = 30;
/** `GET /article/search`: default and largest `amount`. */
export const SEARCH_DEFAULT_AMOUNT = 10;
export const SEARCH_MAX_AMOUNT = 50;

/** The article's number fields (spec 02 §3: ≥ 0, two decimals at most), as the form and the import read them. */
export const ARTICLE_NUMBER_FIELDS = [
  'listPrice',
  'purchasePrice',
  'priceUnitSize',
  'packagingUnitSize',
  'orderQuantityUnitSize',
  'minimumOrderQuantityUnitSize',
  'deliveryTime',
  'copperBaseValue',
  'copperWeight',
  'width',
  'height',
  'depth',
  'weight',
] as const;

export interface WholesalerInfo {
  wholesalerId: string;
  purchasePrice?: number;
  orderNumber?: string;
}

export interface Article {
  id: string;
  orderNumber?: string;
  manufacturerNumber?: string;
  manufacturerId?: string;
  /** copied from the manufacturer on every write (list column and sort) */
  manufacturerName?: string;
  manufacturerLink?: string;
  erpNumber?: string;
  description?: string;
  image?: string;
  rohs?: string;
  eanNumber?: string;
  eclass9_1Id?: string;
  customsTarifNumber?: string;
  countryOfOriginAbbreviation?: string;
  listPrice?: number;
  /** shown to customers as "customer price" */
  purchasePrice?: number;
  discountGroupId?: string;
  unitId?: string;
  priceUnitSize?: number;
  packagingUnitSize?: number;
  orderQuantityUnitSize?: number;
  minimumOrderQuantityUnitSize?: number;
  deliveryTime?: number;
  surchargeCode?: string;
  copperCode?: string;
  copperBaseValue?: number;
  copperWeight?: number;
  width?: number;
  height?: number;
  depth?: number;
  weight?: number;
  articleImportSource: ImportSource;
  possibleOrderNumbers: string[];
  possibleManufacturerNumbers: string[];
  wholesalerInfos: WholesalerInfo[];
  createDate: Date;
  lastUpdate: Date;
}

/**
 * The article fields its change history compares (model/change-history.ts): what a user or an import changes, the
 * manufacturer by its name (its id says nothing to a reader); not the server-kept dates and the import source.
 */
export const ARTICLE_HISTORY_FIELDS = [
  'orderNumber',
  'manufacturerNumber',
  'manufacturerName',
  'manufacturerLink',
  'erpNumber',
  'description',
  'image',
  'rohs',
  'eanNumber',
  'eclass9_1Id',
  'customsTarifNumber',
  'countryOfOriginAbbreviation',
  'listPrice',
  'purchasePrice',
  'discountGroupId',
  'unitId',
  'priceUnitSize',
  'packagingUnitSize',
  'orderQuantityUnitSize',
  'minimumOrderQuantityUnitSize',
  'deliveryTime',
  'surchargeCode',
  'copperCode',
  'copperBaseValue',
  'copperWeight',
  'width',
  'height',
  'depth',
  'weight',
  'possibleOrderNumbers',
  'possibleManufacturerNumbers',
  'wholesalerInfos',
] as const satisfies ReadonlyArray<keyof Article>;

/** What a client sends: the article without its server-kept fields. */
export type ArticleInput = Omit<Article, 'id' | 'manufacturerName' | 'createDate' | 'lastUpdate'> & { id?: string };

/** The fields CUSTOMER and SUPPLIER users get from `GET /article/search` (no list price, discounts, wholesalers). */
const PUBLIC_ARTICLE_FIELDS = [
  'id',
  'orderNumber',
  'manufacturerNumber',
  'manufacturerId',
  'manufacturerName',
  'manufacturerLink',
  'description',
  'image',
  'eanNumber',
  'unitId',
  'purchasePrice',
  'priceUnitSize',
  'width',
  'height',
  'depth',
  'weight',
  'possibleOrderNumbers',
  'possibleManufacturerNumbers',
] as const satisfies ReadonlyArray<keyof Article>;
export type PublicArticle = Pick<Article, (typeof PUBLIC_ARTICLE_FIELDS)[number]>;

/**
 * Who may write the catalogue's articles (docs/decisions-catalogue.md "Access"): every ADMIN-company user, with or
 * without the admin flag. The article calls' guard says the same; the admin BOM import's line calls (manual match,
 * re-match after an article edit from a line) and the web's "edit article" action ask this.
 */
export function canWriteCatalogue(caller: { companyType: string }): boolean {
  return caller.companyType === 'ADMIN';
}

export function publicArticle(article: Article): PublicArticle {
  const out: Partial<Article> = {};
  for (const field of PUBLIC_ARTICLE_FIELDS)
    if (article[field] !== undefined) Object.assign(out, { [field]: article[field] });
  return out as PublicArticle;
}

/** The sortable columns of `/article/filter` and the stored field each sorts by. */
export const ARTICLE_SORT_FIELDS = {
  manufacturer: 'manufacturerName',
  manufacturerNumber: 'manufacturerNumber',
  orderNumber: 'orderNumber',
  listPrice: 'listPrice',
  weight: 'weight',
  width: 'width',
  height: 'height',
  depth: 'depth',
} as const;
export type ArticleColumn = keyof typeof ARTICLE_SORT_FIELDS;
export const ARTICLE_COLUMNS = Object.keys(ARTICLE_SORT_FIELDS) as ArticleColumn[];

export const FIELD_VALUE_KINDS = ['manufacturer', 'discountGroup', 'unit', 'wholesaler'] as const;
export type FieldValueKind = (typeof FIELD_VALUE_KINDS)[number];

interface WholesalerDiscount {
  wholesalerId: string;
  percent: number;
}

export interface FieldValue {
  id: string;
  displayName: string;
  nameVariants: string[];
  usedByArticleAmount: number;
  /** manufacturer */
  abbreviation?: string;
  link?: string;
  /** discount group */
  percent?: number;
  manufacturerId?: string;
  wholesalerDiscounts?: WholesalerDiscount[];
  /** set while a combine merges this item into `mergedInto`: new references are refused */
  mergedInto?: string;
  /** set while a background task changes the item's articles (combine survivor, manufacturer article deletion) */
  busyTask?: string;
  /** set while `GET /manufacturer/delete/article` deletes its articles: new references are refused */
  deletingArticles?: string;
  createDate: Date;
  lastUpdate: Date;
}

/** The field-value fields its change history compares (the names, the kind's own fields). */
export const FIELD_VALUE_HISTORY_FIELDS = [
  'displayName',
  'nameVariants',
  'abbreviation',
  'link',
  'percent',
  'manufacturerId',
  'wholesalerDiscounts',
] as const satisfies ReadonlyArray<keyof FieldValue>;

/** Which article field references which kind. */
export const ARTICLE_REFERENCE: Record<
  FieldValueKind,
  'manufacturerId' | 'discountGroupId' | 'unitId' | 'wholesalerIds'
> = { manufacturer: 'manufacturerId', discountGroup: 'discountGroupId', unit: 'unitId', wholesaler: 'wholesalerIds' };

/** The combinable kinds (spec: the wholesaler list has no combine). */
export const COMBINABLE_KINDS = ['manufacturer', 'discountGroup', 'unit'] as const satisfies readonly FieldValueKind[];

/** Every name an item is known by (display name and variants), trimmed, without empties. */
export function namesOf(item: Pick<FieldValue, 'displayName' | 'nameVariants'>): string[] {
  return [item.displayName, ...item.nameVariants].map((n) => n.trim()).filter(Boolean);
}

/** The uniqueness key of a name: case-insensitive (spec 5: lookups are case-insensitive). */
export const nameKey = (name: string) => name.trim().toLowerCase();

/** The error codes of the catalogue (spec 02 §8); the web's texts: public/locales/de/catalogue.json. */
export const CATALOGUE_ERRORS = defineErrors({
  /** POST /article/: an order or manufacturer number (or alternative) is taken (spec 8: 406) */
  articleCreateConflict: 406,
  /** POST /article/update: an order or manufacturer number (or alternative) is taken (spec 8: 409) */
  articleUpdateConflict: 409,
  /** neither an order number nor a manufacturer number with a manufacturer (spec 5/8: 417) */
  articleMissingValues: 417,
  /** a name variant is taken by another item of the kind ('Diese Bezeichnung wird bereits verwendet.') */
  nameVariantTaken: 409,
  /** wholesaler name taken (spec 8: 412) */
  wholesalerNameTaken: 412,
  /** combine of discount groups of different manufacturers (spec 8: 409) */
  combineAcrossManufacturers: 409,
  /** an item is being combined or its articles changed by a background task */
  fieldValueBusy: 409,
  /** POST /discountgroup/import: not the format of discountGroups.csv (spec 8: 417) */
  discountGroupImportFormat: 417,
});
