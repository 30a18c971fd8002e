import { useTrips } from '../lib/trips.ts';

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
