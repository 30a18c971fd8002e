import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { personPath } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/pin-type.ts';
import type { Comment } from '../../../lib/api/types.ts';

/** A comment written here that the server has not taken yet (optimistic), or refused. */
export interface PendingComment {
  key: string;
  text: string;
  state: 'sending' | 'failed';
  error?: string;
}

export const NO_COMMENTS = 'No comments yet. Say something nice.';

interface ThreadProps {
  comments: Comment[];
  pending: PendingComment[];
  viewerId: string | null;
  /** The memory's author may delete any comment on it. */
  viewerIsMemoryAuthor: boolean;
  onDelete: (comment: Comment) => void;
  onRetry: (pending: PendingComment) => void;
  onDiscard: (pending: PendingComment) => void;
  viewerName: string;
  viewerPicture: string;
}

/** The thread, oldest first, then what is being sent from this screen. */
export function Thread({ comments, pending, viewerId, viewerIsMemoryAuthor, onDelete, onRetry, onDiscard, viewerName, viewerPicture }: ThreadProps) {
  if (comments.length === 0 && pending.length === 0) return <p className="thread-empty">{NO_COMMENTS}</p>;
  return (
    <ol className="thread" aria-label="Comments">
      {comments.map((c) => {
        const own = c.author._id === viewerId;
        return (
          <li key={c.id} className="comment">
            <Avatar src={c.author.profilePicture} alt="" size={32} />
            <div className="comment-main">
              <p className="comment-head">
                {own ? <strong>{c.author.username}</strong> : <Link to={personPath(c.author._id)}><strong>{c.author.username}</strong></Link>}
                <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
                {c.editedAt && <span className="comment-edited">edited</span>}
              </p>
              <p className="comment-text">{c.text}</p>
              {(own || viewerIsMemoryAuthor) && (
                <button type="button" className="comment-action" onClick={() => onDelete(c)} aria-label={`Delete comment: ${c.text.slice(0, 40)}`}>
                  Delete
                </button>
              )}
            </div>
          </li>
        );
      })}
      {pending.map((p) => (
        <li key={p.key} className={`comment comment-${p.state}`} aria-busy={p.state === 'sending'}>
          <Avatar src={viewerPicture} alt="" size={32} />
          <div className="comment-main">
            <p className="comment-head">
              <strong>{viewerName}</strong>
              <span className="comment-status">{p.state === 'sending' ? 'Sending…' : 'Not sent'}</span>
            </p>
            <p className="comment-text">{p.text}</p>
            {p.state === 'failed' && (
              <div className="comment-retry" role="alert">
                <span>{p.error}</span>
                <button type="button" className="comment-action" onClick={() => onRetry(p)}>
                  Retry
                </button>
                <button type="button" className="comment-action" onClick={() => onDiscard(p)}>
                  Discard
                </button>
              </div>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
