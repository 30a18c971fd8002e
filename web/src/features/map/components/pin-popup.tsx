import type { PinType } from '@memory-map/shared';
import { useState, type ReactNode } from 'react';
import { Avatar } from '../../../components/avatar.tsx';
import { PhotoGallery } from '../../../components/photo-gallery.tsx';
import { conversationLabel, conversationSummary } from '../../../lib/conversation-summary.ts';
import { pinImages } from '../../../lib/pin-images.ts';
import { formatDate, formatDateTime, formatHappenedAt, formatHappenedDate, pinBadgeText } from '../../../lib/pin-type.ts';
import type { Pin } from '../../../lib/api/types.ts';

/** docs/product.md §9: the map popup offers Show more above 100 characters. */
export const POPUP_CLAMP = 100;

export interface PinPopupProps {
  pin: Pin;
  type: PinType;
  onUpdate: (pin: Pin) => void;
  onDelete: (pin: Pin) => void;
  /** Own pins: put the pin in a draggable mode with Save / Cancel. */
  onMove?: (pin: Pin) => void;
  /** Opens the full-size viewer at the memory's photo `index`. */
  onOpenImage: (pin: Pin, index: number) => void;
  /** Own pins: opens the share sheet (a dialog of the map screen, like the confirms). */
  onShare?: (pin: Pin) => void;
  /** The popup changed size (text expanded, image loaded): Leaflet re-measures it. */
  onLayout?: () => void;
  /** Opens the memory's screen: its reactions and comments (docs/design.md §14). */
  onOpen?: (pin: Pin) => void;
  /** More for an own pin, below its actions ("add to trip"). */
  renderOwnExtra?: (pin: Pin) => ReactNode;
}

/**
 * Everything docs/product.md §2 lists for a pin's popup. Only the author gets update and delete, and
 * the share link of docs/design.md §11.
 */
export function PinPopup({ pin, type, onUpdate, onDelete, onMove, onOpenImage, onShare, onLayout, onOpen, renderOwnExtra }: PinPopupProps) {
  const [expanded, setExpanded] = useState(false);
  const isOwn = type === 'own';
  const long = pin.description.length > POPUP_CLAMP;
  const description = long && !expanded ? `${pin.description.slice(0, POPUP_CLAMP).trimEnd()}…` : pin.description;
  const tagged = pin.taggedFriends ?? [];
  const images = pinImages(pin);
  // A pin cached by an older version of the app has no happenedAt: it happened when posted.
  const happenedAt = pin.happenedAt ?? pin.createdAt;

  return (
    <article className="pin-popup" aria-label={pin.title}>
      <header className="pin-popup-head">
        {/* h2: the map screen's h1 is above it (axe heading-order). */}
        <h2 className="pin-popup-title">{pin.title}</h2>
        <span className={`badge badge-${type}`}>{pinBadgeText(type, pin.visibility, pin.circle?.name)}</span>
      </header>
      {/* The part that can grow (a 2000-character description) scrolls on its own, so the popup
          never outgrows the map and Update / Delete stay in reach below it. */}
      <div className="pin-popup-body">
        <p className="pin-popup-place">{pin.locationName}</p>
        <div className="pin-popup-author">
          <Avatar src={pin.authorPicture} alt="" size={28} />
          {/* docs/product.md §2 shows the author on every pin; only on other people's pins is it 'By {author}'. */}
          <span>{isOwn ? pin.authorName : `By ${pin.authorName}`}</span>
        </div>
        <PhotoGallery
          images={images}
          title={pin.title}
          slideClassName="pin-popup-image"
          hint="Click to view full size"
          onOpen={(index) => onOpenImage(pin, index)}
          onLoad={onLayout}
          sizes="260px"
        />
        <p className="pin-popup-description">{description}</p>
        {long && (
          <button
            type="button"
            className="pin-popup-more"
            aria-expanded={expanded}
            onClick={() => {
              setExpanded((v) => !v);
              requestAnimationFrame(() => onLayout?.());
            }}
          >
            {expanded ? 'Show less' : 'Show more'}
          </button>
        )}
        {tagged.length > 0 && (
          <div className="pin-popup-tags">
            <span className="pin-popup-tags-label">Tagged Friends:</span>
            <ul>
              {tagged.map((f) => (
                <li key={f._id} className="chip">
                  <Avatar src={f.profilePicture} alt="" size={18} />
                  {f.username}
                </li>
              ))}
            </ul>
          </div>
        )}
        {/* The date, and what opens the memory's screen on the same line: the popup stays short. */}
        <div className="pin-popup-foot">
          <p className="pin-popup-date">
            <time dateTime={happenedAt}>{formatHappenedAt(happenedAt)}</time>
            {/* Dated to another day than it was posted: the posting time (docs/product.md §2) follows. */}
            {formatHappenedDate(happenedAt) !== formatDate(pin.createdAt) && (
              <span className="pin-popup-posted">
                {' · Posted '}
                <time dateTime={pin.createdAt}>{formatDateTime(pin.createdAt)}</time>
              </span>
            )}
          </p>
          {onOpen && (
            <button type="button" className="pin-popup-open" aria-label={conversationLabel(pin)} onClick={() => onOpen(pin)}>
              {conversationSummary(pin)}
            </button>
          )}
        </div>
      </div>
      {isOwn && (
        <div className={onMove ? 'pin-popup-actions pin-popup-actions-3' : 'pin-popup-actions'}>
          <button type="button" className="btn btn-secondary" onClick={() => onUpdate(pin)}>
            Update
          </button>
          {onMove && (
            <button type="button" className="btn btn-secondary" onClick={() => onMove(pin)}>
              Move
            </button>
          )}
          <button type="button" className="btn btn-danger" onClick={() => onDelete(pin)}>
            Delete
          </button>
          {onShare && (
            <button type="button" className="btn btn-secondary pin-popup-share" aria-haspopup="dialog" onClick={() => onShare(pin)}>
              Share link
            </button>
          )}
        </div>
      )}
      {isOwn && renderOwnExtra?.(pin)}
    </article>
  );
}
