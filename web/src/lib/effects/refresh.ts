import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Asks a cached list again after a change. A fetch of it that is under way right now may have been
 * read before the change: it is dropped first and the list asked anew (invalidating alone would let
 * the older answer land and count as fresh). Lists on screen are fetched; the rest just go stale.
 */
export function refresh(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  return queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
}
