import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makePin } from '../../../../test/pins.ts';
import { mapKeys } from '../api/keys.ts';
import { savedPinsWithin } from './saved-pins.ts';
import type { MapResponse, Pin } from '../../../lib/api/types.ts';

const answer = (...pins: Pin[]): MapResponse => ({ items: pins.map((pin) => ({ kind: 'pin' as const, pin })), truncated: false });

describe('savedPinsWithin', () => {
  it('finds the pins of every cached map answer inside the box and the filters, each once, and no bubbles', () => {
    const client = new QueryClient();
    const paris = makePin({ id: 'paris', latitude: 48.85, longitude: 2.35, pinType: 'own' });
    const lyon = makePin({ id: 'lyon', latitude: 45.76, longitude: 4.83, pinType: 'public' });
    const tokyo = makePin({ id: 'tokyo', latitude: 35.68, longitude: 139.69, pinType: 'own' });
    client.setQueryData(mapKeys.view({ bbox: '0,40,10,50', zoom: 6, types: 'own,friend,public' }), answer(paris, lyon));
    client.setQueryData(mapKeys.view({ bbox: '2,48,3,49', zoom: 12, types: 'own' }), {
      items: [{ kind: 'pin', pin: paris }, { kind: 'cluster', lat: 48.86, lng: 2.34, count: 7, expansionZoom: 14 }],
      truncated: false,
    } satisfies MapResponse);
    client.setQueryData(mapKeys.view({ bbox: '130,30,140,40', zoom: 6, types: 'own' }), answer(tokyo));

    const france = savedPinsWithin(client, { bbox: '-5,42,8,51', zoom: 7, types: 'own,friend,public' });
    expect(france?.items.map((i) => (i.kind === 'pin' ? i.pin.id : 'cluster')).sort()).toEqual(['lyon', 'paris']);
    expect(savedPinsWithin(client, { bbox: '-5,42,8,51', zoom: 7, types: 'own' })?.items).toHaveLength(1);
    // Across the antimeridian (west > east).
    expect(savedPinsWithin(client, { bbox: '170,30,-170,40', zoom: 5, types: 'own' })).toBeUndefined();
    expect(savedPinsWithin(client, { bbox: '130,30,-170,40', zoom: 3, types: 'own' })?.items).toHaveLength(1);
  });
});
