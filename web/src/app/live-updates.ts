import type { LiveEvent } from '@memory-map/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { conversationKeys } from '../features/conversation/api/keys.ts';
import { friendsKeys } from '../features/friends/api/keys.ts';
import { notificationKeys } from '../features/notifications/api/keys.ts';
import { sessionEnded } from '../lib/api-client.ts';
import { currentUserKeys } from '../lib/current-user.ts';
import { afterFirstScreen } from '../lib/after-first-screen.ts';
import { getToken } from '../lib/session.ts';
import { visibleMemoriesKey } from '../lib/visible-memories.ts';
import type { PublicUser } from '../lib/api/types.ts';

/** The toast texts of live events (a person's name is the one the server sent). */
export const liveToastText = {
  request: (user: PublicUser) => `${user.username} sent you a friend request`,
  accepted: (user: PublicUser) => `${user.username} accepted your friend request`,
};

/**
 * While someone is signed in, the app listens to the live events (docs/design.md §10) and keeps
 * what it shows current: the Friend Requests list and its badges, the friends list, the map and
 * the feed. A request or an acceptance is also announced with a toast.
 */
export function useLiveUpdates(token: string | null, viewerId: string | null, toast: (text: string) => void): void {
  const queryClient = useQueryClient();
  // The latest toast, without reconnecting when it changes.
  const latestToast = useRef(toast);
  useEffect(() => {
    latestToast.current = toast;
  });

  useEffect(() => {
    if (!token) return;
    // A list being fetched right now may have been read before the event happened: that fetch is
    // dropped and the list asked again (invalidating alone would wait for the older answer).
    const refresh = (key: readonly unknown[]) =>
      void queryClient.cancelQueries({ queryKey: key }).then(() => queryClient.invalidateQueries({ queryKey: key }));
    const refreshSocial = () => {
      refresh(friendsKeys.pending(viewerId));
      refresh(friendsKeys.list(viewerId));
      refresh(currentUserKeys.detail(viewerId));
    };
    // The map's pins and the feed: what this viewer may see changed.
    const refreshMemories = () => refresh(visibleMemoriesKey);
    const onEvent = (event: LiveEvent) => {
      switch (event.kind) {
        case 'friend-request': {
          const { user } = event.data;
          // Shown at once; the list is then asked again for the server's order and details.
          queryClient.setQueryData<PublicUser[]>(friendsKeys.pending(viewerId), (old) =>
            old && !old.some((u) => u._id === user._id) ? [user, ...old] : old,
          );
          refresh(friendsKeys.pending(viewerId));
          refresh(currentUserKeys.detail(viewerId));
          latestToast.current(liveToastText.request(user));
          break;
        }
        case 'friend-accepted':
          refreshSocial();
          // Their friends-only memories are ours to see now.
          refreshMemories();
          latestToast.current(liveToastText.accepted(event.data.user));
          break;
        case 'friend-removed':
          refreshSocial();
          refreshMemories();
          break;
        case 'memory':
        case 'memory-deleted':
          refreshMemories();
          break;
        case 'notification':
          // The bell's count and, if it is open, the notifications screen.
          refresh(notificationKeys.all(viewerId));
          break;
        case 'conversation':
          // A memory's screen that is open shows the new comment or reaction, and the map and the
          // feed their counts (asked again like after a friend's new memory; the server reads the
          // counts beside its held pages, so this costs it no cold cache).
          refresh(conversationKeys.ofMemory(viewerId, event.data.pinId));
          refreshMemories();
          break;
      }
    };
    // The stream's client (and the schema it checks events with) loads once someone is signed in
    // and their first screen is up: the sign-in screen does not carry it, and on a phone it waits
    // until the screen's own scripts and data are in (docs/decisions/090-web-delivery.md).
    let connection: { close(): void } | null = null;
    let ended = false;
    void afterFirstScreen(queryClient).then(async () => {
      if (ended) return;
      const { connectLiveEvents } = await import('../lib/live-events.ts');
      if (ended) return;
      connection = connectLiveEvents({
        getToken,
        onEvent,
        onOpen: (resumed) => {
          // The first stream opens after the screen's answers (afterFirstScreen): a friend request
          // or an acceptance in between would be missed, so the badge and the friend lists ask
          // again (only those on screen are fetched).
          refreshSocial();
          refresh(notificationKeys.all(viewerId));
          // Back after a gap the server could not replay (a restart of Redis, a long sleep): the
          // memories too.
          if (resumed) refreshMemories();
        },
        onUnauthorized: sessionEnded,
      });
    });
    return () => {
      ended = true;
      connection?.close();
    };
  }, [token, viewerId, queryClient]);
}
