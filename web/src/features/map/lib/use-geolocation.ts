import { useCallback, useEffect, useState } from 'react';

export interface LatLng {
  lat: number;
  lng: number;
}

export type GeoState = { status: 'pending' } | { status: 'granted'; position: LatLng } | { status: 'denied' };

/** If the browser never answers (a permission prompt left open), the map starts anyway. */
export const GEOLOCATION_GIVE_UP_MS = 12_000;

function currentPosition(timeoutMs: number): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      reject(new Error('Geolocation is not available'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      reject,
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

/**
 * Asks once for the person's position. `locate()` asks again (the centre-on-me button) and
 * answers the fresh position, or null when it is denied or unavailable.
 */
export function useGeolocation(): GeoState & { locate: () => Promise<LatLng | null> } {
  const [state, setState] = useState<GeoState>({ status: 'pending' });

  useEffect(() => {
    let settled = false;
    const giveUp = setTimeout(() => {
      if (!settled) setState((s) => (s.status === 'pending' ? { status: 'denied' } : s));
    }, GEOLOCATION_GIVE_UP_MS);
    currentPosition(10_000).then(
      (position) => {
        settled = true;
        setState({ status: 'granted', position });
      },
      () => {
        settled = true;
        setState((s) => (s.status === 'granted' ? s : { status: 'denied' }));
      },
    );
    return () => {
      settled = true;
      clearTimeout(giveUp);
    };
  }, []);

  const locate = useCallback(async () => {
    try {
      const position = await currentPosition(10_000);
      setState({ status: 'granted', position });
      return position;
    } catch {
      return null;
    }
  }, []);

  return { ...state, locate };
}
