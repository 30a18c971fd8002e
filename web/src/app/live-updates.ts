import type { LiveEvent } from '@memory-map/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { sessionEnded } from '../lib/api-client.ts';
import { afterFirstScreen } from '../lib/after-first-screen.ts';
import { conversationChanged } from '../lib/effects/conversation.ts';
import { friendshipChanged } from '../lib/effects/friendship.ts';
import { memoryChanged } from '../lib/effects/memory.ts';
import { notificationsChanged } from '../lib/effects/notification.ts';
import { getToken } from '../lib/session.ts';
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
    // Each kind of change has one function that knows what it touches (lib/effects/): the same
    // ones the mutation hooks and the outbox call.
    const onEvent = (event: LiveEvent) => {
      switch (event.kind) {
        case 'friend-request':
          void friendshipChanged(queryClient, viewerId, { kind: 'request-received', user: event.data.user });
          latestToast.current(liveToastText.request(event.data.user));
          break;
        case 'friend-accepted':
          void friendshipChanged(queryClient, viewerId, { kind: 'accepted', userId: event.data.user._id });
          latestToast.current(liveToastText.accepted(event.data.user));
          break;
        case 'friend-removed':
          void friendshipChanged(queryClient, viewerId, { kind: 'removed', userId: event.data.userId, by: 'friend' });
          break;
        case 'memory':
          void memoryChanged(queryClient, 'updated');
          break;
        case 'memory-deleted':
          void memoryChanged(queryClient, 'deleted');
          break;
        case 'notification':
          void notificationsChanged(queryClient, viewerId);
          break;
        case 'conversation':
          void conversationChanged(queryClient, viewerId, event.data.pinId);
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
          void friendshipChanged(queryClient, viewerId, { kind: 'resync' });
          void notificationsChanged(queryClient, viewerId);
          // Back after a gap the server could not replay (a restart of Redis, a long sleep): the
          // memories too.
          if (resumed) void memoryChanged(queryClient, 'updated');
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
