import 'leaflet/dist/leaflet.css';
import { useMemo } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import { useColorScheme } from '../../../lib/color-scheme.ts';
import { loadTheme } from '../../../lib/map-themes.ts';
import { PIN_COLORS, mapPinType } from '../../../lib/pin-type.ts';
import { WorldBase } from '../../../lib/world-base/world-base.tsx';
import type { Pin } from '../../../lib/api/types.ts';

/**
 * Where a person's memories are, at a glance: a small map fitted to them. A dot opens the memory
 * on the big map (onOpen); the list below says the same for those who do not use the map.
 */
export function PersonMap({ pins, viewerId, onOpen }: { pins: Pin[]; viewerId: string | undefined; onOpen: (pin: Pin) => void }) {
  const { scheme } = useColorScheme();
  const theme = loadTheme(scheme);
  const bounds = useMemo(() => {
    const lats = pins.map((p) => p.latitude);
    const lngs = pins.map((p) => p.longitude);
    // A single memory (or several on one spot) still gets a town's worth of map around it.
    const pad = 0.02;
    return [
      [Math.min(...lats) - pad, Math.min(...lngs) - pad],
      [Math.max(...lats) + pad, Math.max(...lngs) + pad],
    ] as [[number, number], [number, number]];
  }, [pins]);
  return (
    <div className="person-map" aria-label="Map of these memories" role="region">
      <MapContainer bounds={bounds} boundsOptions={{ padding: [24, 24], maxZoom: 13 }} scrollWheelZoom={false} className="person-map-canvas" attributionControl>
        <TileLayer url={theme.url} attribution={theme.attribution} subdomains={theme.subdomains || 'abc'} maxZoom={theme.maxZoom} crossOrigin />
        <WorldBase tone={theme.id === 'voyager' ? 'light' : 'dark'} />
        {pins.map((pin) => (
          <CircleMarker
            key={pin.id}
            center={[pin.latitude, pin.longitude]}
            radius={8}
            pathOptions={{ color: '#fff', weight: 2, fillColor: PIN_COLORS[mapPinType(pin, viewerId)], fillOpacity: 1 }}
            eventHandlers={{ click: () => onOpen(pin) }}
          >
            <Tooltip>{pin.title}</Tooltip>
          </CircleMarker>
        ))}
      </MapContainer>
    </div>
  );
}
