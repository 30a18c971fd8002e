import { visibleMemoriesKey } from '../../../lib/visible-memories.ts';

/**
 * Query keys of the feed. Under the visible-memories key, so a saved memory or a changed
 * friendship refreshes it; the viewer's id keeps one person's feed from showing to the next.
 */
export const feedKeys = {
  all: [...visibleMemoriesKey, 'feed'] as const,
  list: (viewerId: string | null) => [...visibleMemoriesKey, 'feed', viewerId] as const,
  /** The On This Day card: per viewer, time zone and day, so a new day asks again. */
  onThisDay: (viewerId: string | null, tz: string, day: string) => [...visibleMemoriesKey, 'on-this-day', viewerId, tz, day] as const,
  /** Search results, refreshed with everything else a viewer may see. */
  search: (viewerId: string | null, q: string) => [...visibleMemoriesKey, 'search', viewerId, q] as const,
};
