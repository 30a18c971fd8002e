import { useEffect } from 'react';
import { TileLayer, useMap } from 'react-leaflet';
import { WorldBase } from '../../../lib/world-base/world-base.tsx';
import { GEONAMES_ATTRIBUTION, type MapTheme } from '../lib/themes.ts';

/** A transparent pixel stands in for a tile that cannot load: no broken-image icons, nothing else breaks. */
const BLANK_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** The chosen theme's tiles over the drawn world (shown while tiles load or when they cannot). */
export function ThemeTiles({ theme }: { theme: MapTheme }) {
  return (
    <>
      <TileLayer
        key={theme.id}
        url={theme.url}
        attribution={theme.attribution}
        subdomains={theme.subdomains || 'abc'}
        maxZoom={theme.maxZoom}
        maxNativeZoom={theme.maxZoom}
        errorTileUrl={BLANK_TILE}
        // Through CORS, so the service worker may keep the tile (service-worker/tile-cache.ts).
        crossOrigin
        className={`map-tiles map-tiles-${theme.id}`}
      />
      <WorldBase tone={theme.id === 'voyager' ? 'light' : 'dark'} />
      <GeoNamesAttribution />
    </>
  );
}

function GeoNamesAttribution() {
  const map = useMap();
  useEffect(() => {
    map.attributionControl?.addAttribution(GEONAMES_ATTRIBUTION);
    return () => {
      map.attributionControl?.removeAttribution(GEONAMES_ATTRIBUTION);
    };
  }, [map]);
  return null;
}
