import type { AdminSettings, AdminStats, Invite, InviteRequest } from '@memory-map/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/stats. */
export function useAdminStats() {
  const viewerId = useSession().user?._id ?? null;
  return useQuery({ queryKey: adminKeys.stats(viewerId), queryFn: ({ signal }) => api<AdminStats>('/api/admin/stats', { signal }) });
}

/** GET /api/admin/settings. */
export function useAdminSettings() {
  const viewerId = useSession().user?._id ?? null;
  return useQuery({ queryKey: adminKeys.settings(viewerId), queryFn: ({ signal }) => api<AdminSettings>('/api/admin/settings', { signal }) });
}

/** PUT /api/admin/settings. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  const viewerId = useSession().user?._id ?? null;
  return useMutation({
    mutationFn: (settings: AdminSettings) => api<AdminSettings>('/api/admin/settings', { method: 'PUT', json: settings }),
    networkMode: 'always',
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.settings(viewerId), saved),
  });
}

/** GET /api/admin/invites: the ones that can still be used. */
export function useInvites() {
  const viewerId = useSession().user?._id ?? null;
  return useQuery({ queryKey: adminKeys.invites(viewerId), queryFn: ({ signal }) => api<Invite[]>('/api/admin/invites', { signal }) });
}

/** POST /api/admin/invites. */
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteRequest) => api<Invite>('/api/admin/invites', { method: 'POST', json: input }),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** DELETE /api/admin/invites/{code}. */
export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<null>(`/api/admin/invites/${encodeURIComponent(code)}`, { method: 'DELETE' }),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
