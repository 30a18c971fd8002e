import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { WorldBase } from '../../../lib/world-base/world-base.tsx';
import { useColorScheme } from '../../../lib/color-scheme.ts';
import type { PhotoPosition } from '../../../lib/photo-taken.ts';

export interface MapSuggestion {
  id: string;
  number: number;
  position: PhotoPosition;
  label: string;
}

// The same basemaps as the main map (features/map/lib/themes.ts), light or dark with the app.
const TILES = {
  light: 'https://{s}.basemaps.cartocdn.com/rastertiles/voyager/{z}/{x}/{y}{r}.png',
  dark: 'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png',
};
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors &copy; <a href="https://carto.com/attributions">CARTO</a>';

function numberIcon(n: number, selected: boolean) {
  return L.divIcon({
    className: '',
    html: `<span class="import-marker${selected ? ' selected' : ''}">${n}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
  });
}

/** Shows every suggestion once, when the review opens. */
function FitAll({ positions }: { positions: PhotoPosition[] }) {
  const map = useMap();
  const first = positions.length > 0;
  useEffect(() => {
    if (!first) return;
    map.fitBounds(L.latLngBounds(positions.map((p) => [p.lat, p.lng])), { padding: [30, 30], maxZoom: 14 });
    // Only on opening: moving a pin must not reframe the map under the finger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, first]);
  return null;
}

/** A tap on the map puts the suggestion being placed there (easier than dragging on a phone). */
function TapToPlace({ onTap }: { onTap: ((at: PhotoPosition) => void) | null }) {
  useMapEvents({
    click: (e) => onTap?.({ lat: e.latlng.lat, lng: e.latlng.lng }),
  });
  return null;
}

/**
 * The review's map (docs/design.md §16): a numbered marker per placed suggestion, matching the
 * list; dragging one moves that memory, and while one is being placed a tap puts it there.
 */
export function ReviewMap({
  suggestions,
  selected,
  onSelect,
  onMove,
}: {
  suggestions: MapSuggestion[];
  selected: string | null;
  onSelect: (id: string) => void;
  onMove: (id: string, at: PhotoPosition) => void;
}) {
  const { scheme } = useColorScheme();
  const positions = useMemo(() => suggestions.map((s) => s.position), [suggestions]);
  return (
    <MapContainer className="import-map" center={[20, 0]} zoom={2} minZoom={1} worldCopyJump doubleClickZoom={false}>
      <TileLayer url={scheme === 'dark' ? TILES.dark : TILES.light} attribution={ATTRIBUTION} subdomains="abcd" maxZoom={20} crossOrigin />
      <WorldBase tone={scheme === 'dark' ? 'dark' : 'light'} />
      <FitAll positions={positions} />
      <TapToPlace onTap={selected ? (at) => onMove(selected, at) : null} />
      {suggestions.map((s) => (
        <Marker
          key={s.id}
          position={[s.position.lat, s.position.lng]}
          icon={numberIcon(s.number, s.id === selected)}
          draggable
          title={s.label}
          alt={s.label}
          eventHandlers={{
            click: () => onSelect(s.id),
            dragend: (e) => {
              const at = (e.target as L.Marker).getLatLng();
              onMove(s.id, { lat: at.lat, lng: at.lng });
            },
          }}
        />
      ))}
    </MapContainer>
  );
}
