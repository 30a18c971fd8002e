// The map's numbers, apart from its schemas so that the map screen can read them without
// loading zod (docs/decisions/090-web-delivery.md, "Zod off the first screens").

/** The map's zoom levels (Leaflet's, 256-pixel tiles). */
export const MAP_ZOOM_MAX = 22;
/** Markers closer than this on screen are drawn as one bubble (the server clusters; 30 px markers). */
export const MAP_CLUSTER_RADIUS_PX = 48;
/** Above this zoom every pin stands alone (the browser fans out pins at one spot). */
export const MAP_CLUSTER_MAX_ZOOM = 17;
/** At most this many pins come back for a narrow viewport; more and the answer says `truncated`. */
export const MAP_PINS_MAX = 300;
/** A wide viewport gets at most this many clusters. */
export const MAP_CLUSTERS_MAX = 500;
