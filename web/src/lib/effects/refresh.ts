import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { dropEarlyAnswers } from '../early-answers.ts';

/**
 * Asks a cached list again after a change. A fetch of it that is under way right now may have been
 * read before the change: it is dropped first and the list asked anew (invalidating alone would let
 * the older answer land and count as fresh). So are answers the page started as it opened and the
 * app has not taken yet (lib/early-answers.ts). Lists on screen are fetched; the rest just go stale.
 */
export function refresh(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  dropEarlyAnswers();
  return queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
}
