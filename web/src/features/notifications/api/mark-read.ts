import { api } from '../../../lib/api-client.ts';

/** POST /api/notifications/read: those up to `upTo` (the newest one shown), or all. */
export async function markRead(upTo?: string): Promise<void> {
  await api.POST('/api/notifications/read', { body: upTo ? { upTo } : {} });
}
