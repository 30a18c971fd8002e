import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedIn } from '../../../../test/api-mock.ts';
import { makePin } from '../../../../test/pins.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { PersonView } from './person-view.tsx';

const bob = { _id: 'u2', username: 'bob', profilePicture: '/media/bob.webp', email: 'bob@example.test' };

describe("A person's profile", () => {
  it('shows their picture and name, and the memories of theirs one may see on a map and in a list', async () => {
    signedIn();
    const api = mockApi({
      'GET /api/get_user/u2': { body: bob },
      'GET /api/users/u2/memories': {
        body: [makePin({ id: 'a', title: 'Harbour walk', latitude: 43.3, longitude: 5.37 }), makePin({ id: 'b', title: 'Night market', visibility: '2', pinType: 'friend' })],
      },
    });
    const { router } = renderWithProviders(<PersonView id="u2" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'bob' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "bob's picture" })).toHaveAttribute('src', '/media/bob.webp');
    const list = await screen.findByRole('list', { name: 'Memories of bob' });
    expect(within(list).getAllByRole('listitem').map((li) => within(li).getByRole('heading').textContent)).toEqual(['Harbour walk', 'Night market']);
    expect(screen.getByText('2 memories you can see')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Map of these memories' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/api/users/u2/memories?limit=20')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Show Harbour walk on map' }));
    expect(router.state.location.pathname).toBe('/landing');
    expect(router.state.location.state).toEqual({ focus: { lat: 43.3, lng: 5.37 }, openPin: 'a' });
  });

  it('says so when there is nothing of theirs to see', async () => {
    signedIn();
    mockApi({ 'GET /api/get_user/u2': { body: bob }, 'GET /api/users/u2/memories': { body: [] } });
    renderWithProviders(<PersonView id="u2" />);
    expect(await screen.findByText('No memories of theirs that you can see yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Map of these memories' })).toBeNull();
  });

  it('says when the person does not exist, and offers a retry when loading failed', async () => {
    signedIn();
    mockApi({ 'GET /api/get_user/gone': { status: 404, body: { error: 'User not found' } }, 'GET /api/users/gone/memories': { status: 404, body: { error: 'User not found' } } });
    renderWithProviders(<PersonView id="gone" />);
    expect(await screen.findByText('This person could not be found.')).toBeInTheDocument();

    mockApi({ 'GET /api/get_user/u2': { body: bob }, 'GET /api/users/u2/memories': { status: 500 } });
    renderWithProviders(<PersonView id="u2" />);
    expect(await screen.findByText('Could not load their memories.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
