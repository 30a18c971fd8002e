import { CONVERSATION_MESSAGES, type ReactionEmoji } from '@memory-map/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { PinIcon } from '../../../components/icons.tsx';
import { ImageViewer } from '../../../components/image-viewer.tsx';
import { LoadProblem } from '../../../components/load-problem.tsx';
import { PhotoGallery } from '../../../components/photo-gallery.tsx';
import { ScreenTitle } from '../../../components/screen-title.tsx';
import { LoadingDots } from '../../../components/spinner.tsx';
import { paths, personPath } from '../../../config/paths.ts';
import { showOnMapState } from '../../../config/route-state.ts';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { pinImages } from '../../../lib/pin-images.ts';
import { feedPinType, formatHappenedDate, pinBadgeText } from '../../../lib/pin-type.ts';
import { ownCommentChanged } from '../../../lib/effects/conversation.ts';
import { useSession } from '../../../lib/session.ts';
import { addSentComment, commentsOf, dropComment, useComments, type CommentsData } from '../api/comments.ts';
import { conversationKeys } from '../api/keys.ts';
import { useMemory } from '../api/memory.ts';
import { deleteComment, sendComment } from '../api/send-comment.ts';
import { putReaction, removeReaction } from '../api/set-reaction.ts';
import { reactionsAfter } from '../lib/reactions.ts';
import { Composer } from './composer.tsx';
import { ReactionsBar } from './reactions-bar.tsx';
import { Thread, type PendingComment } from './thread.tsx';
import './conversation.css';
import type { Comment, Pin, PinReactions } from '../../../lib/api/types.ts';

export const MEMORY_NOT_FOUND = 'This memory could not be found.';
export const MEMORY_FAILED = 'Could not load this memory.';
export const COMMENTS_FAILED = 'Could not load the comments.';
export const REACTION_FAILED = 'Your reaction was not saved. Try again.';
export const DELETE_FAILED = 'Could not delete the comment. Try again.';

const EMPTY_REACTIONS: PinReactions = { counts: {}, mine: null };
let pendingSeq = 0;

/**
 * A memory's screen (docs/design.md §14), opened from its map popup and its feed card: the memory
 * with its photos, the reactions, the thread and a composer. Reactions and comments show at once
 * (optimistic); what the server refuses says so where it happened. Comments and reactions of
 * others arrive live (app/live-updates.ts refreshes this screen's queries).
 */
