import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useAdminBomTask } from '../api/admin-bom';
import { TaskProgressAlert } from './task-progress-alert';

export interface BomImportTaskProps {
  taskId: string;
  /** the import is in the history: show its result */
  onDone: (resultId: string) => void;
  /** once the task is final, or unknown to the server (a remembered id of a task that is gone) */
  onEnd?: () => void;
}

/**
 * A background admin import (above the synchronous ceiling): its real percent while it runs (GET /admin/bom/task,
 * polled), then the result (`onDone`) and the history refreshed, or the reason it failed.
 */
export function BomImportTask({ taskId, onDone, onEnd }: BomImportTaskProps) {
  const { t } = useTranslation('bom');
  const queryClient = useQueryClient();
  const task = useAdminBomTask(taskId);
  const gone = task.isError;
  useEffect(() => {
    if (gone) onEnd?.();
  }, [gone, onEnd]);
  if (gone) return null;
  return (
    <TaskProgressAlert
      taskId={taskId}
      task={task.data}
      testId="bom-import-task"
      texts={{
        running: (percent) => t('import.task.running', { percent }),
        runningLabel: t('import.task.runningLabel'),
        failed: (reason) => t('import.task.failed', { reason }),
      }}
      onEnd={(ended) => {
        onEnd?.();
        if (ended.state !== 'done') return;
        void queryClient.invalidateQueries({ queryKey: ['admin-bom', 'history'] });
        notify.success(t('import.imported'));
        onDone(ended.resultId);
      }}
    />
  );
}
