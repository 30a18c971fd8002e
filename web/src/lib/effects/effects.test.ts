import type { PublicUser } from '@memory-map/shared';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../test/api-mock.ts';
import { circlesKeyRoot } from '../circles.ts';
import { currentUserKeys } from '../current-user.ts';
import { getStoredUser } from '../session.ts';
import { visibleMemoriesKey } from '../visible-memories.ts';
import { circleChanged } from './circle.ts';
import { conversationChanged, ownCommentChanged } from './conversation.ts';
import { friendshipChanged, RELOAD_AFTER_REMOVE_MS } from './friendship.ts';
import { conversationKeys, friendsKeys, notificationKeys } from './keys.ts';
import { memoryChanged } from './memory.ts';
import { notificationsChanged, notificationsRead } from './notification.ts';
import { profileChanged } from './profile.ts';
import { tripChanged } from './trip.ts';

const ann: PublicUser = { _id: 'ann', username: 'ann', profilePicture: '/media/ann.webp', email: 'ann@example.test' };

/** A query client whose invalidations are recorded, as the keys they were asked for. */
function client() {
  const queryClient = new QueryClient();
  const invalidated: QueryKey[] = [];
  const real = queryClient.invalidateQueries.bind(queryClient);
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters, options) => {
    if (filters?.queryKey) invalidated.push(filters.queryKey);
    return real(filters, options);
  });
  return { queryClient, invalidated };
}

const sorted = (keys: QueryKey[]) => keys.map((k) => JSON.stringify(k)).sort();

afterEach(() => {
  vi.useRealTimers();
});

describe('the effect of each kind of change', () => {
  it('a memory created, updated, moved or deleted: every list of visible memories asks again', async () => {
    for (const change of ['created', 'updated', 'moved', 'deleted'] as const) {
      const { queryClient, invalidated } = client();
      await memoryChanged(queryClient, change);
      expect(sorted(invalidated)).toEqual(sorted([visibleMemoriesKey]));
    }
  });

  it('a trip: the visible memories (trips and the world are cached under them)', async () => {
    const { queryClient, invalidated } = client();
    await tripChanged(queryClient);
    expect(sorted(invalidated)).toEqual(sorted([visibleMemoriesKey]));
  });

  it('a circle: the circles and the memories, whose badges name them', async () => {
    const { queryClient, invalidated } = client();
    await circleChanged(queryClient);
    expect(sorted(invalidated)).toEqual(sorted([circlesKeyRoot, visibleMemoriesKey]));
  });

  it("a comment or a reaction: that memory's screen and the counts on the map and the feed", async () => {
    const { queryClient, invalidated } = client();
    await conversationChanged(queryClient, 'me', 'p1');
    expect(sorted(invalidated)).toEqual(sorted([conversationKeys.ofMemory('me', 'p1'), visibleMemoriesKey]));
  });

  it("the viewer's own comment, on the memory's screen: the memory and the counts, not the comments already shown", async () => {
    const { queryClient, invalidated } = client();
    await ownCommentChanged(queryClient, 'me', 'p1');
    expect(sorted(invalidated)).toEqual(sorted([conversationKeys.memory('me', 'p1'), visibleMemoriesKey]));
  });

  it("notifications read: the bell's count only (the list keeps its marks until the next visit)", async () => {
    const { queryClient, invalidated } = client();
    await notificationsRead(queryClient, 'me');
    expect(sorted(invalidated)).toEqual(sorted([notificationKeys.unread('me')]));
  });

  it("a notification: the viewer's notifications and the bell's count", async () => {
    const { queryClient, invalidated } = client();
    await notificationsChanged(queryClient, 'me');
    expect(sorted(invalidated)).toEqual(sorted([notificationKeys.all('me')]));
  });

  it("a profile edit: the viewer's record, in the query and the stored copy, at once", () => {
    signedIn({ firstName: 'A' });
    const { queryClient } = client();
    profileChanged(queryClient, 'me', { firstName: 'Ada', profilePicture: '/media/new.webp' });
    expect(queryClient.getQueryData(currentUserKeys.detail('me'))).toMatchObject({ _id: 'me', firstName: 'Ada', profilePicture: '/media/new.webp' });
    expect(getStoredUser()).toMatchObject({ firstName: 'Ada', profilePicture: '/media/new.webp' });
  });
});

