import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { AdminSettings, InviteRequest } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/session.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/stats. */
export function useAdminStats() {
  const viewerId = useSession().user?._id ?? null;
  return useQuery({ queryKey: adminKeys.stats(viewerId), queryFn: ({ signal }) => data(api.GET('/api/admin/stats', { signal })) });
}

/** GET /api/admin/settings. */
export function useAdminSettings() {
  const viewerId = useSession().user?._id ?? null;
  return useQuery({ queryKey: adminKeys.settings(viewerId), queryFn: ({ signal }) => data(api.GET('/api/admin/settings', { signal })) });
}

/** PUT /api/admin/settings. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  const viewerId = useSession().user?._id ?? null;
  return useMutation({
    mutationFn: (settings: AdminSettings) => data(api.PUT('/api/admin/settings', { body: settings })),
    networkMode: 'always',
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.settings(viewerId), saved),
  });
}

/** GET /api/admin/invites: the ones that can still be used. */
export function useInvites() {
  const viewerId = useSession().user?._id ?? null;
  return useQuery({ queryKey: adminKeys.invites(viewerId), queryFn: ({ signal }) => data(api.GET('/api/admin/invites', { signal })) });
}

/** POST /api/admin/invites. */
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteRequest) => data(api.POST('/api/admin/invites', { body: input })),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** DELETE /api/admin/invites/{code}. */
export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => data(api.DELETE('/api/admin/invites/{code}', { params: { path: { code } } })),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
