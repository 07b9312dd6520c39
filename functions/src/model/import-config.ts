import type { FieldMapping } from './bom/fields.js';
import { DEFAULT_LENGTH_UNIT, DEFAULT_WEIGHT_UNIT, type LengthUnit, type WeightUnit } from './bom/units.js';

/**
 * A saved import configuration (spec 02 §3 "Import configuration"): how the columns of one manufacturer's or
 * wholesaler's file map onto article fields. Shared by the API (modules/import-configs, read by the article
 * import in modules/article-transfer) and the web.
 */
/**
 * What kind of file a configuration imports (docs/decisions-imports.md "Catalogue exchange formats"): a spreadsheet
 * with the configuration's column mapping, or a catalogue exchange format whose records name their fields
 * themselves (no mapping, no sample file).
 */
export const SOURCE_FORMATS = ['SPREADSHEET', 'DATANORM', 'BMECAT'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];
export const DEFAULT_SOURCE_FORMAT: SourceFormat = 'SPREADSHEET';

/** The file extensions each format's import accepts (DATANORM: DATANORM.001 … .999, DATPREIS.001, .RAB, .dat, .txt). */
export function acceptsExtension(format: SourceFormat, ext: string): boolean {
  const e = ext.toLowerCase();
  if (format === 'DATANORM') return /^\d{3}$/.test(e) || e === 'dat' || e === 'txt' || e === 'rab';
  if (format === 'BMECAT') return e === 'xml';
  return ['xlsx', 'xls', 'csv', 'txt'].includes(e);
}

/** A configuration's format; configurations saved before formats existed are spreadsheets. */
export const sourceFormatOf = (config: Pick<ImportConfig, 'sourceFormat'>): SourceFormat =>
  config.sourceFormat ?? DEFAULT_SOURCE_FORMAT;

export interface ImportConfig {
  id: string;
  /** absent on configurations saved before formats existed: SPREADSHEET */
  sourceFormat?: SourceFormat;
  manufacturerId?: string;
  wholesalerId?: string;
  defaultUnitId?: string;
  title: string;
  description: string;
  /** the sample file the mapping was made from */
  filename: string;
  /** that file's headers (the row `headerRowIndex`) */
  headers: string[];
  /** 1-based row of the headers (spec 9: at least 1, default 1) */
  headerRowIndex: number;
  fieldMapping: FieldMapping;
  unitDepth: LengthUnit;
  unitHeight: LengthUnit;
  unitWidth: LengthUnit;
  unitWeight: WeightUnit;
  /** who changed it when (newest last) */
  changeEntries: { userId: string; date: string }[];
  createDate: string;
  lastUpdate: string;
}

/** The fields a configuration's change history compares (the mapping as "column → field" pairs: configHistoryView). */
export const IMPORT_CONFIG_HISTORY_FIELDS = [
  'title',
  'description',
  'sourceFormat',
  'manufacturerId',
  'wholesalerId',
  'defaultUnitId',
  'filename',
  'headerRowIndex',
  'fieldMapping',
  'unitDepth',
  'unitHeight',
  'unitWidth',
  'unitWeight',
] as const satisfies ReadonlyArray<keyof ImportConfig>;

/** A configuration as its history compares it: each mapping as `header → article field`. */
export const configHistoryView = (c: ImportConfig) => ({
  ...c,
  fieldMapping: c.fieldMapping.map((m) => `${m.importHeader} → ${m.articleField}`),
});

export const DEFAULT_HEADER_ROW_INDEX = 1;
export const IMPORT_CONFIG_UNIT_DEFAULTS = {
  unitDepth: DEFAULT_LENGTH_UNIT,
  unitHeight: DEFAULT_LENGTH_UNIT,
  unitWidth: DEFAULT_LENGTH_UNIT,
  unitWeight: DEFAULT_WEIGHT_UNIT,
} as const satisfies Pick<ImportConfig, 'unitDepth' | 'unitHeight' | 'unitWidth' | 'unitWeight'>;

/** What POST /import/config/headers answers: the headers at the index and the engine's mapping suggestion. */
export interface SampleHeaders {
  filename: string;
  headers: string[];
  headerRowIndex: number;
  /** the engine's guess of the header row (a hint for the form) */
  suggestedHeaderRowIndex: number;
  /** the engine's suggestion for kind 'article', ready for the mapping panel */
  fieldMapping: FieldMapping;
}
