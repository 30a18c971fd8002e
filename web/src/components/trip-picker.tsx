import { errorText } from '../lib/api-client.ts';
import { useMoveMemoryToTrip, useTrips } from '../lib/trips.ts';

/**
 * "Add to trip" in the memory forms (docs/design.md §15): one of the author's trips, or none. A
 * memory is in at most one trip; choosing another moves it there.
 */
export function TripPicker({ value, onChange, disabled }: { value: string | null; onChange: (tripId: string | null) => void; disabled?: boolean }) {
  const trips = useTrips().data ?? [];
  // A trip not (yet) in the list (still loading, or deleted elsewhere) stays chosen.
  const unknown = value && !trips.some((t) => t.id === value) ? value : null;
  if (trips.length === 0 && !unknown) return null;
  return (
    <div className="field">
      <label htmlFor="memory-trip">Trip</label>
      <select id="memory-trip" value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} disabled={disabled}>
        <option value="">No trip</option>
        {trips.map((t) => (
          <option key={t.id} value={t.id}>
            {t.title}
          </option>
        ))}
        {unknown && <option value={unknown}>Your trip</option>}
      </select>
    </div>
  );
}

/**
 * "Add to trip" in an own memory's popup: the same choice as the forms', saved at once. Shown
 * only once the author has a trip.
 */
export function MemoryTripSelect({ pinId, tripId }: { pinId: string; tripId: string | null }) {
  const trips = useTrips().data ?? [];
  const move = useMoveMemoryToTrip();
  // The list knows best after a change (the map's pin may still carry the trip it had).
  const current = trips.find((t) => t.pinIds.includes(pinId))?.id ?? tripId;
  if (trips.length === 0) return null;
  const selectId = `pin-trip-${pinId}`;
  return (
    <div className="pin-popup-trip">
      <label htmlFor={selectId}>Trip</label>
      <select
        id={selectId}
        value={current ?? ''}
        disabled={move.isPending}
        onChange={(e) => {
          move.mutate({ pinId, tripId: e.target.value || null });
        }}
      >
        <option value="">No trip</option>
        {trips.map((t) => (
          <option key={t.id} value={t.id}>
            {t.title}
          </option>
        ))}
      </select>
      {move.isError && (
        <span className="form-error" role="alert">
          {errorText(move.error, 'Could not change the trip')}
        </span>
      )}
    </div>
  );
}
