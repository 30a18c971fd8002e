import type { PinType } from '@memory-map/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { usePlaceSearch } from '../api/search-places.ts';
import type { TypeFilter } from '../lib/map-items.ts';
import { THEME_LIST, type MapTheme } from '../lib/themes.ts';
import type { PlaceSearchResult } from '../../../lib/api/types.ts';

const FILTERS: Array<{ type: PinType; label: string }> = [
  { type: 'own', label: 'Own' },
  { type: 'friend', label: 'Friend' },
  { type: 'public', label: 'Public' },
];

export interface MapControlsProps {
  filter: TypeFilter;
  onFilterChange: (filter: TypeFilter) => void;
  theme: MapTheme;
  onThemeChange: (theme: MapTheme) => void;
  onPlaceChosen: (place: PlaceSearchResult) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The controls panel of docs/product.md §2: filters, a location search and the map theme. */
export function MapControls({ filter, onFilterChange, theme, onThemeChange, onPlaceChosen, open, onOpenChange }: MapControlsProps) {
  const panelId = useId();
  const fabRef = useRef<HTMLButtonElement>(null);
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });
  // Escape closes the panel wherever focus is on the map screen, and focus goes back to its button.
  // Captured on the document before Leaflet's own Escape (which closes a popup) and stopped there,
  // so one Escape closes one thing: the panel first, a popup with the next.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]')) return;
      e.preventDefault();
      e.stopPropagation();
      onOpenChangeRef.current(false);
      fabRef.current?.focus();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open]);
  return (
    <div className="map-controls">
      <button
        ref={fabRef}
        type="button"
        className="map-fab"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Close map controls' : 'Map controls'}
        title="Map controls"
        onClick={() => onOpenChange(!open)}
      >
        {open ? (
          <span aria-hidden="true" className="map-fab-close">×</span>
        ) : (
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="m12 3 9 5-9 5-9-5 9-5z" />
            <path d="m3 13 9 5 9-5" />
          </svg>
        )}
      </button>
      {open && (
        <div className="map-panel" id={panelId} role="region" aria-label="Map controls">
          <fieldset className="map-panel-section">
            <legend>Show memories</legend>
            <div className="map-filters">
              {FILTERS.map(({ type, label }) => (
                <label key={type} className="map-filter">
                  <input
                    type="checkbox"
                    checked={filter[type]}
                    onChange={(e) => onFilterChange({ ...filter, [type]: e.target.checked })}
                    // The type's colour token: the marker's colour when light, a lighter one when dark (visible on the dark panel).
                    style={{ accentColor: `var(--color-${type})` }}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <LocationSearch
            onChoose={(place) => {
              onPlaceChosen(place);
              onOpenChange(false);
            }}
          />
          <fieldset className="map-panel-section">
            <legend>Map theme</legend>
            <div className="map-themes">
              {THEME_LIST.map((t) => (
                <label key={t.id} className={t.id === theme.id ? 'map-theme active' : 'map-theme'}>
                  <input type="radio" name="map-theme" value={t.id} checked={t.id === theme.id} onChange={() => onThemeChange(t)} />
                  <span className={`map-theme-swatch map-theme-swatch-${t.id}`} aria-hidden="true" />
                  {t.name}
                </label>
              ))}
            </div>
          </fieldset>
          {/* docs/design.md §16: the import is reached from the map and from the profile menu. */}
          <Link to={paths.import} className="btn btn-secondary map-panel-import">
            Bring your photos
          </Link>
        </div>
      )}
    </div>
  );
}

/** docs/product.md §2/§5: blank queries ignored, at most 5 results, choosing one moves the map. */
export function LocationSearch({ onChoose }: { onChoose: (place: PlaceSearchResult) => void }) {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState('');
  const search = usePlaceSearch(submitted);
  const inputId = useId();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    // A blank query asks nothing and clears old results.
    setSubmitted(text.trim());
  }

  const results = search.data ?? [];
  return (
    <form className="map-panel-section map-search" role="search" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="map-panel-label">
        Search location
      </label>
      <div className="map-search-row">
        <input
          id={inputId}
          className="input"
          type="search"
          enterKeyHint="search"
          placeholder="Find a place"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={200}
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </div>
      {submitted && search.isFetching && !search.data && (
        <div className="map-search-status">
          <Spinner label="Searching" />
        </div>
      )}
      {submitted && search.isError && (
        <p className="map-search-status" role="alert">
          Search failed. Please try again.
        </p>
      )}
      {submitted && search.isSuccess && results.length === 0 && <p className="map-search-status">No places found</p>}
      {submitted && results.length > 0 && (
        <ul className="map-search-results" aria-label="Search results">
          {results.map((place) => (
            <li key={`${place.lat},${place.lon},${place.display_name}`}>
              <button
                type="button"
                onClick={() => {
                  onChoose(place);
                  setSubmitted('');
                }}
              >
                {place.display_name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
