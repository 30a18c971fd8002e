import { memo } from 'react';
import { Marker, Popup } from 'react-leaflet';
import { useNavigate } from 'react-router';
import { PendingMemory, WAITING_TEXT } from '../../../components/pending-memory.tsx';
import { editPendingMemory, type OutboxItem } from '../../../lib/outbox/index.ts';

import { pinIcon } from '../lib/icons.ts';

/** The person's memories still on the device (the outbox): their own marker, a popup saying so. */
export const PendingLayer = memo(function PendingLayer({ items }: { items: OutboxItem[] }) {
  const navigate = useNavigate();
  return (
    <>
      {items.map((item) => (
        <Marker
          key={item.id}
          position={[item.preview.latitude, item.preview.longitude]}
          icon={pinIcon(item.problem ? 'refused' : 'pending')}
          title={`${item.preview.title} (${WAITING_TEXT.toLowerCase()})`}
          alt={`${item.preview.title} (${WAITING_TEXT.toLowerCase()})`}
          riseOnHover
        >
          <Popup className="pin-popup-wrap" minWidth={240} maxWidth={280}>
            <PendingMemory item={item} compact onEdit={(i) => void editPendingMemory(i).then((state) => navigate(state.path, { state: state.state }))} />
          </Popup>
        </Marker>
      ))}
    </>
  );
});
