import type { PinType } from '@memory-map/shared';
import { useId, useState } from 'react';
import { FilterIcon } from '../../../components/icons-extra.tsx';

export type FeedFilters = Record<PinType, boolean>;

export const ALL_FILTERS: FeedFilters = { own: true, friend: true, public: true };

const LABELS: Array<[PinType, string]> = [
  ['own', 'Your Memories'],
  ['friend', 'Friend Memories'],
  ['public', 'Public Memories'],
];

/** The 'Filter Memories' toggle: the count says how many of the three filters are on. */
export function FeedFilterPanel({ value, onChange }: { value: FeedFilters; onChange: (next: FeedFilters) => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = LABELS.filter(([k]) => value[k]).length;
  return (
    <div className="feed-filters">
      <button type="button" className="feed-filter-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <FilterIcon size={18} />
        <span>Filter Memories</span>
        <span className="feed-filter-count" aria-label={`${active} active`}>
          {active}
        </span>
      </button>
      {open && (
        <fieldset id={panelId} className="feed-filter-panel">
          <legend className="sr-only">Show memories</legend>
          {LABELS.map(([key, label]) => (
            <label key={key} className={`feed-filter-option feed-filter-${key}`}>
              <input type="checkbox" checked={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.checked })} />
              <span className={`feed-filter-dot dot-${key}`} aria-hidden="true" />
              {label}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
