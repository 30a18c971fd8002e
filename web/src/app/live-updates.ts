import type { LiveEvent, PublicUser } from '@memory-map/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { friendsKeys } from '../features/friends/api/keys.ts';
import { sessionEnded } from '../lib/api-client.ts';
import { currentUserKeys } from '../lib/current-user.ts';
import { getToken } from '../lib/session.ts';
import { visibleMemoriesKey } from '../lib/visible-memories.ts';

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
      }
    };
    // The stream's client (and the schema it checks events with) loads once someone is signed in:
    // the sign-in screen does not carry it (docs/decisions/090-web-delivery.md).
    let connection: { close(): void } | null = null;
    let ended = false;
    void import('../lib/live-events.ts').then(({ connectLiveEvents }) => {
      if (ended) return;
      connection = connectLiveEvents({
        getToken,
        onEvent,
        // Back after a gap the server could not replay (a restart of Redis, a long sleep): ask again.
        onOpen: (resumed) => {
          if (!resumed) return;
          refreshSocial();
          refreshMemories();
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