describe('the effect of a friendship change', () => {
  const me = currentUserKeys.detail('me');

  it('a request sent: the viewer record lists it as sent, and is asked again', async () => {
    signedIn();
    const { queryClient, invalidated } = client();
    await friendshipChanged(queryClient, 'me', { kind: 'request-sent', userId: 'ann' });
    expect(sorted(invalidated)).toEqual(sorted([me]));
    expect(getStoredUser()!.friendRequests!.sent).toEqual(['ann']);
  });

  it('a request received: shown in the pending list at once, which then asks again', async () => {
    signedIn();
    const { queryClient, invalidated } = client();
    queryClient.setQueryData(friendsKeys.pending('me'), []);
    const done = friendshipChanged(queryClient, 'me', { kind: 'request-received', user: ann });
    expect(queryClient.getQueryData(friendsKeys.pending('me'))).toEqual([ann]);
    await done;
    expect(sorted(invalidated)).toEqual(sorted([me, friendsKeys.pending('me')]));
    expect(getStoredUser()!.friendRequests!.received).toEqual(['ann']);
  });

  it('a request accepted here: friends, the memories and the record; not the pending list (its row stays 1.5 s)', async () => {
    signedIn({ friendRequests: { sent: [], received: ['ann'] } });
    const { queryClient, invalidated } = client();
    await friendshipChanged(queryClient, 'me', { kind: 'request-answered', userId: 'ann', answer: 'accept' });
    expect(sorted(invalidated)).toEqual(sorted([me, friendsKeys.list('me'), visibleMemoriesKey]));
    expect(getStoredUser()).toMatchObject({ friends: ['ann'], friendRequests: { received: [] } });
  });

  it('a request rejected here: only the record', async () => {
    signedIn({ friendRequests: { sent: [], received: ['ann'] } });
    const { queryClient, invalidated } = client();
    await friendshipChanged(queryClient, 'me', { kind: 'request-answered', userId: 'ann', answer: 'reject' });
    expect(sorted(invalidated)).toEqual(sorted([me]));
    expect(getStoredUser()).toMatchObject({ friends: [], friendRequests: { received: [] } });
  });

  it('our request accepted by them: pending, friends, the memories and the record', async () => {
    signedIn({ friendRequests: { sent: ['ann'], received: [] } });
    const { queryClient, invalidated } = client();
    await friendshipChanged(queryClient, 'me', { kind: 'accepted', userId: 'ann' });
    expect(sorted(invalidated)).toEqual(sorted([me, friendsKeys.pending('me'), friendsKeys.list('me'), visibleMemoriesKey]));
    expect(getStoredUser()).toMatchObject({ friends: ['ann'], friendRequests: { sent: [] } });
  });

  it('a friend removed by them: the lists, the memories, the circles and the record, at once', async () => {
    signedIn({ friends: ['ann', 'bob'] });
    const { queryClient, invalidated } = client();
    queryClient.setQueryData(friendsKeys.list('me'), [ann]);
    await friendshipChanged(queryClient, 'me', { kind: 'removed', userId: 'ann', by: 'friend' });
    expect(sorted(invalidated)).toEqual(sorted([me, friendsKeys.pending('me'), friendsKeys.list('me'), visibleMemoriesKey, circlesKeyRoot]));
    expect(queryClient.getQueryData(friendsKeys.list('me'))).toEqual([]);
    expect(getStoredUser()!.friends).toEqual(['bob']);
  });

  it('a friend removed here: the same, with the friends list asked 1 s later (docs/product.md §4)', async () => {
    vi.useFakeTimers();
    signedIn({ friends: ['ann'] });
    const { queryClient, invalidated } = client();
    queryClient.setQueryData(friendsKeys.list('me'), [ann]);
    await friendshipChanged(queryClient, 'me', { kind: 'removed', userId: 'ann', by: 'viewer' });
    expect(queryClient.getQueryData(friendsKeys.list('me'))).toEqual([]);
    expect(sorted(invalidated)).toEqual(sorted([me, friendsKeys.pending('me'), visibleMemoriesKey, circlesKeyRoot]));
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_REMOVE_MS);
    expect(invalidated.map((k) => JSON.stringify(k))).toContain(JSON.stringify(friendsKeys.list('me')));
  });

  it('a resync (the live stream opened): the lists and the record, nothing patched', async () => {
    signedIn({ friends: ['ann'] });
    const { queryClient, invalidated } = client();
    await friendshipChanged(queryClient, 'me', { kind: 'resync' });
    expect(sorted(invalidated)).toEqual(sorted([me, friendsKeys.pending('me'), friendsKeys.list('me')]));
    expect(queryClient.getQueryData(me)).toBeUndefined();
  });

  it("the stored copy is the signed-in person's only: a late change for someone else leaves it alone", async () => {
    signedIn({ _id: 'next' });
    const { queryClient } = client();
    queryClient.setQueryData(currentUserKeys.detail('me'), { _id: 'me', friends: [] });
    await friendshipChanged(queryClient, 'me', { kind: 'accepted', userId: 'ann' });
    expect(getStoredUser()).toMatchObject({ _id: 'next', friends: [] });
  });
});
