import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { ShareLink, ShareLinkStatus } from '../../../lib/api/types.ts';
import { mapKeys } from './keys.ts';

/** GET /api/pins/{id}/share: until when the memory's link works (null: not shared). */
export function fetchShareStatus(pinId: string, signal?: AbortSignal): Promise<ShareLinkStatus> {
  return data(api.GET('/api/pins/{id}/share', { params: { path: { id: pinId } }, signal }));
}

/** POST /api/pins/{id}/share {expiresInDays}: a new link; any earlier one stops working. */
export function createShareLink(pinId: string, expiresInDays: number): Promise<ShareLink> {
  return data(api.POST('/api/pins/{id}/share', { params: { path: { id: pinId } }, body: { expiresInDays } }));
}

/** DELETE /api/pins/{id}/share: the link stops working at once. */
export async function stopSharing(pinId: string): Promise<void> {
  await api.DELETE('/api/pins/{id}/share', { params: { path: { id: pinId } } });
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
