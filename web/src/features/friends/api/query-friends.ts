import type { PublicUser } from '@memory-map/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { friendsKeys } from './keys.ts';

/** GET /api/query_friends: the viewer's friends. */
export function fetchFriends(signal?: AbortSignal): Promise<PublicUser[]> {
  return api<PublicUser[]>('/api/query_friends', { signal });
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

/** Only asked with a token; screens say 'You must be logged in…' otherwise. */
export function useFriends() {
  const { token, user } = useSession();
  return useQuery(friendsQueryOptions(user?._id ?? null, Boolean(token)));
}
