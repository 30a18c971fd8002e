import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, signedIn } from '../../test/api-mock.ts';
import { renderLoginScreen, renderScreenShell } from './prerender.tsx';
import { routes } from './router.tsx';

/** Markup with each element's attributes in one order (React's client sets some in another). */
function normalised(root: Element): string {
  for (const el of [root, ...root.querySelectorAll('*')]) {
    const attrs = [...el.attributes].map((a) => [a.name, a.value] as const).sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of attrs) el.removeAttribute(name);
    for (const [name, value] of attrs) el.setAttribute(name, value);
  }
  return root.innerHTML;
}

/** The app's first render at a path, as the browser's DOM holds it. */
function appFirstRender(pathname: string): string {
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return normalised(container);
}

/** The server render as the browser parses it: without React's comment markers. */
function parsed(markup: string): string {
  const div = document.createElement('div');
  div.innerHTML = markup.replace(/<!--.*?-->/g, '');
  return normalised(div);
}

// The build draws these into its pages (web/build/route-pages.ts); the app then takes them over.
// Any difference would show as a jump when it does, or break the sign-in screen's hydration.
describe('the pages drawn at build time', () => {
  it('hold exactly the sign-in screen the app renders for someone signed out', () => {
    mockApi({});
    expect(parsed(renderLoginScreen())).toBe(appFirstRender('/login'));
  });

  it("hold exactly the app's first render of a screen whose chunk is still loading", () => {
    signedIn();
    mockApi({});
    for (const pathname of ['/feeds', '/landing', '/friends', '/profile', '/register']) {
      const html = appFirstRender(pathname);
      expect(parsed(renderScreenShell(pathname)), pathname).toBe(html);
      document.body.innerHTML = '';
    }
  });

  it('are taken over by the app without React giving up on them (no error in the console)', async () => {
    mockApi({});
    const root = document.createElement('div');
    root.innerHTML = renderLoginScreen();
    document.body.append(root);
    const recoverable = vi.fn();
    const router = createMemoryRouter(routes, { initialEntries: ['/login'] });
    let app: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      app = hydrateRoot(
        root,
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
        { onRecoverableError: recoverable },
      );
    });
    // A store read without a server snapshot, or a first render unlike the page's, makes React
    // throw the page away and draw it again ("error while hydrating", #423 in production).
    expect(recoverable.mock.calls.map(([error]) => `${String(error)} ← ${String((error as Error).cause)}`)).toEqual([]);
    expect(root.querySelector('#login-username')).not.toBeNull();
    act(() => app?.unmount());
    root.remove();
  });
});
