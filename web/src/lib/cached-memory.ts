import type { Pin } from './api/types.ts';
import type { QueryClient } from '@tanstack/react-query';
import { visibleMemoriesKey } from './visible-memories.ts';

/** Lists nest their memories a few levels down (a map answer's items, the feed's pages). */
const MAX_DEPTH = 6;

function isPin(value: unknown, id: string): value is Pin {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<Record<keyof Pin, unknown>>;
  return (
    v.id === id &&
    typeof v.title === 'string' &&
    typeof v.description === 'string' &&
    typeof v.latitude === 'number' &&
    typeof v.longitude === 'number' &&
    Array.isArray(v.tags) &&
    Array.isArray(v.taggedFriends)
  );
}

function findPin(data: unknown, id: string, depth: number): Pin | undefined {
  if (isPin(data, id)) return data;
  if (depth >= MAX_DEPTH || !data || typeof data !== 'object') return undefined;
  for (const value of Array.isArray(data) ? data : Object.values(data)) {
    const found = findPin(value, id, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * A memory as the lists this viewer has already loaded hold it: the map's areas, the feed, a
 * profile, a trip (all under the visible-memories key). The copy from the most recently answered
 * list wins. lib/ cannot know each feature's answer shape, so it looks for the memory by its id
 * through whatever the list holds; a list that does not hold it costs a walk over what is cached.
 */
export function cachedMemory(queryClient: QueryClient, id: string): Pin | undefined {
  const queries = queryClient
    .getQueryCache()
    .findAll({ queryKey: visibleMemoriesKey })
    .filter((q) => q.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (const query of queries) {
    const found = findPin(query.state.data, id, 0);
    if (found) return found;
  }
  return undefined;
}
