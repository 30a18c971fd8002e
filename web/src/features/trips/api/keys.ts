import { visibleMemoriesKey } from '../../../lib/visible-memories.ts';

/**
 * Query keys of trips and your world (docs/design.md §15), under the visible memories: a memory
 * saved or deleted, or a friendship changed, refreshes what they show. (The trips list's key is
 * lib/trips.ts's: the memory forms use it too.)
 */
export const tripKeys = {
  trip: (viewerId: string | null, id: string) => [...visibleMemoriesKey, 'trip', viewerId, id] as const,
  world: (viewerId: string | null, userId: string | null) => [...visibleMemoriesKey, 'world', viewerId, userId] as const,
  ownMemories: (viewerId: string | null) => [...visibleMemoriesKey, 'trip-choices', viewerId] as const,
};
