import type { QueryClient } from '@tanstack/react-query';
import { visibleMemoriesKey } from '../visible-memories.ts';
import { refresh } from './refresh.ts';

/**
 * A trip was saved or deleted, its track changed, or a memory joined or left one (docs/design.md
 * §15). Trips, the world and the memories' trip badges are cached under the visible-memories key.
 */
export function tripChanged(queryClient: QueryClient): Promise<void> {
  return refresh(queryClient, visibleMemoriesKey);
}
