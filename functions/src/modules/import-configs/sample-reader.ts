import { ApiError, errorsOf } from '../../platform/api-error.js';
import type { UploadedFile } from '../../http/multipart.js';
import { extractHeaders, suggestHeaderRow } from '../../bom/index.js';
import { suggestMapping, toFieldMapping, type MappingSuggestion } from '../../bom/mapping.js';
import { FILE_ERRORS, contentTypeOf, extensionOf } from '../../model/files.js';
import type { SampleHeaders as SampleHeadersAnswer } from '../../model/import-config.js';
import { BOM_I18N_KEYS } from '../../model/bom/i18n-keys.js';
import {
  IMPORT_CONFIG_ERRORS,
  IMPORT_CONFIG_EXTENSIONS,
  IMPORT_CONFIG_KEYS,
} from '../../model/import-config-schemas.js';
import { isSpreadsheetError, readSpreadsheet } from '../../spreadsheet/index.js';
import { assertContentMatches } from '../files/content-check.js';

const fail = { ...errorsOf(FILE_ERRORS), ...errorsOf(IMPORT_CONFIG_ERRORS) };

/** Data rows below the header the mapping suggestion looks at (the content confirms or contradicts a name). */
const SAMPLE_ROWS = 200;

export const field = (path: string, key: string) => ({ path, key });
export const invalid = (details: Array<{ path: string; key: string }>) => ApiError.badRequest('validation', details);

/** A sample file read once: its name, rows and type. */
export interface Sample {
  filename: string;
  rows: string[][];
  contentType: string;
}

/** What POST /import/config/headers answers (the model's answer plus the engine's reasons). */
export interface SampleHeaders extends SampleHeadersAnswer {
  suggestions: MappingSuggestion[];
}

/**
 * Checks an uploaded sample like every upload (name, extension xlsx/xls/csv/txt, size by the multipart limit, content
 * by magic bytes: 400 invalidFileName/fileEmpty, 415 fileTypeNotAllowed/fileContentMismatch, 413) and reads its
 * rows with the engine (422 sampleUnreadable with the engine's i18n key).
 */
export async function readSample(file: UploadedFile | undefined): Promise<Sample> {
  if (!file) throw invalid([field('file', IMPORT_CONFIG_KEYS.emptyUpload)]);
  if (!file.filename) throw fail.invalidFileName();
  if (!(IMPORT_CONFIG_EXTENSIONS as readonly string[]).includes(extensionOf(file.filename)))
    throw fail.fileTypeNotAllowed();
  await assertContentMatches(file.filename, file.bytes);
  return readSampleBytes(file.filename, file.bytes);
}

/** The rows of a sample that passed the upload checks (also the stored one). */
export async function readSampleBytes(filename: string, bytes: Uint8Array): Promise<Sample> {
  try {
    const { rows } = await readSpreadsheet(bytes, filename, { allowedExtensions: IMPORT_CONFIG_EXTENSIONS });
    return { filename, rows, contentType: contentTypeOf(filename) };
  } catch (error) {
    if (isSpreadsheetError(error)) throw fail.sampleUnreadable([error.i18nKey]);
    throw error;
  }
}

/** The headers of row `headerRowIndex`; a blank or missing row → 400 (headerRowIndex: no headers found). */
export function headersAt(sample: Sample, headerRowIndex: number): string[] {
  const extracted = extractHeaders(sample.rows, headerRowIndex);
  if (extracted.issue) throw invalid([field('headerRowIndex', BOM_I18N_KEYS.noHeadersFound)]);
  return extracted.headers;
}

/** Headers at the index plus the engine's mapping suggestion for an article import. */
export function sampleHeaders(sample: Sample, headerRowIndex: number): SampleHeaders {
  const headers = headersAt(sample, headerRowIndex);
  const rows = sample.rows.slice(headerRowIndex, headerRowIndex + SAMPLE_ROWS);
  const suggestions = suggestMapping(headers, 'article', { rows });
  return {
    filename: sample.filename,
    headers,
    headerRowIndex,
    suggestedHeaderRowIndex: suggestHeaderRow(sample.rows).headerRowIndex,
    fieldMapping: toFieldMapping(suggestions),
    suggestions,
  };
}
