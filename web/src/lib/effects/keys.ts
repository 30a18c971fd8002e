/**
 * Query keys that more than one caller refreshes: the friends screens', the notifications' and a
 * memory's screen's. They are spelled here, below the features, so the effects (lib/effects/) that
 * the mutation hooks, the live events (app/live-updates.ts) and the outbox all call can name them;
 * each feature's api/keys.ts re-exports its own. The viewer's id is part of each key so one
 * person's cached lists never show for the next person who signs in on the same device.
 */
export const friendsKeys = {
  all: ['friends'] as const,
  list: (viewerId: string | null) => ['friends', viewerId, 'list'] as const,
  pending: (viewerId: string | null) => ['friends', viewerId, 'pending'] as const,
  users: (viewerId: string | null, q: string) => ['users', viewerId, q] as const,
  allUsers: ['users'] as const,
};

/** The notifications (docs/design.md §14): the list and the bell's count. */
export const notificationKeys = {
  all: (viewerId: string | null) => ['notifications', viewerId] as const,
  list: (viewerId: string | null) => ['notifications', viewerId, 'list'] as const,
  unread: (viewerId: string | null) => ['notifications', viewerId, 'unread'] as const,
};

/**
 * A memory's screen (docs/design.md §14). Kept apart from the visible-memories key: a comment or a
 * reaction refreshes this screen's queries, and the map's and the feed's only for their counts.
 */
export const conversationKeys = {
  all: ['conversation'] as const,
  memory: (viewerId: string | null, pinId: string) => ['conversation', viewerId, pinId, 'memory'] as const,
  comments: (viewerId: string | null, pinId: string) => ['conversation', viewerId, pinId, 'comments'] as const,
  /** Everything of one memory's screen, for a live event about it. */
  ofMemory: (viewerId: string | null, pinId: string) => ['conversation', viewerId, pinId] as const,
};
