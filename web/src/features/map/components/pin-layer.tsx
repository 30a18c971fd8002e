import type { Pin } from '@memory-map/shared';
import type L from 'leaflet';
import { memo, useRef } from 'react';
import { Marker, Popup, useMap } from 'react-leaflet';
import { clusterIcon, pinIcon } from '../lib/icons.ts';
import type { MapItem } from '../lib/map-items.ts';
import { PinPopup } from './pin-popup.tsx';

export interface PinActions {
  onUpdate: (pin: Pin) => void;
  onDelete: (pin: Pin) => void;
  onOpenImage: (pin: Pin) => void;
}

/** Draws pins and cluster bubbles alike; a bubble zooms in where it stands when clicked. */
export function PinLayer({ items, actions }: { items: MapItem[]; actions: PinActions }) {
  return (
    <>
      {items.map((item) =>
        item.kind === 'cluster' ? <ClusterMarker key={item.id} item={item} /> : <PinMarker key={item.pin.id} item={item} actions={actions} />,
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
          map.flyTo([item.lat, item.lng], Math.min(zoom, map.getMaxZoom()), { duration: 0.5 });
        },
      }}
    />
  );
});

const PinMarker = memo(function PinMarker({ item, actions }: { item: Extract<MapItem, { kind: 'pin' }>; actions: PinActions }) {
  const { pin, type } = item;
  const popupRef = useRef<L.Popup>(null);
  return (
    <Marker position={[pin.latitude, pin.longitude]} icon={pinIcon(type)} title={pin.title} alt={pin.title} riseOnHover>
      <Popup ref={popupRef} className="pin-popup-wrap" minWidth={260} maxWidth={280} autoPanPaddingTopLeft={[16, 96]} autoPanPaddingBottomRight={[16, 24]}>
        <PinPopup pin={pin} type={type} {...actions} onLayout={() => popupRef.current?.update()} />
      </Popup>
    </Marker>
  );
});
