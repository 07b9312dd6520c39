import type { SourceFormat } from '../../../model/import-config.js';
import { looksLikeBmecat, readBmecat } from './bmecat.js';
import { looksLikeDatanorm, readDatanorm } from './datanorm.js';
import type { SourceReader } from './source-records.js';

/** A catalogue exchange format: how its content is recognised (417 otherwise) and the reader the import stages with. */
export interface SourceFormatDefinition {
  /** a cheap check of the first bytes; the extension is checked by `acceptsExtension` (model/import-config.ts) */
  looksLike(bytes: Uint8Array): boolean;
  reader: SourceReader;
}

/** format → definition; a new format is one entry here (the import, the checks and the configuration follow it). */
export const SOURCE_FORMAT_DEFINITIONS: Record<Exclude<SourceFormat, 'SPREADSHEET'>, SourceFormatDefinition> = {
  DATANORM: { looksLike: looksLikeDatanorm, reader: readDatanorm },
  BMECAT: { looksLike: looksLikeBmecat, reader: readBmecat },
};

export function sourceFormatDefinition(format: SourceFormat): SourceFormatDefinition | undefined {
  return format === 'SPREADSHEET' ? undefined : SOURCE_FORMAT_DEFINITIONS[format];
}
