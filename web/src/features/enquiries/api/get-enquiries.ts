import { queryOptions } from '@tanstack/react-query';
import type { EnquiryListItem, EnquirySortColumn } from '@model/enquiry';
import { pageRequestParams, type Page, type PageRequest } from '@model/paging';
import { api } from '@/lib/api-client';
import { enquiryKeys } from './keys';

/** GET /enquiry/filter: the paging contract plus the title search (no column: createDate descending). */
export type GetEnquiriesRequest = PageRequest<EnquirySortColumn> & { title?: string };
export type GetEnquiriesResponse = Page<EnquiryListItem>;

/** Customers: their company's enquiries (archived too); suppliers: released, open, unarchived ones. */
function getEnquiries(request: GetEnquiriesRequest): Promise<GetEnquiriesResponse> {
  return api.get<GetEnquiriesResponse>('/enquiry/filter', {
    query: pageRequestParams({ ...request }),
    toastOnError: true,
  });
}

/** Keys (lib/query-keys): ['enquiries', 'list'] for every page, ['enquiries', 'list', request] for one. */
export const getEnquiriesQueryOptions = (request?: GetEnquiriesRequest) =>
  queryOptions({
    queryKey: enquiryKeys.list(request),
    queryFn: () => getEnquiries(request!),
    enabled: request !== undefined,
  });
