import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './router.tsx';
import { normalizePath, paths } from '../config/paths.ts';
import { applyColorScheme, loadColorSchemeChoice } from '../lib/color-scheme.ts';
import { persistQueries } from '../lib/offline-cache.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { getToken } from '../lib/session.ts';

/** Starts the app on the page the server sent (main.tsx calls it once that page is painted). */
export function startApp() {
  // The first script applied the scheme chosen in Settings before the first paint; the app keeps it.
  applyColorScheme(loadColorSchemeChoice());
  const queryClient = createQueryClient();
  const router = createRouter();
  persistQueries(queryClient);
  registerServiceWorker();
  // What waits in the outbox goes now if it can; each memory that lands refreshes the map and the feed.
  // Its code (and IndexedDB's, lib/idb.ts) is not needed to draw the first screen, so it comes in
  // its own chunk, fetched at once beside the screen's (docs/decisions/140-libraries.md).
  void import('../lib/outbox/outbox-sender.ts').then(({ startOutbox }) => startOutbox(queryClient));

  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  // The server's page for a screen comes with the app's first render already drawn (web/build/route-pages.ts).
  // On /login, for someone signed out, the app takes over those very elements, so what was typed in
  // the meantime stays. Elsewhere (a screen's shell) the app's first commit replaces it in one go
  // (React clears the element): the same shell, no flash. The first render is a transition, so
  // React does it in short slices and the page answers a tap in the meantime; the drawn page stays
  // up until it is done.
  startTransition(() => {
    if (root.firstElementChild && normalizePath(location.pathname) === paths.login && !getToken() && navigator.onLine) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
