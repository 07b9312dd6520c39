import type { ExportColumn } from '@model/paging';
import { downloadBlob } from '@/lib/api-client';
import type { GetCompaniesRequest } from './get-companies';

/** POST /company/export: the company list's search, type filter and sort (no page) and the table's columns. */
export interface ExportCompaniesRequest {
  fileName: string;
  query: Omit<GetCompaniesRequest, 'page' | 'paginationSize'>;
  columns: ExportColumn[];
}

/** Every company the list matches as CSV, streamed by the server (at most 10 000 rows, else 413 exportTooLarge). */
export function exportCompanies({ fileName, query, columns }: ExportCompaniesRequest): Promise<string> {
  return downloadBlob('/company/export', `${fileName}.csv`, { method: 'POST', body: { fileName, query, columns } });
}
