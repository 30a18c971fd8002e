import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useSession } from '../../../lib/session.ts';
import { continueImport, importRunning, loadImportPlan, missingPhotos, onPlanChange, startImport, type ImportPlan } from '../api/import-run.ts';
import { IMPORT_MESSAGES, MAX_PHOTOS } from '../lib/chosen-photos.ts';
import { ImportProgress } from './import-progress.tsx';
import { useChosenPhotos } from './use-chosen-photos.ts';
import './import.css';

// The review (with its map) loads once photos are chosen: the screen opens on the file input at once.
const ReviewScreen = lazy(() => import('./review-screen.tsx').then((m) => ({ default: m.ReviewScreen })));

/** The person's import kept on this device, as it changes; undefined while it is read. */
function useImportPlan(userId: string): ImportPlan | null | undefined {
  const [plan, setPlan] = useState<ImportPlan | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    const load = () =>
      void loadImportPlan(userId).then((p) => {
        if (current) setPlan(p ?? null);
      });
    load();
    const stop = onPlanChange(load);
    return () => {
      current = false;
      stop();
    };
  }, [userId]);
  return plan;
}

/**
 * /import (docs/design.md §16): choose photos, review the memories they suggest, create them.
 * An import already under way (or cut off by a reload) shows instead, until it is done.
 */
export function ImportScreen() {
  const userId = useSession().user?._id ?? '';
  const plan = useImportPlan(userId);
  const { reading, choose, reset } = useChosenPhotos();
  const inputId = useId();

  // Photos still at hand from this visit (a tap on another tab and back): hand the rest over.
  useEffect(() => {
    if (plan && !importRunning() && missingPhotos(plan).length === 0 && plan.memories.some((m) => !m.queued)) void continueImport(plan);
  }, [plan]);

  const create = useCallback(
    async (audience: Parameters<typeof startImport>[1], memories: Parameters<typeof startImport>[2]) => {
      await startImport(userId, audience, memories);
      reset();
    },
    [userId, reset],
  );

  let body;
  if (plan === undefined) body = <p className="hint">Loading…</p>;
  else if (plan) body = <ImportProgress plan={plan} />;
  else if (reading.phase === 'reading')
    body = (
      <div className="import-reading card" role="status">
        <progress max={reading.total} value={reading.done} aria-label="Photos read" />
        <p>
          Reading {reading.done} of {reading.total} photos…
        </p>
      </div>
    );
  else if (reading.phase === 'read' && reading.photos.length > 0)
    body = (
      <Suspense fallback={<p className="hint">Opening the review…</p>}>
        <ReviewScreen photos={reading.photos} skipped={reading.skipped} onCreate={create} onStartOver={reset} />
      </Suspense>
    );
  else
    body = (
      <div className="import-pick card">
        <p>
          Choose up to {MAX_PHOTOS} photos. Each becomes part of a memory at the place and on the day it was taken; you check the suggestions before
          anything is saved. Their positions stay on this phone except as the places of the memories you create.
        </p>
        {reading.phase === 'too-many' && (
          <p className="form-error" role="alert">
            {IMPORT_MESSAGES.tooMany(reading.count)}
          </p>
        )}
        {reading.phase === 'read' && (
          <div className="form-error" role="alert">
            <p>{IMPORT_MESSAGES.noImages}</p>
            <ul>
              {reading.skipped.map((name, i) => (
                <li key={`${i}:${name}`}>{name}</li>
              ))}
            </ul>
          </div>
        )}
        <input
          id={inputId}
          className="sr-only import-file"
          type="file"
          accept="image/*"
          multiple
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void choose(files);
          }}
        />
        <label htmlFor={inputId} className="btn btn-primary btn-block">
          Choose photos
        </label>
      </div>
    );

  return (
    <section className="screen import-screen">
      <h1>Bring your photos</h1>
      {body}
    </section>
  );
}
