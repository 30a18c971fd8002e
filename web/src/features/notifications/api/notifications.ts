import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { Notification } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/session.ts';
import { notificationKeys } from './keys.ts';

/** GET /api/notifications: the newest 50, grouped by the server. */
export function fetchNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return data(api.GET('/api/notifications', { params: { query: { limit: 50 } }, signal }));
}

export function useNotifications() {
  const { token, user } = useSession();
  return useQuery({
    queryKey: notificationKeys.list(user?._id ?? null),
    queryFn: ({ signal }) => fetchNotifications(signal),
    enabled: Boolean(token),
    refetchOnMount: 'always',
  });
}
