import type { ExportColumn } from '@model/paging';
import { downloadBlob } from '@/lib/api-client';
import type { GetUsersRequest } from './get-users';

/** POST /user/export: the user list's search, company filter and sort (no page) and the table's columns. */
export interface ExportUsersRequest {
  fileName: string;
  query: Omit<GetUsersRequest, 'page' | 'paginationSize'>;
  columns: ExportColumn[];
}

/** Every user the list matches as CSV, streamed by the server (at most 10 000 rows, else 413 exportTooLarge). */
export function exportUsers({ fileName, query, columns }: ExportUsersRequest): Promise<string> {
  return downloadBlob('/user/export', `${fileName}.csv`, { method: 'POST', body: { fileName, query, columns } });
}
