import type L from 'leaflet';

/** The person asked their device for less motion (a setting of the OS). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Moves the map to a place: a short flight, or a jump for someone who asked for less motion. */
export function flyOrJump(map: L.Map, center: L.LatLngExpression, zoom: number, duration: number): void {
  if (prefersReducedMotion()) map.setView(center, zoom, { animate: false });
  else map.flyTo(center, zoom, { duration });
}

/**
 * A popup that opens partly off screen pans the map to show itself. Leaflet animates that pan over
 * a quarter of a second, and a tap on one of the popup's buttons meanwhile lands where the button
 * was — on the map, which closes the popup. So the pan of a popup happens at once, before the
 * popup is first painted: it is where it stays from the moment it shows. (Also less motion for
 * those who asked for it.) Leaflet has no option for this; its popup fires 'autopanstart' just
 * before it calls the map's panBy, so this map's panBy makes the next call after that event an
 * instant one. Returns the undo.
 */
export function panPopupsAtOnce(map: L.Map): () => void {
  let popupPan = false;
  const original = map.panBy;
  const started = () => {
    popupPan = true;
  };
  map.on('autopanstart', started);
  map.panBy = function panBy(this: L.Map, offset: L.PointExpression, options?: L.PanOptions) {
    const instant = popupPan;
    popupPan = false;
    return original.call(this, offset, instant ? { ...options, animate: false } : options);
  };
  return () => {
    map.off('autopanstart', started);
    map.panBy = original;
  };
}
