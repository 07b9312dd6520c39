import { useState } from 'react';
import { Box, Button, Drawer, Stack, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { useTranslation } from 'react-i18next';
import type { AdminBomResult } from '@model/bom-import';
import type { StoredBomLine } from '@model/bom-job';
import { canWriteCatalogue } from '@model/catalogue';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { useRecordEditor } from '@/lib/slots';
import { useRematchAdminBomLine } from '../api/admin-bom';
import { BomImportDeleteConfirm, BomImportHistory } from './bom-import-history';
import { BomImportForm } from './bom-import-form';
import { BomImportResult } from './bom-import-result';
import { BomImportTask } from './bom-import-task';
import { BomMappingDrawer } from './bom-mapping-drawer';
import { useBomImportFile } from './use-bom-import-file';
import { useRememberedTask } from './use-remembered-task';

/** The side panel's views (spec 02 §4): 1 edit article (of a line), 2 history, 3 delete confirmation. */
type SidePanel =
  { view: 'article'; line: StoredBomLine } | { view: 'history' } | { view: 'delete'; result: AdminBomResult };

interface SidePanelProps {
  panel: SidePanel | undefined;
  setPanel: (panel: SidePanel | undefined) => void;
  resultId: string | undefined;
  setResultId: (id: string | undefined) => void;
}

/**
 * The page's one side panel with the spec's three views: 1 the line's catalogue article in the articles' form (the
 * editor slot; a save re-matches the line and the lines like it, POST /admin/bom/rematch), 2 the history
 * (administrators) and 3 its delete confirmation.
 */
function BomImportSidePanel({ panel, setPanel, resultId, setResultId }: SidePanelProps) {
  const { t } = useTranslation('bom');
  const articleEditor = useRecordEditor('article');
  const rematch = useRematchAdminBomLine();
  const closePanel = () => setPanel(undefined);

  /** After the article was saved in the side panel: its line (and the lines like it) are matched again. */
  const rematchLine = async (id: string, line: StoredBomLine) => {
    closePanel();
    try {
      const answer = await rematch.mutateAsync({ id, lineId: line.id });
      notify.success(t('import.article.rematched', { count: answer.lines.length }));
    } catch (error) {
      notify.error(errorMessage(error, t('import.article.rematchFailed')));
    }
  };

  return (
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
  );
}

/**
 * /import/stueckliste (spec 02 §2, §4 side-panel views): header-row index, file upload, the mapping panel (the
 * enquiry's, fed by POST /admin/bom/header and saved by POST /enquiry/bom/map?admin=true: use-bom-import-file.ts),
 * a background import's progress, the result (bom-import-result.tsx) and one side panel with the spec's three views.
 */
export function BomImportPage() {
  const { t } = useTranslation('bom');
  const { user } = useCurrentUser();
  const administrator = user.admin && user.company.type === 'ADMIN';
  const [panel, setPanel] = useState<SidePanel | undefined>();
  const [resultId, setResultId] = useState<string | undefined>();
  // a background import (above the synchronous ceiling): its progress survives a reload of the page
  const importTask = useRememberedTask('adminImport');
  const importFile = useBomImportFile({
    onImported: (id) => {
      importTask.remember(undefined);
      setResultId(id);
    },
    onTask: (taskId) => {
      importTask.remember(taskId);
      setResultId(undefined);
    },
  });
  // manual match and "edit article" need the catalogue's write right (the server checks it again)
  const mayWrite = canWriteCatalogue({ companyType: user.company.type });
  const articleEditor = useRecordEditor('article');

  return (
    <Stack spacing={3} sx={{ p: { xs: 1, sm: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h1">{t('import.title')}</Typography>
        {administrator && (
          <Button startIcon={<HistoryIcon />} onClick={() => setPanel({ view: 'history' })}>
            {t('import.history.open')}
          </Button>
        )}
      </Stack>
      <BomImportForm state={importFile} />
      {importTask.taskId && (
        <BomImportTask
          key={importTask.taskId}
          taskId={importTask.taskId}
          onDone={setResultId}
          onEnd={importTask.forget}
        />
      )}
      {resultId && (
        <BomImportResult
          resultId={resultId}
          mayWrite={mayWrite}
          onEditArticle={articleEditor ? (line) => setPanel({ view: 'article', line }) : undefined}
        />
      )}
      {importFile.mapper && (
        <BomMappingDrawer mapper={importFile.mapper} open={importFile.mapping} onClose={importFile.closeMapping} />
      )}
      <BomImportSidePanel panel={panel} setPanel={setPanel} resultId={resultId} setResultId={setResultId} />
    </Stack>
  );
}
