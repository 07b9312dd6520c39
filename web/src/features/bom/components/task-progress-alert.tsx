import { useEffect, useRef } from 'react';
import { Alert, LinearProgress } from '@mui/material';
import { isFinalTaskState, type TaskState } from '@model/background-task';
import type { ErrorCode } from '@/lib/api-error';
import { errorText } from '@/lib/errors';

/** What GET /enquiry/bom/job and GET /admin/bom/task answer alike. */
export interface PolledTask {
  state: TaskState;
  progress: { percent: number | null };
  error?: string;
}

export interface TaskProgressAlertProps<T extends PolledTask> {
  taskId: string;
  /** the polled task (undefined while its first answer is on the way) */
  task: T | undefined;
  /** once per task, when it reached a final state */
  onEnd: (task: T) => void;
  texts: {
    running: (percent: number) => string;
    runningLabel: string;
    failed: (reason: string) => string;
  };
  testId: string;
}

/**
 * A background BOM task on its page (the enquiry's or offer's mapping, the admin import): its real percent while it
 * runs, nothing once done (the caller shows the result from `onEnd`), the reason when it failed or was aborted.
 */
export function TaskProgressAlert<T extends PolledTask>({
  taskId,
  task,
  onEnd,
  texts,
  testId,
}: TaskProgressAlertProps<T>) {
  const state = task?.state;
  const percent = task?.progress.percent;
  const ended = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!task || !isFinalTaskState(task.state) || ended.current === taskId) return;
    ended.current = taskId;
    onEnd(task);
  }, [task, taskId, onEnd]);

  if (state === 'done') return null;
  if (state === 'failed' || state === 'aborted')
    return (
      <Alert severity="error" data-testid={testId}>
        {texts.failed(errorText((task?.error ?? 'unknown') as ErrorCode))}
      </Alert>
    );
  return (
    <Alert severity="info" data-testid={testId}>
      {texts.running(percent ?? 0)}
      <LinearProgress
        aria-label={texts.runningLabel}
        variant={percent != null ? 'determinate' : 'indeterminate'}
        value={percent ?? 0}
        sx={{ mt: 1 }}
      />
    </Alert>
  );
}
