/** The hosts the map themes (map-themes.ts) load tiles from; the service worker caches their tiles. */
export const TILE_HOSTS = ['basemaps.cartocdn.com', 'server.arcgisonline.com'] as const;
