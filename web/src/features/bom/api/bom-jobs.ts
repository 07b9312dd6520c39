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
import type { Offer } from '@model/offer';
import { pageRequestParams, type Page, type PageRequest } from '@model/paging';
import { api, BOM_MAPPING_TIMEOUT_MS, downloadBlob } from '@/lib/api-client';
import { resource, storeRecord } from '@/lib/query-keys';
import { useEndpointMutation } from '@/lib/react-query';

/**
 * Whose BOM job a call is about: the enquiry's, or (with `offerId`) the supplier's offer on it, which maps the
 * enquiry revision the offer priced (docs/decisions-bom.md "Offers").
 */
export interface BomOwnerRef {
  enquiryId: string;
  offerId?: string;
}

/** The query parameters of an owner (no `offerId` for the enquiry's own job). */
const ownerQuery = (owner: BomOwnerRef) => ({
  enquiryId: owner.enquiryId,
  ...(owner.offerId ? { offerId: owner.offerId } : {}),
});

/**
 * The BOM job calls (docs/api.md "BOM jobs"). An enquiry's queries live under the enquiries' keys, so every answer
 * that stores the enquiry (upload, delete, map) refetches the article table too; an offer's under the offers' keys.
 */
const ownerKey = (owner: BomOwnerRef) =>
  owner.offerId
    ? [...resource('offers').all, 'bom', owner.offerId]
    : [...resource('enquiries').all, 'bom', owner.enquiryId];
const bomKey = (owner: BomOwnerRef, ...rest: unknown[]) => [...ownerKey(owner), ...rest];
/** Everything an offer's BOM shows (its summary and table): refetched after a map or line change. */
const offerBomKey = (offerId: string) => [...resource('offers').all, 'bom', offerId];

/**
 * GET /enquiry/bom/mapping: what the Map panel starts with (saved, remembered or computed mapping); with
 * `headerRowIndex` for another header row (the offer's Update header, which saves nothing).
 */
export const useBomMapping = (owner: BomOwnerRef, enabled: boolean, headerRowIndex?: number) =>
  useQuery({
    // not under the enquiries' keys: saving the mapping must not reload the panel it closes
    queryKey: ['bom-mapping', owner.enquiryId, owner.offerId, headerRowIndex],
    queryFn: () =>
      api.get<BomMappingProposal>('/enquiry/bom/mapping', { query: { ...ownerQuery(owner), headerRowIndex } }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

export interface MapBomRequest {
  enquiryId: string;
  offerId?: string;
  headerRowIndex: number;
  mapping: FieldMapping;
  suppliedPartString?: string;
}

/** Above the synchronous ceiling the server answers 202 with the background task to follow. */
export type MapBomAnswer = BomMapAnswer<Enquiry, Offer> | { taskId: string };

/** POST /enquiry/bom/map (spec §9: up to 5 minutes); the answer's enquiry becomes its detail query. */
function mapBom(request: MapBomRequest): Promise<MapBomAnswer> {
  return api.post<MapBomAnswer>('/enquiry/bom/map', request, { timeoutMs: BOM_MAPPING_TIMEOUT_MS });
}

export const useMapBom = () =>
  useEndpointMutation(mapBom, async (queryClient, answer) => {
    if ('taskId' in answer) return;
    if (answer.enquiry) await storeRecord(queryClient, resource('enquiries'), answer.enquiry);
    if (answer.offer) await queryClient.invalidateQueries({ queryKey: offerBomKey(answer.offer.id) });
  });

/** After a background mapping ended: what shows the owner's summary and table reloads. */
export const bomOwnerQueries = (owner: BomOwnerRef) =>
  owner.offerId ? offerBomKey(owner.offerId) : resource('enquiries').all;

export interface BomTaskState {
  state: TaskState;
  progress: TaskProgress;
  error?: string;
}

/** GET /enquiry/bom/job: a background mapping's state, polled every 2 s until it ends. */
export const useBomTask = (owner: BomOwnerRef, taskId: string | undefined) =>
  useQuery({
    queryKey: ['bom-task', owner.enquiryId, owner.offerId, taskId],
    queryFn: () => api.get<BomTaskState>('/enquiry/bom/job', { query: { ...ownerQuery(owner), taskId } }),
    enabled: !!taskId,
    refetchInterval: (query) => (query.state.data && isFinalTaskState(query.state.data.state) ? false : 2000),
  });

export type BomLinesRequest = PageRequest<BomLineColumn> & { errorsOnly: boolean; replacedOnly: boolean };
export type BomLinesPage = Page<StoredBomLine> & { summary: BomJobView };

/** GET /enquiry/bom/lines: one page of the article table. */
export const bomLinesQueryOptions = (owner: BomOwnerRef, request: BomLinesRequest) =>
  queryOptions({
    queryKey: bomKey(owner, 'lines', request),
    queryFn: () =>
      api.get<BomLinesPage>('/enquiry/bom/lines', {
        query: { ...ownerQuery(owner), ...pageRequestParams({ ...request }) },
      }),
    placeholderData: keepPreviousData,
  });

export type UpdateBomLineRequest = BomLineUpdate;

/** POST /enquiry/bom/line: a manual match or line edit; the table and the enquiry's summary refetch. */
function updateBomLine(request: UpdateBomLineRequest) {
  return api.post<{ line: StoredBomLine; summary: BomJobView; bomSummary: BomJobSummary }>(
    '/enquiry/bom/line',
    request,
  );
}

export const useUpdateBomLine = () =>
  useEndpointMutation(updateBomLine, (queryClient, _answer, request) =>
    queryClient.invalidateQueries({ queryKey: bomOwnerQueries(request) }),
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
export function downloadGeneratedBom(owner: BomOwnerRef, part: 'main' | 'suppliedParts' = 'main'): Promise<string> {
  return downloadBlob('/enquiry/bom/generated', 'Stueckliste.csv', { query: { ...ownerQuery(owner), part } });
}

/** GET /enquiry/bom/summary: the offer's BOM summary for its panel (null while not mapped for the offer). */
export const offerBomSummaryQueryOptions = (owner: Required<BomOwnerRef>) =>
  queryOptions({
    queryKey: [...offerBomKey(owner.offerId), 'summary'],
    queryFn: async () =>
      (await api.get<{ summary: BomJobView | null }>('/enquiry/bom/summary', { query: ownerQuery(owner) })).summary,
  });
