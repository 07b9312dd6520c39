import { SpreadsheetError } from './errors.js';

export type SpreadsheetFormat = 'xlsx' | 'xls' | 'csv';
export type ContentKind = 'zip' | 'ole' | 'biff' | 'text' | 'pdf' | 'binary' | 'empty';

export const ALL_EXTENSIONS = ['xlsx', 'xls', 'csv', 'txt'] as const;
export type SpreadsheetExtension = (typeof ALL_EXTENSIONS)[number];
/** Spec: BOM upload accepts only .xlsx, .xls, .csv; article import also .txt. */
export const BOM_EXTENSIONS: readonly SpreadsheetExtension[] = ['xlsx', 'xls', 'csv'];

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Classifies the content by magic bytes; never trusts the file name. */
export function sniffContent(bytes: Uint8Array): ContentKind {
  if (bytes.length === 0) return 'empty';
  const b = bytes;
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5 || b[2] === 7)) return 'zip';
  if (
    b.length >= 8 &&
    b[0] === 0xd0 &&
    b[1] === 0xcf &&
    b[2] === 0x11 &&
    b[3] === 0xe0 &&
    b[4] === 0xa1 &&
    b[5] === 0xb1 &&
    b[6] === 0x1a &&
    b[7] === 0xe1
  )
    return 'ole';
  // bare BIFF2–4 worksheet (Excel 2.x–4.0): BOF record 0x0009 / 0x0209 / 0x0409 without an OLE container
  if (
    b.length >= 8 &&
    b[0] === 0x09 &&
    (b[1] === 0x00 || b[1] === 0x02 || b[1] === 0x04) &&
    (b[2] === 4 || b[2] === 6 || b[2] === 8) &&
    b[3] === 0
  )
    return 'biff';
  if (b.length >= 5 && b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 && b[4] === 0x2d) return 'pdf';
  return looksLikeText(b) ? 'text' : 'binary';
}

/** Text = no NUL bytes and few control characters in the first 8 KiB (UTF-16 files are out of scope). */
function looksLikeText(b: Uint8Array): boolean {
  const n = Math.min(b.length, 8192);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const c = b[i]!;
    if (c === 0) return false;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) control++;
  }
  return control <= n / 100;
}

/**
 * Cross-checks content and extension. Binary Excel content under either Excel extension is accepted
 * (Excel itself opens an xlsx saved as .xls); text under an Excel extension or a workbook under .csv is
 * mislabelled and refused rather than guessed.
 */
export function resolveFormat(
  bytes: Uint8Array,
  fileName: string,
  allowed: readonly SpreadsheetExtension[] = ALL_EXTENSIONS,
): SpreadsheetFormat {
  const ext = extensionOf(fileName);
  if (!(allowed as readonly string[]).includes(ext)) {
    throw new SpreadsheetError('unsupportedFormat', `extension .${ext} not allowed (${allowed.join(', ')})`);
  }
  const kind = sniffContent(bytes);
  const excelExt = ext === 'xlsx' || ext === 'xls';
  switch (kind) {
    case 'empty':
      throw new SpreadsheetError('empty', 'file is empty');
    case 'zip':
      if (!excelExt) throw new SpreadsheetError('formatMismatch', `zip content with .${ext} extension`);
      return 'xlsx';
    case 'ole':
    case 'biff':
      if (!excelExt) throw new SpreadsheetError('formatMismatch', `OLE content with .${ext} extension`);
      return 'xls';
    case 'text':
      if (excelExt) throw new SpreadsheetError('formatMismatch', `text content with .${ext} extension`);
      return 'csv';
    case 'pdf':
      throw new SpreadsheetError(
        excelExt || ext === 'csv' || ext === 'txt' ? 'formatMismatch' : 'unsupportedFormat',
        `PDF content with .${ext} extension`,
      );
    default:
      throw new SpreadsheetError('unsupportedFormat', 'unrecognised binary content');
  }
}
