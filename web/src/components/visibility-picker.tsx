import { VISIBILITY_LABELS, type Visibility } from '@memory-map/shared';
import { useCircles } from '../lib/circles.ts';

/** Who a memory is for: a visibility, and with '2' optionally one of the author's circles (docs/design.md §17). */
export interface Audience {
  visibility: Visibility;
  circleId: string | null;
}

const CIRCLE_PREFIX = 'circle:';

function valueOf(a: Audience): string {
  return a.visibility === '2' && a.circleId ? `${CIRCLE_PREFIX}${a.circleId}` : a.visibility;
}

function audienceOf(value: string): Audience {
  if (value.startsWith(CIRCLE_PREFIX)) return { visibility: '2', circleId: value.slice(CIRCLE_PREFIX.length) };
  return { visibility: value as Visibility, circleId: null };
}

interface VisibilityPickerProps {
  value: Audience;
  onChange: (next: Audience) => void;
  disabled?: boolean;
  /** The field's label and id: the memory forms' by default; the photo import names its own. */
  label?: string;
  id?: string;
  className?: string;
}

/**
 * Who a memory is for, as the memory forms and the photo import ask it: the three visibilities
 * with their labels of docs/product.md §3, and the author's circles (managed from Friends) right
 * after Friends Only.
 */
export function VisibilityPicker({ value, onChange, disabled, label = 'Visibility', id = 'memory-visibility', className = 'field' }: VisibilityPickerProps) {
  const circles = useCircles().data ?? [];
  // A memory's circle not (yet) in the list (still loading, or just deleted elsewhere) stays chosen.
  const unknown = value.circleId && !circles.some((c) => c.id === value.circleId) ? value.circleId : null;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={valueOf(value)} onChange={(e) => onChange(audienceOf(e.target.value))} disabled={disabled}>
        <option value="1">{VISIBILITY_LABELS['1']}</option>
        <option value="2">{VISIBILITY_LABELS['2']}</option>
        {(circles.length > 0 || unknown) && (
          <optgroup label="Only a circle">
            {circles.map((c) => (
              <option key={c.id} value={`${CIRCLE_PREFIX}${c.id}`}>
                {c.name}
              </option>
            ))}
            {unknown && <option value={`${CIRCLE_PREFIX}${unknown}`}>Your circle</option>}
          </optgroup>
        )}
        <option value="3">{VISIBILITY_LABELS['3']}</option>
      </select>
    </div>
  );
}
