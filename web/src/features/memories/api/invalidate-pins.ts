import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { mapPinsKeys } from '../../map/api/map-pins.ts';

/**
 * After a memory changes, or a friendship does (which decides whose friends-only memories we may
 * see, SPEC.md §6), the map and the feed ask again.
 */
export function useInvalidatePins() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: mapPinsKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['feed'] });
  }, [queryClient]);
}
