import type { TypeFilter } from './map-items.ts';

/**
 * Where the map was and what it showed, kept on the device per person, so a tab switch or a
 * reload comes back to the same place (search Kyoto, open Feed, come back: still Kyoto). Per
 * person because the next one to sign in on this phone has no business with where the last one
 * was looking. The theme is kept by themes.ts (per device, as it always was).
 */
export interface SavedView {
  lat: number;
  lng: number;
  zoom: number;
}

const viewKey = (userId: string) => `mm-map-view:${userId}`;
const filterKey = (userId: string) => `mm-map-filter:${userId}`;

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the view lasts for this visit only.
  }
}

const isNumberIn = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

export function loadView(userId: string | undefined): SavedView | null {
  if (!userId) return null;
  const v = read(viewKey(userId)) as Partial<SavedView> | null;
  if (!v || !isNumberIn(v.lat, -90, 90) || !isNumberIn(v.lng, -1e4, 1e4) || !isNumberIn(v.zoom, 0, 22)) return null;
  // Leaflet lets the centre run past ±180 when the world is dragged around; bring it back.
  const lng = ((((v.lng + 180) % 360) + 360) % 360) - 180;
  return { lat: v.lat, lng, zoom: v.zoom };
}

export function saveView(userId: string | undefined, view: SavedView): void {
  if (userId) write(viewKey(userId), view);
}

export function loadFilter(userId: string | undefined, fallback: TypeFilter): TypeFilter {
  const f = userId ? (read(filterKey(userId)) as Partial<TypeFilter> | null) : null;
  if (!f || typeof f.own !== 'boolean' || typeof f.friend !== 'boolean' || typeof f.public !== 'boolean') return fallback;
  return { own: f.own, friend: f.friend, public: f.public };
}

export function saveFilter(userId: string | undefined, filter: TypeFilter): void {
  if (userId) write(filterKey(userId), filter);
}
