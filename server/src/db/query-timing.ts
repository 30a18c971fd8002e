import type { LogEvent } from 'kysely';

/**
 * Who wants to know how long each query took (the metrics plugin: database time). Kysely's `log`
 * hook is set when a database is opened, before any app exists, so listeners register here.
 */
export const queryListeners = new Set<(seconds: number, failed: boolean) => void>();

export function logQuery(event: LogEvent): void {
  if (queryListeners.size === 0) return;
  const seconds = event.queryDurationMillis / 1000;
  for (const listener of queryListeners) listener(seconds, event.level === 'error');
}
