import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedIn } from '../../../../test/api-mock.ts';
import { makePin } from '../../../../test/pins.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { TripView } from './trip-view.tsx';
import type { Trip } from '../../../lib/api/types.ts';

function tripOf(over: Partial<Trip> = {}): Trip {
  const pins = [
    makePin({ id: 'a', title: 'Lisbon trams', latitude: 38.72, longitude: -9.14, happenedAt: '2024-05-01' }),
    makePin({ id: 'b', title: 'Porto bridges', latitude: 41.16, longitude: -8.63, happenedAt: '2024-05-03' }),
  ];
  return {
    id: 't1',
    title: 'Iberia',
    description: 'By train',
    visibility: '2',
    userId: 'u2',
    authorName: 'bob',
    coverPinId: 'a',
    coverThumbnailUrl: null,
    startsAt: '2024-05-01',
    endsAt: '2024-05-03',
    pinIds: ['a', 'b'],
    isOwnTrip: false,
    hasTrack: false,
    createdAt: '2024-05-04T00:00:00.000Z',
    updatedAt: '2024-05-04T00:00:00.000Z',
    pins,
    route: { type: 'LineString', coordinates: [[-9.14, 38.72], [-8.63, 41.16]] },
    routeSource: 'memories',
    stats: { memories: 2, photos: 0, days: 3, distanceKm: 272.4, countries: ['PT'] },
    ...over,
  };
}

describe('A trip', () => {
  it("shows someone's trip: who made it, the stats, the memories in order, each opening on the map; no author's buttons", async () => {
    signedIn();
    mockApi({ 'GET /api/trips/t1': { body: tripOf() } });
    const { router } = renderWithProviders(<TripView id="t1" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Iberia' })).toBeInTheDocument();
    expect(screen.getByText(/A trip by bob/)).toBeInTheDocument();
    const numbers = screen.getByRole('list', { name: 'Trip in numbers' });
    expect(numbers).toHaveTextContent('2 memories');
    expect(numbers).toHaveTextContent('3 days');
    expect(numbers).toHaveTextContent('272 km');
    expect(numbers).toHaveTextContent('1 country');
    const stops = within(screen.getByRole('list', { name: 'Memories in order' })).getAllByRole('listitem');
    expect(stops.map((li) => li.textContent)).toEqual([expect.stringContaining('1Lisbon trams'), expect.stringContaining('2Porto bridges')]);
    expect(screen.queryByRole('button', { name: 'Edit trip' })).toBeNull();
    fireEvent.click(within(stops[1]!).getByRole('button', { name: /Porto bridges/ }));
    expect(router.state.location.pathname).toBe('/landing');
    expect(router.state.location.state).toEqual({ focus: { lat: 41.16, lng: -8.63 }, openPin: 'b' });
  });

  it('gives its author Edit, Share link and Delete', async () => {
    signedIn();
    mockApi({ 'GET /api/trips/t1': { body: tripOf({ isOwnTrip: true, userId: 'u1' }) } });
    renderWithProviders(<TripView id="t1" />);
    expect(await screen.findByRole('button', { name: 'Edit trip' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByText(/Friends/)).toBeInTheDocument();
  });

  it('says when the trip cannot be opened, as for one that does not exist', async () => {
    signedIn();
    mockApi({ 'GET /api/trips/gone': { status: 404, body: { error: 'Trip not found' } } });
    renderWithProviders(<TripView id="gone" />);
    expect(await screen.findByText('This trip could not be found.')).toBeInTheDocument();
  });
});
