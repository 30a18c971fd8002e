import type { QueryClient } from '@tanstack/react-query';
import { circlesKeyRoot } from '../circles.ts';
import { visibleMemoriesKey } from '../visible-memories.ts';
import { refresh } from './refresh.ts';

/**
 * A circle was saved or deleted (docs/design.md §17): its list asks again, and so do the memories,
 * whose badges name their circles and whose audience a circle decides.
 */
export function circleChanged(queryClient: QueryClient): Promise<void> {
  return Promise.all([refresh(queryClient, circlesKeyRoot), refresh(queryClient, visibleMemoriesKey)]).then(() => undefined);
}
