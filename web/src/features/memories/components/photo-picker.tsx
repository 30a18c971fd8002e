import { LIMITS } from '@memory-map/shared';
import { useEffect, useId, useRef, useState } from 'react';
import type { PhotoItem } from '../lib/photo-list.ts';

export interface PhotoPickerProps {
  /** The photos in the order they will show. */
  items: PhotoItem[];
  /** Files the person chose (several at once, or one more later). */
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  onMove: (key: string, delta: -1 | 1) => void;
  /** Why the last choice was refused, shown under the field. */
  problem?: string | null;
  disabled?: boolean;
}

/** A new file's preview, made and revoked with it. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

function Preview({ item, alt }: { item: PhotoItem; alt: string }) {
  const objectUrl = useObjectUrl(item.kind === 'new' ? item.file : null);
  const src = item.kind === 'kept' ? item.url : objectUrl;
  return src ? <img src={src} alt={alt} /> : <span className="memory-photo-loading" role="img" aria-label={alt} />;
}

/**
 * The Image field (docs/product.md §2: images only, preview and remove), for up to 10 photos:
 * picked several at once or added later, each moved earlier or later with buttons (not drag
 * alone, so a keyboard or a screen reader can order them) and removed. One photo reads exactly as
 * the one-photo form did.
 */
export function PhotoPicker({ items, onAdd, onRemove, onMove, problem, disabled }: PhotoPickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const count = items.length;
  const full = count >= LIMITS.photosPerMemory;
  // "2 of 3" only where there is more than one photo.
  const nth = (i: number) => (count > 1 ? ` ${i + 1} of ${count}` : '');

  function onChange(e: React.ChangeEvent<HTMLInputElement>) {
    const chosen = [...(e.target.files ?? [])];
    e.target.value = '';
    if (chosen.length > 0) onAdd(chosen);
  }

  return (
    <div className="field">
      <label htmlFor={inputId}>Image</label>
      <input
        ref={inputRef}
        id={inputId}
        className="memory-file-input"
        type="file"
        accept="image/*"
        multiple
        onChange={onChange}
        disabled={disabled || full}
        aria-describedby={`${inputId}-hint`}
      />
      {count > 0 ? (
        <div className="memory-photos">
          <ol className={count > 1 ? 'memory-photo-list several' : 'memory-photo-list'} aria-label="Photos">
            {items.map((item, i) => (
              <li key={item.key} className="memory-photo">
                <Preview item={item} alt={`Selected image preview${nth(i)}`} />
                <div className="memory-photo-actions">
                  {count > 1 && (
                    <>
                      <button
                        type="button"
                        className="memory-photo-move"
                        onClick={() => onMove(item.key, -1)}
                        disabled={disabled || i === 0}
                        aria-label={`Move photo${nth(i)} earlier`}
                      >
                        ‹
                      </button>
                      <button
                        type="button"
                        className="memory-photo-move"
                        onClick={() => onMove(item.key, 1)}
                        disabled={disabled || i === count - 1}
                        aria-label={`Move photo${nth(i)} later`}
                      >
                        ›
                      </button>
                    </>
                  )}
                  <button
                    type="button"
                    className={count > 1 ? 'memory-photo-remove' : 'btn btn-secondary memory-remove-image'}
                    onClick={() => onRemove(item.key)}
                    disabled={disabled}
                    aria-label={count > 1 ? `Remove image${nth(i)}` : undefined}
                  >
                    {count > 1 ? '×' : 'Remove image'}
                  </button>
                </div>
              </li>
            ))}
          </ol>
          <button type="button" className="btn btn-secondary memory-add-photos" onClick={() => inputRef.current?.click()} disabled={disabled || full}>
            {full ? `${LIMITS.photosPerMemory} photos (the most a memory can have)` : 'Add photos'}
          </button>
          <span id={`${inputId}-hint`} className="hint">
            {count} of {LIMITS.photosPerMemory} photos · images up to {LIMITS.uploadBytes / 1024 / 1024} MB each
          </span>
        </div>
      ) : (
        <button type="button" className="memory-dropzone" onClick={() => inputRef.current?.click()} disabled={disabled}>
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="m21 16-5-5-9 8" />
          </svg>
          <span>Add photos</span>
          <span id={`${inputId}-hint`} className="hint">
            Optional · up to {LIMITS.photosPerMemory} images, {LIMITS.uploadBytes / 1024 / 1024} MB each
          </span>
        </button>
      )}
      {problem && (
        <p className="form-error memory-image-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
