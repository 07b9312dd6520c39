import { useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Drawer, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import type { AdminBomHeaderAnswer, AdminBomResult } from '@model/bom-import';
import type { StoredBomLine } from '@model/bom-job';
import { canWriteCatalogue } from '@model/catalogue';
import { UPLOAD_CONTEXTS } from '@model/files';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { useRecordEditor } from '@/lib/slots';
import { BomArticleTable } from './bom-article-table';
import { BomMappingDrawer, type BomMapper } from './bom-mapping-drawer';
import {
  adminBomLinesQueryOptions,
  downloadAdminBom,
  readAdminBomHeader,
  useAdminBomResult,
  useImportAdminBom,
  useRematchAdminBomLine,
  useUpdateAdminBomLine,
} from '../api/admin-bom';
import { BomImportDeleteConfirm, BomImportHistory } from './bom-import-history';

/** The side panel's views (spec 02 §4): 1 edit article (of a line), 2 history, 3 delete confirmation. */
type SidePanel =
  { view: 'article'; line: StoredBomLine } | { view: 'history' } | { view: 'delete'; result: AdminBomResult };
import { BomImportTask } from './bom-import-task';
import { useRememberedTask } from './use-remembered-task';

/** Spec §5: a whole number of at least 1 (empty: the suggested header row). */
const indexOf = (text: string): number | undefined | 'invalid' =>
  text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : 'invalid';

/**
 * /import/stueckliste (spec 02 §2, §4 side-panel views): header-row index, file upload, the mapping panel (the
 * enquiry's, fed by POST /admin/bom/header and saved by POST /enquiry/bom/map?admin=true), the result — success rate,
 * estimated price, the article table with paging, sorting, errors only and replaced articles, the manual match of a
 * line (POST /admin/bom/line), the generated BOM (supplier format: main file and supplied parts) — and one side panel
 * with the spec's three views: 1 the line's catalogue article in the articles' form (the editor slot; a save
 * re-matches the line, POST /admin/bom/rematch), 2 the history (administrators) and 3 its delete confirmation.
 */
export function BomImportPage() {
  const { t } = useTranslation('bom-import');
  const { user } = useCurrentUser();
  const administrator = user.admin && user.company.type === 'ADMIN';
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>();
  const [indexText, setIndexText] = useState('');
  const [header, setHeader] = useState<{ answer: AdminBomHeaderAnswer; at: number } | undefined>();
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<unknown>();
  const [mapping, setMapping] = useState(false);
  const [panel, setPanel] = useState<SidePanel | undefined>();
  const closePanel = () => setPanel(undefined);
  const [resultId, setResultId] = useState<string | undefined>();
  // a background import (above the synchronous ceiling): its progress survives a reload of the page
  const importTask = useRememberedTask('adminImport');
  const importBom = useImportAdminBom();
  const result = useAdminBomResult(resultId);
  // manual match and "edit article" need the catalogue's write right (the server checks it again)
  const mayWrite = canWriteCatalogue({ companyType: user.company.type });
  const articleEditor = useRecordEditor('article');
  const updateLine = useUpdateAdminBomLine();
  const rematch = useRematchAdminBomLine();

  /** After the article was saved in the side panel: its line (and the lines like it) are matched again. */
  const rematchLine = async (id: string, line: StoredBomLine) => {
    closePanel();
    try {
      const answer = await rematch.mutateAsync({ id, lineId: line.id });
      notify.success(t('article.rematched', { count: answer.lines.length }));
    } catch (error) {
      notify.error(errorMessage(error, t('article.rematchFailed')));
    }
  };

  const read = async (headerRowIndex?: number) => {
    if (!file) return;
    setReading(true);
    setReadError(undefined);
    try {
      const answer = await readAdminBomHeader(file, headerRowIndex);
      setHeader({ answer, at: Date.now() });
      setIndexText(String(answer.bomHeaderRowIndex));
    } catch (error) {
      setReadError(error);
      throw error;
    } finally {
      setReading(false);
    }
  };

  const openMapping = async () => {
    const index = indexOf(indexText);
    if (index === 'invalid') return setReadError(new Error(t('indexInvalid')));
    try {
      await read(index);
      setMapping(true);
    } catch {
      // shown below the inputs
    }
  };

  const mapper: BomMapper | undefined = useMemo(
    () =>
      file
        ? {
            proposal: {
              data: header && { ...header.answer },
              isFetching: reading,
              error: undefined,
              dataUpdatedAt: header?.at ?? 0,
            },
            updateHeader: (headerRowIndex) => read(headerRowIndex),
            save: async (request) => {
              const answer = await importBom.mutateAsync({ file, ...request });
              if ('taskId' in answer) {
                // above the synchronous ceiling: a background import with its progress below
                importTask.remember(answer.taskId);
                setResultId(undefined);
                return setMapping(false);
              }
              importTask.remember(undefined);
              setResultId(answer.result.id);
              notify.success(t('imported'));
              setMapping(false);
            },
          }
        : undefined,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [file, header, reading],
  );

  return (
    <Stack spacing={3} sx={{ p: { xs: 1, sm: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h1">{t('title')}</Typography>
        {administrator && (
          <Button startIcon={<HistoryIcon />} onClick={() => setPanel({ view: 'history' })}>
            {t('history.open')}
          </Button>
        )}
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('hint')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              label={t('headerRowIndex')}
              helperText={t('headerRowIndexHint')}
              size="small"
              type="number"
              value={indexText}
              onChange={(e) => setIndexText(e.target.value)}
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
            />
            <input
              ref={fileInput}
              type="file"
              hidden
              accept={UPLOAD_CONTEXTS.bom.map((e) => `.${e}`).join(',')}
              data-testid="bom-import-file"
              onChange={(e) => {
                setFile(e.target.files?.[0]);
                setHeader(undefined);
                setReadError(undefined);
              }}
            />
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()}>
              {t('chooseFile')}
            </Button>
            <Typography data-testid="bom-import-file-name">{file?.name ?? t('noFile')}</Typography>
            <Button variant="contained" disabled={!file || reading} onClick={() => void openMapping()}>
              {t('map')}
            </Button>
          </Stack>
          {reading && <LinearProgress aria-label={t('reading')} />}
          {!!readError && <Alert severity="error">{errorMessage(readError, t('readFailed'))}</Alert>}
        </Stack>
      </Paper>
      {importTask.taskId && (
        <BomImportTask
          key={importTask.taskId}
          taskId={importTask.taskId}
          onDone={setResultId}
          onEnd={importTask.forget}
        />
      )}
      {resultId && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="bom-import-result">
          <Stack spacing={2}>
            {result.data && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <Typography variant="h2" sx={{ flexGrow: 1 }}>
                  {t('result.title', { name: result.data.bomFileName, date: formatDateTime(result.data.createDate) })}
                </Typography>
                <Typography data-testid="bom-import-estimate">
                  {t('result.estimate', { range: result.data.estimate.formatted })}
                </Typography>
                <Button onClick={() => void downloadAdminBom(resultId, 'main')}>{t('result.download')}</Button>
                <Button onClick={() => void downloadAdminBom(resultId, 'suppliedParts')}>
                  {t('result.downloadSupplied')}
                </Button>
              </Stack>
            )}
            {result.isError && <Alert severity="error">{errorMessage(result.error, t('result.loadFailed'))}</Alert>}
            <Box>
              <BomArticleTable
                key={resultId}
                canChange={mayWrite}
                linesQuery={adminBomLinesQueryOptions(resultId)}
                saveLine={(lineId, change) => updateLine.mutateAsync({ id: resultId, lineId, ...change })}
                lineActions={(l) =>
                  articleEditor && l.matchedArticleId ? (
                    <Button size="small" onClick={() => setPanel({ view: 'article', line: l })}>
                      {t('article.edit')}
                    </Button>
                  ) : undefined
                }
              />
            </Box>
          </Stack>
        </Paper>
      )}
      {mapper && <BomMappingDrawer mapper={mapper} open={mapping} onClose={() => setMapping(false)} />}
      <Drawer
        anchor="right"
        open={!!panel}
        onClose={closePanel}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: panel?.view === 'article' ? 800 : 640 }, p: 2 } } }}
      >
        {panel?.view === 'history' && (
          <BomImportHistory
            open
            shownId={resultId}
            onShow={(id) => {
              setResultId(id);
              closePanel();
            }}
            onDelete={(deleting) => setPanel({ view: 'delete', result: deleting })}
          />
        )}
        {panel?.view === 'delete' && (
          <BomImportDeleteConfirm
            result={panel.result}
            onCancel={() => setPanel({ view: 'history' })}
            onDeleted={(ids) => {
              if (resultId && ids.includes(resultId)) setResultId(undefined);
              setPanel({ view: 'history' });
            }}
          />
        )}
        {panel?.view === 'article' && articleEditor && resultId && (
          <Box data-testid="bom-import-article">
            <articleEditor.component
              id={panel.line.matchedArticleId!}
              onClose={closePanel}
              onSaved={() => void rematchLine(resultId, panel.line)}
            />
          </Box>
        )}
      </Drawer>
    </Stack>
  );
}
