import { useQuery } from '@tanstack/react-query';
import { api, data } from './api-client.ts';
import type { SelfUser } from './api/types.ts';
import { getStoredUser, saveStoredUser, useSession } from './session.ts';

/** The viewer's id is part of the key so one person's record never shows for the next. */
export const currentUserKeys = {
  all: ['me'] as const,
  detail: (viewerId: string | null) => ['me', viewerId] as const,
};

/**
 * GET /api/get_user: the bare user object (as the original client reads it, docs/design.md §9).
 * The answer also refreshes the stored user record (docs/product.md §3), so screens that read friend and
 * request lists from it (Add Friend) see what changed since login.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<SelfUser> {
  const user = await data(api.GET('/api/get_user', { signal }));
  saveStoredUser({ ...getStoredUser(), ...user });
  return user;
}

/** The signed-in user from the server; only asked with a token. */
export function useCurrentUser() {
  const { token, user } = useSession();
  return useQuery({
    queryKey: currentUserKeys.detail(user?._id ?? null),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: Boolean(token),
    // Friend and request lists change by others' hands; each screen that needs them asks again.
    refetchOnMount: 'always',
  });
}
