import { memo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { PinIcon } from '../../../components/icons.tsx';
import { ImageViewer } from '../../../components/image-viewer.tsx';
import { PhotoGallery } from '../../../components/photo-gallery.tsx';
import type { RowAttributes } from '../../../components/windowed-list.tsx';
import { memoryPath, paths, personPath } from '../../../config/paths.ts';
import { conversationLabel, conversationSummary } from '../../../lib/conversation-summary.ts';
import { showOnMapState } from '../../../config/route-state.ts';
import { pinImages } from '../../../lib/pin-images.ts';
import { Highlighted } from './highlighted.tsx';
import { feedPinType, formatHappenedDate, pinBadgeText } from '../../../lib/pin-type.ts';
import type { Pin } from '../../../lib/api/types.ts';

/** docs/product.md §9: the feed offers 'Show more' above 80 characters. */
export const FEED_SHOW_MORE_AT = 80;

/** 'author & name, name' (docs/product.md §2): the author, then the friends tagged in the memory. */
export function authorLine(pin: Pick<Pin, 'authorName' | 'taggedFriends'>): { author: string; tagged: string } {
  const names = (pin.taggedFriends ?? []).map((f) => f.username).filter(Boolean);
  return { author: pin.authorName, tagged: names.length ? ` & ${names.join(', ')}` : '' };
}

export interface FeedItemProps {
  pin: Pin;
  /** The words of a search, marked where they occur. */
  highlight?: string[];
  /** 'Show more' was pressed: kept by the list, since a windowed row is dropped and drawn again. */
  expanded: boolean;
  onToggle: (id: string) => void;
  /** Its place in the list (components/windowed-list.tsx). */
  row: RowAttributes;
}

/**
 * One memory of the feed. Rows re-render only when what they show changes: the windowed list
 * renders again each time its drawn range moves.
 */
export const FeedItem = memo(
  FeedItemCard,
  (a, b) =>
    a.pin === b.pin &&
    a.highlight === b.highlight &&
    a.expanded === b.expanded &&
    a.onToggle === b.onToggle &&
    a.row.ref === b.row.ref &&
    a.row['data-index'] === b.row['data-index'] &&
    a.row['aria-setsize'] === b.row['aria-setsize'],
);

function FeedItemCard({ pin, highlight, expanded, onToggle, row }: FeedItemProps) {
  // The photo the full-size viewer is open at, if it is.
  const [viewing, setViewing] = useState<number | null>(null);
  const navigate = useNavigate();
  const type = feedPinType(pin);
  const { author, tagged } = authorLine(pin);
  const images = pinImages(pin);
  const long = pin.description.length > FEED_SHOW_MORE_AT;
  return (
    // Focusable, as the ARIA feed pattern has it: Tab reaches every card, each scrolled into view
    // (so the list draws the next), also cards without a button of their own.
    <article {...row} className="feed-item" aria-label={pin.title} data-scroll-anchor={pin.id} tabIndex={0}>
      <header className="feed-item-head">
        <Avatar src={pin.authorPicture} alt={`${pin.authorName}'s picture`} size={40} />
        <div className="feed-item-who">
          <div className="feed-item-authors">
            {/* Someone else's name opens their profile: who they are and what else of theirs one may see. */}
            {pin.isOwnPin ? (
              <strong>{author}</strong>
            ) : (
              <Link className="feed-item-author-link" to={personPath(pin.author)}>
                <strong>{author}</strong>
              </Link>
            )}
            {tagged && <span>{tagged}</span>}
          </div>
          <div className="feed-item-place">
            <PinIcon size={14} />
            <span>
              <Highlighted text={pin.locationName} words={highlight} />
            </span>
          </div>
        </div>
      </header>
      <PhotoGallery images={images} title={pin.title} slideClassName="feed-item-image" onOpen={setViewing} lazy sizes="(max-width: 430px) 100vw, 430px" />
      <div className="feed-item-body">
        <div className="feed-item-meta">
          <span className={`badge badge-${type}`}>{pinBadgeText(type, pin.visibility, pin.circle?.name)}</span>
          <time dateTime={pin.happenedAt ?? pin.createdAt}>{formatHappenedDate(pin.happenedAt ?? pin.createdAt)}</time>
        </div>
        <h2 className="feed-item-title">
          <Highlighted text={pin.title} words={highlight} />
        </h2>
        <p className={expanded || !long ? 'feed-item-text' : 'feed-item-text clamped'}>
          <Highlighted text={pin.description} words={highlight} />
        </p>
        <div className="feed-item-actions">
          {long && (
            <button type="button" className="feed-item-more" aria-expanded={expanded} onClick={() => onToggle(pin.id)}>
              {expanded ? 'Show less' : 'Show more'}
            </button>
          )}
          <button type="button" className="feed-item-open" aria-label={conversationLabel(pin)} onClick={() => navigate(memoryPath(pin.id))}>
            {conversationSummary(pin)}
          </button>
          <button
            type="button"
            className="feed-item-map"
            aria-label={`Show ${pin.title} on map`}
            onClick={() => navigate(paths.landing, { state: showOnMapState(pin) })}
          >
            <PinIcon size={15} />
            Show on map
          </button>
        </div>
      </div>
      {viewing !== null && images.length > 0 && (
        <ImageViewer sources={images.map((i) => i.url)} start={viewing} alt={pin.title} onClose={() => setViewing(null)} />
      )}
    </article>
  );
}
