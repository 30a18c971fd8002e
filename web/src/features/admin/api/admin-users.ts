import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { AdminUserPatch } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/session.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/users?q=: the first 100 accounts matching the search (name or e-mail). */
export function useAdminUsers(q: string) {
  const viewerId = useSession().user?._id ?? null;
  return useQuery({
    queryKey: adminKeys.users(viewerId, q),
    queryFn: ({ signal }) => data(api.GET('/api/admin/users', { params: { query: { limit: 100, ...(q ? { q } : {}) } }, signal })),
    // While a search runs, the rows on screen stay (and a reset link one of them shows stays with it).
    placeholderData: keepPreviousData,
  });
}

/** PATCH /api/admin/users/{id}: disable, enable, make or unmake an admin. */
export function usePatchUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdminUserPatch }) => data(api.PATCH('/api/admin/users/{id}', { params: { path: { id } }, body: patch })),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** DELETE /api/admin/users/{id}: the account and everything it owns. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(api.DELETE('/api/admin/users/{id}', { params: { path: { id } } })),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/users/{id}/reset_link: a password reset link to hand over (one hour). */
export function useMakeResetLink() {
  return useMutation({
    mutationFn: (id: string) => data(api.POST('/api/admin/users/{id}/reset_link', { params: { path: { id } } })),
    networkMode: 'always',
  });
}
