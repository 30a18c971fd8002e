/**
 * The hosts the web map's themes load tiles from (web/src/lib/map-themes.ts). The service worker
 * keeps the tiles it has seen (web/src/service-worker/tile-cache.ts), so it fetches them itself:
 * the server's content security policy lets it connect to these hosts, and to no other.
 */
export const TILE_HOSTS = ['basemaps.cartocdn.com', 'server.arcgisonline.com'] as const;

/** As connect-src sources: each host and its subdomains (a.basemaps.cartocdn.com …), over https. */
export const TILE_CONNECT_SOURCES: readonly string[] = TILE_HOSTS.flatMap((host) => [`https://${host}`, `https://*.${host}`]);
