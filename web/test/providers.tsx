import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';

/** A fresh query cache for a test: no retries, nothing dropped while the test runs. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/**
 * A screen under test with a fresh query cache (or the one given, filled beforehand) and a memory
 * router; other routes show their path.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    initialEntries,
    path = '*',
    queryClient = testQueryClient(),
  }: { route?: string; initialEntries?: InitialEntry[]; path?: string; queryClient?: QueryClient } = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter>; queryClient: QueryClient } {
  const router = createMemoryRouter(
    [
      { path, element: ui },
      ...['/landing', '/login', '/register', '/new-location', '/update-location']
        .filter((p) => p !== path)
        .map((p) => ({ path: p, element: <p>{`${p.slice(1)} screen`}</p> })),
    ],
    { initialEntries: initialEntries ?? [route] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** A fetch stub answering JSON; `calls` records what the screen sent. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
