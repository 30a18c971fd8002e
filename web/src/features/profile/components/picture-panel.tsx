import { useEffect, useId, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { pictureProblem, useUploadProfilePicture } from '../api/upload-picture.ts';

/** The change-picture panel: images only, Upload ('Uploading...') and Cancel. */
export function PicturePanel({ onUploaded, onCancel }: { onUploaded: (url: string) => void; onCancel: () => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // A file the browser cannot draw (or one claiming to be an image) gets the plain icon instead.
  const [previewFailed, setPreviewFailed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadProfilePicture(setProgress);

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [file]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = pictureProblem(file);
    if (problem || !file) {
      setError(problem);
      return;
    }
    setError(null);
    setProgress(0);
    upload.mutate(file, {
      onSuccess: (url) => onUploaded(url),
      onError: (err) =>
        setError(err instanceof ApiError && err.isNetworkError && !err.isOffline ? 'Network error. Please try again.' : errorText(err, 'Upload failed. Please try again.')),
    });
  };

  const busy = upload.isPending;
  return (
    <form className="profile-panel card" onSubmit={submit} aria-label="Change profile picture" noValidate>
      <label htmlFor={inputId} className="profile-file">
        {preview && !previewFailed ? (
          <img src={preview} alt="" className="profile-file-preview" onError={() => setPreviewFailed(true)} />
        ) : (
          <span className="profile-file-icon" aria-hidden="true">
            +
          </span>
        )}
        <span>{file ? file.name : 'Choose a picture'}</span>
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className="profile-file-input"
        aria-label="Profile picture file"
        disabled={busy}
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null);
          setPreviewFailed(false);
          setError(null);
        }}
      />
      {busy && progress > 0 && progress < 1 && (
        <progress className="profile-progress" value={progress} max={1} aria-label="Upload progress" />
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="profile-panel-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </button>
      </div>
    </form>
  );
}
