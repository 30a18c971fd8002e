import { useEffect, useRef } from 'react';
import './image-viewer.css';

/** A full-screen view of one image; a tap anywhere, the close button or Escape closes it. */
export function ImageViewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="image-viewer" role="dialog" aria-modal="true" aria-label={alt} onClick={onClose}>
      <button type="button" ref={closeRef} className="image-viewer-close" aria-label="Close image" onClick={onClose}>
        ×
      </button>
      <img src={src} alt={alt} />
    </div>
  );
}
