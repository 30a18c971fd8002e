import { UNKNOWN_LOCATION } from '@memory-map/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useReducer, useState } from 'react';
import { VisibilityPicker, type Audience } from '../../../components/visibility-picker.tsx';
import { placeNameQuery } from '../api/place-name.ts';
import type { PlannedMemory } from '../api/import-run.ts';
import { refOf } from '../api/import-run.ts';
import type { ChosenPhoto } from '../lib/chosen-photos.ts';
import { memoryParts } from '../lib/grouping.ts';
import { defaultTitle, happenedAtFrom, importedDescription, partTitle } from '../lib/memory-text.ts';
import { createLabel, memoriesToCreate, positionOf, reviewReducer, suggestionsOf, takenAtOf } from '../lib/review.ts';
import { ReviewMap, type MapSuggestion } from './review-map.tsx';
import { SuggestionCard } from './suggestion-card.tsx';

type NewMemory = Omit<PlannedMemory, 'id' | 'queued'>;

/**
 * The review (docs/design.md §16): the suggestions on a map and in a list, edited by the person,
 * then created. Trips are not offered: the app has none yet.
 */
export function ReviewScreen({
  photos,
  skipped,
  onCreate,
  onStartOver,
}: {
  photos: ChosenPhoto[];
  skipped: string[];
  onCreate: (audience: Audience, memories: NewMemory[]) => Promise<void>;
  onStartOver: () => void;
}) {
  const byKey = useMemo(() => new Map(photos.map((p) => [p.key, p])), [photos]);
  // Grouped once, from the metadata: thumbnails arriving later change nothing.
  const [suggestions, dispatch] = useReducer(reviewReducer, photos, suggestionsOf);
  const [audience, setAudience] = useState<Audience>({ visibility: '1', circleId: null });
  const [placing, setPlacing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  const count = memoriesToCreate(suggestions, byKey);
  const unplaced = suggestions.filter((s) => !positionOf(s, byKey)).reduce((n, s) => n + s.keys.length, 0);
  const onMap: MapSuggestion[] = suggestions.flatMap((s, i) => {
    const position = positionOf(s, byKey);
    return position ? [{ id: s.id, number: i + 1, position, label: `Memory ${i + 1}` }] : [];
  });

  async function create() {
    setBusy(true);
    const memories: NewMemory[] = [];
    for (const s of suggestions) {
      const position = positionOf(s, byKey);
      if (!position) continue;
      const placeName = await queryClient.fetchQuery(placeNameQuery(position)).catch(() => UNKNOWN_LOCATION);
      const parts = memoryParts(s.keys);
      for (const [n, keys] of parts.entries()) {
        const part = { ...s, keys };
        const takenAt = takenAtOf(part, byKey);
        const base = s.title?.trim() || defaultTitle(placeName, takenAtOf(s, byKey));
        memories.push({
          title: partTitle(base, n + 1, parts.length),
          description: importedDescription(keys.length, takenAt),
          latitude: position.lat,
          longitude: position.lng,
          locationName: placeName,
          happenedAt: happenedAtFrom(takenAt),
          photos: keys.map((k) => refOf(byKey.get(k)!.file)),
        });
      }
    }
    await onCreate(audience, memories);
  }

  return (
    <div className="import-review">
      <ReviewMap
        suggestions={onMap}
        selected={placing}
        onSelect={(id) => document.getElementById(`suggestion-${id}`)?.scrollIntoView({ block: 'nearest' })}
        onMove={(id, position) => {
          dispatch({ type: 'move', id, position });
          setPlacing(null);
        }}
      />
      {placing && (
        <p className="import-placing" role="status">
          Tap the map where memory {suggestions.findIndex((s) => s.id === placing) + 1} happened.
        </p>
      )}
      <VisibilityPicker className="field import-visibility" id="import-visibility" label="Who can see them" value={audience} onChange={setAudience} />
      {skipped.length > 0 && (
        <div className="card import-skipped" role="status">
          <p>
            {skipped.length === 1 ? 'Skipped 1 file that is not a photo:' : `Skipped ${skipped.length} files that are not photos:`}
          </p>
          <ul>
            {skipped.map((name, i) => (
              <li key={`${i}:${name}`}>{name}</li>
            ))}
          </ul>
        </div>
      )}
      <ol className="import-list">
        {suggestions.map((s, i) => (
          <SuggestionCard
              key={s.id}
              number={i + 1}
              suggestion={s}
              photos={s.keys.flatMap((k) => byKey.get(k) ?? [])}
              position={positionOf(s, byKey)}
              takenAt={takenAtOf(s, byKey)}
              hasNext={i < suggestions.length - 1}
              placing={placing === s.id}
              onPlace={(id) => {
                setPlacing(id);
                // The map is at the top, the card may be far below: bring the map to the finger.
                if (id) document.querySelector('.import-map')?.scrollIntoView({ block: 'nearest' });
              }}
              dispatch={dispatch}
            />
        ))}
      </ol>
      {unplaced > 0 && (
        <p className="hint">
          {unplaced === 1 ? '1 photo has' : `${unplaced} photos have`} no place yet and will not be saved until placed.
        </p>
      )}
      <button type="button" className="btn btn-secondary btn-block" disabled={busy} onClick={onStartOver}>
        Choose other photos
      </button>
      <div className="import-create">
        <button type="button" className="btn btn-primary btn-block" disabled={count === 0 || busy} onClick={() => void create()}>
          {createLabel(count)}
        </button>
      </div>
    </div>
  );
}
