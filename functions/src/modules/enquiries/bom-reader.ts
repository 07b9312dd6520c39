import { ApiError, errorsOf } from '../../platform/api-error.js';
import type { UploadedFile } from '../../http/multipart.js';
import { extractHeaders, suggestHeaderRow } from '../../bom/index.js';
import { ENQUIRY_ERRORS } from '../../model/enquiry.js';
import { contentTypeOf, FILE_ERRORS, isAllowedExtension, UPLOAD_CONTEXTS } from '../../model/files.js';
import { isSpreadsheetError, readSpreadsheet } from '../../spreadsheet/index.js';
import { assertContentMatches } from '../files/content-check.js';

const fail = { ...errorsOf(FILE_ERRORS), ...errorsOf(ENQUIRY_ERRORS) };

/** What POST /enquiry/bom/header answers. */
export interface BomHeaders {
  headers: string[];
  bomFileName: string;
  bomHeaderRowIndex: number;
  suggestedHeaderRowIndex: number;
}

/**
 * The rows of a BOM file (an upload, a stored revision, a task's staged upload) with the engine; a file it cannot read
 * answers 422 bomUnreadable with the engine's i18n key as details.
 */
export async function readBomRows(bytes: Uint8Array, fileName: string): Promise<string[][]> {
  try {
    return (await readSpreadsheet(bytes, fileName, { allowedExtensions: UPLOAD_CONTEXTS.bom })).rows;
  } catch (error) {
    if (isSpreadsheetError(error)) throw fail.bomUnreadable([error.i18nKey]);
    throw error;
  }
}

/**
 * Reads an uploaded BOM with the engine (spec 02 §7 Enquiry BOM): type and content checks as every upload
 * (415, 413, 400 fileEmpty), then the rows; the header row is the caller's index or the engine's suggestion.
 * A file the engine cannot read answers 422 bomUnreadable (details: the engine's i18n key).
 */
export class BomReader {
  async headers(
    file: UploadedFile | undefined,
    headerRowIndex: number | undefined,
  ): Promise<BomHeaders & { contentType: string }> {
    const { rows: _rows, ...headers } = await this.read(file, headerRowIndex);
    return headers;
  }

  /** The same checks and headers, with the sheet's rows (a caller that goes on to map reads the file once). */
  async read(
    file: UploadedFile | undefined,
    headerRowIndex: number | undefined,
  ): Promise<BomHeaders & { contentType: string; rows: string[][] }> {
    if (!file) throw ApiError.badRequest('validation', [{ path: 'file', key: 'validation.required' }]);
    if (!file.filename) throw fail.invalidFileName();
    if (!isAllowedExtension(file.filename, 'bom')) throw fail.fileTypeNotAllowed();
    await assertContentMatches(file.filename, file.bytes);
    const rows = await readBomRows(file.bytes, file.filename);
    const suggested = suggestHeaderRow(rows).headerRowIndex;
    const index = headerRowIndex ?? suggested;
    const extracted = extractHeaders(rows, index);
    if (extracted.issue) {
      // the caller's index points at a blank or missing row; without an index the file has no table at all
      if (headerRowIndex !== undefined)
        throw ApiError.badRequest('validation', [{ path: 'headerRowIndex', key: extracted.issue }]);
      throw fail.bomUnreadable([extracted.issue]);
    }
    return {
      headers: extracted.headers,
      bomFileName: file.filename,
      bomHeaderRowIndex: index,
      suggestedHeaderRowIndex: suggested,
      contentType: contentTypeOf(file.filename),
      rows,
    };
  }
}