export function MemoryView({ id }: { id: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const viewerId = user?._id ?? null;
  const memory = useMemory(id);
  const comments = useComments(id);
  const [pending, setPending] = useState<PendingComment[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const reacting = useRef(0);
  const memoryKey = conversationKeys.memory(viewerId, id);
  const commentsKey = conversationKeys.comments(viewerId, id);

  const pick = async (emoji: ReactionEmoji | null) => {
    const before = queryClient.getQueryData<Pin>(memoryKey);
    if (!before) return;
    const turn = ++reacting.current;
    setProblem(null);
    // A refresh on its way (a live event, the open screen's timer) was read before this tap.
    void queryClient.cancelQueries({ queryKey: memoryKey });
    queryClient.setQueryData<Pin>(memoryKey, { ...before, reactions: reactionsAfter(before.reactions ?? EMPTY_REACTIONS, emoji) });
    try {
      if (emoji) {
        const answer = await putReaction(id, emoji);
        // A later tap wins: an older answer must not overwrite what the viewer sees now.
        if (turn === reacting.current) queryClient.setQueryData<Pin>(memoryKey, (p) => (p ? { ...p, ...answer, id: p.id } : p));
      } else await removeReaction(id);
    } catch (err) {
      if (turn === reacting.current) {
        queryClient.setQueryData<Pin>(memoryKey, before);
        setProblem(errorText(err, REACTION_FAILED));
      }
    }
  };

  const send = async (p: PendingComment) => {
    setPending((list) => [...list.filter((x) => x.key !== p.key), { ...p, state: 'sending', error: undefined }]);
    try {
      const saved = await sendComment(id, p.text);
      addSentComment(queryClient, commentsKey, saved);
      setPending((list) => list.filter((x) => x.key !== p.key));
      void ownCommentChanged(queryClient, viewerId, id);
    } catch (err) {
      setPending((list) => list.map((x) => (x.key === p.key ? { ...x, state: 'failed', error: errorText(err, CONVERSATION_MESSAGES.sendFailed) } : x)));
    }
  };

  const remove = async (c: Comment) => {
    setProblem(null);
    const before = queryClient.getQueryData<CommentsData>(commentsKey);
    dropComment(queryClient, commentsKey, c.id);
    try {
      await deleteComment(c.id);
      void ownCommentChanged(queryClient, viewerId, id);
    } catch (err) {
      if (before) queryClient.setQueryData<CommentsData>(commentsKey, before);
      setProblem(errorText(err, DELETE_FAILED));
    }
  };

  if (memory.isError) {
    const missing = memory.error instanceof ApiError && memory.error.status === 404;
    return (
      <section className="memory-screen">
        <ScreenTitle title="Memory" backTo={paths.feeds} backLabel="Feed" />
        {missing ? <p className="thread-empty">{MEMORY_NOT_FOUND}</p> : <LoadProblem message={MEMORY_FAILED} onRetry={() => void memory.refetch()} />}
      </section>
    );
  }
  if (memory.isPending) {
    return (
      <section className="memory-screen" aria-busy="true">
        <ScreenTitle title="Memory" backTo={paths.feeds} backLabel="Feed" />
        <LoadingDots label="Loading memory" />
      </section>
    );
  }
  const pin = memory.data;
  const type = feedPinType(pin);
  const images = pinImages(pin);
  const reactions = pin.reactions ?? EMPTY_REACTIONS;
  const thread = commentsOf(comments.data);
  const shown = thread.length;
  const count = Math.max(shown, pin.commentCount ?? 0) + pending.length;
  // Only pages not loaded yet leave comments out; otherwise a difference is a count not refreshed yet.
  const notShown = comments.hasNextPage ? Math.max(0, (pin.commentCount ?? 0) - shown) : 0;
  return (
    <section className="memory-screen">
      <ScreenTitle title={pin.title} backTo={paths.feeds} backLabel="Feed" />
      <article className="memory-card card" aria-label={pin.title}>
        <header className="memory-head">
          <Avatar src={pin.authorPicture} alt="" size={40} />
          <div className="memory-who">
            {pin.isOwnPin ? <strong>{pin.authorName}</strong> : <Link to={personPath(pin.author)}><strong>{pin.authorName}</strong></Link>}
            <button type="button" className="memory-place" onClick={() => navigate(paths.landing, { state: showOnMapState(pin) })} aria-label={`Show ${pin.title} on map`}>
              <PinIcon size={14} />
              <span>{pin.locationName}</span>
            </button>
          </div>
        </header>
        <PhotoGallery images={images} title={pin.title} slideClassName="memory-image" onOpen={setViewing} sizes="(max-width: 430px) 100vw, 430px" />
        <div className="memory-body">
          <div className="memory-meta">
            <span className={`badge badge-${type}`}>{pinBadgeText(type, pin.visibility, pin.circle?.name)}</span>
            <time dateTime={pin.happenedAt ?? pin.createdAt}>{formatHappenedDate(pin.happenedAt ?? pin.createdAt)}</time>
          </div>
          {pin.description && <p className="memory-text">{pin.description}</p>}
          <ReactionsBar reactions={reactions} onPick={(e) => void pick(e)} />
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
        </div>
      </article>

      <h2 className="thread-title">{count === 1 ? '1 comment' : `${count} comments`}</h2>
      {comments.isPending ? (
        <LoadingDots label="Loading comments" />
      ) : comments.isError ? (
        <LoadProblem message={COMMENTS_FAILED} onRetry={() => void comments.refetch()} />
      ) : (
        <Thread
          comments={thread}
          pending={pending}
          viewerId={viewerId}
          viewerIsMemoryAuthor={pin.isOwnPin}
          viewerName={user?.username ?? ''}
          viewerPicture={user?.profilePicture ?? ''}
          onDelete={(c) => void remove(c)}
          onRetry={(p) => void send(p)}
          onDiscard={(p) => setPending((list) => list.filter((x) => x.key !== p.key))}
        />
      )}
      {comments.isSuccess && comments.hasNextPage && (
        <button type="button" className="btn btn-secondary btn-block thread-more" disabled={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>
          {comments.isFetchingNextPage ? 'Loading…' : notShown === 1 ? 'Show 1 more comment' : notShown > 1 ? `Show ${notShown} more comments` : 'Show more comments'}
        </button>
      )}
      <Composer onSend={(text) => void send({ key: `pending-${++pendingSeq}`, text, state: 'sending' })} />
      {viewing !== null && images.length > 0 && (
        <ImageViewer sources={images.map((i) => i.url)} start={viewing} alt={pin.title} onClose={() => setViewing(null)} />
      )}
    </section>
  );
}
