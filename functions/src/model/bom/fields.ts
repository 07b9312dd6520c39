/** Mapping targets: which article/line field a file column feeds (spec sections 2, 3, 5). */

/** Targets of the BOM mapping panel (enquiry/offer BOM and admin BOM import). */
export const BOM_MAPPABLE_FIELDS = [
  'orderNumber',
  'manufacturerNumber',
  'manufacturerName',
  'quantity',
  'quantityUnit',
  'width',
  'height',
  'depth',
  'weight',
  'isSuppliedPart',
  'installationLocation',
  'locationIdentifier',
  'bmk',
  'functionDesignation',
  'functionalAssignment',
  'wholesalerOrderNumber',
  'description',
  'unitWidth',
  'unitHeight',
  'unitDepth',
  'unitWeight',
] as const;

/**
 * Targets of an article import configuration: the importable fields of the Article entity. Reference
 * fields carry names from the file that the catalogue resolves to ids (manufacturerName → manufacturerId,
 * discountGroupId/unitId by displayName or name variant); wholesalerOrderNumber/wholesalerPurchasePrice
 * fill the wholesalerInfos entry of the configuration's wholesaler.
 */
export const ARTICLE_MAPPABLE_FIELDS = [
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
  'wholesalerOrderNumber',
  'wholesalerPurchasePrice',
  'unitWidth',
  'unitHeight',
  'unitDepth',
  'unitWeight',
] as const;

export type BomMappableField = (typeof BOM_MAPPABLE_FIELDS)[number];
export type ArticleMappableField = (typeof ARTICLE_MAPPABLE_FIELDS)[number];
export type MappableField = BomMappableField | ArticleMappableField;
export type MappingKind = 'bom' | 'article';

export function mappableFields(kind: MappingKind): readonly MappableField[] {
  return kind === 'bom' ? BOM_MAPPABLE_FIELDS : ARTICLE_MAPPABLE_FIELDS;
}

/** One column-to-field pair (spec: fieldMapping = pairs of importHeader and articleField). */
interface FieldMappingEntry {
  /** 0-based column in the file; authoritative when present (headers may repeat or be empty). */
  columnIndex?: number;
  importHeader: string;
  articleField: MappableField;
}

export type FieldMapping = FieldMappingEntry[];
