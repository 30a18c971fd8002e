import type { PublicUser } from '@memory-map/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';
import { memoriesKeys } from './keys.ts';


/** GET /api/query_friends. */
export async function fetchTaggableFriends(signal?: AbortSignal): Promise<PublicUser[]> {
  const list = await api<PublicUser[]>('/api/query_friends', { signal });
  return Array.isArray(list) ? list : [];
}

/**
 * The tag modal's friends; a failure is logged only and the list stays empty (docs/product.md §8). Asked
 * again each time the modal opens (the last answer shows meanwhile): friends come and go on other
 * screens and other devices, and a stale list would hide a new friend or offer an ex-friend the
 * server refuses to tag.
 */
export function useTaggableFriends(enabled = true) {
  const query = useQuery({ queryKey: memoriesKeys.taggableFriends, queryFn: ({ signal }) => fetchTaggableFriends(signal), enabled, staleTime: 0 });
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to load friends to tag', error);
  }, [error]);
  return query;
}
