import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { LoadProblem } from '../../../components/load-problem.tsx';
import { ScreenTitle } from '../../../components/screen-title.tsx';
import { LoadingDots } from '../../../components/spinner.tsx';
import { memoryPath, paths, personPath } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/pin-type.ts';
import { useSession } from '../../../lib/session.ts';
import { notificationsRead } from '../../../lib/effects/notification.ts';
import { markRead } from '../api/mark-read.ts';
import { useNotifications } from '../api/notifications.ts';
import { notificationText } from './notification-text.ts';
import './notifications.css';
import type { Notification } from '../../../lib/api/types.ts';

export const NOTIFICATIONS_FAILED = 'Could not load your notifications.';
export const NO_NOTIFICATIONS = 'Nothing new. Comments, reactions and friend requests show up here.';

/** Where a notification leads: the memory, the requests, or the new friend. */
function targetOf(n: Notification): string {
  if (n.pinId) return memoryPath(n.pinId);
  if (n.kind === 'friend_request') return paths.friendRequests;
  return n.actors[0] ? personPath(n.actors[0]._id) : paths.friends;
}

/**
 * The notifications behind the bell, newest first. Opening the screen marks what it shows read
 * (the unread ones keep their mark until the next visit), and the bell's count goes to zero.
 */
export function NotificationsView() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const viewerId = user?._id ?? null;
  const list = useNotifications();
  const newest = list.data?.[0];
  const newestUnread = newest && !newest.read ? newest.id : undefined;
  useEffect(() => {
    if (!newestUnread) return;
    void markRead(newestUnread).then(
      () => notificationsRead(queryClient, viewerId),
      () => undefined,
    );
  }, [newestUnread, queryClient, viewerId]);

  return (
    <section className="notifications-screen" aria-busy={list.isPending}>
      <ScreenTitle title="Notifications" />
      {list.isPending ? (
        <LoadingDots label="Loading notifications" />
      ) : list.isError ? (
        <LoadProblem message={NOTIFICATIONS_FAILED} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="notifications-empty">{NO_NOTIFICATIONS}</p>
      ) : (
        <ul className="notifications">
          {list.data.map((n) => (
            <li key={n.id}>
              <Link to={targetOf(n)} className={n.read ? 'notification card' : 'notification notification-unread card'}>
                <Avatar src={n.actors[0]?.profilePicture ?? ''} alt="" size={40} />
                <span className="notification-main">
                  <span className="notification-text">{notificationText(n)}</span>
                  {n.text && <span className="notification-quote">“{n.text}”</span>}
                  <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
                </span>
                {!n.read && <span className="notification-dot" aria-label="unread" />}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
