import {
  CONVERSATION_MESSAGES,
  LIMITS,
  MEMORY_MESSAGES,
  type Comment,
  type PinReactions,
  type ReactionEmoji,
} from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { isForeignKeyViolation } from '../../db/queryable.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { circleMembersOf, friendIdsOf, hasAccess, memoryEventAudience, requireAccess, userViewer } from '../access/index.ts';
import { commentEdited, notify, withdraw } from '../notifications/notifications.service.ts';
import { profilePictureUrl } from '../users/user-presenter.ts';
import { conversationRepository } from './conversation.repository.ts';

/**
 * A memory's conversation (docs/design.md §14): whoever may read a memory may comment on it and
 * react to it; to anyone else it is not there (404, exactly as a missing memory). Every question
 * of who may is asked of the access module (permissions.ts).
 */

const MEMORY_REFUSAL = { notFound: MEMORY_MESSAGES.notFound, forbidden: MEMORY_MESSAGES.notFound };
const COMMENT_REFUSAL = { notFound: CONVERSATION_MESSAGES.commentNotFound, forbidden: CONVERSATION_MESSAGES.onlyOwnComment };
const COMMENT_DELETE_REFUSAL = { notFound: CONVERSATION_MESSAGES.commentNotFound, forbidden: CONVERSATION_MESSAGES.cannotDeleteComment };

type CommentRow = NonNullable<Awaited<ReturnType<typeof conversationRepository.findComment>>>;

function toComment(ctx: AppContext, row: CommentRow, now = Date.now()): Comment {
  return {
    id: row.id,
    pinId: row.pin_id,
    author: { _id: row.author_id, username: row.author_username, profilePicture: profilePictureUrl(ctx, row.author_picture, now) },
    text: row.text,
    createdAt: row.created_at,
    editedAt: row.edited_at,
  };
}

export async function listComments(
  ctx: AppContext,
  viewerId: string,
  pinId: string,
  query: { limit?: number; after?: string },
): Promise<{ comments: Comment[]; nextAfter: string | null }> {
  const db = ctx.db.kysely;
  await requireAccess(db, userViewer(viewerId), 'memory.read', [pinId], MEMORY_REFUSAL);
  const limit = query.limit ?? LIMITS.commentsPageDefault;
  const rows = await conversationRepository.commentsPage(db, pinId, query.after, limit + 1);
  const page = rows.slice(0, limit);
  const now = Date.now();
  return { comments: page.map((r) => toComment(ctx, r, now)), nextAfter: rows.length > limit ? page.at(-1)!.id : null };
}

/** `@ana` and `@ana.b-c_1` (usernames: letters, digits, _ . -), each once, lower-cased. */
export function mentionedNames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/(?:^|[^A-Za-z0-9_.@-])@([A-Za-z0-9_.-]{3,30})/g)) {
    names.add(match[1]!.replace(/[.-]+$/, '').toLowerCase());
    if (names.size >= LIMITS.mentionsPerComment) break;
  }
  return [...names];
}

export async function addComment(ctx: AppContext, viewerId: string, pinId: string, text: string): Promise<Comment> {
  const db = ctx.db.kysely;
  await requireAccess(db, userViewer(viewerId), 'memory.comment', [pinId], MEMORY_REFUSAL);
  const id = uuidv7();
  try {
    await conversationRepository.insertComment(db, { id, pin_id: pinId, author_id: viewerId, text, created_at: nowIso() });
  } catch (err) {
    // The memory was deleted between the check and the write.
    if (isForeignKeyViolation(err)) throw new NotFoundError(MEMORY_MESSAGES.notFound);
    throw err;
  }
  const row = await conversationRepository.findComment(db, id);
  if (!row) throw new NotFoundError(CONVERSATION_MESSAGES.commentNotFound);
  const reach = await conversationRepository.reachOf(db, pinId);
  if (reach) {
    // A mention is told only to someone who may read the memory: anyone else never learns of it.
    const named = mentionedNames(text);
    const mentioned = named.length > 0 ? await conversationRepository.usersNamed(db, named) : [];
    const told = new Set<string>();
    for (const user of mentioned) {
      if (user.id === viewerId || !(await hasAccess(db, userViewer(user.id), 'memory.read', pinId))) continue;
      told.add(user.id);
      await notify(ctx, { receiverId: user.id, kind: 'mention', actorId: viewerId, pinId, commentId: id, text });
    }
    if (!told.has(reach.authorId)) await notify(ctx, { receiverId: reach.authorId, kind: 'comment', actorId: viewerId, pinId, commentId: id, text });
  }
  await tellConversation(ctx, pinId, viewerId);
  return toComment(ctx, row);
}

