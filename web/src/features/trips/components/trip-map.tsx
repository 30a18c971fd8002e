import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useMemo } from 'react';
import { MapContainer, Marker, Polyline, TileLayer, Tooltip } from 'react-leaflet';
import { useColorScheme } from '../../../lib/color-scheme.ts';
import { loadTheme } from '../../../lib/map-themes.ts';
import { WorldBase } from '../../../lib/world-base/world-base.tsx';
import type { Trip } from '../../../lib/api/types.ts';

function stopIcon(n: number): L.DivIcon {
  const label = document.createElement('span');
  label.textContent = String(n);
  return L.divIcon({ className: 'trip-stop', html: label, iconSize: [28, 28], iconAnchor: [14, 14] });
}

/**
 * The trip on a map: its route (the GPX track, or the line through the memories in order) and a
 * numbered stop per memory the viewer may read. Fitted to both; the bundled world shows under it
 * when tiles cannot load.
 */
export function TripMap({ trip, onOpen }: { trip: Trip; onOpen: (index: number) => void }) {
  const { scheme } = useColorScheme();
  const theme = loadTheme(scheme);
  const line = useMemo(() => trip.route.coordinates.map(([lng, lat]) => [lat, lng] as [number, number]), [trip.route]);
  const bounds = useMemo(() => {
    const points = [...line, ...trip.pins.map((p) => [p.latitude, p.longitude] as [number, number])];
    if (points.length === 0) return null;
    const lats = points.map((p) => p[0]);
    const lngs = points.map((p) => p[1]);
    const pad = 0.02;
    return [
      [Math.min(...lats) - pad, Math.min(...lngs) - pad],
      [Math.max(...lats) + pad, Math.max(...lngs) + pad],
    ] as [[number, number], [number, number]];
  }, [line, trip.pins]);
  const icons = useMemo(() => trip.pins.map((_, i) => stopIcon(i + 1)), [trip.pins]);
  return (
    <div className="trip-map" role="region" aria-label="Map of the trip">
      <MapContainer
        {...(bounds ? { bounds, boundsOptions: { padding: [28, 28], maxZoom: 13 } } : { center: [30, 0] as [number, number], zoom: 1 })}
        scrollWheelZoom={false}
        className="trip-map-canvas"
        worldCopyJump
      >
        <TileLayer url={theme.url} attribution={theme.attribution} subdomains={theme.subdomains || 'abc'} maxZoom={theme.maxZoom} crossOrigin />
        <WorldBase tone={theme.id === 'voyager' ? 'light' : 'dark'} />
        {/* As props, not pathOptions: the class is set only when the line is made. */}
        {line.length > 1 && <Polyline positions={line} className="trip-route" color="#4f46e5" weight={4} opacity={0.85} />}
        {trip.pins.map((pin, i) => (
          <Marker key={pin.id} position={[pin.latitude, pin.longitude]} icon={icons[i]!} title={`${i + 1}. ${pin.title}`} eventHandlers={{ click: () => onOpen(i) }}>
            <Tooltip>{`${i + 1}. ${pin.title}`}</Tooltip>
          </Marker>
        ))}
      </MapContainer>
    </div>
  );
}
