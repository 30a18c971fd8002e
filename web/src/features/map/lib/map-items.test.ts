import type { Pin } from '@memory-map/shared';
import { describe, expect, it } from 'vitest';
import { makePin } from '../../../../test/pins.ts';
import { FALLBACK_CITIES, randomFallbackCity } from './fallback-cities.ts';
import { ALL_TYPES, buildPinIndex, fetchBbox, mapItemsFor, normalizeMapPins } from './map-items.ts';
import { loadTheme, MAP_THEMES, saveTheme } from './themes.ts';

const world: [number, number, number, number] = [-180, -85, 180, 85];

describe('normalizeMapPins', () => {
  it('reads a plain array of pins', () => {
    const pins = [makePin({ id: 'a' }), makePin({ id: 'b' })];
    expect(normalizeMapPins(pins)).toEqual({ pins, clusters: [] });
  });

  it('reads pre-clustered items mixed with pins, or wrapped', () => {
    const pin = makePin({ id: 'a' });
    const mixed = [{ kind: 'cluster', lat: 1, lng: 2, count: 40 }, { kind: 'pin', pin }, pin, null, 'junk'];
    expect(normalizeMapPins(mixed)).toEqual({ pins: [pin, pin], clusters: [{ lat: 1, lng: 2, count: 40 }] });
    expect(normalizeMapPins({ items: [{ kind: 'cluster', latitude: 3, longitude: 4, count: 9 }] }).clusters).toEqual([{ lat: 3, lng: 4, count: 9 }]);
    expect(normalizeMapPins(undefined)).toEqual({ pins: [], clusters: [] });
  });
});

describe('buildPinIndex', () => {
  const at = (id: string, lat: number, lng: number, over: Partial<Pin> = {}) => makePin({ id, latitude: lat, longitude: lng, ...over });

  it('clusters crowded pins and splits them when zoomed in', () => {
    const pins = [at('a', 10, 10), at('b', 10.0001, 10.0001), at('c', 10.0002, 10), at('far', -30, 100)];
    const index = buildPinIndex(pins, 'me', ALL_TYPES);
    const wide = index.items(world, 3);
    const cluster = wide.find((i) => i.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', count: 3 });
    expect(wide.filter((i) => i.kind === 'pin').map((i) => (i.kind === 'pin' ? i.pin.id : ''))).toEqual(['far']);
    expect(cluster?.kind === 'cluster' && cluster.expansionZoom).toBeGreaterThan(3);
    const close = index.items([9.99, 9.99, 10.01, 10.01], 19);
    expect(close.map((i) => i.kind)).toEqual(['pin', 'pin', 'pin']);
  });

  it('hides unchecked types and de-duplicates', () => {
    const pins = [
      at('mine', 0, 0, { pinType: 'own' }),
      at('mine', 0, 0, { pinType: 'own' }),
      at('theirs', 20, 20, { pinType: 'friend' }),
      at('all', -20, -20, { pinType: 'public' }),
    ];
    const ids = (filter = ALL_TYPES) =>
      buildPinIndex(pins, 'me', filter)
        .items(world, 10)
        .map((i) => (i.kind === 'pin' ? i.pin.id : 'cluster'))
        .sort();
    expect(ids()).toEqual(['all', 'mine', 'theirs']);
    expect(ids({ own: false, friend: true, public: true })).toEqual(['all', 'theirs']);
    expect(ids({ own: true, friend: false, public: false })).toEqual(['mine']);
  });

  it('keeps server clusters beside local items', () => {
    const index = buildPinIndex([], 'me', ALL_TYPES);
    const items = mapItemsFor({ pins: [], clusters: [{ lat: 1, lng: 1, count: 500 }] }, index, world, 2);
    expect(items).toEqual([expect.objectContaining({ kind: 'cluster', count: 500 })]);
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
