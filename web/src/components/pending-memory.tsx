import { useEffect, useState } from 'react';
import { discardOutboxItem, type OutboxItem } from '../lib/outbox/index.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ImageViewer } from './image-viewer.tsx';
import { PhotoGallery } from './photo-gallery.tsx';
import { PinIcon } from './icons.tsx';
import './pending-memory.css';
import type { PinImage } from '../lib/api/types.ts';

export const WAITING_TEXT = 'Waiting to upload';
export const REFUSED_TITLE = 'Not uploaded';

const WHAT: Record<OutboxItem['kind'], (title: string) => string> = {
  create: (title) => title,
  update: (title) => `Changes to “${title}”`,
  delete: (title) => `Delete “${title}”`,
};

const DISCARD: Record<OutboxItem['kind'], { label: string; message: string }> = {
  create: { label: 'Discard', message: 'Discard this memory? It has not been uploaded, so it will be gone for good.' },
  update: { label: 'Discard changes', message: 'Discard these changes? The memory stays as it was on the server.' },
  delete: { label: 'Keep memory', message: 'Keep this memory? It will not be deleted.' },
};

/** A waiting memory's photos, in order, shown from the device (object URLs in the gallery's shape). */
function useLocalPhotos(item: OutboxItem): PinImage[] {
  const files = item.files;
  const [images, setImages] = useState<PinImage[]>([]);
  useEffect(() => {
    const urls = files.map((file) => URL.createObjectURL(file.blob));
    setImages(urls.map((url, n) => ({ id: `local-${n}`, url, thumbnailUrl: url, displayUrl: null, width: null, height: null })));
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, [files]);
  return images;
}

/**
 * A write of the person's that waits in the outbox (issue 16): a memory not yet uploaded, changes
 * or a delete. Marked apart from what is on the server; a refused one shows the server's sentence
 * and lets the person change it (`onEdit`) or let it go — it is never dropped on its own.
 */
export function PendingMemory({ item, onEdit, compact }: { item: OutboxItem; onEdit?: (item: OutboxItem) => void; compact?: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const photos = useLocalPhotos(item);
  const [viewing, setViewing] = useState<number | null>(null);
  const discard = DISCARD[item.kind];
  return (
    <article className={`pending-memory${item.problem ? ' pending-memory-refused' : ''}${compact ? ' pending-memory-compact' : ''}`} aria-label={WHAT[item.kind](item.preview.title)}>
      <div className="pending-memory-status">
        <span className="pending-memory-badge">{item.problem ? REFUSED_TITLE : WAITING_TEXT}</span>
      </div>
      {/* Its photos and story from the device, in the map's popup too: a memory waiting to upload is still that memory. */}
      {item.kind === 'create' && photos.length > 0 && (
        <PhotoGallery images={photos} title={item.preview.title} slideClassName="pending-memory-photo" onOpen={setViewing} sizes={compact ? '260px' : '(max-width: 430px) 100vw, 430px'} />
      )}
      <h2 className="pending-memory-title">{WHAT[item.kind](item.preview.title)}</h2>
      {item.kind === 'create' && (
        <>
          <p className="pending-memory-place">
            <PinIcon size={14} />
            <span>{item.preview.locationName ?? `${item.preview.latitude.toFixed(5)}, ${item.preview.longitude.toFixed(5)}`}</span>
          </p>
          {item.preview.description && <p className={compact ? 'pending-memory-text clamped' : 'pending-memory-text'}>{item.preview.description}</p>}
        </>
      )}
      {item.problem && (
        <p className="pending-memory-problem" role="alert">
          {item.problem}
        </p>
      )}
      <div className="pending-memory-actions">
        {item.problem && onEdit && (
          <button type="button" className="btn btn-secondary" onClick={() => onEdit(item)}>
            Edit
          </button>
        )}
        <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
          {discard.label}
        </button>
      </div>
      {viewing !== null && photos.length > 0 && (
        <ImageViewer sources={photos.map((p) => p.url)} start={viewing} alt={item.preview.title} onClose={() => setViewing(null)} />
      )}
      <ConfirmDialog
        open={confirming}
        title={discard.label}
        message={discard.message}
        confirmLabel={discard.label}
        danger={item.kind !== 'delete'}
        onConfirm={() => {
          setConfirming(false);
          void discardOutboxItem(item.id);
        }}
        onCancel={() => setConfirming(false)}
      />
    </article>
  );
}
