import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { BottomNav } from '../components/bottom-nav.tsx';
import { Header } from '../components/header.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { dropOfflineCache } from '../lib/offline-cache.ts';
import { useSession } from '../lib/session.ts';
import { paths, showsBottomNav } from '../config/paths.ts';

/** The shell every screen shares: header, the screen, and the bottom navigation (docs/product.md §2). */
export function Layout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token } = useSession();
  useEffect(() => {
    setUnauthorizedHandler(() => navigate(paths.login, { replace: true }));
  }, [navigate]);
  // Signed out (logout, or a session the server ended): nothing of that user stays cached.
  useEffect(() => {
    if (!token) dropOfflineCache(queryClient);
  }, [token, queryClient]);
  const showNav = showsBottomNav(pathname);
  return (
    <div className={showNav ? 'app-shell with-nav' : 'app-shell'}>
      <Header />
      <OfflineBanner />
      <main className="app-main">
        <Outlet />
      </main>
      {showNav && <BottomNav />}
    </div>
  );
}
