import { LIMITS } from '@memory-map/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, linkQuery, nextLink } from '../../../lib/api-client.ts';
import type { PublicUser } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/session.ts';
import { friendsKeys } from './keys.ts';

export interface UsersPage {
  users: PublicUser[];
  next: string | null;
}

export function firstUsersPage(q: string): string {
  const params = new URLSearchParams({ limit: String(LIMITS.usersPageDefault) });
  if (q) params.set('q', q);
  return `/api/query_all_users?${params.toString()}`;
}

/** GET /api/query_all_users: other users by username; the next page is in the Link header. */
export async function fetchUsersPage(url: string, signal?: AbortSignal): Promise<UsersPage> {
  const { data, response } = await api.GET('/api/query_all_users', { ...linkQuery(url), signal });
  return { users: data ?? [], next: nextLink(response.headers) };
}

export function usersQueryOptions(viewerId: string | null, q: string, enabled: boolean) {
  return infiniteQueryOptions({
    queryKey: friendsKeys.users(viewerId, q),
    queryFn: ({ pageParam, signal }) => fetchUsersPage(pageParam, signal),
    initialPageParam: firstUsersPage(q),
    getNextPageParam: (last: UsersPage) => last.next ?? undefined,
    enabled,
    // Social lists change by others' hands; a screen opened again (or the app reopened from the
    // offline cache) shows what it has at once and asks again.
    refetchOnMount: 'always',
    // While a new search runs, the last results stay on screen instead of a blank list.
    placeholderData: keepPreviousData,
  });
}

/** The trimmed search text `q` (case-insensitive substring on the server). */
export function useAllUsers(q: string) {
  const { token, user } = useSession();
  return useInfiniteQuery(usersQueryOptions(user?._id ?? null, q, Boolean(token)));
}
