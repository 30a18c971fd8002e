import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../../test/providers.tsx';
import { FALLBACK_CITIES } from '../lib/fallback-cities.ts';
import { LandingMap } from './landing-map.tsx';

type GeoCallbacks = { ok: PositionCallback; err: PositionErrorCallback | null | undefined };

function stubGeolocation() {
  const pending: GeoCallbacks[] = [];
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (ok: PositionCallback, err?: PositionErrorCallback | null) => pending.push({ ok, err }) },
  });
  return pending;
}

function bboxOfLastPinsCall(fetchMock: ReturnType<typeof vi.fn>) {
  const call = fetchMock.mock.calls.map((c) => String(c[0])).findLast((u) => u.startsWith('/api/query_map_pins?'));
  const raw = new URL(call!, 'http://x').searchParams.get('bbox')!;
  return raw.split(',').map(Number) as [number, number, number, number];
}

describe('LandingMap', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('shows a loading screen until geolocation answers, then the map on the position with the hint', async () => {
    localStorage.setItem('token', 't');
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, []));
    vi.stubGlobal('fetch', fetchMock);
    const pending = stubGeolocation();
    renderWithProviders(<LandingMap />, { route: '/landing', path: '/landing' });
    expect(screen.getByText('Finding your location…')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    pending.forEach((p) => p.ok({ coords: { latitude: 46.2, longitude: 6.15 } } as GeolocationPosition));
    expect(await screen.findByText('Double-click to add memory')).toBeInTheDocument();
    expect(screen.queryByText('Finding your location…')).not.toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [w, s, e, n] = bboxOfLastPinsCall(fetchMock);
    expect(w <= 6.15 && e >= 6.15 && s <= 46.2 && n >= 46.2).toBe(true);
    expect(screen.getByRole('button', { name: 'center to your location' })).toBeInTheDocument();
  });

  it('falls back to one of the five cities when location is denied', async () => {
    localStorage.setItem('token', 't');
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, []));
    vi.stubGlobal('fetch', fetchMock);
    const pending = stubGeolocation();
    renderWithProviders(<LandingMap />, { route: '/landing', path: '/landing' });
    pending.forEach((p) => p.err?.({ code: 1, message: 'denied' } as GeolocationPositionError));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [w, s, e, n] = bboxOfLastPinsCall(fetchMock);
    const inView = FALLBACK_CITIES.filter((c) => w <= c.lng && e >= c.lng && s <= c.lat && n >= c.lat);
    expect(inView).toHaveLength(1);
  });

  it('starts at once, without waiting, on a memory just saved', async () => {
    localStorage.setItem('token', 't');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, [])));
    stubGeolocation();
    renderWithProviders(<LandingMap />, { initialEntries: [{ pathname: '/landing', state: { focus: { lat: 10, lng: 20 } } }], path: '/landing' });
    expect(screen.queryByText('Finding your location…')).not.toBeInTheDocument();
    expect(screen.getByText('Double-click to add memory')).toBeInTheDocument();
  });

  it('the hint can be dismissed for good', async () => {
    localStorage.setItem('token', 't');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, [])));
    stubGeolocation();
    const { unmount } = renderWithProviders(<LandingMap />, { initialEntries: [{ pathname: '/landing', state: { focus: { lat: 10, lng: 20 } } }], path: '/landing' });
    screen.getByRole('button', { name: 'Dismiss hint' }).click();
    await waitFor(() => expect(screen.queryByText('Double-click to add memory')).not.toBeInTheDocument());
    unmount();
    renderWithProviders(<LandingMap />, { initialEntries: [{ pathname: '/landing', state: { focus: { lat: 10, lng: 20 } } }], path: '/landing' });
    expect(screen.queryByText('Double-click to add memory')).not.toBeInTheDocument();
  });
});
