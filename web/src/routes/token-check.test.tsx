import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/providers.tsx';
import LandingScreen from './landing.tsx';
import NewLocationScreen from './new-location.tsx';
import UpdateLocationScreen from './update-location.tsx';

describe('screens that need a session', () => {
  it.each([
    ['/landing', <LandingScreen key="l" />],
    ['/new-location', <NewLocationScreen key="n" />],
    ['/update-location', <UpdateLocationScreen key="u" />],
  ])('%s without a token goes to /login', async (path, screen) => {
    const { router } = renderWithProviders(screen, { initialEntries: [{ pathname: path, state: { lat: 1, lng: 2, id: 'x' } }], path });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
