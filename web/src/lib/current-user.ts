import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from './api-client.ts';
import type { SelfUser } from './api/types.ts';
import { getStoredUser, getToken, saveStoredUser, useSession, type StoredUser } from './session.ts';

/** The viewer's id is part of the key so one person's record never shows for the next. */
export const currentUserKeys = {
  all: ['me'] as const,
  detail: (viewerId: string | null) => ['me', viewerId] as const,
};

/** GET /api/get_user: the bare user object (as the original client reads it, docs/design.md §9). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<SelfUser> {
  return data(api.GET('/api/get_user', { signal }));
}

const kept = new WeakSet<QueryClient>();

/**
 * The `currentUser` query is the one source of truth for who is signed in; the record stored under
 * 'user' (docs/product.md §3: Add Friend reads its friend and request lists from it, and the first
 * script its id) is written from it, here and nowhere else after sign-in: every answer and every
 * change a mutation or a live event makes to the query is copied over. Only the signed-in
 * person's record is written: a late answer for someone who has since signed out stays in memory.
 * Installed once per query client by whatever first reads or changes the record.
 */
export function keepStoredUser(queryClient: QueryClient): void {
  if (kept.has(queryClient)) return;
  kept.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const [root, viewerId] = event.query.queryKey as readonly unknown[];
    if (root !== currentUserKeys.all[0]) return;
    const stored = getStoredUser();
    if (!getToken() || !stored || stored._id !== viewerId) return;
    saveStoredUser({ ...stored, ...(event.action.data as StoredUser) });
  });
}

/**
 * Changes the viewer's record in the query (and so in the stored copy) at once, before the server's
 * answer comes: what a mutation or a live event knows changed (a friend added, a new picture).
 * Before the query has an answer, the stored record is what it starts from.
 */
export function patchCurrentUser(queryClient: QueryClient, viewerId: string | null, change: (user: StoredUser) => StoredUser): void {
  keepStoredUser(queryClient);
  const key = currentUserKeys.detail(viewerId);
  const before = queryClient.getQueryData<StoredUser>(key) ?? (getStoredUser()?._id === viewerId ? getStoredUser() : null);
  if (before) queryClient.setQueryData<StoredUser>(key, change(before));
}

/** The signed-in user from the server; only asked with a token. */
export function useCurrentUser() {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  keepStoredUser(queryClient);
  return useQuery({
    queryKey: currentUserKeys.detail(user?._id ?? null),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: Boolean(token),
    // Friend and request lists change by others' hands; each screen that needs them asks again.
    refetchOnMount: 'always',
  });
}
