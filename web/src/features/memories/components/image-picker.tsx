import { LIMITS } from '@memory-map/shared';
import { useEffect, useId, useRef, useState } from 'react';

export const IMAGE_TYPE_MESSAGE = 'Please choose an image file.';
export const IMAGE_SIZE_MESSAGE = `The image must be ${LIMITS.uploadBytes / 1024 / 1024} MB or smaller.`;

/** Why a chosen file cannot be sent, or null (docs/product.md §5: image types only; docs/design.md §6: 15 MB). */
export function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_TYPE_MESSAGE;
  if (file.size > LIMITS.uploadBytes) return IMAGE_SIZE_MESSAGE;
  return null;
}

export interface ImagePickerProps {
  /** The newly chosen file, if any. */
  file: File | null;
  /** A photo the memory already has (update), shown until removed or replaced. */
  existingUrl: string | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
  onProblem: (message: string) => void;
  /** Why the last chosen file was refused, shown under the field. */
  problem?: string | null;
  disabled?: boolean;
}

/** The Image field: images only, a preview and a remove button. */
export function ImagePicker({ file, existingUrl, onChoose, onRemove, onProblem, problem, disabled }: ImagePickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setObjectUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const preview = objectUrl ?? existingUrl;

  function onChange(e: React.ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    const problem = imageProblem(chosen);
    if (problem) {
      onProblem(problem);
      return;
    }
    onChoose(chosen);
  }

  return (
    <div className="field">
      <label htmlFor={inputId}>Image</label>
      <input ref={inputRef} id={inputId} className="memory-file-input" type="file" accept="image/*" onChange={onChange} disabled={disabled} />
      {preview ? (
        <div className="memory-preview">
          <img src={preview} alt="Selected image preview" />
          <div className="memory-preview-actions">
            <button type="button" className="btn btn-secondary" onClick={() => inputRef.current?.click()} disabled={disabled}>
              Change
            </button>
            <button type="button" className="btn btn-secondary memory-remove-image" onClick={onRemove} disabled={disabled}>
              Remove image
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="memory-dropzone" onClick={() => inputRef.current?.click()} disabled={disabled} aria-describedby={`${inputId}-hint`}>
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="m21 16-5-5-9 8" />
          </svg>
          <span>Add a photo</span>
          <span id={`${inputId}-hint`} className="hint">
            Optional · images up to {LIMITS.uploadBytes / 1024 / 1024} MB
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
