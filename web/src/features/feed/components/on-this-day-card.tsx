import { useState } from 'react';
import { ImageViewer } from '../../../components/image-viewer.tsx';
import { pinImages } from '../../../lib/pin-images.ts';
import { formatDate } from '../../../lib/pin-type.ts';
import { useOnThisDay } from '../api/on-this-day.ts';
import type { Pin } from '../../../lib/api/types.ts';

function yearsAgo(iso: string, now = new Date()): string {
  const years = now.getFullYear() - new Date(iso).getFullYear();
  return years === 1 ? '1 year ago' : `${years} years ago`;
}

function OnThisDayEntry({ pin }: { pin: Pin }) {
  const [viewing, setViewing] = useState(false);
  const images = pinImages(pin);
  const thumb = images[0]?.thumbnailUrl;
  return (
    <li className="otd-entry">
      {thumb ? (
        <button type="button" className="otd-thumb" onClick={() => setViewing(true)} aria-label={`View ${pin.title} full size`}>
          <img src={thumb} alt="" loading="lazy" />
        </button>
      ) : (
        <span className="otd-thumb otd-thumb-empty" aria-hidden="true" />
      )}
      <div className="otd-text">
        <p className="otd-when">
          {yearsAgo(pin.createdAt)} · <time dateTime={pin.createdAt}>{formatDate(pin.createdAt)}</time>
        </p>
        <p className="otd-title">{pin.title}</p>
        <p className="otd-place">{pin.locationName}</p>
      </div>
      {viewing && images.length > 0 && <ImageViewer sources={images.map((i) => i.url)} alt={pin.title} onClose={() => setViewing(false)} />}
    </li>
  );
}

/**
 * On This Day (docs/design.md §11): one's own memories from today's date in earlier years, as a
 * card at the top of the feed. No such memory, or no answer, and there is no card: it is a
 * reminder, not part of the feed, so it never shows an error of its own.
 */
export function OnThisDayCard() {
  const memories = useOnThisDay();
  const pins = memories.data ?? [];
  if (pins.length === 0) return null;
  return (
    <section className="otd-card" aria-labelledby="otd-heading">
      <h2 id="otd-heading" className="otd-heading">
        On This Day
      </h2>
      <ul className="otd-list">
        {pins.map((pin) => (
          <OnThisDayEntry key={pin.id} pin={pin} />
        ))}
      </ul>
    </section>
  );
}
