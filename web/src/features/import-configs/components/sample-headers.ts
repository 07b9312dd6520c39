import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleMappableField, FieldMapping } from '@model/bom/fields';
import { FILE_MAX_BYTES } from '@model/files';
import type { ImportConfig, SampleHeaders } from '@model/import-config';
import { IMPORT_CONFIG_EXTENSIONS, isHeaderRowIndex } from '@model/import-config-schemas';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { readSampleHeaders } from '../api/import-configs';
import type { ColumnFields } from './mapping-panel';

/** The sample file of a spreadsheet configuration: its headers and the columns mapped to article fields. */

export const NS = 'import-configs';
export const WARNING_KEYS = {
  wrongIndex: `${NS}:importConfig.warning.wrongIndex`,
  missingMapping: `${NS}:importConfig.warning.missingMapping`,
  emptyUpload: `${NS}:importConfig.warning.emptyUpload`,
};

/** The sample the mapping is made from: the stored one (edit) or a newly picked file. */
interface Sheet {
  filename: string;
  headers: string[];
  /** the row the headers were read from */
  headerRowIndex: number;
}

const columnsOf = (mapping: FieldMapping, headers: string[]): ColumnFields => {
  const out: ColumnFields = {};
  for (const m of mapping) {
    const index = m.columnIndex ?? headers.indexOf(m.importHeader);
    if (index >= 0 && index < headers.length) out[index] = m.articleField as ArticleMappableField;
  }
  return out;
};

export const mappingOf = (columns: ColumnFields, headers: string[]): FieldMapping =>
  Object.entries(columns)
    .filter(([, field]) => field)
    .map(([index, field]) => ({
      columnIndex: Number(index),
      importHeader: headers[Number(index)] ?? '',
      articleField: field as ArticleMappableField,
    }))
    .sort((a, b) => a.columnIndex - b.columnIndex);

/** A server refusal as the user's text: the first field key of a 400, the engine's key of a 422, else the code. */
export function refusalText(t: (key: string) => string, error: unknown): string {
  if (error instanceof ApiError && Array.isArray(error.details) && error.details.length) {
    const first = error.details[0] as { key?: string } | string;
    const key = typeof first === 'string' ? first : first.key;
    if (key && /^(importConfig|bom|spreadsheet)\./.test(key)) return t(`${NS}:${key}`);
  }
  return errorMessage(error);
}

export type SampleHeadersState = ReturnType<typeof useSampleHeaders>;

/**
 * The sample of configuration `id` ('new' = create): the stored one once `config` arrived, or a picked file whose
 * headers the server reads at the form's header row; `columns` the mapping made on it.
 */
export function useSampleHeaders(id: string, config: ImportConfig | undefined) {
  const { t } = useTranslation(NS);
  const isNew = id === 'new';
  const [file, setFile] = useState<File | undefined>();
  const [sheet, setSheet] = useState<Sheet | undefined>();
  const [columns, setColumns] = useState<ColumnFields>({});
  const [reading, setReading] = useState(false);
  const [shownFor, setShownFor] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  // the stored configuration's sample and mapping, once it arrived (derived state, set while rendering)
  if (config && shownFor !== config.id) {
    setShownFor(config.id);
    setSheet({ filename: config.filename, headers: config.headers, headerRowIndex: config.headerRowIndex });
    setColumns(columnsOf(config.fieldMapping, config.headers));
  }

  const apply = (answer: SampleHeaders) => {
    setSheet({ filename: answer.filename, headers: answer.headers, headerRowIndex: answer.headerRowIndex });
    setColumns(columnsOf(answer.fieldMapping, answer.headers));
    notify.info(t('headersRead', { count: answer.headers.length }));
  };

  /** Reads the headers of a new file or (edit, no new file) of the stored sample at the form's header row. */
  const readHeaders = async (index: unknown, picked = file) => {
    const headerRowIndex = String(index ?? '').trim();
    if (!isHeaderRowIndex(headerRowIndex)) return notify.warn(t(WARNING_KEYS.wrongIndex));
    if (!picked && isNew) return notify.warn(t(WARNING_KEYS.emptyUpload));
    setReading(true);
    try {
      apply(
        await readSampleHeaders({
          headerRowIndex: Number(headerRowIndex),
          file: picked,
          configId: picked ? undefined : id,
        }),
      );
    } catch (error) {
      notify.error(refusalText(t, error));
    } finally {
      setReading(false);
    }
  };

  const pick = async (picked: File | undefined, headerRowIndex: unknown) => {
    if (input.current) input.current.value = '';
    if (!picked) return;
    const ext = picked.name.slice(picked.name.lastIndexOf('.') + 1).toLowerCase();
    if (!(IMPORT_CONFIG_EXTENSIONS as readonly string[]).includes(ext))
      return notify.error(t(`${NS}:spreadsheet.error.unsupportedFormat`));
    if (picked.size > FILE_MAX_BYTES) return notify.error(t('errors.payloadTooLarge'));
    setFile(picked);
    await readHeaders(headerRowIndex, picked);
  };

  return { file, sheet, columns, setColumns, reading, input, readHeaders, pick };
}
