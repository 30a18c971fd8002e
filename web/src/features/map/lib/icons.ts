import type { PinType } from '@memory-map/shared';
import L from 'leaflet';
import { PIN_COLORS } from '../../../lib/pin-type.ts';

/** docs/product.md §9: markers are 30×30. */
export const MARKER_SIZE = 30;

function pinSvg(color: string): string {
  return `<svg width="${MARKER_SIZE}" height="${MARKER_SIZE}" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 22.5s7.5-6.9 7.5-12.7a7.5 7.5 0 0 0-15 0c0 5.8 7.5 12.7 7.5 12.7z" fill="${color}" stroke="#fff" stroke-width="1.6"/><circle cx="12" cy="9.9" r="2.9" fill="#fff"/></svg>`;
}

const pinIcons = new Map<string, L.DivIcon>();

/** One icon object per type, shared by every marker (Leaflet copies nothing; fewer objects, fewer repaints). */
/** Besides the three types: the spot being added, and a memory still on the device (waiting, or refused by the server). */
const EXTRA_COLORS = { draft: '#f59e0b', pending: '#b45309', refused: '#dc2626' } as const;

export function pinIcon(type: PinType | keyof typeof EXTRA_COLORS): L.DivIcon {
  let icon = pinIcons.get(type);
  if (!icon) {
    const color = type in EXTRA_COLORS ? EXTRA_COLORS[type as keyof typeof EXTRA_COLORS] : PIN_COLORS[type as PinType];
    icon = L.divIcon({
      className: `map-pin map-pin-${type}`,
      html: pinSvg(color),
      iconSize: [MARKER_SIZE, MARKER_SIZE],
      iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE - 1],
      popupAnchor: [0, -MARKER_SIZE + 4],
    });
    pinIcons.set(type, icon);
  }
  return icon;
}

const clusterIcons = new Map<number, L.DivIcon>();

/** A bubble with the number of memories it stands for; bigger bubbles for bigger crowds. */
export function clusterIcon(count: number): L.DivIcon {
  let icon = clusterIcons.get(count);
  if (!icon) {
    const size = count < 10 ? 38 : count < 100 ? 44 : count < 1000 ? 50 : 56;
    const label = count >= 10000 ? `${Math.floor(count / 1000)}k` : String(count);
    icon = L.divIcon({
      className: 'map-cluster',
      html: `<span class="map-cluster-bubble" style="width:${size}px;height:${size}px">${label}</span>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
    clusterIcons.set(count, icon);
  }
  return icon;
}

/** The dot as drawn (16 px and its 3 px white ring): no bigger, so a bubble under it stays tappable round it. */
const OWN_DOT_TARGET = 22;
let ownIcon: L.DivIcon | null = null;

/** The blue dot of the person's own position. */
export function ownPositionIcon(): L.DivIcon {
  ownIcon ??= L.divIcon({
    className: 'map-own-dot',
    html: '<span class="map-own-dot-core"></span>',
    iconSize: [OWN_DOT_TARGET, OWN_DOT_TARGET],
    iconAnchor: [OWN_DOT_TARGET / 2, OWN_DOT_TARGET / 2],
    popupAnchor: [0, -6],
  });
  return ownIcon;
}
