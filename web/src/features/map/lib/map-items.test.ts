import { describe, expect, it } from 'vitest';
import { makePin } from '../../../../test/pins.ts';
import { FALLBACK_CITIES, randomFallbackCity } from './fallback-cities.ts';
import { ALL_TYPES, fanOffsets, fetchBbox, keepOpenPin, mapItemsFor, type MapItem, type PinItem } from './map-items.ts';
import { loadTheme, MAP_THEMES, saveTheme } from './themes.ts';
import type { MapResponse, Pin } from '../../../lib/api/types.ts';

/** The server's answer, as GET /api/query_map_pins gives it. */
const answer = (...items: MapResponse['items']): MapResponse => ({ items, truncated: false });
const pinOf = (pin: Pin) => ({ kind: 'pin' as const, pin });
const ids = (items: MapItem[]) => items.map((i) => (i.kind === 'pin' ? i.pin.id : 'cluster')).sort();

describe('mapItemsFor', () => {
  const at = (id: string, lat: number, lng: number, over: Partial<Pin> = {}) => makePin({ id, latitude: lat, longitude: lng, ...over });

  it("draws the server's bubbles and pins as they come, each pin with its type", () => {
    const bubble = { kind: 'cluster' as const, lat: 10, lng: 10, count: 3, expansionZoom: 6 };
    const items = mapItemsFor(answer(bubble, pinOf(at('far', -30, 100, { pinType: 'friend' }))), 'me', ALL_TYPES, 3);
    expect(items).toEqual([
      { kind: 'cluster', id: expect.any(String), lat: 10, lng: 10, count: 3, expansionZoom: 6 },
      { kind: 'pin', pin: expect.objectContaining({ id: 'far' }), type: 'friend' },
    ]);
    const wide = mapItemsFor(answer({ kind: 'cluster', lat: 1, lng: 1, count: 500 }), 'me', ALL_TYPES, 2);
    expect(wide).toEqual([expect.objectContaining({ kind: 'cluster', count: 500 })]);
    expect(wide[0]).not.toHaveProperty('expansionZoom');
  });

  it('gives each bubble its own id, the same for the same bubble in the next answer', () => {
    const twin = { kind: 'cluster' as const, lat: 5, lng: 5, count: 2 };
    const first = mapItemsFor(answer(twin, { ...twin, count: 4 }, { kind: 'cluster', lat: 6, lng: 5, count: 2 }), 'me', ALL_TYPES, 4);
    const keys = first.map((i) => (i.kind === 'cluster' ? i.id : ''));
    expect(new Set(keys).size).toBe(3);
    const again = mapItemsFor(answer(twin, { ...twin, count: 4 }, { kind: 'cluster', lat: 6, lng: 5, count: 2 }), 'me', ALL_TYPES, 4);
    expect(again.map((i) => (i.kind === 'cluster' ? i.id : ''))).toEqual(keys);
  });

  it('hides unchecked types at once (the previous answer shows until the new one comes) and de-duplicates', () => {
    const data = answer(
      pinOf(at('mine', 0, 0, { pinType: 'own' })),
      pinOf(at('mine', 0, 0, { pinType: 'own' })),
      pinOf(at('theirs', 20, 20, { pinType: 'friend' })),
      pinOf(at('all', -20, -20, { pinType: 'public' })),
    );
    expect(ids(mapItemsFor(data, 'me', ALL_TYPES, 10))).toEqual(['all', 'mine', 'theirs']);
    expect(ids(mapItemsFor(data, 'me', { own: false, friend: true, public: true }, 10))).toEqual(['all', 'theirs']);
    expect(ids(mapItemsFor(data, 'me', { own: true, friend: false, public: false }, 10))).toEqual(['mine']);
  });
});

