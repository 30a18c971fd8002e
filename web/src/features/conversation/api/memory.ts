import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { Pin } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/session.ts';
import { conversationKeys, OPEN_SCREEN_REFRESH_MS } from './keys.ts';

/** GET /api/pins/{id}: the memory with its comment and reaction counts. */
export function fetchMemory(id: string, signal?: AbortSignal): Promise<Pin> {
  return data(api.GET('/api/pins/{id}', { params: { path: { id } }, signal }));
}

export function useMemory(id: string) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: conversationKeys.memory(user?._id ?? null, id),
    queryFn: ({ signal }) => fetchMemory(id, signal),
    enabled: Boolean(token),
    refetchInterval: OPEN_SCREEN_REFRESH_MS,
  });
}
