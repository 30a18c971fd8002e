import { LIMITS, UNKNOWN_LOCATION } from '@memory-map/shared';
import { useState, type Dispatch } from 'react';
import { PinIcon } from '../../../components/icons.tsx';
import type { PhotoPosition } from '../../../lib/photo-taken.ts';
import { usePlaceName } from '../api/place-name.ts';
import type { ChosenPhoto } from '../lib/chosen-photos.ts';
import { memoryParts } from '../lib/grouping.ts';
import { defaultTitle, longDate } from '../lib/memory-text.ts';
import type { ReviewAction, Suggestion } from '../lib/review.ts';
import { PlaceSearch } from './place-search.tsx';

export interface SuggestionCardProps {
  number: number;
  suggestion: Suggestion;
  photos: ChosenPhoto[];
  position: PhotoPosition | null;
  takenAt: string | null;
  hasNext: boolean;
  /** Being placed by a tap on the map. */
  placing: boolean;
  onPlace: (id: string | null) => void;
  dispatch: Dispatch<ReviewAction>;
}

function Thumb({ photo, selected, onClick }: { photo: ChosenPhoto; selected: boolean; onClick: () => void }) {
  return (
    <button type="button" className={`import-thumb${selected ? ' selected' : ''}`} aria-pressed={selected} onClick={onClick} title={photo.file.name}>
      {photo.thumb ? (
        <img src={photo.thumb} alt={photo.file.name} />
      ) : (
        <span role="img" aria-label={photo.file.name} className="import-thumb-empty">
          {photo.thumb === null ? 'No preview' : ''}
        </span>
      )}
    </button>
  );
}

/** One suggested memory in the review's list: its title, place, date and photos, and what can be done with it. */
export function SuggestionCard({ number, suggestion, photos, position, takenAt, hasNext, placing, onPlace, dispatch }: SuggestionCardProps) {
  const place = usePlaceName(position);
  const [searching, setSearching] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const id = suggestion.id;
  const placeName = position ? (place.isPending ? 'Finding the place…' : (place.data ?? UNKNOWN_LOCATION)) : null;
  const parts = memoryParts(suggestion.keys).length;
  const pickedIndex = picked ? suggestion.keys.indexOf(picked) : -1;

  return (
    <li id={`suggestion-${id}`} className={`import-suggestion card${position ? '' : ' unplaced'}`} aria-label={`Memory ${number}`}>
      <div className="import-suggestion-head">
        <span className="import-number" aria-hidden="true">
          {number}
        </span>
        <input
          className="import-title"
          aria-label={`Title of memory ${number}`}
          // Until the person writes one, the title is the place's name (or the day's).
          value={suggestion.title ?? defaultTitle(position ? place.data : undefined, takenAt)}
          placeholder="Title"
          maxLength={LIMITS.titleMax}
          onChange={(e) => dispatch({ type: 'rename', id, title: e.target.value })}
        />
      </div>
      <p className="import-place">
        <PinIcon size={16} />
        <span>{placeName ?? 'Needs a place'}</span>
        <span className="hint">
          {' · '}
          {takenAt ? longDate(takenAt) : 'No date in the photos'} · {photos.length === 1 ? '1 photo' : `${photos.length} photos`}
        </span>
      </p>
      {!position && (
        <p className="hint">No position in {photos.length === 1 ? 'this photo' : 'these photos'}. Search a place or tap the map to place it; until then it is not created.</p>
      )}
      {parts > 1 && (
        <p className="hint import-split-note">
          A memory holds at most {LIMITS.photosPerMemory} photos: these {photos.length} are saved as {parts} memories.
        </p>
      )}
      <div className="import-thumbs">
        {photos.map((photo) => (
          <Thumb key={photo.key} photo={photo} selected={picked === photo.key} onClick={() => setPicked(picked === photo.key ? null : photo.key)} />
        ))}
      </div>
      {picked && (
        <div className="import-photo-actions">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={pickedIndex <= 0}
            onClick={() => {
              dispatch({ type: 'split', id, at: pickedIndex });
              setPicked(null);
            }}
          >
            New memory from this photo on
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              dispatch({ type: 'drop-photo', id, key: picked });
              setPicked(null);
            }}
          >
            Leave this photo out
          </button>
        </div>
      )}
      {searching ? (
        <PlaceSearch
          onCancel={() => setSearching(false)}
          onPick={(at) => {
            dispatch({ type: 'move', id, position: at });
            setSearching(false);
          }}
        />
      ) : (
        <div className="import-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setSearching(true)}>
            {position ? 'Change place' : 'Search a place'}
          </button>
          <button type="button" className="btn btn-secondary" aria-pressed={placing} onClick={() => onPlace(placing ? null : id)}>
            {placing ? 'Tap the map…' : 'Place on map'}
          </button>
          {hasNext && (
            <button type="button" className="btn btn-secondary" onClick={() => dispatch({ type: 'merge-next', id })}>
              Merge with next
            </button>
          )}
          <button type="button" className="btn btn-secondary" onClick={() => dispatch({ type: 'drop', id })}>
            Leave out
          </button>
        </div>
      )}
    </li>
  );
}