/** The comment, when the viewer may read its memory; 404 otherwise, as for a missing comment. */
async function readableComment(ctx: AppContext, viewerId: string, commentId: string): Promise<CommentRow> {
  await requireAccess(ctx.db.kysely, userViewer(viewerId), 'comment.read', [commentId], COMMENT_REFUSAL);
  const row = await conversationRepository.findComment(ctx.db.kysely, commentId);
  if (!row) throw new NotFoundError(CONVERSATION_MESSAGES.commentNotFound);
  return row;
}

export async function editComment(ctx: AppContext, viewerId: string, commentId: string, text: string): Promise<Comment> {
  const db = ctx.db.kysely;
  const row = await readableComment(ctx, viewerId, commentId);
  await requireAccess(db, userViewer(viewerId), 'comment.update', [commentId], COMMENT_REFUSAL);
  if (!(await conversationRepository.updateComment(db, commentId, viewerId, text, nowIso()))) throw new NotFoundError(CONVERSATION_MESSAGES.commentNotFound);
  await commentEdited(ctx, commentId, text);
  const updated = await conversationRepository.findComment(db, commentId);
  if (!updated) throw new NotFoundError(CONVERSATION_MESSAGES.commentNotFound);
  await tellConversation(ctx, row.pin_id, viewerId);
  return toComment(ctx, updated);
}

export async function deleteComment(ctx: AppContext, viewerId: string, commentId: string): Promise<void> {
  const db = ctx.db.kysely;
  const row = await readableComment(ctx, viewerId, commentId);
  await requireAccess(db, userViewer(viewerId), 'comment.delete', [commentId], COMMENT_DELETE_REFUSAL);
  // Its notifications go with it (the foreign key).
  if (!(await conversationRepository.deleteComment(db, commentId))) throw new NotFoundError(CONVERSATION_MESSAGES.commentNotFound);
  await tellConversation(ctx, row.pin_id, viewerId);
}

export interface PinConversation {
  commentCount: number;
  reactions: PinReactions;
}

const EMPTY: PinConversation = { commentCount: 0, reactions: { counts: {}, mine: null } };

/**
 * The conversation of each memory of `pinIds` as `viewerId` sees it: three indexed reads in one
 * query for the whole list, whatever its length. Only pins the viewer may read reach here (they are in an
 * answer to them), and everyone who may read a memory may read its whole thread.
 */
/**
 * The counts of `pinIds` for the viewer. `seq`: the `conversation` counter as the request's
 * session lookup read it, before this (counts-cache.ts); counts read under it are kept for the
 * next answer of the same pins to the same viewer while it stays the same.
 */
export async function conversationsOf(ctx: AppContext, viewerId: string | null, pinIds: readonly string[], seq?: number): Promise<Map<string, PinConversation>> {
  if (pinIds.length === 0) return new Map();
  const read = () => readConversations(ctx, viewerId, pinIds);
  if (seq === undefined || !ctx.conversationCounts) return read();
  return ctx.conversationCounts.get(viewerId, pinIds, seq, read);
}

