import { StampedLru } from '../read-cache/stamped-lru.ts';
import type { PinConversation } from './conversation.service.ts';

/** Pins' counts held per server, counted in pins (a feed page is 20). */
const MAX_PINS = 40_000;

/**
 * The comment and reaction counts of the pins of one answer, for one viewer, kept while the
 * `conversation` counter is the one they were read under (docs/decisions/120-conversation.md,
 * "Counts kept while unchanged"). The counter is raised in the transaction of every comment and
 * reaction and read by the request's session lookup before the counts: counts held under the
 * counter a request read are at least as new as that counter, so after a reaction's 2xx no
 * server's next answer can show counts from before it. The read cache's stamped LRU holds them.
 */
export class ConversationCountsCache {
  private readonly pages = new StampedLru<Map<string, PinConversation>>(MAX_PINS, (counts) => counts.size);

  get(viewerId: string | null, pinIds: readonly string[], seq: number, read: () => Promise<Map<string, PinConversation>>): Promise<Map<string, PinConversation>> {
    return this.pages.get(`${viewerId ?? ''}\u0000${pinIds.join(',')}`, String(seq), read);
  }

  clear(): void {
    this.pages.clear();
  }
}
