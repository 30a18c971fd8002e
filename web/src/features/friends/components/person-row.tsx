import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import type { PublicUser } from '../../../lib/api/types.ts';

/** One person in a social list: picture, username, e-mail when the server shows it, and actions. */
export function PersonRow({
  user,
  children,
  below,
  onClick,
  to,
}: {
  user: PublicUser;
  /** Where the picture and name lead (a friend's profile). */
  to?: string;
  /** Actions at the row's end. */
  children?: ReactNode;
  /** A line under the name (status chips, which would squeeze the name on a phone). */
  below?: ReactNode;
  onClick?: () => void;
}) {
  return (
    <li className="list-row friends-row" onClick={onClick} data-testid={`person-${user.username}`}>
      {to ? (
        <Link to={to} className="friends-row-link">
          <Avatar src={user.profilePicture} alt={`${user.username}'s picture`} size={48} />
          <div className="list-row-main">
            <div className="list-row-title">{user.username}</div>
            {user.email && <div className="list-row-sub">{user.email}</div>}
          </div>
        </Link>
      ) : (
        <>
          <Avatar src={user.profilePicture} alt={`${user.username}'s picture`} size={48} />
          <div className="list-row-main">
            <div className="list-row-title">{user.username}</div>
            {user.email && <div className="list-row-sub">{user.email}</div>}
            {below && <div className="friends-row-below">{below}</div>}
          </div>
        </>
      )}
      {children && <div className="friends-row-actions">{children}</div>}
    </li>
  );
}

/** The count badge is shared with the bottom navigation. */
export { CountBadge } from '../../../components/count-badge.tsx';
