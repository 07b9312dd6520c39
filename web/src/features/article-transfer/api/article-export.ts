import type { ArticleExportFilter, ArticleExportStarted } from '@model/article-transfer';
import { EXPORT_RESULT_FOLDER } from '@model/article-transfer';
import { downloadOrJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useEndpointMutation } from '@/lib/react-query';

/** What the export answered: the file was saved, nothing matched, or it runs in the background. */
export type ExportOutcome =
  { kind: 'downloaded'; filename: string } | { kind: 'empty' } | { kind: 'background'; started: ArticleExportStarted };

/** POST /article/export: a CSV (saved), 204 (empty, ignored) or 202 with the task writing under exportResult/. */
async function exportArticles(filter: ArticleExportFilter): Promise<ExportOutcome> {
  const answer = await downloadOrJson<ArticleExportStarted>('/article/export', 'Artikelexport.csv', {
    method: 'POST',
    body: filter,
  });
  if (answer.status === 204) return { kind: 'empty' };
  if (answer.status === 202 && answer.data) return { kind: 'background', started: answer.data };
  return { kind: 'downloaded', filename: answer.filename ?? 'Artikelexport.csv' };
}

export function useExportArticles() {
  return useEndpointMutation(exportArticles, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.files.folder(EXPORT_RESULT_FOLDER) }),
  );
}
