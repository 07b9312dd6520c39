import type { Enquiry, ReleaseRefusal } from '@model/enquiry';
import { ApiError, api } from '@/lib/api-client';
import { useEndpointMutation, type MutationConfig } from '@/lib/react-query';
import { storeEnquiry } from './enquiry-cache';

/**
 * POST /enquiry/release?enquiryId= - the customer, on a draft. 422 missingBOM / missingCircuitDiagram when
 * a required file is missing (`details` lists every missing one).
 */
export function releaseEnquiry(enquiryId: string): Promise<Enquiry> {
  return api.post<Enquiry>('/enquiry/release', undefined, { query: { enquiryId } });
}

const REFUSALS: readonly ReleaseRefusal[] = ['missingBOM', 'missingCircuitDiagram'];

/** The release refusals a 422 answer names (its details, else its code), in the form's order. */
export function releaseRefusalsOf(error: unknown): ReleaseRefusal[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const named = Array.isArray(error.details) ? (error.details as unknown[]) : [error.code];
  return REFUSALS.filter((r) => named.includes(r) || error.code === r);
}

export function useReleaseEnquiry({ mutationConfig }: { mutationConfig?: MutationConfig<typeof releaseEnquiry> } = {}) {
  return useEndpointMutation(releaseEnquiry, storeEnquiry, mutationConfig);
}
