import type { QueryClient } from '@tanstack/react-query';
import { visibleMemoriesKey } from '../visible-memories.ts';
import { conversationKeys } from './keys.ts';
import { refresh } from './refresh.ts';

/**
 * A comment or a reaction on a memory changed, here or (a live event) elsewhere. The memory's screen
 * asks again, and the map and the feed for their counts: the server reads the counts beside its
 * held pages, so this costs it no cold cache (docs/decisions/120-conversation.md).
 */
export function conversationChanged(queryClient: QueryClient, viewerId: string | null, pinId: string): Promise<void> {
  return Promise.all([refresh(queryClient, conversationKeys.ofMemory(viewerId, pinId)), refresh(queryClient, visibleMemoriesKey)]).then(() => undefined);
}

/**
 * The viewer commented or took a comment back on the memory's screen, which already shows the
 * comment list as it now is: the memory (its count) and the map's and the feed's counts ask again.
 */
export function ownCommentChanged(queryClient: QueryClient, viewerId: string | null, pinId: string): Promise<void> {
  return Promise.all([refresh(queryClient, conversationKeys.memory(viewerId, pinId)), refresh(queryClient, visibleMemoriesKey)]).then(() => undefined);
}
