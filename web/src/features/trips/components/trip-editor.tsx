import { LIMITS, type Visibility } from '@memory-map/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { formatHappenedDate } from '../../../lib/pin-type.ts';
import { useOwnMemories } from '../api/own-memories.ts';
import { useSaveTrip } from '../api/save-trip.ts';
import { TRIP_TEXT, TRIP_VISIBILITY_LABELS } from './trip-text.ts';
import type { Trip } from '../../../lib/api/types.ts';

export interface TripEditorProps {
  /** The trip to change; null makes a new one. */
  trip: Trip | null;
  onDone: (saved: Trip) => void;
  onCancel: () => void;
}

/**
 * Making or changing a trip (docs/design.md §15): its title, who may open it, and which of the
 * author's memories are in it. Who sees each memory inside stays that memory's own choice.
 */
export function TripEditor({ trip, onDone, onCancel }: TripEditorProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState(trip?.title ?? '');
  const [visibility, setVisibility] = useState<Visibility>(trip?.visibility ?? '2');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(trip?.pinIds ?? []));
  const [error, setError] = useState<string | null>(null);
  const memories = useOwnMemories(true);
  const save = useSaveTrip();
  // The trip's own memories first (older than the newest 100, they would be missing otherwise).
  const list = [...(trip?.pins ?? []), ...(memories.data ?? []).filter((p) => !trip?.pinIds.includes(p.id))];

  const toggle = (id: string) =>
    setChosen((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return setError(TRIP_TEXT.titleRequired);
    if (trimmed.length > LIMITS.tripTitleMax) return setError(TRIP_TEXT.titleTooLong);
    setError(null);
    save.mutate(
      { ...(trip ? { id: trip.id } : {}), title: trimmed, description: trip?.description ?? '', visibility, pinIds: list.filter((p) => chosen.has(p.id)).map((p) => p.id) },
      { onSuccess: onDone, onError: (err) => setError(errorText(err, TRIP_TEXT.saveFailed)) },
    );
  };

  return (
    <ModalDialog className="dialog-backdrop" labelledBy={titleId} initialFocus={titleRef} onDismiss={() => !save.isPending && onCancel()}>
      <form className="dialog trip-editor" onSubmit={submit} noValidate>
        <h2 id={titleId}>{trip ? 'Edit trip' : 'New trip'}</h2>
        <div className="field">
          <label htmlFor="trip-title">Title</label>
          <input
            id="trip-title"
            ref={titleRef}
            value={title}
            maxLength={LIMITS.tripTitleMax + 10}
            placeholder="Summer in Portugal"
            onChange={(e) => {
              setTitle(e.target.value);
              setError(null);
            }}
            disabled={save.isPending}
          />
        </div>
        <div className="field">
          <label htmlFor="trip-visibility">Who can open it</label>
          <select id="trip-visibility" value={visibility} onChange={(e) => setVisibility(e.target.value as Visibility)} disabled={save.isPending}>
            {(['1', '2', '3'] as const).map((v) => (
              <option key={v} value={v}>
                {TRIP_VISIBILITY_LABELS[v]}
              </option>
            ))}
          </select>
          <p className="trip-editor-hint">Each memory in it is still seen only by the people it is for.</p>
        </div>
        <fieldset className="trip-editor-memories">
          <legend>Memories in it: {chosen.size}</legend>
          {memories.isPending && !trip ? (
            <p className="empty">Loading your memories…</p>
          ) : list.length === 0 ? (
            <p className="empty">{TRIP_TEXT.noMemoriesYet}</p>
          ) : (
            <ul className="trip-editor-list">
              {list.map((p) => (
                <li key={p.id}>
                  <label className="trip-editor-memory">
                    <input type="checkbox" checked={chosen.has(p.id)} onChange={() => toggle(p.id)} disabled={save.isPending} />
                    <span className="trip-editor-memory-title">{p.title}</span>
                    <span className="trip-editor-memory-when">{formatHappenedDate(p.happenedAt)}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
