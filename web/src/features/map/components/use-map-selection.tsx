import type { Pin } from '../../../lib/api/types.ts';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { memoryPath } from '../../../config/paths.ts';
import { MemoryTripSelect } from '../../../components/trip-picker.tsx';
import type { PinItem } from '../lib/map-items.ts';
import type { MoveState } from './move-pin.tsx';
import type { PinActions } from './pin-layer.tsx';

/** The change a popup's Update or Delete asks to confirm. */
export interface PendingConfirm {
  kind: 'update' | 'delete';
  pin: Pin;
}

/**
 * What the person has picked on the map: the pin whose popup is open, the one being moved, shared,
 * viewed full size, or waiting for a confirmation. Held together because a popup's buttons start
 * each of them (the `actions` handed to the pins).
 */
export function useMapSelection(openOnArrival: string | undefined) {
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const [fullImage, setFullImage] = useState<{ pin: Pin; index: number } | null>(null);
  const [sharing, setSharing] = useState<Pin | null>(null);
  const [openPin, setOpenPin] = useState<PinItem | null>(null);
  // "Show on map" (feed, a profile): that memory's popup opens once the map draws it.
  const [toOpen, setToOpen] = useState(openOnArrival);
  const [move, setMove] = useState<MoveState | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);

  const closeConfirm = useCallback(() => setConfirm(null), []);
  const closeImage = useCallback(() => setFullImage(null), []);
  const closeShare = useCallback(() => setSharing(null), []);
  const moveTo = useCallback((at: MoveState['at']) => {
    setMoveError(null);
    setMove((m) => (m ? { ...m, at } : m));
  }, []);
  const endMove = useCallback(() => {
    setMove(null);
    setMoveError(null);
  }, []);

  const actions: PinActions = useMemo(
    () => ({
      onUpdate: (pin) => setConfirm({ kind: 'update', pin }),
      onDelete: (pin) => setConfirm({ kind: 'delete', pin }),
      onMove: (pin) => {
        setMoveError(null);
        setMove({ pin, at: { lat: pin.latitude, lng: pin.longitude } });
      },
      onOpenImage: (pin, index) => setFullImage({ pin, index }),
      onShare: (pin) => setSharing(pin),
      onOpen: (pin) => navigate(memoryPath(pin.id)),
      renderOwnExtra: (pin) => <MemoryTripSelect pinId={pin.id} tripId={pin.tripId ?? null} />,
      onPopupOpen: (item) => {
        setOpenPin(item);
        setToOpen((id) => (id === item.pin.id ? undefined : id));
      },
      onPopupClose: (pinId) => setOpenPin((open) => (open?.pin.id === pinId ? null : open)),
    }),
    [navigate],
  );

  return {
    actions,
    confirm,
    closeConfirm,
    fullImage,
    closeImage,
    sharing,
    closeShare,
    openPin,
    setOpenPin,
    toOpen,
    move,
    moveTo,
    endMove,
    moveError,
    setMoveError,
  };
}
