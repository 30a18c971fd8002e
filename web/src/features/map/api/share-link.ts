import type { ShareLink, ShareLinkStatus } from '@memory-map/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mapKeys } from './keys.ts';

function sharePath(pinId: string): string {
  return `/api/pins/${encodeURIComponent(pinId)}/share`;
}

/** GET /api/pins/{id}/share: until when the memory's link works (null: not shared). */
export function fetchShareStatus(pinId: string, signal?: AbortSignal): Promise<ShareLinkStatus> {
  return api<ShareLinkStatus>(sharePath(pinId), { signal });
}

/** POST /api/pins/{id}/share {expiresInDays}: a new link; any earlier one stops working. */
export function createShareLink(pinId: string, expiresInDays: number): Promise<ShareLink> {
  return api<ShareLink>(sharePath(pinId), { method: 'POST', json: { expiresInDays } });
}

/** DELETE /api/pins/{id}/share: the link stops working at once. */
export async function stopSharing(pinId: string): Promise<void> {
  await api<void>(sharePath(pinId), { method: 'DELETE' });
}

export function shareStatusQueryOptions(pinId: string) {
  return queryOptions({
    queryKey: mapKeys.shareLink(pinId),
    queryFn: ({ signal }) => fetchShareStatus(pinId, signal),
    // A link may have been made or ended on another device since.
    refetchOnMount: 'always',
  });
}

export function useShareStatus(pinId: string) {
  return useQuery(shareStatusQueryOptions(pinId));
}

export function useCreateShareLink(pinId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresInDays: number) => createShareLink(pinId, expiresInDays),
    onSuccess: (link) => queryClient.setQueryData<ShareLinkStatus>(mapKeys.shareLink(pinId), { expiresAt: link.expiresAt }),
  });
}

export function useStopSharing(pinId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => stopSharing(pinId),
    onSuccess: () => queryClient.setQueryData<ShareLinkStatus>(mapKeys.shareLink(pinId), { expiresAt: null }),
  });
}
