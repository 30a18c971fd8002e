import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { photoLabel } from '../lib/pin-images.ts';
import { ModalDialog } from './modal-dialog.tsx';
import './image-viewer.css';

export interface ImageViewerProps {
  /** The one image to show, or… */
  src?: string;
  /** …a memory's photos, paged through (arrow keys, the buttons, a swipe). */
  sources?: string[];
  /** The photo to open at. */
  start?: number;
  alt: string;
  onClose: () => void;
}

/** How far a finger must travel sideways (px) to turn the page. */
const SWIPE_PX = 40;

/**
 * A full-screen view of an image (a native <dialog>, see modal-dialog.tsx); a tap anywhere, the
 * close button or Escape closes it, and focus goes back to what opened it. With several photos it
 * pages through them: "2 / 3", previous / next buttons, ← →, and a swipe.
 */
export function ImageViewer({ src, sources, start = 0, alt, onClose }: ImageViewerProps) {
  const list = sources && sources.length > 0 ? sources : src ? [src] : [];
  const count = list.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, start), Math.max(0, count - 1)));
  const closeRef = useRef<HTMLButtonElement>(null);
  const touchX = useRef<number | null>(null);

  // Escape is the dialog's; the arrows page.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') setIndex((i) => Math.max(0, i - 1));
      else if (e.key === 'ArrowRight') setIndex((i) => Math.min(count - 1, i + 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count]);

  const step = (delta: number) => (e: { stopPropagation: () => void }) => {
    e.stopPropagation();
    setIndex((i) => Math.min(count - 1, Math.max(0, i + delta)));
  };
  const onTouchStart = (e: TouchEvent<HTMLElement>) => {
    touchX.current = e.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (e: TouchEvent<HTMLElement>) => {
    const from = touchX.current;
    const to = e.changedTouches[0]?.clientX;
    touchX.current = null;
    if (from === null || to === undefined || Math.abs(to - from) < SWIPE_PX) return;
    setIndex((i) => Math.min(count - 1, Math.max(0, i + (to < from ? 1 : -1))));
  };

  const label = photoLabel(alt, index, count);
  return (
    <ModalDialog
      className="image-viewer"
      label={alt}
      initialFocus={closeRef}
      onDismiss={onClose}
      onTouchStart={count > 1 ? onTouchStart : undefined}
      onTouchEnd={count > 1 ? onTouchEnd : undefined}
    >
      {/* The whole screen is the tap to close; the pager keeps its taps. */}
      <div className="image-viewer-stage" onClick={onClose}>
        <button type="button" ref={closeRef} className="image-viewer-close" aria-label="Close image">
          ×
        </button>
        {list[index] && <img src={list[index]} alt={label} />}
        {count > 1 && (
          <div className="image-viewer-pager" onClick={(e) => e.stopPropagation()}>
            <button type="button" className="image-viewer-step" aria-label="Previous photo" onClick={step(-1)} disabled={index === 0}>
              ‹
            </button>
            <span className="image-viewer-count" aria-live="polite">
              {index + 1} / {count}
            </span>
            <button type="button" className="image-viewer-step" aria-label="Next photo" onClick={step(1)} disabled={index === count - 1}>
              ›
            </button>
          </div>
        )}
      </div>
    </ModalDialog>
  );
}
