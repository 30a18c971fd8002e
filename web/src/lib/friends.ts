import { queryOptions } from '@tanstack/react-query';
import { api, data } from './api-client.ts';
import type { PublicUser } from './api/types.ts';
import { friendsKeys } from './effects/keys.ts';

/**
 * The viewer's friends: listed by Friends and offered by the memory forms' tag picker, so the
 * query lives here rather than in either feature, under one key (issue 24: the tag picker had its
 * own key without the viewer, so it could show the last person's friends and went stale apart).
 * Its key is friendsKeys.list (lib/effects/keys.ts), which the friendship effect refreshes.
 */

/** GET /api/query_friends. */
export function fetchFriends(signal?: AbortSignal): Promise<PublicUser[]> {
  return data(api.GET('/api/query_friends', { signal }));
}

export function friendsQueryOptions(viewerId: string | null, enabled: boolean) {
  return queryOptions({
    queryKey: friendsKeys.list(viewerId),
    queryFn: ({ signal }) => fetchFriends(signal),
    enabled,
    // Social lists change by others' hands; a screen opened again (or the app reopened from the
    // offline cache) shows what it has at once and asks again.
    refetchOnMount: 'always',
  });
}
