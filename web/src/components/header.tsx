import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

/** The app's header: the brand, and at its end what the layout puts there (the notifications bell). */
export function Header({ end }: { end?: ReactNode }) {
  return (
    <header className="app-header">
      <Link to={paths.landing} className="app-brand">
        <img src="/favicon.svg" alt="" width={24} height={24} />
        <span>Memory Map</span>
      </Link>
      {end}
    </header>
  );
}
