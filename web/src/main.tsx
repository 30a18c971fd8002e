import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router.tsx';
import { applyColorScheme, loadColorSchemeChoice } from './lib/color-scheme.ts';
import { persistQueries } from './lib/offline-cache.ts';
import { startOutbox } from './lib/outbox/index.ts';
import { createQueryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { visibleMemoriesKey } from './lib/visible-memories.ts';
import './styles/global.css';

// Before the first render: the app opens in the scheme chosen in Settings (or the device's).
applyColorScheme(loadColorSchemeChoice());
const queryClient = createQueryClient();
const router = createRouter();
persistQueries(queryClient);
registerServiceWorker();
// What waits in the outbox goes now if it can; each memory that lands refreshes the map and the feed.
startOutbox(() => void queryClient.invalidateQueries({ queryKey: visibleMemoriesKey }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
