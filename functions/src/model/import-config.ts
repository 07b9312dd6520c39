import type { FieldMapping } from './bom/fields.js';
import { DEFAULT_LENGTH_UNIT, DEFAULT_WEIGHT_UNIT, type LengthUnit, type WeightUnit } from './bom/units.js';

/**
 * A saved import configuration (spec 02 §3 "Import configuration"): how the columns of one manufacturer's or
 * wholesaler's file map onto article fields. Shared by the API (modules/import-configs, read by the article
 * import in modules/article-transfer) and the web.
 */
export interface ImportConfig {
  id: string;
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
