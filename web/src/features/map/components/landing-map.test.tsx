import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../../test/providers.tsx';
import { makePin } from '../../../../test/pins.ts';
import { FALLBACK_CITIES } from '../lib/fallback-cities.ts';
import { LandingMap } from './landing-map.tsx';

/** GET /api/query_map_pins with nothing in view. */
const EMPTY = { items: [], truncated: false };

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
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, EMPTY));
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
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, EMPTY));
    vi.stubGlobal('fetch', fetchMock);
    const pending = stubGeolocation();
    renderWithProviders(<LandingMap />, { route: '/landing', path: '/landing' });
    pending.forEach((p) => p.err?.({ code: 1, message: 'denied' } as GeolocationPositionError));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [w, s, e, n] = bboxOfLastPinsCall(fetchMock);
    const inView = FALLBACK_CITIES.filter((c) => w <= c.lng && e >= c.lng && s <= c.lat && n >= c.lat);
    expect(inView).toHaveLength(1);
  });

  it("asks for the view's items with its zoom and the checked types, and draws the server's bubbles and pins as they come", async () => {
    localStorage.setItem('token', 't');
    const pin = makePin({ id: 'h1', title: 'Harbour walk', latitude: 10.001, longitude: 20.001, pinType: 'public' });
    const fetchMock = vi.fn().mockResolvedValue(
      jsonResponse(200, { items: [{ kind: 'cluster', lat: 10.01, lng: 19.99, count: 7, expansionZoom: 17 }, { kind: 'pin', pin }], truncated: false }),
    );
    vi.stubGlobal('fetch', fetchMock);
    stubGeolocation();
    renderWithProviders(<LandingMap />, { initialEntries: [{ pathname: '/landing', state: { focus: { lat: 10, lng: 20 } } }], path: '/landing' });
    expect(await screen.findByTitle('Harbour walk')).toBeInTheDocument();
    expect(screen.getByTitle('7 memories here, zoom in')).toHaveTextContent('7');
    const url = new URL(fetchMock.mock.calls.map((c) => String(c[0])).findLast((u) => u.startsWith('/api/query_map_pins?'))!, 'http://x');
    expect(url.searchParams.get('zoom')).toBe('15');
    expect(url.searchParams.get('types')).toBe('own,friend,public');
  });

  it('an answer of another shape is refused and logged only (Failed to fetch pins)', async () => {
    localStorage.setItem('token', 't');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, [makePin({ title: 'Not drawn' })])));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubGeolocation();
    renderWithProviders(<LandingMap />, { initialEntries: [{ pathname: '/landing', state: { focus: { lat: 10, lng: 20 } } }], path: '/landing' });
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to fetch pins', expect.anything()));
    expect(screen.queryByTitle('Not drawn')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an item it cannot draw (an unknown kind, a pin without its memory) is left out; the rest is drawn', async () => {
    localStorage.setItem('token', 't');
    const answer = { items: [{ kind: 'pin' }, { kind: 'heat', lat: 10, lng: 20 }, { kind: 'pin', pin: makePin({ title: 'Drawn', latitude: 10, longitude: 20 }) }], truncated: false };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, answer)));
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubGeolocation();
    renderWithProviders(<LandingMap />, { initialEntries: [{ pathname: '/landing', state: { focus: { lat: 10, lng: 20 } } }], path: '/landing' });
    expect(await screen.findByTitle('Drawn')).toBeInTheDocument();
    expect(warned).toHaveBeenCalledWith('The map left out 2 item(s) it cannot draw');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts at once, without waiting, on a memory just saved', async () => {
    localStorage.setItem('token', 't');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, EMPTY)));
    stubGeolocation();
    renderWithProviders(<LandingMap />, { initialEntries: [{ pathname: '/landing', state: { focus: { lat: 10, lng: 20 } } }], path: '/landing' });
    expect(screen.queryByText('Finding your location…')).not.toBeInTheDocument();
    expect(screen.getByText('Double-click to add memory')).toBeInTheDocument();
  });

  it('the hint can be dismissed for good', async () => {
    localStorage.setItem('token', 't');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, EMPTY)));
    stubGeolocation();
    const { unmount } = renderWithProviders(<LandingMap />, { initialEntries: [{ pathname: '/landing', state: { focus: { lat: 10, lng: 20 } } }], path: '/landing' });
    screen.getByRole('button', { name: 'Dismiss hint' }).click();
    await waitFor(() => expect(screen.queryByText('Double-click to add memory')).not.toBeInTheDocument());
    unmount();
    renderWithProviders(<LandingMap />, { initialEntries: [{ pathname: '/landing', state: { focus: { lat: 10, lng: 20 } } }], path: '/landing' });
    expect(screen.queryByText('Double-click to add memory')).not.toBeInTheDocument();
  });
});
