import { ApiError, errorsOf } from '../../platform/api-error.js';
import { extensionOf, FILE_ERRORS } from '../../model/files.js';
import { sniffContent } from '../../spreadsheet/detect-format.js';
import { SpreadsheetError } from '../../spreadsheet/errors.js';
import { assertSafeZip, assertZipInflatesAsDeclared } from '../../spreadsheet/zip-guard.js';

const fail = errorsOf(FILE_ERRORS);

const mismatch = () => fail.fileContentMismatch();

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61];
const GIF89 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
const UTF16_LE = [0xff, 0xfe];
const UTF16_BE = [0xfe, 0xff];

/** The entry an Office Open XML package of that extension must contain besides [Content_Types].xml. */
const OOXML_PART: Record<string, string> = { xlsx: 'xl/', docx: 'word/' };

/**
 * Office Open XML (xlsx, docx) is a zip: the guard refuses zip bombs (declared sizes and ratios, then an
 * inflate that stops at the declared size), zip64 and encryption before anything reads it.
 */
async function assertOfficeZip(bytes: Uint8Array, ext: string): Promise<void> {
  try {
    const entries = assertSafeZip(bytes);
    if (
      !entries.some((e) => e.name === '[Content_Types].xml') ||
      !entries.some((e) => e.name.startsWith(OOXML_PART[ext]!))
    )
      throw mismatch();
    await assertZipInflatesAsDeclared(bytes, entries);
  } catch (error) {
    if (error instanceof SpreadsheetError && error.code === 'tooLarge') throw fail.archiveTooLarge();
    if (error instanceof ApiError) throw error;
    throw mismatch();
  }
}

/** Text: UTF-16 with a byte-order mark, or no NUL bytes and hardly any control characters. */
function isText(bytes: Uint8Array): boolean {
  if (startsWith(bytes, UTF16_LE) || startsWith(bytes, UTF16_BE)) return bytes.length % 2 === 0;
  return sniffContent(bytes) === 'text';
}

/**
 * Checks that the content is what the extension says, by magic bytes (never by the client's declared type),
 * so a renamed executable or HTML page is refused: 400 fileEmpty, 415 fileContentMismatch, 413
 * archiveTooLarge (a zip that inflates beyond the guard's limits). Extensions are checked before this.
 */
export async function assertContentMatches(fileName: string, bytes: Uint8Array): Promise<void> {
  if (bytes.length === 0) throw fail.fileEmpty();
  const ext = extensionOf(fileName);
  switch (ext) {
    case 'pdf':
      if (!startsWith(bytes, PDF)) throw mismatch();
      return;
    case 'png':
      if (!startsWith(bytes, PNG)) throw mismatch();
      return;
    case 'jpg':
    case 'jpeg':
      if (!startsWith(bytes, JPEG)) throw mismatch();
      return;
    case 'gif':
      if (!startsWith(bytes, GIF87) && !startsWith(bytes, GIF89)) throw mismatch();
      return;
    case 'doc':
      if (sniffContent(bytes) !== 'ole') throw mismatch();
      return;
    case 'xls': {
      const kind = sniffContent(bytes);
      if (kind !== 'ole' && kind !== 'biff') throw mismatch();
      return;
    }
    case 'xlsx':
    case 'docx':
      if (sniffContent(bytes) !== 'zip') throw mismatch();
      return assertOfficeZip(bytes, ext);
    case 'csv':
    case 'txt':
      if (!isText(bytes)) throw mismatch();
      return;
    default:
      throw fail.fileTypeNotAllowed();
  }
}
