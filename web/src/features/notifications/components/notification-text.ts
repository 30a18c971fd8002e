import { actorsText } from '@memory-map/shared';
import type { Notification } from '../../../lib/api/types.ts';

/** One notification in words: "Ana and 3 others reacted to Lake day". */
export function notificationText(n: Notification): string {
  const who = actorsText(
    n.actors.map((a) => a.username),
    n.actorCount,
  );
  const title = n.pinTitle ?? 'a memory';
  switch (n.kind) {
    case 'friend_request':
      return `${who} sent you a friend request`;
    case 'friend_accepted':
      return `${who} accepted your friend request`;
    case 'tagged':
      return `${who} tagged you in ${title}`;
    case 'comment':
      return `${who} commented on ${title}`;
    case 'reaction':
      return `${who} reacted to ${title}`;
    case 'mention':
      return `${who} mentioned you on ${title}`;
  }
}
