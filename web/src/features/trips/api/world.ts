import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { World } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/session.ts';
import { tripKeys } from './keys.ts';

/** GET /api/world?user=: where the memories are (the viewer's own when null). */
export function fetchWorld(userId: string | null, signal?: AbortSignal): Promise<World> {
  return data(api.GET('/api/world', { params: { query: userId ? { user: userId } : {} }, signal }));
}

export function useWorld(userId: string | null) {
  const { token, user } = useSession();
  return useQuery({ queryKey: tripKeys.world(user?._id ?? null, userId), queryFn: ({ signal }) => fetchWorld(userId, signal), enabled: Boolean(token) });
}
