import type { Pin } from '@memory-map/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { tripKeys } from './keys.ts';

/** GET /api/users/{me}/memories?limit=100: the viewer's newest 100, to choose a trip's from. */
export function useOwnMemories(enabled: boolean) {
  const { token, user } = useSession();
  const me = user?._id ?? '';
  return useQuery({
    queryKey: tripKeys.ownMemories(user?._id ?? null),
    queryFn: ({ signal }) => api<Pin[]>(`/api/users/${encodeURIComponent(me)}/memories?limit=100`, { signal }),
    enabled: Boolean(token && me) && enabled,
  });
}
