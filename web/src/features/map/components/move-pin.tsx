import type L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { pinIcon } from '../lib/icons.ts';
import type { LatLng } from '../lib/use-geolocation.ts';
import type { Pin } from '../../../lib/api/types.ts';

/** The memory being moved, and where it stands now. */
export interface MoveState {
  pin: Pin;
  at: LatLng;
}

/**
 * Keeps a point of the map in the part the move bar does not cover (it sits over the bottom of
 * the map): the pin being moved must stay in sight, above the panel that says to drag it.
 */
function keepAboveBar(map: L.Map, at: LatLng) {
  const bar = map.getContainer().closest('.map-screen')?.querySelector<HTMLElement>('.map-move-bar');
  const covered = bar ? bar.offsetHeight + 16 : 0;
  // The pin's icon stands above its point: room for it at the top too.
  map.panInside([at.lat, at.lng], { paddingTopLeft: [32, 72], paddingBottomRight: [32, covered + 24], animate: false });
}

/** A draggable copy of the pin; a tap on the map also puts it there (easier than dragging on a phone). */
export function MovingPin({ move, onMove }: { move: MoveState; onMove: (at: LatLng) => void }) {
  const markerRef = useRef<L.Marker>(null);
  const map = useMap();
  const pinId = move.pin.id;
  const startAt = useRef(move.at);
  // Once, when moving starts (the bar is on the page by then: effects run after the whole screen).
  useEffect(() => {
    keepAboveBar(map, startAt.current);
  }, [map, pinId]);
  useMapEvents({
    click: (e) => {
      // The tap on Move itself reaches the map too, from the popup that is closing (its button is
      // already gone from the page by then): that is not a place.
      const target = e.originalEvent.target as Element | null;
      if (!target?.isConnected || target.closest('.leaflet-popup')) return;
      onMove({ lat: e.latlng.lat, lng: e.latlng.lng });
    },
  });
  const handlers = useMemo(
    () => ({
      dragend: () => {
        const at = markerRef.current?.getLatLng();
        if (!at) return;
        onMove({ lat: at.lat, lng: at.lng });
        keepAboveBar(map, at);
      },
    }),
    [onMove, map],
  );
  return (
    <Marker
      ref={markerRef}
      position={[move.at.lat, move.at.lng]}
      icon={pinIcon('draft')}
      draggable
      autoPan
      title={`Moving ${move.pin.title}`}
      alt={`Moving ${move.pin.title}`}
      zIndexOffset={1000}
      eventHandlers={handlers}
    />
  );
}

export interface MoveBarProps {
  move: MoveState;
  saving: boolean;
  error: string | null;
  onSave: () => void;
  onCancel: () => void;
}

/** What moving asks of the person, with Save and Cancel; Save waits until the pin has moved. */
export function MoveBar({ move, saving, error, onSave, onCancel }: MoveBarProps) {
  const moved = move.at.lat !== move.pin.latitude || move.at.lng !== move.pin.longitude;
  return (
    <section className="map-move-bar" aria-label="Move memory">
      <p className="map-move-text">
        Drag the pin, or tap the map, to where <strong>{move.pin.title}</strong> happened.
      </p>
      <p className="map-move-coords hint">
        {move.at.lat.toFixed(5)}, {move.at.lng.toFixed(5)}
      </p>
      {error && (
        <p className="form-error map-move-error" role="alert">
          {error}
        </p>
      )}
      <div className="map-move-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={onSave} disabled={saving || !moved} aria-busy={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </section>
  );
}
