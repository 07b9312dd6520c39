import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DownloadLog } from '@model/business-data';
import { api } from '@/lib/api-client';
import { businessDataKeys } from './keys';

/** GET /offer/businessdata/log?offerId= (admins) - the newest downloads with counts per file and per person. */
function getDownloadLog(offerId: string): Promise<DownloadLog> {
  return api.get<DownloadLog>('/offer/businessdata/log', { query: { offerId }, toastOnError: true });
}

const getDownloadLogQueryOptions = (offerId: string) =>
  queryOptions({ queryKey: businessDataKeys.log(offerId), queryFn: () => getDownloadLog(offerId) });

export function useDownloadLog({ offerId, enabled = true }: { offerId: string; enabled?: boolean }) {
  return useQuery({ ...getDownloadLogQueryOptions(offerId), enabled });
}
