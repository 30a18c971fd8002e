import type { PublicUser } from '@memory-map/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { friendsKeys } from './keys.ts';

/** GET /api/pending_requests: requests received and not yet answered, newest first. */
export async function fetchPendingRequests(signal?: AbortSignal): Promise<PublicUser[]> {
  const body = await api<{ pendingRequests?: PublicUser[] }>('/api/pending_requests', { signal });
  return body?.pendingRequests ?? [];
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
