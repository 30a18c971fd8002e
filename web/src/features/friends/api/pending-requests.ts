import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { PublicUser } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/session.ts';
import { friendsKeys } from './keys.ts';

/** GET /api/pending_requests: requests received and not yet answered, newest first. */
export async function fetchPendingRequests(signal?: AbortSignal): Promise<PublicUser[]> {
  return (await data(api.GET('/api/pending_requests', { signal }))).pendingRequests;
}

export function pendingRequestsQueryOptions(viewerId: string | null, enabled: boolean) {
  return queryOptions({
    queryKey: friendsKeys.pending(viewerId),
    queryFn: ({ signal }) => fetchPendingRequests(signal),
    enabled,
    // Social lists change by others' hands; a screen opened again (or the app reopened from the
    // offline cache) shows what it has at once and asks again.
    refetchOnMount: 'always',
  });
}

export function usePendingRequests() {
  const { token, user } = useSession();
  return useQuery(pendingRequestsQueryOptions(user?._id ?? null, Boolean(token)));
}
