/** Problem markers of a BOM line (spec section 3, BOM line). */
export enum BomErrorType {
  UNIT_MISMATCH = 'UNIT_MISMATCH',
  ARTICLE_NOT_FOUND = 'ARTICLE_NOT_FOUND',
  ASSIGNMENT_NOT_UNIQUE = 'ASSIGNMENT_NOT_UNIQUE',
  DATA_MISSING = 'DATA_MISSING',
}

/** When a line has several problems, bomError shows the most fundamental one first. */
export const BOM_ERROR_PRIORITY: readonly BomErrorType[] = [
  BomErrorType.DATA_MISSING,
  BomErrorType.UNIT_MISMATCH,
  BomErrorType.ASSIGNMENT_NOT_UNIQUE,
  BomErrorType.ARTICLE_NOT_FOUND,
];
