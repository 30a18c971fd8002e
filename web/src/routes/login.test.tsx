import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedIn } from '../../test/api-mock.ts';
import { renderWithProviders } from '../../test/providers.tsx';
import LoginScreen from './login.tsx';

describe('/login', () => {
  it('shows the form without a token', () => {
    mockApi({});
    const { router } = renderWithProviders(<LoginScreen />, { route: '/login', path: '/login' });
    expect(screen.getByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends someone who already has a token straight to /landing', async () => {
    signedIn();
    mockApi({});
    const { router } = renderWithProviders(<LoginScreen />, { route: '/login', path: '/login' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(screen.queryByRole('heading', { name: 'Log In' })).not.toBeInTheDocument();
  });
});
