/**
 * Query keys of a memory's screen (docs/design.md §14). Kept apart from the visible-memories key:
 * a comment or a reaction refreshes the one memory's screen, never the map and the feed.
 */
export const conversationKeys = {
  all: ['conversation'] as const,
  memory: (viewerId: string | null, pinId: string) => ['conversation', viewerId, pinId, 'memory'] as const,
  comments: (viewerId: string | null, pinId: string) => ['conversation', viewerId, pinId, 'comments'] as const,
  /** Everything of one memory's screen, for a live event about it. */
  ofMemory: (viewerId: string | null, pinId: string) => ['conversation', viewerId, pinId] as const,
};
