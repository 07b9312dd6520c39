import type { ExportColumn } from '@model/paging';
import { downloadBlob } from '@/lib/api-client';
import type { GetOffersRequest } from './get-offers';

/** POST /offer/export: the view's states, the reference-number search and the sort (no page), the table's columns. */
export interface ExportOffersRequest {
  fileName: string;
  query: Omit<GetOffersRequest, 'page' | 'paginationSize'>;
  columns: ExportColumn[];
}

/** Every offer the list matches as CSV, streamed by the server (at most 10 000 rows, else 413 exportTooLarge). */
export function exportOffers({ fileName, query, columns }: ExportOffersRequest): Promise<string> {
  return downloadBlob('/offer/export', `${fileName}.csv`, { method: 'POST', body: { fileName, query, columns } });
}
