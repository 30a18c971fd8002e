import { replaceEqualDeep } from '@tanstack/react-query';
import type L from 'leaflet';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import { Marker, Polyline, Popup, useMap } from 'react-leaflet';
import { flyOrJump } from '../lib/calm-motion.ts';
import { clusterIcon, pinIcon } from '../lib/icons.ts';
import type { MapItem, PinItem } from '../lib/map-items.ts';
import { PinPopup } from './pin-popup.tsx';
import type { Pin } from '../../../lib/api/types.ts';

export interface PinActions {
  onUpdate: (pin: Pin) => void;
  onDelete: (pin: Pin) => void;
  onMove?: (pin: Pin) => void;
  onShare?: (pin: Pin) => void;
  /** Opens the full-size viewer at the memory's photo `index`. */
  onOpenImage: (pin: Pin, index: number) => void;
  /** Opens the memory's screen (its reactions and comments). */
  onOpen?: (pin: Pin) => void;
  /** More for an own pin's popup, below its actions ("add to trip"). */
  renderOwnExtra?: (pin: Pin) => ReactNode;
  /** A pin's popup opened: the map keeps that pin drawn while it is open. */
  onPopupOpen?: (item: PinItem) => void;
  onPopupClose?: (pinId: string) => void;
}

/** Draws pins and cluster bubbles alike; a bubble zooms in where it stands when clicked. */
export function PinLayer({ items, actions, openId }: { items: MapItem[]; actions: PinActions; openId?: string }) {
  return (
    <>
      {items.map((item) =>
        item.kind === 'cluster' ? <ClusterMarker key={item.id} item={item} /> : <PinMarker key={item.pin.id} item={item} actions={actions} open={item.pin.id === openId} />,
      )}
    </>
  );
}

const ClusterMarker = memo(function ClusterMarker({ item }: { item: Extract<MapItem, { kind: 'cluster' }> }) {
  const map = useMap();
  return (
    <Marker
      position={[item.lat, item.lng]}
      icon={clusterIcon(item.count)}
      title={`${item.count} memories here, zoom in`}
      eventHandlers={{
        click: () => {
          const zoom = item.expansionZoom ?? map.getZoom() + 2;
          flyOrJump(map, [item.lat, item.lng], Math.min(zoom, map.getMaxZoom()), 0.5);
        },
      }}
    />
  );
});

/** The thin line from a fanned-out pin back to the spot its memory is at. */
const LEG_STYLE: L.PathOptions = { color: '#334155', weight: 1.5, opacity: 0.75, interactive: false };

interface PinMarkerProps {
  item: PinItem;
  actions: PinActions;
  /** Open its popup now (the memory asked for by "Show on map"). */
  open?: boolean;
}

/**
 * Every answer for a moved map holds new pin objects; a marker re-renders only when what it shows
 * changed. That matters beyond speed: react-leaflet calls popup.update() whenever an open popup's
 * content re-renders, and Leaflet then auto-pans the popup back into view, so a pan away from an
 * open popup would snap back as soon as the pins for the new view arrived.
 */
function samePinMarker(prev: PinMarkerProps, next: PinMarkerProps): boolean {
  return (
    prev.actions === next.actions &&
    prev.open === next.open &&
    prev.item.type === next.item.type &&
    prev.item.at?.lat === next.item.at?.lat &&
    prev.item.at?.lng === next.item.at?.lng &&
    (prev.item.pin === next.item.pin || replaceEqualDeep(prev.item.pin, next.item.pin) === prev.item.pin)
  );
}

const PinMarker = memo(function PinMarker({ item, actions, open }: PinMarkerProps) {
  const { pin, type, at } = item;
  const popupRef = useRef<L.Popup>(null);
  const markerRef = useRef<L.Marker>(null);
  useEffect(() => {
    if (open) markerRef.current?.openPopup();
  }, [open]);
  const { onPopupOpen, onPopupClose, ...popupActions } = actions;
  return (
    <>
      {at && (
        <Polyline
          positions={[
            [pin.latitude, pin.longitude],
            [at.lat, at.lng],
          ]}
          pathOptions={LEG_STYLE}
        />
      )}
      <Marker
        ref={markerRef}
        position={at ? [at.lat, at.lng] : [pin.latitude, pin.longitude]}
        icon={pinIcon(type)}
        title={pin.title}
        alt={pin.title}
        riseOnHover
        eventHandlers={{
          popupopen: () => onPopupOpen?.(item),
          popupclose: () => onPopupClose?.(pin.id),
        }}
      >
        <Popup ref={popupRef} className="pin-popup-wrap" minWidth={260} maxWidth={280} autoPanPaddingTopLeft={[16, 96]} autoPanPaddingBottomRight={[16, 24]}>
          <PinPopup pin={pin} type={type} {...popupActions} onLayout={() => popupRef.current?.update()} />
        </Popup>
      </Marker>
    </>
  );
}, samePinMarker);
