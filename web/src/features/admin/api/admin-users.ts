import type { AdminUser, AdminUserPatch, ResetLink } from '@memory-map/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/users?q=: the first 100 accounts matching the search (name or e-mail). */
export function useAdminUsers(q: string) {
  const viewerId = useSession().user?._id ?? null;
  return useQuery({
    queryKey: adminKeys.users(viewerId, q),
    queryFn: ({ signal }) => api<AdminUser[]>(`/api/admin/users?limit=100${q ? `&q=${encodeURIComponent(q)}` : ''}`, { signal }),
    // While a search runs, the rows on screen stay (and a reset link one of them shows stays with it).
    placeholderData: keepPreviousData,
  });
}

/** PATCH /api/admin/users/{id}: disable, enable, make or unmake an admin. */
export function usePatchUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdminUserPatch }) => api<AdminUser>(`/api/admin/users/${id}`, { method: 'PATCH', json: patch }),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** DELETE /api/admin/users/{id}: the account and everything it owns. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/admin/users/${id}`, { method: 'DELETE' }),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/users/{id}/reset_link: a password reset link to hand over (one hour). */
export function useMakeResetLink() {
  return useMutation({
    mutationFn: (id: string) => api<ResetLink>(`/api/admin/users/${id}/reset_link`, { method: 'POST' }),
    networkMode: 'always',
  });
}
