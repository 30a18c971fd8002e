import { useCallback, useEffect, useRef } from 'react';
import { useMapEvents } from 'react-leaflet';

/** The visible area, west-south-east-north, and the zoom. */
export type View = { bbox: [number, number, number, number]; zoom: number };

/** Reports the visible area after the map settles, debounced so a drag asks the server once. */
export function ViewTracker({ onChange }: { onChange: (view: View) => void }) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const map = useMapEvents({
    moveend: () => schedule(),
    zoomend: () => schedule(),
    resize: () => schedule(),
  });
  const report = useCallback(() => {
    const b = map.getBounds();
    onChange({ bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() });
  }, [map, onChange]);
  function schedule() {
    clearTimeout(timer.current);
    timer.current = setTimeout(report, 250);
  }
  useEffect(() => {
    report();
    return () => clearTimeout(timer.current);
  }, [report]);
  return null;
}
