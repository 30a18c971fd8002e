/** docs/product.md §3 "Map theme: name, tile url, attribution; VOYAGER, DARK, SATELLITE". */
export interface MapTheme {
  id: 'voyager' | 'dark' | 'satellite';
  name: string;
  url: string;
  attribution: string;
  subdomains: string;
  maxZoom: number;
}

const OSM = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const CARTO = '&copy; <a href="https://carto.com/attributions">CARTO</a>';

export const MAP_THEMES = {
  VOYAGER: {
    id: 'voyager',
    name: 'Voyager',
    url: 'https://{s}.basemaps.cartocdn.com/rastertiles/voyager/{z}/{x}/{y}{r}.png',
    attribution: `${OSM} ${CARTO}`,
    subdomains: 'abcd',
    maxZoom: 20,
  },
  DARK: {
    id: 'dark',
    name: 'Dark',
    url: 'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png',
    attribution: `${OSM} ${CARTO}`,
    subdomains: 'abcd',
    maxZoom: 20,
  },
  SATELLITE: {
    id: 'satellite',
    name: 'Satellite',
    url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
    attribution:
      'Tiles &copy; <a href="https://www.esri.com/">Esri</a> &mdash; Source: Esri, i-cubed, USDA, USGS, AEX, GeoEye, Getmapping, Aerogrid, IGN, IGP, UPR-EGP, and the GIS User Community',
    subdomains: '',
    maxZoom: 19,
  },
} as const satisfies Record<string, MapTheme>;

export const THEME_LIST: readonly MapTheme[] = [MAP_THEMES.VOYAGER, MAP_THEMES.DARK, MAP_THEMES.SATELLITE];

/** Our own place data is GeoNames' (CC BY 4.0), which asks to be credited where it is shown. */
export const GEONAMES_ATTRIBUTION = 'Places © <a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)';

const THEME_KEY = 'mm-map-theme';

/** The theme chosen on this device, or null if none was: the map then follows the app's colour scheme. */
export function loadSavedTheme(): MapTheme | null {
  let id: string | null = null;
  try {
    id = localStorage.getItem(THEME_KEY);
  } catch {
    id = null;
  }
  return THEME_LIST.find((t) => t.id === id) ?? null;
}

/** The theme chosen last time on this device, else Voyager (Dark while the app is dark). */
export function loadTheme(appScheme: 'light' | 'dark' = 'light'): MapTheme {
  return loadSavedTheme() ?? (appScheme === 'dark' ? MAP_THEMES.DARK : MAP_THEMES.VOYAGER);
}

export function saveTheme(theme: MapTheme): void {
  try {
    localStorage.setItem(THEME_KEY, theme.id);
  } catch {
    // Private mode or a full storage: the choice lasts for this visit only.
  }
}
