import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isFinalTaskState } from '@model/background-task';
import { errorText } from '@/lib/errors';
import type { ErrorCode } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { bomOwnerQueries, useBomTask, type BomOwnerRef } from '../api/bom-jobs';

/**
 * A background mapping the Map panel follows itself (no caller took it over): when it ends, the owner's summary and
 * table reload and the panel closes on success.
 */
export function useMappingTask(owner: BomOwnerRef, onClose: () => void) {
  const { t } = useTranslation('bom');
  const queryClient = useQueryClient();
  const [taskId, setTaskId] = useState<string | undefined>();
  const task = useBomTask(owner, taskId);
  const taskState = task.data?.state;
  const handled = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!taskState || !isFinalTaskState(taskState) || handled.current === taskId) return;
    handled.current = taskId;
    void queryClient.invalidateQueries({ queryKey: bomOwnerQueries(owner) });
    if (taskState === 'done') {
      notify.success(t('mapping.saved'));
      onClose();
    } else notify.error(t('mapping.failed'));
  }, [taskState, taskId, queryClient, onClose, t, owner]);
  /** a task started and not ended yet: Save waits */
  const running = !!taskId && !(taskState && isFinalTaskState(taskState));
  return { taskId, setTaskId, task: task.data, running };
}

/** The Map panel's own progress of a background mapping, or why it failed. */
export function BomMappingTaskAlert({ task }: { task: ReturnType<typeof useMappingTask>['task'] }) {
  const { t } = useTranslation('bom');
  if (task?.state === 'failed')
    return (
      <Alert severity="error" data-testid="bom-mapping-task">
        {t('mapping.taskFailed', { reason: errorText((task.error ?? 'unknown') as ErrorCode) })}
      </Alert>
    );
  return (
    <Alert severity="info" data-testid="bom-mapping-task">
      {t('mapping.running', { percent: task?.progress.percent ?? 0 })}
      <LinearProgress
        aria-label={t('mapping.runningLabel')}
        variant={task?.progress.percent != null ? 'determinate' : 'indeterminate'}
        value={task?.progress.percent ?? 0}
        sx={{ mt: 1 }}
      />
    </Alert>
  );
}
