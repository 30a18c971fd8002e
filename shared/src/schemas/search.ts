import { z } from 'zod';
import { LIMITS } from '../limits.ts';

export const SEARCH_MESSAGES = {
  tooLong: `Search text must be at most ${LIMITS.searchTextMax} characters`,
  badCursor: 'before must be the cursor from the Link header of the previous page',
} as const;

/** A page cursor: the rank and id of the last memory of the previous page. */
export const SEARCH_CURSOR_RE = /^(\d{1,18})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** GET /api/search (docs/design.md §12). A missing or blank q finds nothing: an empty list. */
export const searchQuerySchema = z.object({
  q: z.string({ error: 'q must be text' }).max(LIMITS.searchTextMax, SEARCH_MESSAGES.tooLong).default(''),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIMITS.feedPageMax, `limit must be at most ${LIMITS.feedPageMax}`)
    .default(LIMITS.feedPageDefault),
  before: z.string({ error: SEARCH_MESSAGES.badCursor }).regex(SEARCH_CURSOR_RE, SEARCH_MESSAGES.badCursor).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
