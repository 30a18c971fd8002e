import { NavLink } from 'react-router';
import { paths } from '../config/paths.ts';
import { CountBadge } from './count-badge.tsx';
import { FeedIcon, FriendsIcon, MapIcon, ProfileIcon } from './icons.tsx';

const ITEMS = [
  { to: paths.landing, label: 'Map', Icon: MapIcon },
  { to: paths.friends, label: 'Friends', Icon: FriendsIcon },
  { to: paths.feeds, label: 'Feed', Icon: FeedIcon },
  { to: paths.profile, label: 'Profile', Icon: ProfileIcon },
] as const;

/** `pendingRequests` badges the Friends tab (the count of friend requests waiting for an answer). */
export function BottomNav({ pendingRequests = 0 }: { pendingRequests?: number }) {
  return (
    <nav className="bottom-nav" aria-label="Main">
      {ITEMS.map(({ to, label, Icon }) => (
        <NavLink key={to} to={to} className={({ isActive }) => (isActive ? 'bottom-nav-item active' : 'bottom-nav-item')}>
          <span className="bottom-nav-icon">
            <Icon size={22} />
            {to === paths.friends && <CountBadge count={pendingRequests} label="pending friend requests" />}
          </span>
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
