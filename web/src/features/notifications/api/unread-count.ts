import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { AnswerOf } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/session.ts';
import { notificationKeys } from './keys.ts';

/** GET /api/notifications/unread_count: the bell's badge, kept current by the live events. */
export function fetchUnreadCount(signal?: AbortSignal): Promise<AnswerOf<'getApiNotificationsUnreadCount'>> {
  return data(api.GET('/api/notifications/unread_count', { signal }));
}

export function useUnreadCount() {
  const { token, user } = useSession();
  return useQuery({
    queryKey: notificationKeys.unread(user?._id ?? null),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled: Boolean(token),
  });
}
