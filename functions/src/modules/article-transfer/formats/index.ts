import type { SourceFormat } from '../../../model/import-config.js';
import { looksLikeBmecat, readBmecat } from './bmecat.js';
import { looksLikeDatanorm, readDatanorm } from './datanorm.js';
import type { SourceReader } from './source-records.js';

/** A catalogue exchange format: how its content is recognised (417 otherwise) and the reader the import stages with. */
export interface SourceFormatDefinition {
  /**
   * The whole content check of an upload (417 when false): cheap, the first bytes; the extension is checked by
   * `acceptsExtension` (model/import-config.ts)
   */
  looksLike(bytes: Uint8Array): boolean;
  reader: SourceReader;
  /**
   * What the file's manufacturerName is: a 'code' (DATANORM's Erstellerkürzel, "SIE") gives way to the
   * configuration's manufacturer; a 'name' (BMEcat MANUFACTURER_NAME) must name the configuration's manufacturer
   * (display name or variant), else the record is reported. Without a configured manufacturer both are resolved by
   * name or variant.
   */
  fileManufacturer: 'code' | 'name';
}

/** format → definition; a new format is one entry here (the import, the checks and the configuration follow it). */
export const SOURCE_FORMAT_DEFINITIONS: Record<Exclude<SourceFormat, 'SPREADSHEET'>, SourceFormatDefinition> = {
  DATANORM: { looksLike: looksLikeDatanorm, reader: readDatanorm, fileManufacturer: 'code' },
  BMECAT: { looksLike: looksLikeBmecat, reader: readBmecat, fileManufacturer: 'name' },
};

export function sourceFormatDefinition(format: SourceFormat): SourceFormatDefinition | undefined {
  return format === 'SPREADSHEET' ? undefined : SOURCE_FORMAT_DEFINITIONS[format];
}
