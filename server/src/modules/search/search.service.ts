import { SEARCH_CURSOR_RE, type Pin, type SearchQuery } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { memoriesRepository } from '../memories/memories.repository.ts';
import { presentPins } from '../memories/memories.service.ts';
import { searchWords } from './search-text.ts';
import { searchRepository, type SearchCursor } from './search.repository.ts';

export interface SearchPage {
  pins: Pin[];
  /** The cursor of the next page, when this one was full. */
  nextBefore: string | null;
}

function cursorOf(raw: string | undefined): SearchCursor | undefined {
  const m = raw ? SEARCH_CURSOR_RE.exec(raw) : null;
  return m ? { score: Number(m[1]), id: m[2]! } : undefined;
}

/**
 * Memories the viewer may see whose title, description or place name holds every word of the
 * query (docs/design.md §12), most relevant first. A query with no words finds nothing.
 */
export async function search(ctx: AppContext, viewerId: string, query: SearchQuery): Promise<SearchPage> {
  const words = searchWords(query.q);
  if (words.length === 0) return { pins: [], nextBefore: null };
  const db = ctx.db.kysely;
  // One more than the page: whether it comes says if there is a next page.
  const hits = await searchRepository.search(db, viewerId, words, query.limit + 1, cursorOf(query.before));
  const page = hits.slice(0, query.limit);
  if (page.length === 0) return { pins: [], nextBefore: null };
  const rows = await memoriesRepository.findManyVisible(db, viewerId, page.map((h) => h.id));
  const byId = new Map((await presentPins(ctx, viewerId, rows)).map((p) => [p.id, p]));
  const last = page.at(-1)!;
  return {
    // In rank order; a memory that stopped being visible between the two reads is left out.
    pins: page.map((h) => byId.get(h.id)).filter((p): p is Pin => p !== undefined),
    nextBefore: hits.length > query.limit ? `${last.score}_${last.id}` : null,
  };
}
