import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

export function Header() {
  return (
    <header className="app-header">
      <Link to={paths.landing} className="app-brand">
        <img src="/favicon.svg" alt="" width={24} height={24} />
        <span>Memory Map</span>
      </Link>
    </header>
  );
}
