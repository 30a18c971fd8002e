import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import { loadCoarseShapes } from '../../../lib/world-base/shapes.ts';

function Countries({ visited, dark }: { visited: ReadonlySet<string>; dark: boolean }) {
  const map = useMap();
  useEffect(() => {
    let layer: L.GeoJSON | null = null;
    let cancelled = false;
    void loadCoarseShapes().then((features) => {
      if (cancelled) return;
      layer = L.geoJSON(features as unknown as GeoJSON.GeoJsonObject, {
        interactive: false,
        style: (f) => {
          const on = visited.has(String(f?.id ?? ''));
          return {
            fillColor: on ? '#4f46e5' : dark ? '#3b3b3b' : '#f2efe9',
            fillOpacity: 1,
            color: dark ? '#6b6b6b' : '#b9a9c2',
            weight: 0.6,
          };
        },
      }).addTo(map);
    });
    return () => {
      cancelled = true;
      layer?.remove();
    };
  }, [map, visited, dark]);
  return null;
}

/**
 * The countries someone has memories in, filled (docs/design.md §15). Drawn from the shapes
 * bundled with the app (no tiles): it looks the same online and off.
 */
export function WorldMap({ visited, dark }: { visited: ReadonlySet<string>; dark: boolean }) {
  return (
    <div className="world-map" role="img" aria-label={`Map of the world with ${visited.size} ${visited.size === 1 ? 'country' : 'countries'} filled`}>
      <MapContainer center={[25, 10]} zoom={0.5} zoomSnap={0.25} minZoom={0} maxZoom={5} scrollWheelZoom={false} attributionControl={false} className="world-map-canvas" worldCopyJump>
        <Countries visited={visited} dark={dark} />
      </MapContainer>
    </div>
  );
}
