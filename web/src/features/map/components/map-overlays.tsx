import type { Pin } from '../../../lib/api/types.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ImageViewer } from '../../../components/image-viewer.tsx';
import { pinImages } from '../../../lib/pin-images.ts';
import { ShareSheet } from './share-sheet.tsx';
import type { MapToast } from './use-map-toast.ts';
import type { PendingConfirm } from './use-map-selection.tsx';

/**
 * What opens over the map from a popup: the Update and Delete confirmations
 * (docs/product.md §2), the share sheet, the full-size photo, and the passing message.
 */
export function MapOverlays({
  confirm,
  deleting,
  onConfirm,
  onCancelConfirm,
  sharing,
  onCloseShare,
  fullImage,
  onCloseImage,
  toast,
}: {
  confirm: PendingConfirm | null;
  deleting: boolean;
  onConfirm: () => void;
  onCancelConfirm: () => void;
  sharing: Pin | null;
  onCloseShare: () => void;
  fullImage: { pin: Pin; index: number } | null;
  onCloseImage: () => void;
  toast: MapToast | null;
}) {
  const images = fullImage ? pinImages(fullImage.pin) : [];
  return (
    <>
      <ConfirmDialog
        open={confirm?.kind === 'update'}
        title="Update Memory"
        message="Are you sure you want to update this pin?"
        confirmLabel="Update"
        onConfirm={onConfirm}
        onCancel={onCancelConfirm}
      />
      <ConfirmDialog
        open={confirm?.kind === 'delete'}
        title="Delete Memory"
        message="Are you sure you want to delete this pin?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        danger
        onConfirm={onConfirm}
        onCancel={onCancelConfirm}
      />
      {sharing && <ShareSheet pin={sharing} onClose={onCloseShare} />}
      {fullImage && images.length > 0 && (
        <ImageViewer sources={images.map((i) => i.url)} start={fullImage.index} alt={fullImage.pin.title} onClose={onCloseImage} />
      )}
      {toast && (
        <div className={toast.kind === 'error' ? 'toast error map-toast' : 'toast map-toast'} role={toast.kind === 'error' ? 'alert' : 'status'}>
          {toast.text}
        </div>
      )}
    </>
  );
}
