import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  BomJobSummary,
  BomJobView,
  BomLineColumn,
  BomLineUpdate,
  BomMapAnswer,
  BomMappingProposal,
  StoredBomLine,
} from '@model/bom-job';
import { isFinalTaskState, type TaskProgress, type TaskState } from '@model/background-task';
import type { FieldMapping } from '@model/bom/fields';
import type { PublicArticle } from '@model/catalogue';
import type { Enquiry } from '@model/enquiry';
import { pageRequestParams, type Page, type PageRequest } from '@model/paging';
import { api, BOM_MAPPING_TIMEOUT_MS, downloadBlob } from '@/lib/api-client';
import { queryKeys, storeRecord } from '@/lib/query-keys';
import { useEndpointMutation } from '@/lib/react-query';

/**
 * The BOM job calls of an enquiry (docs/api.md "BOM jobs"). Their queries live under the enquiries' keys, so every
 * answer that stores the enquiry (upload, delete, map) refetches the article table too.
 */
const bomKey = (enquiryId: string, ...rest: unknown[]) => [...queryKeys.enquiries.all, 'bom', enquiryId, ...rest];

/** GET /enquiry/bom/mapping: what the Map panel starts with (saved, remembered or computed mapping). */
export const useBomMapping = (enquiryId: string, enabled: boolean) =>
  useQuery({
    // not under the enquiries' keys: saving the mapping must not reload the panel it closes
    queryKey: ['bom-mapping', enquiryId],
    queryFn: () => api.get<BomMappingProposal>('/enquiry/bom/mapping', { query: { enquiryId } }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

export interface MapBomRequest {
  enquiryId: string;
  headerRowIndex: number;
  mapping: FieldMapping;
  suppliedPartString?: string;
}

/** Above the synchronous ceiling the server answers 202 with the background task to follow. */
export type MapBomAnswer = BomMapAnswer<Enquiry> | { taskId: string };

/** POST /enquiry/bom/map (spec §9: up to 5 minutes); the answer's enquiry becomes its detail query. */
export function mapBom(request: MapBomRequest): Promise<MapBomAnswer> {
  return api.post<MapBomAnswer>('/enquiry/bom/map', request, { timeoutMs: BOM_MAPPING_TIMEOUT_MS });
}

export const useMapBom = () =>
  useEndpointMutation(mapBom, async (queryClient, answer) => {
    if ('enquiry' in answer) await storeRecord(queryClient, queryKeys.enquiries, answer.enquiry);
  });

export interface BomTaskState {
  state: TaskState;
  progress: TaskProgress;
  error?: string;
}

/** GET /enquiry/bom/job: a background mapping's state, polled every 2 s until it ends. */
export const useBomTask = (enquiryId: string, taskId: string | undefined) =>
  useQuery({
    queryKey: ['bom-task', enquiryId, taskId],
    queryFn: () => api.get<BomTaskState>('/enquiry/bom/job', { query: { enquiryId, taskId } }),
    enabled: !!taskId,
    refetchInterval: (query) => (query.state.data && isFinalTaskState(query.state.data.state) ? false : 2000),
  });

export type BomLinesRequest = PageRequest<BomLineColumn> & { errorsOnly: boolean; replacedOnly: boolean };
export type BomLinesPage = Page<StoredBomLine> & { summary: BomJobView };

/** GET /enquiry/bom/lines: one page of the article table. */
export const bomLinesQueryOptions = (enquiryId: string, request: BomLinesRequest) =>
  queryOptions({
    queryKey: bomKey(enquiryId, 'lines', request),
    queryFn: () =>
      api.get<BomLinesPage>('/enquiry/bom/lines', {
        query: { enquiryId, ...pageRequestParams({ ...request }) },
      }),
    placeholderData: keepPreviousData,
  });

export type UpdateBomLineRequest = Omit<BomLineUpdate, 'offerId'>;

/** POST /enquiry/bom/line: a manual match or line edit; the table and the enquiry's summary refetch. */
export function updateBomLine(request: UpdateBomLineRequest) {
  return api.post<{ line: StoredBomLine; summary: BomJobView; bomSummary: BomJobSummary }>(
    '/enquiry/bom/line',
    request,
  );
}

export const useUpdateBomLine = () =>
  useEndpointMutation(updateBomLine, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.enquiries.all }),
  );

/** GET /article/search: the manual match's search (customers and suppliers get the public fields). */
export const useArticleSearch = (searchTerm: string) =>
  useQuery({
    queryKey: ['bom-article-search', searchTerm],
    queryFn: () => api.get<PublicArticle[]>('/article/search', { query: { searchTerm, amount: 10 } }),
    enabled: searchTerm.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

/** GET /enquiry/bom/generated: the generated BOM in the caller's format (the server decides which). */
export function downloadGeneratedBom(enquiryId: string, part: 'main' | 'suppliedParts' = 'main'): Promise<string> {
  return downloadBlob('/enquiry/bom/generated', 'Stueckliste.csv', { query: { enquiryId, part } });
}