async function readConversations(ctx: AppContext, viewerId: string | null, pinIds: readonly string[]): Promise<Map<string, PinConversation>> {
  const result = new Map<string, PinConversation>();
  const rows = await conversationRepository.countsOf(ctx.db.kysely, viewerId, pinIds);
  const entry = (pinId: string): PinConversation => {
    let e = result.get(pinId);
    if (!e) result.set(pinId, (e = { commentCount: 0, reactions: { counts: {}, mine: null } }));
    return e;
  };
  for (const r of rows) {
    if (r.kind === 'c') entry(r.pin_id).commentCount = Number(r.n);
    else if (r.kind === 'r' && r.emoji) entry(r.pin_id).reactions.counts[r.emoji] = Number(r.n);
    else if (r.kind === 'm') entry(r.pin_id).reactions.mine = r.emoji;
  }
  return result;
}

export async function conversationOf(ctx: AppContext, viewerId: string, pinId: string): Promise<PinConversation> {
  return (await conversationsOf(ctx, viewerId, [pinId])).get(pinId) ?? EMPTY;
}

export async function react(ctx: AppContext, viewerId: string, pinId: string, emoji: ReactionEmoji): Promise<PinConversation & { pinId: string }> {
  const db = ctx.db.kysely;
  await requireAccess(db, userViewer(viewerId), 'memory.react', [pinId], MEMORY_REFUSAL);
  let replaced: string | undefined;
  try {
    replaced = await conversationRepository.putReaction(db, pinId, viewerId, emoji, nowIso());
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new NotFoundError(MEMORY_MESSAGES.notFound);
    throw err;
  }
  const reach = await conversationRepository.reachOf(db, pinId);
  // Changing one's reaction tells nobody again.
  if (reach && replaced === undefined) await notify(ctx, { receiverId: reach.authorId, kind: 'reaction', actorId: viewerId, pinId });
  if (replaced !== emoji) await tellConversation(ctx, pinId, viewerId);
  return { pinId, ...(await conversationOf(ctx, viewerId, pinId)) };
}

export async function unreact(ctx: AppContext, viewerId: string, pinId: string): Promise<void> {
  const db = ctx.db.kysely;
  await requireAccess(db, userViewer(viewerId), 'memory.react', [pinId], MEMORY_REFUSAL);
  if (!(await conversationRepository.deleteReaction(db, pinId, viewerId))) return;
  const reach = await conversationRepository.reachOf(db, pinId);
  if (reach) await withdraw(ctx, { receiverId: reach.authorId, kind: 'reaction', actorId: viewerId, pinId });
  await tellConversation(ctx, pinId, viewerId);
}

/** How many of those who took part are told live (each is asked memory.read). */
const PARTICIPANTS_TOLD = 50;

/**
 * Tells every open screen that may show the memory that its conversation changed: its author,
 * the actor's own other screens, the friends, circle members and tagged people a memory event
 * reaches (access/audience.ts), and those who took part, each while they may still read it.
 * Never throws: what changed is saved, and a lost event only waits for the next refresh.
 */
async function tellConversation(ctx: AppContext, pinId: string, actorId: string): Promise<void> {
  try {
    const db = ctx.db.kysely;
    const reach = await conversationRepository.reachOf(db, pinId);
    if (!reach) return;
    const friends = await friendIdsOf(db, reach.authorId);
    const members = await circleMembersOf(db, reach.circleId ? [reach.circleId] : []);
    const { changed } = memoryEventAudience(reach, reach, friends, members);
    const audience = new Set([reach.authorId, actorId, ...changed]);
    for (const id of await conversationRepository.participantsOf(db, pinId, PARTICIPANTS_TOLD)) {
      if (!audience.has(id) && (await hasAccess(db, userViewer(id), 'memory.read', pinId))) audience.add(id);
    }
    await ctx.events.publish([...audience], { kind: 'conversation', data: { pinId } });
  } catch (err) {
    ctx.events.log.warn({ err }, 'could not send a live event');
  }
}
