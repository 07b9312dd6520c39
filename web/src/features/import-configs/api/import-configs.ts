import { useQuery } from '@tanstack/react-query';
import type { FieldMapping } from '@model/bom/fields';
import type { FieldValue, FieldValueKind } from '@model/catalogue';
import type { ImportConfig, SampleHeaders, SourceFormat } from '@model/import-config';
import { api } from '@/lib/api-client';
import { resource } from '@/lib/query-keys';
import { importConfigKeys } from './keys';
import { useEndpointMutation } from '@/lib/react-query';

/** GET /import/config/all: the whole (short) list; search, sort and paging in memory. */
export const useImportConfigs = () =>
  useQuery({
    queryKey: importConfigKeys.list(),
    queryFn: () => api.get<ImportConfig[]>('/import/config/all', { toastOnError: true }),
  });

export const useImportConfig = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: importConfigKeys.detail(id),
    queryFn: () => api.get<ImportConfig>('/import/config/', { query: { id } }),
    enabled,
  });

/** What the form sends as the configuration (filename and headers come from the file, on the server). */
export interface ImportConfigInput {
  id?: string;
  sourceFormat: SourceFormat;
  manufacturerId?: string;
  wholesalerId?: string;
  defaultUnitId?: string;
  title: string;
  description: string;
  headerRowIndex: number;
  fieldMapping: FieldMapping;
  unitWidth: string;
  unitHeight: string;
  unitDepth: string;
  unitWeight: string;
}

/**
 * POST /import/config/ (multipart: `config` JSON + the sample `file`) or /import/config/update (multipart with a
 * new file, JSON without).
 */
function saveImportConfig({ config, file }: { config: ImportConfigInput; file?: File }) {
  const path = config.id ? '/import/config/update' : '/import/config/';
  if (!file) return api.post<ImportConfig>(path, config);
  const form = new FormData();
  form.append('config', JSON.stringify(config));
  form.append('file', file, file.name);
  return api.post<ImportConfig>(path, form);
}

export const useSaveImportConfig = () =>
  useEndpointMutation(saveImportConfig, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: importConfigKeys.all }),
  );

/** POST /import/config/delete {configId}, one per configuration; one settled result per id. */
export const useDeleteImportConfigs = () =>
  useEndpointMutation(
    (ids: string[]) => Promise.allSettled(ids.map((configId) => api.post('/import/config/delete', { configId }))),
    (queryClient) => queryClient.invalidateQueries({ queryKey: importConfigKeys.all }),
  );

/** POST /import/config/headers (multipart): a new sample `file`, or the stored sample of `configId`. */
export function readSampleHeaders(request: { headerRowIndex: number; file?: File; configId?: string }) {
  const form = new FormData();
  form.append('headerRowIndex', String(request.headerRowIndex));
  if (request.configId) form.append('configId', request.configId);
  if (request.file) form.append('file', request.file, request.file.name);
  return api.post<SampleHeaders>('/import/config/headers', form);
}

const FIELD_VALUE_PATHS: Record<FieldValueKind, string> = {
  manufacturer: '/manufacturer',
  discountGroup: '/discountgroup',
  unit: '/unit',
  wholesaler: '/wholesaler',
};

/** The selects' choices: GET /<kind>/all under the field values' key, so list changes refresh them. */
export const useFieldValueChoices = (kind: FieldValueKind) =>
  useQuery({
    queryKey: resource('field-values', kind).list(),
    queryFn: () => api.get<FieldValue[]>(`${FIELD_VALUE_PATHS[kind]}/all`, { query: { withAmount: true } }),
    staleTime: 60_000,
  });
