import type { ArticleMappableField, FieldMapping } from '../model/bom/fields.js';
import { BOM_I18N_KEYS } from '../model/bom/i18n-keys.js';
import { normalisePartNumberKey } from '../model/bom/part-number.js';
import { toCatalogueUnit, type LengthUnit, type WeightUnit } from '../model/bom/units.js';
import { resolveColumn } from './mapping.js';
import { parseDecimal } from './parse-number.js';

/** One typed row of an article import (values only; resolving names to ids is the catalogue's job). */
export interface ImportedArticleRow {
  rowNumber: number;
  /** text fields as written, numbers parsed, dimensions in cm, weight in kg, lists split */
  values: Partial<Record<ArticleMappableField, string | number | boolean | string[]>>;
  /** normalisePartNumberKey of orderNumber / manufacturerNumber, for uniqueness checks and lookups */
  orderNumberKey?: string;
  manufacturerNumberKey?: string;
  problems: { field?: ArticleMappableField; key: string }[];
}

type Kind = 'text' | 'number' | 'boolean' | 'list' | 'length' | 'weight' | 'unit';

const KIND: Record<ArticleMappableField, Kind> = {
  orderNumber: 'text',
  manufacturerNumber: 'text',
  manufacturerName: 'text',
  manufacturerLink: 'text',
  erpNumber: 'text',
  description: 'text',
  image: 'text',
  rohs: 'boolean',
  eanNumber: 'text',
  eclass9_1Id: 'text',
  customsTarifNumber: 'text',
  countryOfOriginAbbreviation: 'text',
  listPrice: 'number',
  purchasePrice: 'number',
  discountGroupId: 'text',
  unitId: 'text',
  priceUnitSize: 'number',
  packagingUnitSize: 'number',
  orderQuantityUnitSize: 'number',
  minimumOrderQuantityUnitSize: 'number',
  deliveryTime: 'number',
  surchargeCode: 'text',
  copperCode: 'text',
  copperBaseValue: 'number',
  copperWeight: 'number',
  width: 'length',
  height: 'length',
  depth: 'length',
  weight: 'weight',
  possibleOrderNumbers: 'list',
  possibleManufacturerNumbers: 'list',
  wholesalerOrderNumber: 'text',
  wholesalerPurchasePrice: 'number',
  unitWidth: 'unit',
  unitHeight: 'unit',
  unitDepth: 'unit',
  unitWeight: 'unit',
};

/** Unit column of each measured field; also the name of the configured-unit option. */
const UNIT_COLUMN: Record<
  'width' | 'height' | 'depth' | 'weight',
  'unitWidth' | 'unitHeight' | 'unitDepth' | 'unitWeight'
> = { width: 'unitWidth', height: 'unitHeight', depth: 'unitDepth', weight: 'unitWeight' };

const TRUE = new Set(['ja', 'j', 'yes', 'y', 'x', '1', 'true', 'wahr']);
const FALSE = new Set(['nein', 'n', 'no', '0', 'false', 'falsch', '-']);

export interface ArticleRowOptions {
  headers: readonly string[];
  mapping: FieldMapping;
  /** import configuration units (spec defaults CM and KG) */
  unitWidth?: LengthUnit;
  unitHeight?: LengthUnit;
  unitDepth?: LengthUnit;
  unitWeight?: WeightUnit;
}

/**
 * Types the rows of an article import. Alternative numbers are split on `;`, `|` and line breaks (not on
 * commas: "PT 2,5" is one number). A row needs an order number, or a manufacturer number with a
 * manufacturer (spec: article save rule), otherwise it carries `article.error.missingValues`.
 */
export class ArticleRowBuilder {
  private readonly cols: [ArticleMappableField, number][] = [];
  private readonly colOf = new Map<ArticleMappableField, number>();

  constructor(private readonly options: ArticleRowOptions) {
    for (const m of options.mapping) {
      const col = resolveColumn(m, options.headers);
      const f = m.articleField as ArticleMappableField;
      if (col >= 0 && f in KIND && !this.colOf.has(f)) {
        this.colOf.set(f, col);
        this.cols.push([f, col]);
      }
    }
  }

  build(row: readonly string[], rowNumber: number): ImportedArticleRow | undefined {
    if (!row.some((c) => c.trim() !== '')) return undefined;
    const out: ImportedArticleRow = { rowNumber, values: {}, problems: [] };
    for (const [field, col] of this.cols) {
      const text = row[col]?.trim();
      if (!text) continue;
      const kind = KIND[field];
      if (kind === 'unit') continue;
      if (kind === 'text') out.values[field] = text;
      else if (kind === 'list')
        out.values[field] = text
          .split(/[;|\r\n]+/)
          .map((s) => s.trim())
          .filter(Boolean);
      else if (kind === 'boolean') {
        const b = text.toLowerCase();
        if (TRUE.has(b)) out.values[field] = true;
        else if (FALSE.has(b)) out.values[field] = false;
        else out.problems.push({ field, key: BOM_I18N_KEYS.importInvalidBoolean });
      } else {
        const n = parseDecimal(text);
        if (n === undefined || n < 0) {
          out.problems.push({ field, key: BOM_I18N_KEYS.importInvalidNumber });
          continue;
        }
        if (kind === 'number') out.values[field] = n;
        else this.convert(row, out, field, n, kind);
      }
    }
    const v = out.values;
    if (typeof v.orderNumber === 'string') out.orderNumberKey = normalisePartNumberKey(v.orderNumber);
    if (typeof v.manufacturerNumber === 'string')
      out.manufacturerNumberKey = normalisePartNumberKey(v.manufacturerNumber);
    if (!v.orderNumber && !(v.manufacturerNumber && v.manufacturerName))
      out.problems.push({ key: BOM_I18N_KEYS.articleMissingValues });
    return out;
  }

  private convert(
    row: readonly string[],
    out: ImportedArticleRow,
    field: ArticleMappableField,
    n: number,
    kind: 'length' | 'weight',
  ): void {
    const unitField = UNIT_COLUMN[field as keyof typeof UNIT_COLUMN];
    const unitCol = this.colOf.get(unitField);
    const unitText = unitCol === undefined ? undefined : row[unitCol]?.trim() || undefined;
    const converted = toCatalogueUnit(n, kind, unitText, this.options[unitField]);
    if (converted === undefined) out.problems.push({ field, key: BOM_I18N_KEYS.importUnitMismatch });
    else out.values[field] = converted;
  }
}
