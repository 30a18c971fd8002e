import { useCallback, useRef, useState } from 'react';
import { photoLabel, photoSrcSet } from '../lib/pin-images.ts';
import './photo-gallery.css';
import type { PinImage } from '../lib/api/types.ts';

export interface PhotoGalleryProps {
  images: PinImage[];
  /** The memory's title: the photos' text alternative. */
  title: string;
  /** The class of each photo's button (the look of the place it is shown in). */
  slideClassName: string;
  /** A caption over each photo ("Click to view full size" in the map popup). */
  hint?: string;
  /** Opens the full-size viewer at this photo. */
  onOpen: (index: number) => void;
  /** A photo loaded (the map popup re-measures itself). */
  onLoad?: () => void;
  lazy?: boolean;
  /** How wide each photo is drawn (the img's `sizes`), so srcset picks a sharp, not a huge, file. */
  sizes?: string;
}

/**
 * A memory's photos, swiped through (CSS scroll snap), with "2 / 3", dots, and previous / next
 * buttons for a mouse or a keyboard. One photo shows as it always did: no count, no buttons.
 */
export function PhotoGallery({ images, title, slideClassName, hint, onOpen, onLoad, lazy, sizes = '100vw' }: PhotoGalleryProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const count = images.length;

  const onScroll = useCallback(() => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    setCurrent(Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth))));
  }, [count]);

  const go = (index: number) => {
    const next = Math.min(count - 1, Math.max(0, index));
    setCurrent(next);
    const track = trackRef.current;
    track?.scrollTo?.({ left: next * track.clientWidth, behavior: 'smooth' });
  };

  if (count === 0) return null;
  // Photos scrolled out of view are out of the tab order too (and hidden from screen readers):
  // the buttons step to them.
  const slide = (image: PinImage, index: number, offScreen = false) => (
    <button
      key={image.id || image.url}
      type="button"
      className={slideClassName}
      tabIndex={offScreen ? -1 : undefined}
      onClick={() => onOpen(index)}
      aria-label={`View ${photoLabel(title, index, count)} full size`}
    >
      <img
        src={image.thumbnailUrl}
        srcSet={photoSrcSet(image)}
        sizes={sizes}
        alt={photoLabel(title, index, count)}
        loading={lazy ? 'lazy' : undefined}
        onLoad={onLoad}
      />
      {hint && <span className="photo-gallery-hint">{hint}</span>}
    </button>
  );
  if (count === 1) return slide(images[0]!, 0);

  return (
    <div className="photo-gallery" role="group" aria-roledescription="gallery" aria-label={`Photos of ${title}`}>
      <div className="photo-gallery-track" ref={trackRef} onScroll={onScroll}>
        {images.map((image, index) => (
          <div className="photo-gallery-slide" key={image.id || image.url} aria-hidden={index !== current ? true : undefined}>
            {slide(image, index, index !== current)}
          </div>
        ))}
      </div>
      <div className="photo-gallery-bar">
        <button type="button" className="photo-gallery-step" onClick={() => go(current - 1)} disabled={current === 0} aria-label="Previous photo">
          ‹
        </button>
        <span className="photo-gallery-count" aria-live="polite">
          {current + 1} / {count}
        </span>
        <button type="button" className="photo-gallery-step" onClick={() => go(current + 1)} disabled={current === count - 1} aria-label="Next photo">
          ›
        </button>
      </div>
      <div className="photo-gallery-dots" aria-hidden="true">
        {images.map((image, index) => (
          <span key={image.id || image.url} className={index === current ? 'photo-gallery-dot current' : 'photo-gallery-dot'} />
        ))}
      </div>
    </div>
  );
}
