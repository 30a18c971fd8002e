import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

/** A memory's photo at full size over everything; a tap, the close button or Escape closes it. */
export function ImageLightbox({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div className="map-lightbox" role="dialog" aria-modal="true" aria-label={`${alt}, full size`} onClick={onClose}>
      <button type="button" ref={closeRef} className="map-lightbox-close" aria-label="Close full size image" onClick={onClose}>
        ×
      </button>
      <img src={src} alt={alt} />
    </div>,
    document.body,
  );
}
