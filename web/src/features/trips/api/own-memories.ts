import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { tripKeys } from './keys.ts';

/** GET /api/users/{me}/memories?limit=100: the viewer's newest 100, to choose a trip's from. */
export function useOwnMemories(enabled: boolean) {
  const { token, user } = useSession();
  const me = user?._id ?? '';
  return useQuery({
    queryKey: tripKeys.ownMemories(user?._id ?? null),
    queryFn: ({ signal }) => data(api.GET('/api/users/{id}/memories', { params: { path: { id: me }, query: { limit: 100 } }, signal })),
    enabled: Boolean(token && me) && enabled,
  });
}
