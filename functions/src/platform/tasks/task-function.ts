import { logger } from 'firebase-functions';
import { HttpsError } from 'firebase-functions/v2/https';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { isValidId } from '../../model/id.js';
import { TASK_MEMORY, TASK_RATE_LIMITS, TASK_RETRY_CONFIG, TASK_TIMEOUT_SECONDS } from './queue-settings.js';
import type { TaskMessage } from './task-queue.js';
import type { TaskRunner } from './task-runner.js';

/**
 * The Cloud Tasks function behind every background task (exported as `backgroundTasks` by index.ts,
 * after setGlobalOptions so it gets the region). Each dispatch is one delivery of one task document;
 * `runner` builds the modules (and with them every registered kind) on the first dispatch, like the API's app:
 * the composition root is index.ts's, the platform never imports it.
 */
export function createBackgroundTasksFunction(runner: () => TaskRunner) {
  return onTaskDispatched<TaskMessage>(
    {
      retryConfig: TASK_RETRY_CONFIG,
      rateLimits: TASK_RATE_LIMITS,
      timeoutSeconds: TASK_TIMEOUT_SECONDS,
      memory: TASK_MEMORY,
    },
    async (req) => {
      const taskId = req.data?.taskId;
      if (!isValidId(taskId)) {
        // Retrying cannot repair the payload: answer 2xx so Cloud Tasks drops it.
        logger.error('background task: dispatch without a valid taskId', { data: req.data, id: req.id });
        return;
      }
      const lastAttempt = (req.retryCount ?? 0) + 1 >= TASK_RETRY_CONFIG.maxAttempts;
      const outcome = await runner().deliver(taskId, { id: req.id, lastAttempt });
      // Another delivery holds the lease: come back later (it may have died; its lease then expires).
      if (outcome === 'busy' && !lastAttempt)
        throw new HttpsError('unavailable', 'Another delivery holds the task lease.');
      logger.info('background task: delivery ended', { taskId, delivery: req.id, retryCount: req.retryCount, outcome });
    },
  );
}
