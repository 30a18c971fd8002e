import { api } from '../../../lib/api-client.ts';

/** POST /api/notifications/read: those up to `upTo` (the newest one shown), or all. */
export function markRead(upTo?: string): Promise<void> {
  return api<void>('/api/notifications/read', { method: 'POST', json: upTo ? { upTo } : {} });
}
