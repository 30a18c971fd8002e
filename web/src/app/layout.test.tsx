import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Layout } from './layout.tsx';
import { normalizePath, paths, showsBottomNav } from '../config/paths.ts';

function renderAt(pathname: string) {
  const router = createMemoryRouter(
    [{ element: <Layout />, children: Object.values(paths).map((p) => ({ path: p, element: <p>{`screen ${p}`}</p> })) }],
    { initialEntries: [pathname] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('bottom navigation', () => {
  it.each(['/login', '/login/', '/register', '/register/', '/Register//'])('is hidden on %s', (pathname) => {
    renderAt(pathname);
    expect(screen.getByText(/^screen \/(login|register)$/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it.each(['/landing', '/landing/', '/friends/'])('shows on %s', (pathname) => {
    renderAt(pathname);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('normalises paths the way the router matches them', () => {
    expect(normalizePath('/login/')).toBe('/login');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
    expect(showsBottomNav('/REGISTER/')).toBe(false);
    expect(showsBottomNav('/feeds')).toBe(true);
  });
});
