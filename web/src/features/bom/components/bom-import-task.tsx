import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useAdminBomTask } from '../api/admin-bom';
import { TaskProgressAlert } from './task-progress-alert';

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
  return (
    <TaskProgressAlert
      taskId={taskId}
      task={task.data}
      testId="bom-import-task"
      texts={{
        running: (percent) => t('task.running', { percent }),
        runningLabel: t('task.runningLabel'),
        failed: (reason) => t('task.failed', { reason }),
      }}
      onEnd={(ended) => {
        if (ended.state !== 'done') return;
        void queryClient.invalidateQueries({ queryKey: ['admin-bom', 'history'] });
        notify.success(t('imported'));
        onDone(ended.resultId);
      }}
    />
  );
}
