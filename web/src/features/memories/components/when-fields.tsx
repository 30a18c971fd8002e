import { EARLIEST_DATE, latestDate, type WhenFields as When } from '../lib/happened-at.ts';
import { PhotoDateOffer } from './photo-date-offer.tsx';

/** "When it happened": a date, an optional time, and the newest photo's own date offered. */
export function WhenFields({
  when,
  newestPhoto,
  disabled,
  onChange,
}: {
  when: When;
  newestPhoto: File | null;
  disabled: boolean;
  onChange: (next: (w: When) => When) => void;
}) {
  return (
    <fieldset className="field memory-when">
      <legend>When it happened</legend>
      <div className="memory-when-row">
        <label className="memory-when-part">
          <span>Date</span>
          <input
            type="date"
            value={when.date}
            min={EARLIEST_DATE}
            max={latestDate()}
            required
            onChange={(e) => {
              const date = e.target.value;
              onChange((w) => ({ ...w, date }));
            }}
            disabled={disabled}
          />
        </label>
        <label className="memory-when-part">
          <span>Time (optional)</span>
          <input
            type="time"
            value={when.time}
            onChange={(e) => {
              const time = e.target.value;
              onChange((w) => ({ ...w, time }));
            }}
            disabled={disabled}
          />
        </label>
      </div>
      <PhotoDateOffer file={newestPhoto} when={when} disabled={disabled} onUse={(photoWhen) => onChange(() => photoWhen)} />
    </fieldset>
  );
}
