import { LIMITS } from '@memory-map/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, linkQuery, nextLink } from '../../../lib/api-client.ts';
import type { Pin } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/session.ts';
import { peopleKeys } from './keys.ts';

export interface PersonMemoriesPage {
  pins: Pin[];
  next: string | null;
}

export const personMemoriesUrl = (id: string) => `/api/users/${encodeURIComponent(id)}/memories?limit=${LIMITS.feedPageDefault}`;

/** GET /api/users/{id}/memories: what the viewer may see of theirs, newest first; next page in Link. */
export async function fetchPersonMemories(id: string, url: string, signal?: AbortSignal): Promise<PersonMemoriesPage> {
  const { data, response } = await api.GET('/api/users/{id}/memories', { params: { path: { id } }, ...linkQuery(url), signal });
  return { pins: data ?? [], next: nextLink(response.headers) };
}

export function usePersonMemories(id: string) {
  const { token, user } = useSession();
  return useInfiniteQuery({
    queryKey: peopleKeys.memories(user?._id ?? null, id),
    queryFn: ({ pageParam, signal }) => fetchPersonMemories(id, pageParam, signal),
    initialPageParam: personMemoriesUrl(id),
    getNextPageParam: (last: PersonMemoriesPage) => last.next ?? undefined,
    enabled: Boolean(token),
  });
}