describe('pins at one spot', () => {
  const at = (id: string, lat: number, lng: number) => makePin({ id, latitude: lat, longitude: lng, pinType: 'own' });
  const pinsOf = (items: MapItem[]) => items.filter((i): i is PinItem => i.kind === 'pin');
  // Screen pixels between two positions at a zoom (Web Mercator, 256 px tiles).
  const px = (a: { lat: number; lng: number }, b: { lat: number; lng: number }, zoom: number) => {
    const size = 256 * 2 ** zoom;
    const y = (lat: number) => (0.5 - Math.log((1 + Math.sin((lat * Math.PI) / 180)) / (1 - Math.sin((lat * Math.PI) / 180))) / (4 * Math.PI)) * size;
    return Math.hypot(((a.lng - b.lng) / 360) * size, y(a.lat) - y(b.lat));
  };

  it('stay the bubble the server sent down to the last clustering zoom, never fanned', () => {
    const pins = [at('a', 45.5, 10.5), at('b', 45.5, 10.5)];
    const [bubble] = mapItemsFor(answer({ kind: 'cluster', lat: 45.5, lng: 10.5, count: 2, expansionZoom: 18 }), 'me', ALL_TYPES, 17);
    expect(bubble).toMatchObject({ kind: 'cluster', count: 2, expansionZoom: 18 });
    // Pins at one spot at the last clustering zoom (a bubble opened by hand) keep their spot.
    expect(pinsOf(mapItemsFor(answer(...pins.map(pinOf)), 'me', ALL_TYPES, 17)).map((i) => i.at)).toEqual([undefined, undefined]);
  });

  it.each([18, 19, 20])('fan out at zoom %i so each can be tapped, each joined to the true spot', (zoom) => {
    const pins = pinsOf(mapItemsFor(answer(pinOf(at('b', 45.5, 10.5)), pinOf(at('a', 45.5, 10.5))), 'me', ALL_TYPES, zoom));
    expect(pins.map((p) => p.pin.id).sort()).toEqual(['a', 'b']);
    const [p, q] = pins.map((p) => p.at!);
    expect(p && q).toBeTruthy();
    // Markers are 30 px wide: far enough apart not to overlap, near enough to read as one place.
    expect(px(p!, q!, zoom)).toBeGreaterThanOrEqual(36);
    for (const item of pins) expect(px(item.at!, { lat: 45.5, lng: 10.5 }, zoom)).toBeLessThan(60);
    // The memory itself keeps its coordinates.
    expect(pins.every((i) => i.pin.latitude === 45.5 && i.pin.longitude === 10.5)).toBe(true);
  });

  it('leave a pin that stands apart where it is, and place each pin the same way every time', () => {
    const pins = [at('a', 45.5, 10.5), at('b', 45.5, 10.5), at('c', 45.5, 10.5), at('alone', 45.505, 10.505)];
    const first = pinsOf(mapItemsFor(answer(...pins.map(pinOf)), 'me', ALL_TYPES, 18));
    expect(first.find((i) => i.pin.id === 'alone')?.at).toBeUndefined();
    const again = pinsOf(mapItemsFor(answer(...[...pins].reverse().map(pinOf)), 'me', ALL_TYPES, 18));
    const where = (items: PinItem[]) => Object.fromEntries(items.map((i) => [i.pin.id, i.at]));
    expect(where(again)).toEqual(where(first));
  });

  it('spread many on a spiral rather than one huge circle, none on top of another', () => {
    const offsets = fanOffsets(30);
    expect(offsets).toHaveLength(30);
    for (let i = 0; i < offsets.length; i++) {
      for (let j = i + 1; j < offsets.length; j++) {
        expect(Math.hypot(offsets[i]!.dx - offsets[j]!.dx, offsets[i]!.dy - offsets[j]!.dy)).toBeGreaterThan(30);
      }
    }
    expect(Math.max(...offsets.map((o) => Math.hypot(o.dx, o.dy)))).toBeLessThan(200);
  });
});

describe('keepOpenPin', () => {
  const open: PinItem = { kind: 'pin', pin: makePin({ id: 'open', pinType: 'own' }), type: 'own', at: { lat: 1, lng: 1 } };

  it('keeps the pin whose popup is open when the fetched area no longer holds it', () => {
    const others: MapItem[] = [{ kind: 'cluster', id: 'c1', lat: 0, lng: 0, count: 3 }];
    expect(keepOpenPin(others, open, ALL_TYPES)).toEqual([...others, { kind: 'pin', pin: open.pin, type: 'own' }]);
  });

  it('adds nothing when it is there already, nothing open, or its type is filtered out', () => {
    const items: MapItem[] = [{ ...open, at: undefined }];
    expect(keepOpenPin(items, open, ALL_TYPES)).toBe(items);
    expect(keepOpenPin([], null, ALL_TYPES)).toEqual([]);
    expect(keepOpenPin([], open, { ...ALL_TYPES, own: false })).toEqual([]);
  });
});

describe('fetchBbox', () => {
  it('pads and snaps the view so small pans ask for the same area', () => {
    const a = fetchBbox([-0.2, 51.45, -0.05, 51.55], 13);
    const b = fetchBbox([-0.199, 51.451, -0.049, 51.551], 13);
    expect(a).toBe(b);
    const [w, s, e, n] = a.split(',').map(Number) as [number, number, number, number];
    expect(w).toBeLessThan(-0.2);
    expect(s).toBeLessThan(51.45);
    expect(e).toBeGreaterThan(-0.05);
    expect(n).toBeGreaterThan(51.55);
  });

  it('asks for the whole world when the view wraps around it', () => {
    expect(fetchBbox([-400, -80, 400, 80], 1)).toMatch(/^-180,-?\d+(\.\d+)?,180,/);
  });
});

describe('fallback cities and themes', () => {
  it('picks each of the five cities', () => {
    expect(FALLBACK_CITIES.map((c) => c.name)).toEqual(['San Francisco', 'New York', 'London', 'Tokyo', 'Sydney']);
    expect(randomFallbackCity(() => 0).name).toBe('San Francisco');
    expect(randomFallbackCity(() => 0.999).name).toBe('Sydney');
  });

  it('remembers the theme, Voyager by default', () => {
    expect(loadTheme()).toBe(MAP_THEMES.VOYAGER);
    saveTheme(MAP_THEMES.SATELLITE);
    expect(loadTheme()).toBe(MAP_THEMES.SATELLITE);
    localStorage.setItem('mm-map-theme', 'nonsense');
    expect(loadTheme()).toBe(MAP_THEMES.VOYAGER);
  });

  it('uses the real tile providers', () => {
    expect(MAP_THEMES.VOYAGER.url).toContain('basemaps.cartocdn.com/rastertiles/voyager');
    expect(MAP_THEMES.DARK.url).toContain('basemaps.cartocdn.com/dark_all');
    expect(MAP_THEMES.SATELLITE.url).toContain('server.arcgisonline.com/ArcGIS/rest/services/World_Imagery');
    expect(MAP_THEMES.SATELLITE.attribution).toContain('Esri');
  });
});
