import { LRUCache } from 'lru-cache';
import type { PinConversation } from './conversation.service.ts';

/** The read_generations scope raised by every comment and reaction written (migration 0091). */
export const CONVERSATION_SCOPE = 'conversation';

/** Pages' counts held per server: a page's worth each (≤ 20 small entries for the feed). */
const MAX_PAGES = 2000;

/**
 * The comment and reaction counts of the pins of one answer, for one viewer, kept while the
 * `conversation` counter is the one they were read under (docs/decisions/120-conversation.md,
 * "Counts kept while unchanged"). The counter is raised in the transaction of every comment and
 * reaction and read by the request's session lookup before the counts: counts held under the
 * counter a request read are at least as new as that counter, so after a reaction's 2xx no
 * server's next answer can show counts from before it. Without a counter (a request with no
 * session, or read elsewhere), nothing is kept.
 */
export class ConversationCountsCache {
  private readonly pages = new LRUCache<string, { seq: number; counts: Map<string, PinConversation> }>({ max: MAX_PAGES });

  private static key(viewerId: string | null, pinIds: readonly string[]): string {
    return `${viewerId ?? ''}\u0000${pinIds.join(',')}`;
  }

  get(viewerId: string | null, pinIds: readonly string[], seq: number): Map<string, PinConversation> | undefined {
    const held = this.pages.get(ConversationCountsCache.key(viewerId, pinIds));
    return held?.seq === seq ? held.counts : undefined;
  }

  set(viewerId: string | null, pinIds: readonly string[], seq: number, counts: Map<string, PinConversation>): void {
    this.pages.set(ConversationCountsCache.key(viewerId, pinIds), { seq, counts });
  }

  clear(): void {
    this.pages.clear();
  }
}
