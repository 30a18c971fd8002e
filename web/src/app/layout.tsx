import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { BottomNav } from '../components/bottom-nav.tsx';
import { Header } from '../components/header.tsx';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { paths, PATHS_WITHOUT_NAV } from './paths.ts';

/** The shell every screen shares: header, the screen, and the bottom navigation (SPEC.md §2). */
export function Layout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => navigate(paths.login, { replace: true }));
  }, [navigate]);
  const showNav = !PATHS_WITHOUT_NAV.includes(pathname);
  return (
    <div className={showNav ? 'app-shell with-nav' : 'app-shell'}>
      <Header />
      <main className="app-main">
        <Outlet />
      </main>
      {showNav && <BottomNav />}
    </div>
  );
}
