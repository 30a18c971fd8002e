import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { BottomNav } from '../components/bottom-nav.tsx';
import { Header } from '../components/header.tsx';
import { paths, showsBottomNav } from '../config/paths.ts';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { BellLink } from '../features/notifications/components/bell.tsx';
import { FirstRenderMark } from './first-render-mark.tsx';
import { ScreenFallback } from './layout.tsx';

/**
 * What the app's first render draws, rendered at build time into the build's pages
 * (web/build/route-pages.ts) so a first visit paints before any JavaScript has run. Each mirrors
 * app/layout.tsx for a visitor online with no toast and no friend requests or notifications counted yet;
 * prerender.test.tsx checks that they are exactly what the app renders.
 */
function Shell({ pathname, children }: { pathname: string; children: ReactNode }) {
  const showNav = showsBottomNav(pathname);
  return (
    <div className={showNav ? 'app-shell with-nav' : 'app-shell'}>
      <Header end={showNav ? <BellLink count={0} /> : undefined} />
      <main className="app-main">
        <Suspense fallback={<ScreenFallback />}>
          {children}
          <FirstRenderMark />
        </Suspense>
      </main>
      {showNav && <BottomNav pendingRequests={0} />}
    </div>
  );
}

/**
 * React's server render puts a preload <link> of the images first; the page has the images
 * themselves, and a <link> inside the app's element is not part of what the app renders.
 */
function render(pathname: string, screen: ReactNode): string {
  const markup = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[pathname]}>
        <Shell pathname={pathname}>{screen}</Shell>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return markup.replace(/^(<link rel="preload"[^>]*\/>)+/, '');
}

/** The sign-in screen for someone signed out: app/start.tsx hydrates it. */
export function renderLoginScreen(): string {
  return render(paths.login, <LoginForm />);
}

/** A lazily loaded screen while its chunk loads: header, navigation, an empty screen. */
export function renderScreenShell(pathname: string): string {
  return render(pathname, <ScreenFallback />);
}
