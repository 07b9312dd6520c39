import type { BomErrorType } from './bom-error.js';

/** The longest text of a line's editable text fields (the line edit's rule, bom-job.ts `bomLineUpdateSchema`). */
export const BOM_LINE_TEXT_MAX_LENGTH = 200;
/** The longest order or manufacturer number a line keeps (the catalogue's number rule: no article has a longer one). */
export const BOM_LINE_NUMBER_MAX_LENGTH = 100;

/** Catalogue data the BOM engine needs from a matched article (a subset of the Article entity). */
export interface MatchableArticle {
  id: string;
  orderNumber?: string;
  manufacturerNumber?: string;
  manufacturerId?: string;
  manufacturerName?: string;
  erpNumber?: string;
  description?: string;
  listPrice?: number;
  purchasePrice?: number;
  priceUnitSize?: number;
  discountGroupName?: string;
  discountPercent?: number;
  unitName?: string;
  possibleOrderNumbers?: string[];
  possibleManufacturerNumbers?: string[];
}

/** A typed BOM line (spec section 3, BOM line) plus the raw numbers it was read from. */
export interface BomLine {
  /** 1-based row in the file, as the user sees it in Excel */
  rowNumber: number;
  orderNumber?: string;
  manufacturerNumber?: string;
  description?: string;
  quantity: number;
  quantityUnitId?: string;
  quantityUnitName?: string;
  isSuppliedPart: boolean;
  installationLocation?: string;
  locationIdentifier?: string;
  bmk?: string;
  functionDesignation?: string;
  functionalAssignment?: string;
  wholesalerOrderNumber?: string;
  /** converted into catalogue units: cm */
  width?: number;
  height?: number;
  depth?: number;
  /** converted into catalogue units: kg */
  weight?: number;
  matchedArticleId?: string;
  matchedArticle?: MatchableArticle;
  manufacturerId?: string;
  manufacturerName?: string;
  /** the first of `problems` by priority; undefined means the line is fine */
  bomError?: BomErrorType;
  problems: BomErrorType[];
  /** rowNumber of the first identical line when this one repeats it */
  duplicateOfRow?: number;
  manualReplacement: boolean;
  edited: boolean;
}
