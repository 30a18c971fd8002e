import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { readOutbox, usePendingMemories } from '../../../lib/outbox/index.ts';
import { continueImport, forgetImportPlan, importRunning, missingPhotos, rememberFiles, type ImportPlan } from '../api/import-run.ts';

/**
 * An import under way (docs/design.md §16): how many photos are uploaded, what waits and why, and,
 * after a reload that cut it off, the photos to choose again so it finishes where it stopped.
 */
export function ImportProgress({ plan }: { plan: ImportPlan }) {
  const pending = usePendingMemories();
  // What still waits in the outbox, read from storage (the snapshot may not be loaded yet).
  const [waiting, setWaiting] = useState<Map<string, string | undefined> | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine !== false);

  useEffect(() => {
    let current = true;
    void readOutbox(plan.userId).then((items) => {
      if (current) setWaiting(new Map(items.map((i) => [i.id, i.problem])));
    });
    return () => {
      current = false;
    };
  }, [plan, pending.items]);

  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);

  if (!waiting) return <p className="hint">Loading your import…</p>;

  const total = plan.memories.reduce((n, m) => n + m.photos.length, 0);
  const sent = plan.memories.filter((m) => m.queued && !waiting.has(m.id));
  const uploaded = sent.reduce((n, m) => n + m.photos.length, 0);
  const refused = plan.memories.filter((m) => waiting.get(m.id));
  const missing = missingPhotos(plan);
  const done = sent.length === plan.memories.length;
  const preparing = importRunning() && plan.memories.some((m) => !m.queued);

  if (done) {
    return (
      <div className="import-progress card" role="status">
        <h2>{sent.length === 1 ? 'Your memory is on the map' : `Your ${sent.length} memories are on the map`}</h2>
        <p>
          {total} of {total} uploaded
        </p>
        <div className="import-actions">
          <Link to={paths.landing} className="btn btn-primary" onClick={() => void forgetImportPlan(plan.userId)}>
            See them on the map
          </Link>
          <button type="button" className="btn btn-secondary" onClick={() => void forgetImportPlan(plan.userId)}>
            Import more photos
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="import-progress card">
      <h2>Creating {plan.memories.length === 1 ? '1 memory' : `${plan.memories.length} memories`}</h2>
      <progress max={total} value={uploaded} aria-label="Uploaded photos" />
      <p role="status">
        {uploaded} of {total} uploaded
      </p>
      {preparing ? (
        <p className="hint">Preparing the photos for upload…</p>
      ) : (
        missing.length === 0 && (
          <p className="hint">
            {total - uploaded === 1 ? '1 photo waits' : `${total - uploaded} photos wait`} on this phone to upload. You can leave this screen: the upload
            goes on, even after closing the app.
          </p>
        )
      )}
      {!online && <p className="hint">You're offline. The rest goes as soon as you are back online.</p>}
      {refused.map((m) => (
        <p key={m.id} className="form-error">
          “{m.title}” was not accepted: {waiting.get(m.id)} It waits on the map, where you can change or discard it.
        </p>
      ))}
      {missing.length > 0 && !importRunning() && (
        <div className="import-resume">
          <p>
            The import stopped before all photos were prepared. Choose the same photos again to finish it; the memories already saved are not made
            again.
          </p>
          <label className="btn btn-primary">
            <input
              type="file"
              accept="image/*"
              multiple
              className="sr-only import-file"
              onChange={(e) => {
                rememberFiles([...(e.target.files ?? [])]);
                void continueImport(plan);
              }}
            />
            Choose the photos again
          </label>
          <button type="button" className="btn btn-secondary" onClick={() => void forgetImportPlan(plan.userId)}>
            Stop here
          </button>
        </div>
      )}
      {refused.length > 0 && missing.length === 0 && (
        <button type="button" className="btn btn-secondary" onClick={() => void forgetImportPlan(plan.userId)}>
          Close this import
        </button>
      )}
    </div>
  );
}
