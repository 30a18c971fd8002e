import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { holdFirstScreen } from '../after-first-screen.ts';
import { drawOnPage, drawsInWorker, paintTile } from './tile-painter.ts';
import type { WorldTone } from './tile-drawing.ts';
import './world-base.css';

export { prepareWorld } from './tile-painter.ts';

/**
 * The map is never blank (docs/decisions/131-never-blank-map.md): under the tiles lies a world
 * drawn from data bundled with the app — land and sea, country borders (Natural Earth through
 * world-atlas), and the names of capitals and big cities at closer zooms (from our gazetteer's
 * GeoNames data, places.json). It sits in panes below the tile pane, so tiles that load cover it
 * and any tile that cannot (offline, blocked, no internet) leaves it showing, at every zoom.
 * Every part is loaded with import() when a map first shows, never with the sign-in screen.
 */

export type { WorldTone } from './tile-drawing.ts';

/** From which zoom each rank of places.json is named. */
const LABEL_ZOOM: Record<number, number> = { 1: 4, 2: 5, 3: 7 };

type Place = [name: string, lon: number, lat: number, rank: number];
let places: Promise<Place[]> | undefined;
function loadPlaces(): Promise<Place[]> {
  places ??= import('./places.json').then((m) => (m.default ?? m) as unknown as Place[]);
  return places;
}

let canvasWorks: boolean | undefined;
/**
 * A browser draws on canvas; a test's DOM (jsdom) has none, and then the shapes are left out.
 * A browser with OffscreenCanvas draws in the worker; only others are asked for a canvas here
 * (making a 2D context costs a phone's thread milliseconds as the map opens).
 */
function canDraw(): boolean {
  if (typeof OffscreenCanvas !== 'undefined') return true;
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

/**
 * The land as tiles, like the map's own: each drawn in the tile worker (tile-painter.ts) and
 * only placed here as an image, so opening a map costs the page's thread almost nothing, and
 * Leaflet scales them while zooming instead of redrawing the whole world on every zoom and pan.
 */
const WorldTiles = L.GridLayer.extend({
  createTile(coords: L.Coords, done: L.DoneCallback) {
    // Sharp on a phone's screen, but at most twice: a 3× tile has 2.25× the pixels of a 2× one.
    const size = 256 * Math.min(2, Math.max(1, Math.round(window.devicePixelRatio || 1)));
    const { tone } = (this as L.GridLayer & { options: { tone: WorldTone } }).options;
    if (!drawsInWorker()) {
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      drawOnPage(canvas, coords, tone).then(
        () => done(undefined, canvas),
        (error: Error) => done(error, canvas),
      );
      return canvas;
    }
    const img = document.createElement('img');
    img.alt = '';
    img.setAttribute('role', 'presentation');
    paintTile(coords, size, tone).then(
      (image) => {
        // A tile the map let go while it was drawn is not shown: no image to hold for it.
        if (!img.isConnected) return;
        img.onload = () => done(undefined, img);
        img.onerror = () => done(new Error('The world tile could not be shown.'), img);
        img.src = URL.createObjectURL(image);
      },
      (error: Error) => {
        if (img.isConnected) done(error, img);
      },
    );
    return img;
  },
}) as new (options: L.GridLayerOptions & { tone: WorldTone }) => L.GridLayer;

/**
 * A tile's image is released with the tile, and its load no longer reported: Leaflet finds tiles
 * by their place, so a late report would mark a newer tile at the same place as drawn.
 */
function releaseTile(e: L.TileEvent) {
  const tile = e.tile;
  if (!(tile instanceof HTMLImageElement)) return;
  tile.onload = null;
  tile.onerror = null;
  if (tile.src.startsWith('blob:')) URL.revokeObjectURL(tile.src);
}

/** After the frame that shows what was just placed has been painted. */
function afterNextPaint(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback, 0));
}

/** Inside a MapContainer: the bundled world under its tiles. */
export function WorldBase({ tone }: { tone: WorldTone }) {
  const map = useMap();
  useEffect(() => {
    // A test's DOM (no canvas) gets nothing: there is nothing to see there.
    if (!canDraw()) return undefined;
    ensurePane(map, 'world-base', 150);
    ensurePane(map, 'world-labels', 160);
    const tiles = new WorldTiles({ pane: 'world-base', className: 'world-tiles', tone }).on('tileunload', releaseTile).addTo(map);
    const labels = L.layerGroup([], { pane: 'world-labels' }).addTo(map);
    let cancelled = false;
    // The land first, then its names: the names' file (places.json) is only asked for once the
    // first tiles are on screen (loaded, then painted), so on a slow network it never holds up the
    // map's first picture; nor does the work that waits for the first screen (holdFirstScreen).
    let showLand = () => {};
    const landShown = new Promise<void>((resolve) => (showLand = resolve));
    tiles.once('load', () => afterNextPaint(showLand));
    holdFirstScreen(landShown);

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
      await landShown;
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

    const update = () => void showLabels();
    update();
    map.on('zoomend moveend', update);
    return () => {
      cancelled = true;
      // A map gone before its land was drawn holds nothing up.
      showLand();
      map.off('zoomend moveend', update);
      tiles.remove();
      labels.remove();
    };
  }, [map, tone]);
  return null;
}
