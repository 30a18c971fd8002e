import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FirstRenderMark } from './first-render-mark.tsx';
import { BottomNav } from '../components/bottom-nav.tsx';
import { Header } from '../components/header.tsx';
import { NotificationsBell } from '../features/notifications/components/bell.tsx';
import { LoadingDots } from '../components/spinner.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { Toast } from '../components/toast.tsx';
import { usePendingRequests } from '../features/friends/api/pending-requests.ts';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { dropOfflineCache } from '../lib/offline-cache.ts';
import { useScrollMemory } from '../lib/scroll-memory.ts';
import { ScrollerContext } from '../lib/scroller.ts';
import { useSession } from '../lib/session.ts';
import { useTimedMessage } from '../lib/use-timed-message.ts';
import { paths, showsBottomNav } from '../config/paths.ts';
import { useLiveUpdates } from './live-updates.ts';
import { useRefreshOfflineFeed } from './refresh-offline-feed.ts';

/** What stands in for a screen while its chunk loads (also drawn into the build's pages: app/prerender.tsx). */
export function ScreenFallback() {
  return (
    <div className="screen centered">
      <LoadingDots />
    </div>
  );
}

/** The shell every screen shares: header, the screen, and the bottom navigation (docs/product.md §2). */
export function Layout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token, user } = useSession();
  const liveToast = useTimedMessage();
  useLiveUpdates(token, user?._id ?? null, liveToast.show);
  useRefreshOfflineFeed(token, user?._id ?? null);
  // The Friends tab's badge: requests waiting for an answer, kept current by the live events.
  const pending = usePendingRequests();
  useEffect(() => {
    setUnauthorizedHandler(() => navigate(paths.login, { replace: true }));
  }, [navigate]);
  // Signed out (logout, or a session the server ended): nothing of that user stays cached.
  useEffect(() => {
    if (!token) dropOfflineCache(queryClient);
  }, [token, queryClient]);
  const mainRef = useRef<HTMLElement>(null);
  useScrollMemory(mainRef);
  const showNav = showsBottomNav(pathname);
  return (
    <div className={showNav ? 'app-shell with-nav' : 'app-shell'}>
      <Header end={showNav ? <NotificationsBell /> : undefined} />
      <OfflineBanner />
      <main className="app-main" ref={mainRef}>
        {/* A screen's chunk on a first load (router.tsx); the dots wait 500 ms, so a fast one never flashes. */}
        <ScrollerContext value={mainRef}>
          <Suspense fallback={<ScreenFallback />}>
            <Outlet />
            <FirstRenderMark />
          </Suspense>
        </ScrollerContext>
      </main>
      {showNav && <BottomNav pendingRequests={token ? (pending.data?.length ?? 0) : 0} />}
      <Toast message={liveToast.message} />
    </div>
  );
}
