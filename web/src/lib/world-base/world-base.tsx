import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { featuresOf, type Topology } from './topology.ts';
import './world-base.css';

/**
 * The map is never blank (docs/decisions/131-never-blank-map.md): under the tiles lies a world
 * drawn from data bundled with the app — land and sea, country borders (Natural Earth through
 * world-atlas), and the names of capitals and big cities at closer zooms (from our gazetteer's
 * GeoNames data, places.json). It sits in panes below the tile pane, so tiles that load cover it
 * and any tile that cannot (offline, blocked, no internet) leaves it showing, at every zoom.
 * Every part is loaded with import() when a map first shows, never with the sign-in screen.
 */

export type WorldTone = 'light' | 'dark';

const STYLE: Record<WorldTone, L.PathOptions> = {
  light: { fillColor: '#f2efe9', fillOpacity: 1, color: '#b9a9c2', weight: 0.8 },
  dark: { fillColor: '#3b3b3b', fillOpacity: 1, color: '#6b6b6b', weight: 0.8 },
};

/** Coarse shapes for the whole world, finer ones once the map shows a region. */
const FINE_FROM_ZOOM = 4;
/** From which zoom each rank of places.json is named. */
const LABEL_ZOOM: Record<number, number> = { 1: 4, 2: 5, 3: 7 };

export type Detail = 'coarse' | 'fine';
const shapes: Partial<Record<Detail, Promise<ReturnType<typeof featuresOf>>>> = {};

/** The countries' shapes ('coarse': 1:110m, 'fine': 1:50m), keyed by ISO 3166-1 numeric id; loaded once. */
export function loadShapes(detail: Detail) {
  shapes[detail] ??= (
    detail === 'coarse' ? import('world-atlas/countries-110m.json') : import('world-atlas/countries-50m.json')
  ).then((m) => featuresOf((m.default ?? m) as unknown as Topology, 'countries'));
  return shapes[detail]!;
}

type Place = [name: string, lon: number, lat: number, rank: number];
let places: Promise<Place[]> | undefined;
function loadPlaces(): Promise<Place[]> {
  places ??= import('./places.json').then((m) => (m.default ?? m) as unknown as Place[]);
  return places;
}

let canvasWorks: boolean | undefined;
/** A browser draws on canvas; a test's DOM (jsdom) has none, and then the shapes are left out. */
function canDraw(): boolean {
  if (canvasWorks === undefined) {
    try {
      canvasWorks = document.createElement('canvas').getContext('2d') !== null;
    } catch {
      canvasWorks = false;
    }
  }
  return canvasWorks;
}

function ensurePane(map: L.Map, name: string, zIndex: number): void {
  if (map.getPane(name)) return;
  const pane = map.createPane(name);
  pane.style.zIndex = String(zIndex);
  // Below the tiles (200), so only a tile that is missing lets it show; never in the way of a tap.
  pane.style.pointerEvents = 'none';
}

/** Inside a MapContainer: the bundled world under its tiles. */
export function WorldBase({ tone }: { tone: WorldTone }) {
  const map = useMap();
  useEffect(() => {
    // A test's DOM (no canvas) gets nothing: there is nothing to see there.
    if (!canDraw()) return undefined;
    ensurePane(map, 'world-base', 150);
    ensurePane(map, 'world-labels', 160);
    const renderer = L.canvas({ pane: 'world-base', padding: 0.5 });
    let shown: { detail: Detail; layer: L.GeoJSON } | null = null;
    const labels = L.layerGroup([], { pane: 'world-labels' }).addTo(map);
    let cancelled = false;

    const showShapes = async () => {
      const detail: Detail = map.getZoom() >= FINE_FROM_ZOOM ? 'fine' : 'coarse';
      if (shown?.detail === detail) return;
      const features = await loadShapes(detail);
      const now: Detail = map.getZoom() >= FINE_FROM_ZOOM ? 'fine' : 'coarse';
      if (cancelled || now !== detail || shown?.detail === detail) return;
      // The canvas renderer draws thousands of coastline points as one bitmap, not as DOM nodes.
      const layer = L.geoJSON(features as unknown as GeoJSON.GeoJsonObject, { style: () => ({ ...STYLE[tone], renderer }), interactive: false });
      layer.addTo(map);
      shown?.layer.remove();
      shown = { detail, layer };
    };

    // Only the names in and around the view: a few dozen markers, not fifteen hundred, whatever the zoom.
    let labelled = '';
    const showLabels = async () => {
      const zoom = map.getZoom();
      const rank = Math.max(0, ...Object.entries(LABEL_ZOOM).filter(([, z]) => zoom >= z).map(([r]) => Number(r)));
      if (rank === 0) {
        labels.clearLayers();
        labelled = '';
        return;
      }
      const list = await loadPlaces();
      if (cancelled || map.getZoom() !== zoom) return;
      const area = map.getBounds().pad(0.5);
      const key = `${rank}:${area.toBBoxString()}`;
      if (key === labelled) return;
      labelled = key;
      labels.clearLayers();
      for (const [name, lon, lat, r] of list) {
        if (r > rank || !area.contains([lat, lon])) continue;
        const text = document.createElement('span');
        text.textContent = name;
        const icon = L.divIcon({ className: `world-label world-label-${tone} world-label-rank-${r}`, html: text, iconSize: undefined });
        labels.addLayer(L.marker([lat, lon], { icon, pane: 'world-labels', interactive: false, keyboard: false }));
      }
    };

    const update = () => {
      void showShapes();
      void showLabels();
    };
    update();
    map.on('zoomend moveend', update);
    return () => {
      cancelled = true;
      map.off('zoomend moveend', update);
      shown?.layer.remove();
      labels.remove();
    };
  }, [map, tone]);
  return null;
}
