import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * Every list of memories a viewer may see (the map's pins, the feed) is cached under this key.
 * Who may see a memory changes when a memory is saved or deleted and when a friendship starts or
 * ends; whichever feature causes that invalidates this one key, so no feature needs to know the
 * others' keys (docs/product.md §6).
 */
export const visibleMemoriesKey = ['visible-memories'] as const;

/** After a memory or a friendship changes, the map and the feed ask again. */
export function useInvalidateVisibleMemories() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: visibleMemoriesKey }), [queryClient]);
}
