import { takenAtInstant } from '../../../lib/photo-taken.ts';
import { whenFieldsOf, type WhenFields } from '../lib/happened-at.ts';
import { usePhotoMetadata } from './use-photo-metadata.ts';

function spoken({ date, time }: WhenFields): string {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(y!, m! - 1, d!).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
  return time ? `${day} at ${time}` : day;
}

/**
 * Issue 31: a chosen photo proposes the day it was taken (its EXIF capture time), which the
 * person takes up or leaves; the form's date stays as it is until they do.
 */
export function PhotoDateOffer({ file, when, disabled, onUse }: { file: File | null; when: WhenFields; disabled: boolean; onUse: (when: WhenFields) => void }) {
  const takenAt = usePhotoMetadata(file)?.takenAt;
  if (!takenAt) return null;
  const proposed = whenFieldsOf(takenAtInstant(takenAt));
  if (proposed.date === when.date && proposed.time === when.time) return <p className="hint">The date and time the photo was taken.</p>;
  return (
    <div className="memory-gps card memory-photo-date">
      <p>This photo was taken on {spoken(proposed)}.</p>
      <button type="button" className="btn btn-secondary" disabled={disabled} onClick={() => onUse(proposed)}>
        Use the photo&apos;s date
      </button>
    </div>
  );
}
