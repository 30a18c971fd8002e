import { NavLink } from 'react-router';
import { paths } from '../config/paths.ts';
import { FeedIcon, FriendsIcon, MapIcon, ProfileIcon } from './icons.tsx';

const ITEMS = [
  { to: paths.landing, label: 'Map', Icon: MapIcon },
  { to: paths.friends, label: 'Friends', Icon: FriendsIcon },
  { to: paths.feeds, label: 'Feed', Icon: FeedIcon },
  { to: paths.profile, label: 'Profile', Icon: ProfileIcon },
] as const;

export function BottomNav() {
  return (
    <nav className="bottom-nav" aria-label="Main">
      {ITEMS.map(({ to, label, Icon }) => (
        <NavLink key={to} to={to} className={({ isActive }) => (isActive ? 'bottom-nav-item active' : 'bottom-nav-item')}>
          <Icon size={22} />
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
