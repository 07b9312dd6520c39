import { BOM_I18N_KEYS } from './i18n-keys.js';

/** Problem markers of a BOM line (spec section 3, BOM line). */
export enum BomErrorType {
  UNIT_MISMATCH = 'UNIT_MISMATCH',
  ARTICLE_NOT_FOUND = 'ARTICLE_NOT_FOUND',
  ASSIGNMENT_NOT_UNIQUE = 'ASSIGNMENT_NOT_UNIQUE',
  DATA_MISSING = 'DATA_MISSING',
}

export const BOM_ERROR_I18N: Record<BomErrorType, string> = {
  [BomErrorType.UNIT_MISMATCH]: BOM_I18N_KEYS.lineUnitMismatch,
  [BomErrorType.ARTICLE_NOT_FOUND]: BOM_I18N_KEYS.lineArticleNotFound,
  [BomErrorType.ASSIGNMENT_NOT_UNIQUE]: BOM_I18N_KEYS.lineAssignmentNotUnique,
  [BomErrorType.DATA_MISSING]: BOM_I18N_KEYS.lineDataMissing,
};

/** When a line has several problems, bomError shows the most fundamental one first. */
export const BOM_ERROR_PRIORITY: readonly BomErrorType[] = [
  BomErrorType.DATA_MISSING,
  BomErrorType.UNIT_MISMATCH,
  BomErrorType.ASSIGNMENT_NOT_UNIQUE,
  BomErrorType.ARTICLE_NOT_FOUND,
];
