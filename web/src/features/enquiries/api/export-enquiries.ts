import type { ExportColumn } from '@model/paging';
import { downloadBlob } from '@/lib/api-client';
import type { GetEnquiriesRequest } from './get-enquiries';

/** POST /enquiry/export: the enquiry list's title search and sort (no page) and the table's columns. */
export interface ExportEnquiriesRequest {
  fileName: string;
  query: Omit<GetEnquiriesRequest, 'page' | 'paginationSize'>;
  columns: ExportColumn[];
}

/** Every enquiry the list matches as CSV, streamed by the server (at most 10 000 rows, else 413 exportTooLarge). */
export function exportEnquiries({ fileName, query, columns }: ExportEnquiriesRequest): Promise<string> {
  return downloadBlob('/enquiry/export', `${fileName}.csv`, { method: 'POST', body: { fileName, query, columns } });
}
