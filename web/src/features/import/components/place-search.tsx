import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../../../lib/api-client.ts';
import type { PhotoPosition } from '../../../lib/photo-taken.ts';
import { usePlaceSearch } from '../api/search-places.ts';

/** Puts a suggestion at a place found by name (our own geocoder). */
export function PlaceSearch({ onPick, onCancel }: { onPick: (at: PhotoPosition, name: string) => void; onCancel: () => void }) {
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const search = usePlaceSearch(asked);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAsked(text);
  };
  return (
    <div className="import-place-search">
      <form role="search" onSubmit={submit}>
        <label htmlFor={id} className="sr-only">
          Search a place
        </label>
        <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search a place" autoFocus />
        <button type="submit" className="btn btn-secondary">
          Search
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </form>
      {search.isFetching && <p className="hint">Searching…</p>}
      {search.isError && <p className="form-error">{errorText(search.error, 'The search failed. Try again.')}</p>}
      {search.data && search.data.length === 0 && <p className="hint">No place found for “{asked.trim()}”.</p>}
      {search.data && search.data.length > 0 && (
        <ul className="import-place-results">
          {search.data.map((r) => (
            <li key={`${r.lat},${r.lon},${r.display_name}`}>
              <button type="button" className="btn btn-secondary" onClick={() => onPick({ lat: r.lat, lng: r.lon }, r.display_name)}>
                {r.display_name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
