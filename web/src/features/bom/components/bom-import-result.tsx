import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StoredBomLine } from '@model/bom-job';
import { ChangeHistory } from '@/components/change-history';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import {
  adminBomChangesQueryOptions,
  adminBomLinesQueryOptions,
  downloadAdminBom,
  useAdminBomResult,
  useUpdateAdminBomLine,
} from '../api/admin-bom';
import { BomArticleTable } from './bom-article-table';

export interface BomImportResultProps {
  resultId: string;
  /** manual match (the catalogue's write right; the server checks it again) */
  mayWrite: boolean;
  /** "edit article" of a matched line (the articles' editor slot), when there is an editor */
  onEditArticle?: (line: StoredBomLine) => void;
}

/**
 * One import's result: file and date, the estimated price, the generated BOM (supplier format: main file and supplied
 * parts) and the article table with the manual match (POST /admin/bom/line) and "edit article".
 */
export function BomImportResult({ resultId, mayWrite, onEditArticle }: BomImportResultProps) {
  const { t } = useTranslation('bom');
  const result = useAdminBomResult(resultId);
  const updateLine = useUpdateAdminBomLine();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="bom-import-result">
      <Stack spacing={2}>
        {result.data && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Typography variant="h2" sx={{ flexGrow: 1 }}>
              {t('import.result.title', {
                name: result.data.bomFileName,
                date: formatDateTime(result.data.createDate),
              })}
            </Typography>
            <Typography data-testid="bom-import-estimate">
              {t('import.result.estimate', { range: result.data.estimate.formatted })}
            </Typography>
            <Button onClick={() => void downloadAdminBom(resultId, 'main')}>{t('import.result.download')}</Button>
            <Button onClick={() => void downloadAdminBom(resultId, 'suppliedParts')}>
              {t('import.result.downloadSupplied')}
            </Button>
          </Stack>
        )}
        {result.isError && <Alert severity="error">{errorMessage(result.error, t('import.result.loadFailed'))}</Alert>}
        <Box>
          <BomArticleTable
            key={resultId}
            canChange={mayWrite}
            linesQuery={adminBomLinesQueryOptions(resultId)}
            saveLine={(lineId, change) => updateLine.mutateAsync({ id: resultId, lineId, ...change })}
            lineActions={(l) =>
              onEditArticle && l.matchedArticleId ? (
                <Button size="small" onClick={() => onEditArticle(l)}>
                  {t('import.article.edit')}
                </Button>
              ) : undefined
            }
          />
        </Box>
        <ChangeHistory
          placement="bare"
          query={adminBomChangesQueryOptions(resultId)}
          fieldLabel={(field) => t(`fields.${field}`)}
        />
      </Stack>
    </Paper>
  );
}
