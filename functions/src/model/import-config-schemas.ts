import * as yup from 'yup';
import { defineErrors } from './api-error.js';
import { ARTICLE_MAPPABLE_FIELDS, type FieldMapping } from './bom/fields.js';
import { BOM_I18N_KEYS } from './bom/i18n-keys.js';
import { LENGTH_UNITS, WEIGHT_UNITS } from './bom/units.js';
import { optionalBodyIdSchema, bodyIdSchema, idSchema } from './id.js';
import {
  DEFAULT_HEADER_ROW_INDEX,
  DEFAULT_SOURCE_FORMAT,
  IMPORT_CONFIG_UNIT_DEFAULTS,
  SOURCE_FORMATS,
  type ImportConfig,
} from './import-config.js';
import { line, multiline, VALIDATION_KEYS as V } from './validation.js';

/** The area's own error codes (the rest are the platform's: 400 validation, 404 notFound, 413, 415). */
export const IMPORT_CONFIG_ERRORS = defineErrors({
  /** the sample file cannot be read by the engine (details: the engine's i18n key, e.g. spreadsheet.error.corrupt) */
  sampleUnreadable: 422,
});

/** Spec 02 §5: an import configuration's sample file is .xlsx, .xls, .csv or .txt. */
export const IMPORT_CONFIG_EXTENSIONS = ['xlsx', 'xls', 'csv', 'txt'] as const;

/** The largest header row index accepted (a header further down is no table we can read). */
const MAX_HEADER_ROW_INDEX = 1000;
const IMPORT_CONFIG_TITLE_MAX = 200;
const IMPORT_CONFIG_DESCRIPTION_MAX = 2000;

/** The i18n keys of §5 (German texts in the web's `import-configs` namespace). */
export const IMPORT_CONFIG_KEYS = {
  emptyUpload: BOM_I18N_KEYS.importEmptyUpload,
  missingMapping: BOM_I18N_KEYS.importMissingMapping,
  wrongIndex: BOM_I18N_KEYS.importWrongIndex,
} as const;

/** Header row index: a whole number ≥ 1 (a JSON number or a digit string, e.g. from a multipart field). */
export const isHeaderRowIndex = (value: unknown): boolean => {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_HEADER_ROW_INDEX;
};

export const headerRowIndexSchema = () =>
  yup
    .mixed<number>()
    .test('index', IMPORT_CONFIG_KEYS.wrongIndex, (v) => v === undefined || isHeaderRowIndex(v))
    .transform((v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v));

const mappingEntry = yup.object({
  columnIndex: yup.number().typeError(V.type).integer(V.integer).min(0, V.min).max(10_000, V.max).optional(),
  importHeader: line(500).defined(V.required),
  articleField: yup
    .string()
    .typeError(V.type)
    .oneOf([...ARTICLE_MAPPABLE_FIELDS], V.oneOf)
    .required(V.required),
});

/**
 * What the client sends for a configuration (POST /import/config/ and /update, the `config` field): the file's
 * name and headers are never taken from the client, the server reads them from the file.
 */
export const importConfigInputSchema = yup.object({
  id: optionalBodyIdSchema,
  sourceFormat: yup
    .string()
    .oneOf([...SOURCE_FORMATS], V.oneOf)
    .default(DEFAULT_SOURCE_FORMAT),
  manufacturerId: optionalBodyIdSchema,
  wholesalerId: optionalBodyIdSchema,
  defaultUnitId: optionalBodyIdSchema,
  title: line(IMPORT_CONFIG_TITLE_MAX).required(V.required),
  description: multiline(IMPORT_CONFIG_DESCRIPTION_MAX).required(V.required),
  headerRowIndex: headerRowIndexSchema().default(DEFAULT_HEADER_ROW_INDEX),
  fieldMapping: yup
    .array()
    .of(mappingEntry)
    .max(ARTICLE_MAPPABLE_FIELDS.length * 2, V.max)
    .default([]),
  unitDepth: yup
    .string()
    .oneOf([...LENGTH_UNITS], V.oneOf)
    .default(IMPORT_CONFIG_UNIT_DEFAULTS.unitDepth),
  unitHeight: yup
    .string()
    .oneOf([...LENGTH_UNITS], V.oneOf)
    .default(IMPORT_CONFIG_UNIT_DEFAULTS.unitHeight),
  unitWidth: yup
    .string()
    .oneOf([...LENGTH_UNITS], V.oneOf)
    .default(IMPORT_CONFIG_UNIT_DEFAULTS.unitWidth),
  unitWeight: yup
    .string()
    .oneOf([...WEIGHT_UNITS], V.oneOf)
    .default(IMPORT_CONFIG_UNIT_DEFAULTS.unitWeight),
});
export type ImportConfigInput = Omit<
  ImportConfig,
  'id' | 'filename' | 'headers' | 'changeEntries' | 'createDate' | 'lastUpdate' | 'fieldMapping'
> & { id?: string; fieldMapping: FieldMapping };

export const importConfigQuerySchema = yup.object({ id: idSchema });
export const importConfigDeleteSchema = yup.object({ configId: bodyIdSchema });
