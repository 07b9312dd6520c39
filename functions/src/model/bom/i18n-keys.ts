/**
 * Every user-facing message of the spreadsheet/BOM engine as an i18n key. The web translates these;
 * German texts of record live in the web's locale files (e.g. bom.warning.headerRowIndexWrong is the spec's
 * 'Kopfzeile ungültig. Bitte wählen Sie eine ganze Zahl, die größer als 0 ist.').
 */
export const BOM_I18N_KEYS = {
  // spreadsheet reading (SpreadsheetError codes)
  unsupportedFormat: 'spreadsheet.error.unsupportedFormat',
  formatMismatch: 'spreadsheet.error.formatMismatch',
  corrupt: 'spreadsheet.error.corrupt',
  encrypted: 'spreadsheet.error.encrypted',
  empty: 'spreadsheet.error.empty',
  tooLarge: 'spreadsheet.error.tooLarge',
  // BOM mapping (spec section 5, BOM mapping)
  missingMapping: 'bom.warning.missingMapping',
  headerRowIndexWrong: 'bom.warning.headerRowIndexWrong',
  indexInvalid: 'bom.error.indexInvalid',
  headerIndexChangeFailed: 'bom.warning.headerIndexChangeFailed',
  noHeadersFound: 'bom.warning.noHeadersFound',
  fieldUsedTwice: 'bom.warning.fieldUsedTwice',
  unknownField: 'bom.warning.unknownField',
  columnOutOfRange: 'bom.warning.columnOutOfRange',
  // import configuration (spec section 5, Import configuration)
  importMissingMapping: 'importConfig.warning.missingMapping',
  importWrongIndex: 'importConfig.warning.wrongIndex',
  importEmptyUpload: 'importConfig.warning.emptyUpload',
  // article import rows (typed by bom/article-rows.ts)
  articleMissingValues: 'article.error.missingValues',
  importInvalidNumber: 'importConfig.warning.invalidNumber',
  importInvalidBoolean: 'importConfig.warning.invalidBoolean',
  importUnitMismatch: 'importConfig.warning.unitMismatch',
  // line problem markers (BomErrorType)
  lineUnitMismatch: 'bom.lineError.UNIT_MISMATCH',
  lineArticleNotFound: 'bom.lineError.ARTICLE_NOT_FOUND',
  lineAssignmentNotUnique: 'bom.lineError.ASSIGNMENT_NOT_UNIQUE',
  lineDataMissing: 'bom.lineError.DATA_MISSING',
  duplicateLine: 'bom.info.duplicateLine',
  // generated BOM file column titles (German defaults in BOM_EXPORT_HEADERS_DE)
  exportErpNumber: 'bom.export.erpNumber',
  exportQuantity: 'bom.export.quantity',
  exportDescription: 'bom.export.description',
  exportUnit: 'bom.export.unit',
  exportPurchasePricePerPiece: 'bom.export.purchasePricePerPiece',
  exportManufacturerNumber: 'bom.export.manufacturerNumber',
  exportManufacturer: 'bom.export.manufacturer',
  exportDiscountGroup: 'bom.export.discountGroup',
  exportListPricePerPiece: 'bom.export.listPricePerPiece',
  exportOrderNumber: 'bom.export.orderNumber',
} as const;
