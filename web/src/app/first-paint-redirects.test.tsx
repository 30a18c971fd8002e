import { FIRST_PAINT_REDIRECTS } from '@memory-map/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, signedIn } from '../../test/api-mock.ts';
import { paths } from '../config/paths.ts';
import { routes } from './router.tsx';

/** Where the app itself ends up at this path, once the screen's chunk has loaded and it has rendered. */
async function whereTheAppGoes(pathname: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname, state: { lat: 1, lng: 2, id: 'x', title: 't', description: 'd' } }] });
  const { container, unmount } = render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // The screen is up once the layout's fallback (an empty .screen.centered) has gone.
  await waitFor(() => {
    const main = container.querySelector('main');
    expect(main?.firstElementChild).toBeTruthy();
    expect(main?.querySelector(':scope > .screen.centered:empty')).toBeNull();
  });
  await act(async () => {});
  const where = router.state.location.pathname;
  unmount();
  return where;
}

// The pages' first script (shared/src/first-paint.ts) sends a visitor on before the first paint
// where the app would send them on at once; its table must say what the app's screens do. One
// test per screen: each loads its own chunk, and every new screen would otherwise lengthen one
// test until it passed its time on a busy machine.
describe("the first-paint script's redirects", () => {
  // Every screen's module loaded (and transformed) before any is rendered: otherwise the first
  // render of a screen waits on that, and the wait below could end before it did.
  beforeAll(async () => {
    await Promise.all(Object.values(import.meta.glob(['../routes/*.tsx', '!../routes/*.test.tsx'])).map((load) => load()));
  });

  for (const [state, table] of [
    ['signed in', FIRST_PAINT_REDIRECTS.signedIn],
    ['signed out', FIRST_PAINT_REDIRECTS.signedOut],
  ] as const) {
    it.each(Object.values(paths))(`are where the app goes from %s, ${state}`, async (pathname) => {
      if (state === 'signed in') signedIn();
      else localStorage.clear();
      mockApi({});
      expect(await whereTheAppGoes(pathname), pathname).toBe(table[pathname] ?? pathname);
    });
  }
});
