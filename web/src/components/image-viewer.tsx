import { useRef } from 'react';
import { ModalDialog } from './modal-dialog.tsx';
import './image-viewer.css';

/** A full-screen view of one image; a tap anywhere, the close button or Escape closes it, and focus goes back to what opened it. */
export function ImageViewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog className="image-viewer" label={alt} initialFocus={closeRef} onDismiss={onClose}>
      <button type="button" ref={closeRef} className="image-viewer-close" aria-label="Close image" onClick={onClose}>
        ×
      </button>
      {/* A tap on the picture closes it too, as on the dark around it. */}
      <img src={src} alt={alt} onClick={onClose} />
    </ModalDialog>
  );
}
