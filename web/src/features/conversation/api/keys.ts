/**
 * Query keys of a memory's screen (docs/design.md §14). Kept apart from the visible-memories key:
 * a comment or a reaction refreshes this screen's queries, and the map's and the feed's only for
 * their counts (app/live-updates.ts).
 */
export const conversationKeys = {
  all: ['conversation'] as const,
  memory: (viewerId: string | null, pinId: string) => ['conversation', viewerId, pinId, 'memory'] as const,
  comments: (viewerId: string | null, pinId: string) => ['conversation', viewerId, pinId, 'comments'] as const,
  /** Everything of one memory's screen, for a live event about it. */
  ofMemory: (viewerId: string | null, pinId: string) => ['conversation', viewerId, pinId] as const,
};

/**
 * How often an open memory's screen asks again while the tab is shown. Live events reach the
 * memory's author, their friends, circle members, tagged people and those who took part; someone
 * else reading a public memory hears nothing pushed, so their screen catches up this way
 * (docs/decisions/120-conversation.md, "Live").
 */
export const OPEN_SCREEN_REFRESH_MS = 20_000;
