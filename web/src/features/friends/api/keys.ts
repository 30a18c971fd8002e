import { friendsListKey } from '../../../lib/friends.ts';

/**
 * Query keys of the social screens. The viewer's id is part of each key so one person's cached
 * lists never show for the next person who signs in on the same device.
 */
export const friendsKeys = {
  all: ['friends'] as const,
  /** The one key of the friends list (lib/friends.ts: the tag picker shares it). */
  list: friendsListKey,
  pending: (viewerId: string | null) => ['friends', viewerId, 'pending'] as const,
  users: (viewerId: string | null, q: string) => ['users', viewerId, q] as const,
  allUsers: ['users'] as const,
};
