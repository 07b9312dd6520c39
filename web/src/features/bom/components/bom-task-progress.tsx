import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { bomOwnerQueries, useBomTask, type BomOwnerRef } from '../api/bom-jobs';
import { TaskProgressAlert } from './task-progress-alert';

export interface BomTaskProgressProps {
  owner: BomOwnerRef;
  taskId: string;
  /** once the task is final, or unknown to the server (a remembered id of a task that is gone) */
  onEnd?: () => void;
}

/**
 * A background mapping on the BOM panel itself (the Map side panel closes once the task is started): the task's real
 * percent while it runs (GET /enquiry/bom/job, polled every 2 s), then the record's summary and table reload; a
 * failed task says why.
 */
export function BomTaskProgress({ owner, taskId, onEnd }: BomTaskProgressProps) {
  const { t } = useTranslation('bom');
  const queryClient = useQueryClient();
  const task = useBomTask(owner, taskId);
  const gone = task.isError;
  useEffect(() => {
    if (gone) onEnd?.();
  }, [gone, onEnd]);
  if (gone) return null;
  return (
    <TaskProgressAlert
      taskId={taskId}
      task={task.data}
      testId="bom-task-progress"
      texts={{
        running: (percent) => t('mapping.running', { percent }),
        runningLabel: t('mapping.runningLabel'),
        failed: (reason) => t('mapping.taskFailed', { reason }),
      }}
      onEnd={(ended) => {
        onEnd?.();
        void queryClient.invalidateQueries({ queryKey: bomOwnerQueries(owner) });
        if (ended.state === 'done') notify.success(t('mapping.saved'));
      }}
    />
  );
}
