import { useEffect, useRef } from 'react';
import { Alert, LinearProgress } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isFinalTaskState } from '@model/background-task';
import type { ErrorCode } from '@/lib/api-error';
import { errorText } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { bomOwnerQueries, useBomTask, type BomOwnerRef } from '../api/bom-jobs';

export interface BomTaskProgressProps {
  owner: BomOwnerRef;
  taskId: string;
}

/**
 * A background mapping on the BOM panel itself (the Map side panel closes once the task is started): the task's real
 * percent while it runs (GET /enquiry/bom/job, polled every 2 s), then the record's summary and table reload; a
 * failed task says why.
 */
export function BomTaskProgress({ owner, taskId }: BomTaskProgressProps) {
  const { t } = useTranslation('bom');
  const queryClient = useQueryClient();
  const task = useBomTask(owner, taskId);
  const state = task.data?.state;
  const percent = task.data?.progress.percent;

  const handled = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!state || !isFinalTaskState(state) || handled.current === taskId) return;
    handled.current = taskId;
    void queryClient.invalidateQueries({ queryKey: bomOwnerQueries(owner) });
    if (state === 'done') notify.success(t('mapping.saved'));
  }, [state, taskId, queryClient, owner, t]);

  if (state === 'done') return null;
  if (state === 'failed' || state === 'aborted')
    return (
      <Alert severity="error" data-testid="bom-task-progress">
        {t('mapping.taskFailed', { reason: errorText((task.data?.error ?? 'unknown') as ErrorCode) })}
      </Alert>
    );
  return (
    <Alert severity="info" data-testid="bom-task-progress">
      {t('mapping.running', { percent: percent ?? 0 })}
      <LinearProgress
        aria-label={t('mapping.runningLabel')}
        variant={percent != null ? 'determinate' : 'indeterminate'}
        value={percent ?? 0}
        sx={{ mt: 1 }}
      />
    </Alert>
  );
}
