import { Link } from 'react-router';
import { CountBadge } from '../../../components/count-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { useUnreadCount } from '../api/unread-count.ts';

/** The bell itself: a link to the notifications with the unread count. */
export function BellLink({ count }: { count: number }) {
  return (
    <Link to={paths.notifications} className="app-bell" aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      <CountBadge count={count} label="unread notifications" />
    </Link>
  );
}

/**
 * The header's bell with the unread count (docs/design.md §14), kept current by the live events.
 * Drawn the same signed in or not (the pages drawn at build time hold it at 0, app/prerender.tsx);
 * the count is asked only with a session.
 */
export function NotificationsBell() {
  const unread = useUnreadCount();
  return <BellLink count={unread.data?.count ?? 0} />;
}
