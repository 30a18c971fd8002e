import { useId } from 'react';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { SharePanel } from './share-panel.tsx';
import type { Pin } from '../../../lib/api/types.ts';

/**
 * The share controls of a memory in a sheet of their own, over the map: in the popup they squeezed
 * the photo into a strip and made the popup scroll. The sheet shows what the link will show (the
 * photo, the title) above the controls; Escape, a tap outside or Done close it and give focus back
 * to the popup's Share link button.
 */
export function ShareSheet({ pin, onClose }: { pin: Pin; onClose: () => void }) {
  const titleId = useId();
  const photo = pin.images[0];
  return (
    <ModalDialog className="dialog-backdrop sheet-backdrop" labelledBy={titleId} onDismiss={onClose}>
      <div className="dialog share-sheet">
        <div className="share-sheet-head">
          {photo && <img className="share-sheet-photo" src={photo.thumbnailUrl} alt="" width={64} height={64} />}
          <div>
            <h2 id={titleId}>Share this memory</h2>
            <p className="share-sheet-title">{pin.title}</p>
          </div>
        </div>
        <SharePanel pin={pin} />
        <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
          Done
        </button>
      </div>
    </ModalDialog>
  );
}
