import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  AdminBomColumn,
  AdminBomHeaderAnswer,
  AdminBomImportAnswer,
  AdminBomLineAnswer,
  AdminBomLineUpdate,
  AdminBomRematch,
  AdminBomRematchAnswer,
  AdminBomResult,
  AdminBomTaskStarted,
  AdminBomTaskState,
} from '@model/bom-import';
import { isFinalTaskState } from '@model/background-task';
import type { FieldMapping } from '@model/bom/fields';
import type { HistoryEntry } from '@model/change-history';
import { pageRequestParams, type Page, type PageRequest } from '@model/paging';
import type { HistoryRequest } from '@/components/change-history';
import { api, BOM_MAPPING_TIMEOUT_MS, downloadBlob } from '@/lib/api-client';
import { useEndpointMutation } from '@/lib/react-query';
import type { BomLinesPage, BomLinesRequest } from './bom-jobs';

/** The admin BOM import's calls (docs/api.md "Admin BOM import"). */
const adminBomKey = ['admin-bom'] as const;

/** POST /admin/bom/header (multipart: file, headerRowIndex?): headers and the mapping the panel starts with. */
export function readAdminBomHeader(file: File, headerRowIndex?: number): Promise<AdminBomHeaderAnswer> {
  const form = new FormData();
  if (headerRowIndex !== undefined) form.append('headerRowIndex', String(headerRowIndex));
  form.append('file', file, file.name);
  return api.post<AdminBomHeaderAnswer>('/admin/bom/header', form);
}

export interface AdminBomImportRequest {
  file: File;
  headerRowIndex: number;
  mapping: FieldMapping;
  suppliedPartString?: string;
}

/**
 * POST /enquiry/bom/map?admin=true (multipart: mapping as JSON, file; spec §7, time-out 5 minutes). Above the
 * synchronous ceiling the server answers 202 with the background task (GET /admin/bom/task) and the result's id.
 */
function importAdminBom(request: AdminBomImportRequest): Promise<AdminBomImportAnswer | AdminBomTaskStarted> {
  const form = new FormData();
  form.append('mapping', JSON.stringify(request.mapping));
  form.append('file', request.file, request.file.name);
  return api.post<AdminBomImportAnswer | AdminBomTaskStarted>('/enquiry/bom/map', form, {
    query: {
      admin: true,
      headerRowIndex: request.headerRowIndex,
      suppliedPartString: request.suppliedPartString,
    },
    timeoutMs: BOM_MAPPING_TIMEOUT_MS,
  });
}

export const useImportAdminBom = () =>
  useEndpointMutation(importAdminBom, (queryClient) => queryClient.invalidateQueries({ queryKey: adminBomKey }));

/** GET /admin/bom/task: a background import's state, polled every 2 s until it ends. */
export const useAdminBomTask = (taskId: string | undefined) =>
  useQuery({
    queryKey: [...adminBomKey, 'task', taskId],
    queryFn: () => api.get<AdminBomTaskState>('/admin/bom/task', { query: { taskId } }),
    enabled: !!taskId,
    refetchInterval: (query) => (query.state.data && isFinalTaskState(query.state.data.state) ? false : 2000),
  });

/** GET /admin/bom/lines: one page of a result's article table (the shape of the enquiry's table). */
export const adminBomLinesQueryOptions = (id: string) => (request: BomLinesRequest) =>
  queryOptions({
    queryKey: [...adminBomKey, 'lines', id, request] as unknown[],
    queryFn: () => api.get<BomLinesPage>('/admin/bom/lines', { query: { id, ...pageRequestParams({ ...request }) } }),
    placeholderData: keepPreviousData,
  });

/** GET /admin/bom/?id */
export const useAdminBomResult = (id: string | undefined) =>
  useQuery({
    queryKey: [...adminBomKey, 'result', id],
    queryFn: () => api.get<AdminBomResult>('/admin/bom/', { query: { id } }),
    enabled: !!id,
  });

/** GET /admin/bom/all/simple: the history (administrators), newest first. */
export const useAdminBomHistory = (request: PageRequest<AdminBomColumn>, enabled: boolean) =>
  useQuery({
    queryKey: [...adminBomKey, 'history', request] as unknown[],
    queryFn: () => api.get<Page<AdminBomResult>>('/admin/bom/all/simple', { query: pageRequestParams({ ...request }) }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** GET /admin/bom/delete?adminBOMResultIds=a,b */
function deleteAdminBoms(ids: string[]): Promise<{ deleted: number }> {
  return api.get<{ deleted: number }>('/admin/bom/delete', { query: { adminBOMResultIds: ids.join(',') } });
}

/** Only the history refetches: the deleted results' own queries would answer 404 (the page drops them). */
export const useDeleteAdminBoms = () =>
  useEndpointMutation(deleteAdminBoms, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: [...adminBomKey, 'history'] }),
  );

/** GET /admin/bom/generated: the supplier format (supplied parts in their own file). */
export function downloadAdminBom(id: string, part: 'main' | 'suppliedParts'): Promise<string> {
  return downloadBlob('/admin/bom/generated', 'Stueckliste.csv', { query: { id, part } });
}

/** A result's queries (its lines, itself) and the history, which shows its success rate. */
const afterLineChange = (queryClient: QueryClient, id: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [...adminBomKey, 'lines', id] }),
    queryClient.invalidateQueries({ queryKey: [...adminBomKey, 'result', id] }),
    queryClient.invalidateQueries({ queryKey: [...adminBomKey, 'history'] }),
    queryClient.invalidateQueries({ queryKey: [...adminBomKey, 'changes', id] }),
  ]);

/** GET /admin/bom/history: a result's reworks (POST /admin/bom/line), newest first. */
export const adminBomChangesQueryOptions = (id: string) => (request: HistoryRequest) =>
  queryOptions({
    queryKey: [...adminBomKey, 'changes', id, request] as unknown[],
    queryFn: () =>
      api.get<Page<HistoryEntry>>('/admin/bom/history', {
        query: { id, page: String(request.page), paginationSize: String(request.paginationSize) },
      }),
  });

/** POST /admin/bom/line: a manual match (or its removal) and line edits on a line of a result. */
function updateAdminBomLine(request: AdminBomLineUpdate): Promise<AdminBomLineAnswer> {
  return api.post<AdminBomLineAnswer>('/admin/bom/line', request);
}

export const useUpdateAdminBomLine = () =>
  useEndpointMutation(updateAdminBomLine, (queryClient, _answer, request) => afterLineChange(queryClient, request.id));

/** POST /admin/bom/rematch: after the line's article was edited, the line and the lines like it are matched again. */
function rematchAdminBomLine(request: AdminBomRematch): Promise<AdminBomRematchAnswer> {
  return api.post<AdminBomRematchAnswer>('/admin/bom/rematch', request);
}

export const useRematchAdminBomLine = () =>
  useEndpointMutation(rematchAdminBomLine, (queryClient, _answer, request) => afterLineChange(queryClient, request.id));
