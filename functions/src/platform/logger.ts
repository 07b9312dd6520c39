import * as functionsLogger from 'firebase-functions/logger';

/** Structured logging: the Functions logger (Cloud Logging severities, JSON payload), injectable in tests. */
export interface Logger {
  error(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  info(message: string, meta?: Record<string, unknown>): void;
}

export const functionsLog: Logger = {
  error: (message, meta) => functionsLogger.error(message, meta ?? {}),
  warn: (message, meta) => functionsLogger.warn(message, meta ?? {}),
  info: (message, meta) => functionsLogger.info(message, meta ?? {}),
};
