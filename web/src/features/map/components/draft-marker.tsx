import type L from 'leaflet';
import { useEffect, useRef } from 'react';
import { Marker, Popup, useMapEvents } from 'react-leaflet';
import { pinIcon } from '../lib/icons.ts';
import type { LatLng } from '../lib/use-geolocation.ts';

/** Double-click (or a long press) drops a marker offering 'Add memory'; a single click clears it. */
export function DraftMarker({ draft, onDraft, onAdd }: { draft: LatLng | null; onDraft: (at: LatLng | null) => void; onAdd: (at: LatLng) => void }) {
  const markerRef = useRef<L.Marker>(null);
  useMapEvents({
    dblclick: (e) => onDraft({ lat: e.latlng.lat, lng: e.latlng.lng }),
    contextmenu: (e) => onDraft({ lat: e.latlng.lat, lng: e.latlng.lng }),
    click: () => onDraft(null),
  });
  useEffect(() => {
    if (draft) markerRef.current?.openPopup();
  }, [draft]);
  if (!draft) return null;
  return (
    <Marker ref={markerRef} position={[draft.lat, draft.lng]} icon={pinIcon('draft')} title="New memory" zIndexOffset={1000}>
      <Popup className="map-draft-popup" closeButton={false} autoClose={false} closeOnClick={false} minWidth={180}>
        <div className="map-draft">
          <span className="map-draft-coords">
            {draft.lat.toFixed(5)}, {draft.lng.toFixed(5)}
          </span>
          <button type="button" className="btn btn-primary btn-block" onClick={() => onAdd(draft)}>
            Add memory
          </button>
        </div>
      </Popup>
    </Marker>
  );
}
