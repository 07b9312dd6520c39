import { useEffect, useRef } from 'react';
import { Alert, LinearProgress } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isFinalTaskState } from '@model/background-task';
import { errorText } from '@/lib/errors';
import type { ErrorCode } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useAdminBomTask } from '../api/admin-bom';

export interface BomImportTaskProps {
  taskId: string;
  /** the import is in the history: show its result */
  onDone: (resultId: string) => void;
}

/**
 * A background admin import (above the synchronous ceiling): its real percent while it runs (GET /admin/bom/task,
 * polled), then the result (`onDone`) and the history refreshed, or the reason it failed.
 */
export function BomImportTask({ taskId, onDone }: BomImportTaskProps) {
  const { t } = useTranslation('bom-import');
  const queryClient = useQueryClient();
  const task = useAdminBomTask(taskId);
  const state = task.data?.state;
  const percent = task.data?.progress.percent;

  const handled = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!task.data || !state || !isFinalTaskState(state) || handled.current === taskId) return;
    handled.current = taskId;
    if (state !== 'done') return;
    void queryClient.invalidateQueries({ queryKey: ['admin-bom', 'history'] });
    notify.success(t('imported'));
    onDone(task.data.resultId);
  }, [state, task.data, taskId, queryClient, onDone, t]);

  if (state === 'failed' || state === 'aborted')
    return (
      <Alert severity="error" data-testid="bom-import-task">
        {t('task.failed', { reason: errorText((task.data?.error ?? 'unknown') as ErrorCode) })}
      </Alert>
    );
  if (state === 'done') return null;
  return (
    <Alert severity="info" data-testid="bom-import-task">
      {t('task.running', { percent: percent ?? 0 })}
      <LinearProgress
        aria-label={t('task.runningLabel')}
        variant={percent != null ? 'determinate' : 'indeterminate'}
        value={percent ?? 0}
        sx={{ mt: 1 }}
      />
    </Alert>
  );
}
