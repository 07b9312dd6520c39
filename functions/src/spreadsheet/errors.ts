import { BOM_I18N_KEYS } from '../model/bom/i18n-keys.js';

export type SpreadsheetErrorCode =
  'unsupportedFormat' | 'formatMismatch' | 'corrupt' | 'encrypted' | 'empty' | 'tooLarge';

const SPREADSHEET_ERROR_I18N: Record<SpreadsheetErrorCode, string> = {
  unsupportedFormat: BOM_I18N_KEYS.unsupportedFormat,
  formatMismatch: BOM_I18N_KEYS.formatMismatch,
  corrupt: BOM_I18N_KEYS.corrupt,
  encrypted: BOM_I18N_KEYS.encrypted,
  empty: BOM_I18N_KEYS.empty,
  tooLarge: BOM_I18N_KEYS.tooLarge,
};

/** The only error the reader throws for bad input; `i18nKey` is what the web shows. */
export class SpreadsheetError extends Error {
  readonly i18nKey: string;
  constructor(
    readonly code: SpreadsheetErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SpreadsheetError';
    this.i18nKey = SPREADSHEET_ERROR_I18N[code];
  }
}

export function isSpreadsheetError(e: unknown): e is SpreadsheetError {
  return e instanceof SpreadsheetError;
}
