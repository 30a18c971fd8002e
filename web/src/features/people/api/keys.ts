import { visibleMemoriesKey } from '../../../lib/visible-memories.ts';

/**
 * Query keys of a person's profile. Their memories sit under the visible-memories key, so a saved
 * memory or a changed friendship refreshes them; the viewer's id keeps one person's view from the next.
 */
export const peopleKeys = {
  person: (viewerId: string | null, personId: string) => ['people', viewerId, personId] as const,
  memories: (viewerId: string | null, personId: string) => [...visibleMemoriesKey, 'person', viewerId, personId] as const,
};
