import type L from 'leaflet';
import { useEffect } from 'react';
import { saveView } from '../lib/saved-view.ts';

/** Remembers where the map is each time it settles (lib/saved-view.ts), so it opens there next time. */
export function useKeepView(map: L.Map | null, userId: string | undefined) {
  useEffect(() => {
    if (!map) return;
    const keep = () => {
      const c = map.getCenter();
      saveView(userId, { lat: c.lat, lng: c.lng, zoom: map.getZoom() });
    };
    map.on('moveend', keep);
    return () => {
      map.off('moveend', keep);
    };
  }, [map, userId]);
}
