import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { landRings, type Topology } from '../places/land-mask.ts';
import { escapeHtml } from '../share-links/share-page.ts';

/**
 * The small map of a trip's link page (trip-page.ts): the stops, numbered, and the line through
 * them, over land and sea from Natural Earth's 1:110m land (world-atlas) — drawn as inline SVG,
 * because the page has no script and loads nothing from anyone else (no tiles).
 */

const WIDTH = 560;
const MIN_HEIGHT = 220;
const MAX_HEIGHT = 360;
/** The least span shown, in degrees of latitude: one stop, or stops in one town, still show their coast. */
const MIN_SPAN = 1.5;

let rings: number[][] | null = null;
function land(): number[][] {
  if (!rings) {
    const require = createRequire(import.meta.url);
    rings = landRings(JSON.parse(readFileSync(require.resolve('world-atlas/land-110m.json'), 'utf8')) as Topology);
  }
  return rings;
}

export interface MapStop {
  latitude: number;
  longitude: number;
}

/** The SVG, or '' when there is nothing to place. `label` names it for screen readers. */
export function tripMapSvg(stops: readonly MapStop[], label: string): string {
  if (stops.length === 0) return '';
  const lats = stops.map((s) => s.latitude);
  const lngs = stops.map((s) => s.longitude);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  // Equirectangular, with longitudes shrunk by the cosine of the middle latitude so shapes keep
  // their proportions near it.
  const k = Math.max(0.2, Math.cos((midLat * Math.PI) / 180));
  const x0 = Math.min(...lngs) * k;
  const x1 = Math.max(...lngs) * k;
  const y0 = Math.min(...lats);
  const y1 = Math.max(...lats);
  // A fifth of the span around the stops, and at least MIN_SPAN each way.
  const spanX = Math.max(x1 - x0, MIN_SPAN) * 1.4;
  const spanY = Math.max(y1 - y0, MIN_SPAN) * 1.4;
  const height = Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, (WIDTH * spanY) / spanX)));
  // One scale for both axes: the wider of the two spans decides.
  const scale = Math.min(WIDTH / spanX, height / spanY);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const px = (lng: number) => WIDTH / 2 + (lng * k - cx) * scale;
  const py = (lat: number) => height / 2 - (lat - cy) * scale;
  const west = cx - WIDTH / 2 / scale;
  const east = cx + WIDTH / 2 / scale;
  const south = cy - height / 2 / scale;
  const north = cy + height / 2 / scale;

  const paths: string[] = [];
  for (const ring of land()) {
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < ring.length; i += 2) {
      minX = Math.min(minX, ring[i]! * k);
      maxX = Math.max(maxX, ring[i]! * k);
      minY = Math.min(minY, ring[i + 1]!);
      maxY = Math.max(maxY, ring[i + 1]!);
    }
    if (maxY < south || minY > north) continue;
    // A ring made continuous across the antimeridian may lie a world away (all of Afro-Eurasia
    // runs from -378° to -170°): each copy that reaches the view is drawn.
    for (const shift of [-360, 0, 360]) {
      if (maxX + shift * k < west || minX + shift * k > east) continue;
      let d = '';
      for (let i = 0; i < ring.length; i += 2) d += `${i === 0 ? 'M' : 'L'}${px(ring[i]! + shift).toFixed(1)} ${py(ring[i + 1]!).toFixed(1)}`;
      paths.push(`${d}Z`);
    }
  }
  const points = stops.map((s) => `${px(s.longitude).toFixed(1)},${py(s.latitude).toFixed(1)}`);
  const markers = stops
    .map(
      (s, i) =>
        `<g transform="translate(${px(s.longitude).toFixed(1)} ${py(s.latitude).toFixed(1)})"><circle r="15" class="stop-dot"/><text y="5" text-anchor="middle" class="stop-number">${i + 1}</text></g>`,
    )
    .join('');
  return `<svg class="trip-map" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeHtml(label)}" xmlns="http://www.w3.org/2000/svg">
<rect width="${WIDTH}" height="${height}" class="sea"/>
<path class="land" d="${paths.join('')}"/>
${stops.length > 1 ? `<polyline class="route" points="${points.join(' ')}"/>` : ''}
${markers}
</svg>`;
}
