import type { PublicUser } from '../api/types.ts';
import type { QueryClient } from '@tanstack/react-query';
import { circlesKeyRoot } from '../circles.ts';
import { currentUserKeys, patchCurrentUser } from '../current-user.ts';
import { idsOf, type StoredUser } from '../session.ts';
import { visibleMemoriesKey } from '../visible-memories.ts';
import { friendsKeys } from './keys.ts';
import { refresh } from './refresh.ts';

/**
 * A change to one of the viewer's friendships, made here (a mutation) or by the other person (a
 * live event, docs/design.md §10):
 * - `request-sent`: the viewer asked `userId`;
 * - `request-received`: `user` asked the viewer;
 * - `request-answered`: the viewer accepted or rejected `userId`'s request;
 * - `accepted`: `userId` accepted the viewer's request;
 * - `removed`: the friendship with `userId` ended, by the viewer's hand or the friend's;
 * - `resync`: nothing known, but something may have changed unseen (the live stream just opened).
 */
export type FriendshipChange =
  | { kind: 'request-sent'; userId: string }
  | { kind: 'request-received'; user: PublicUser }
  | { kind: 'request-answered'; userId: string; answer: 'accept' | 'reject' }
  | { kind: 'accepted'; userId: string }
  | { kind: 'removed'; userId: string; by: 'viewer' | 'friend' }
  | { kind: 'resync' };

/** docs/product.md §4: the friends list is asked again this long after the viewer removes a friend. */
export const RELOAD_AFTER_REMOVE_MS = 1000;

type Lists = Pick<StoredUser, 'friends' | 'friendRequests'>;

/** The viewer's record after the change (docs/product.md §4), as far as this device can tell. */
function recordAfter(user: StoredUser, change: FriendshipChange): Lists | null {
  const friends = idsOf(user.friends);
  const sent = idsOf(user.friendRequests?.sent);
  const received = idsOf(user.friendRequests?.received);
  const withId = (ids: string[], id: string) => (ids.includes(id) ? ids : [...ids, id]);
  const without = (ids: string[], id: string) => ids.filter((x) => x !== id);
  switch (change.kind) {
    case 'request-sent':
      return { friendRequests: { sent: withId(sent, change.userId), received } };
    case 'request-received':
      return { friendRequests: { sent, received: withId(received, change.user._id) } };
    case 'accepted':
      return { friends: withId(friends, change.userId), friendRequests: { sent: without(sent, change.userId), received } };
    case 'request-answered':
      return {
        friends: change.answer === 'accept' ? withId(friends, change.userId) : friends,
        friendRequests: { sent, received: without(received, change.userId) },
      };
    case 'removed':
      return { friends: without(friends, change.userId) };
    case 'resync':
      // Known from the server's next answer only.
      return null;
  }
}

/**
 * Everything a friendship change touches, in one place: the viewer's record (the `currentUser`
 * query, and through it the stored copy), the friends list, the pending requests and their
 * badge, the memories the viewer may see (a friend's friends-only ones) and the circles (a removed
 * friend leaves every circle of ours, docs/design.md §17). The mutation hooks, the live events and
 * any later caller use this, so none of them keeps its own list of keys.
 */
export function friendshipChanged(queryClient: QueryClient, viewerId: string | null, change: FriendshipChange): Promise<void> {
  if (change.kind !== 'resync') patchCurrentUser(queryClient, viewerId, (user) => ({ ...user, ...recordAfter(user, change) }));
  const keys: Array<readonly unknown[]> = [currentUserKeys.detail(viewerId)];
  switch (change.kind) {
    case 'request-sent':
      break;
    case 'request-received': {
      const { user } = change;
      // Shown at once; the list is then asked again for the server's order and details.
      queryClient.setQueryData<PublicUser[]>(friendsKeys.pending(viewerId), (old) => (old && !old.some((u) => u._id === user._id) ? [user, ...old] : old));
      keys.push(friendsKeys.pending(viewerId));
      break;
    }
    case 'request-answered':
      // Not the pending list: the answered row stays on screen for its 1.5 s (docs/product.md §4;
      // the Friend Requests screen drops it then).
      if (change.answer === 'accept') keys.push(friendsKeys.list(viewerId), visibleMemoriesKey);
      break;
    case 'accepted':
      // Their friends-only memories are ours to see now.
      keys.push(friendsKeys.pending(viewerId), friendsKeys.list(viewerId), visibleMemoriesKey);
      break;
    case 'removed':
      // Gone from the list at once (docs/product.md §4).
      queryClient.setQueryData<PublicUser[]>(friendsKeys.list(viewerId), (old) => old?.filter((f) => f._id !== change.userId));
      keys.push(friendsKeys.pending(viewerId), visibleMemoriesKey, circlesKeyRoot);
      if (change.by === 'viewer') {
        // docs/product.md §4 carries over the original client's reload of the list 1 s after a
        // removal made here. It is a product rule, not a wait for the server: ours answers the
        // DELETE only once both rows are gone, so the list asked at once would be just as right.
        // Owned here rather than by the screen, so it happens even if the screen closes first.
        setTimeout(() => void refresh(queryClient, friendsKeys.list(viewerId)), RELOAD_AFTER_REMOVE_MS);
      } else keys.push(friendsKeys.list(viewerId));
      break;
    case 'resync':
      keys.push(friendsKeys.pending(viewerId), friendsKeys.list(viewerId));
      break;
  }
  return Promise.all(keys.map((key) => refresh(queryClient, key))).then(() => undefined);
}
