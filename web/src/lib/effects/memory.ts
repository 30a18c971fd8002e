import type { QueryClient } from '@tanstack/react-query';
import { visibleMemoriesKey } from '../visible-memories.ts';
import { refresh } from './refresh.ts';

/**
 * A memory was created, updated, moved or deleted — by this person (a form, the map, the outbox
 * sending what waited) or by someone else (a live event). What changes is what viewers may see:
 * the map's pins, the feed, search, On This Day, trips and the world are all cached under the one
 * visible-memories key (lib/visible-memories.ts), so that key is asked again.
 */
export type MemoryChange = 'created' | 'updated' | 'moved' | 'deleted';

export function memoryChanged(queryClient: QueryClient, _change: MemoryChange): Promise<void> {
  return refresh(queryClient, visibleMemoriesKey);
}
