import { useEffect, useRef, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { downloadMyData, formatBytes, saveFile } from '../api/export-data.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'busy'; received: number }
  | { kind: 'done'; size: number; filename: string }
  | { kind: 'failed'; message: string };

const INTERRUPTED = 'The download was interrupted. Please try again.';

/**
 * Settings → Your data → Download my data (docs/design.md §11): the server streams a zip of
 * everything the user owns; this shows how much has arrived (the size is not known ahead: the
 * archive is written while it is sent), lets them cancel, and saves the file at the end.
 */
export function DownloadData() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);

  // Leaving the screen cancels a download in progress.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'busy', received: 0 });
    try {
      const file = await downloadMyData((received) => setState({ kind: 'busy', received }), controller.signal);
      saveFile(file);
      setState({ kind: 'done', size: file.blob.size, filename: file.filename });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        setState({ kind: 'idle' });
        return;
      }
      setState({ kind: 'failed', message: err instanceof ApiError && err.isNetworkError && !err.isOffline ? INTERRUPTED : errorText(err, INTERRUPTED) });
    } finally {
      abort.current = null;
    }
  };

  return (
    <div className="profile-data card">
      <p className="profile-data-text">
        A copy of everything you have saved — your profile, friends, memories (also as GeoJSON for map apps) and photos — in one zip file.
      </p>
      {state.kind === 'busy' ? (
        <div className="profile-data-progress" role="status" aria-live="polite">
          <progress className="profile-progress" aria-label="Download progress" />
          <span>{state.received > 0 ? `Downloading… ${formatBytes(state.received)}` : 'Preparing your data…'}</span>
          <button type="button" className="btn btn-secondary" onClick={() => abort.current?.abort()}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-primary btn-block" onClick={() => void start()}>
          Download my data
        </button>
      )}
      {state.kind === 'done' && (
        <p className="form-success" role="status">
          Downloaded {state.filename} ({formatBytes(state.size)}).
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
