import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { Pin } from '../../../lib/api/types.ts';
import { cachedMemory } from '../../../lib/cached-memory.ts';
import { useSession } from '../../../lib/session.ts';
import { memoriesKeys } from './keys.ts';

/** GET /api/pins/{id}: one memory the viewer may read. */
export function fetchMemoryToEdit(id: string, signal?: AbortSignal): Promise<Pin> {
  return data(api.GET('/api/pins/{id}', { params: { path: { id } }, signal }));
}

/**
 * The memory the update screen opens on, by its id: the copy a list already holds (the map, the
 * feed: lib/cached-memory.ts), else asked for. `ask` false leaves it to the cache alone (the
 * screen was handed the memory's fields and needs no request to open).
 *
 * The form reads its fields once, when it opens, so a copy kept after the screen closes could only
 * open a later edit on what the memory was before this one was saved: gcTime 0 drops it, and the
 * next edit starts again from the lists, which a save has refreshed (lib/visible-memories.ts).
 */
export function useMemoryToEdit(id: string | null, ask: boolean) {
  const queryClient = useQueryClient();
  const { token, user } = useSession();
  return useQuery({
    queryKey: memoriesKeys.toEdit(user?._id ?? null, id ?? ''),
    queryFn: ({ signal }) => fetchMemoryToEdit(id ?? '', signal),
    initialData: () => (id ? cachedMemory(queryClient, id) : undefined),
    enabled: Boolean(token && id && ask),
    staleTime: Infinity,
    gcTime: 0,
  });
}
