import { LIMITS, type Notification, type NotificationKind } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { profilePictureUrl } from '../users/user-presenter.ts';
import { notificationsRepository } from './notifications.repository.ts';

/**
 * Notifications (docs/design.md §14, docs/decisions/120-conversation.md). One about a memory joins
 * the receiver's unread one of the same kind on the same memory: the group is issued again under
 * a new id with its people, so the list stays ordered by id, newest first, and "read up to this
 * id" means what the receiver saw.
 */

export interface NewNotification {
  receiverId: string;
  kind: NotificationKind;
  actorId: string;
  pinId?: string;
  commentId?: string;
  /** The comment's text, kept to its start. */
  text?: string;
}

/** What a notification keeps of a comment: enough for one line on a phone. */
const TEXT_KEPT = 140;

const groupKeyOf = (n: NewNotification): string | null => (n.pinId ? `${n.kind}:${n.pinId}` : null);

/**
 * Records a notification and tells its receiver's live streams. Never throws: the comment,
 * reaction or friendship that caused it is saved already, and a lost notification is logged.
 * Nobody is told of what they did themselves.
 */
export async function notify(ctx: AppContext, n: NewNotification): Promise<void> {
  if (n.receiverId === n.actorId) return;
  try {
    const id = uuidv7();
    const at = nowIso();
    const groupKey = groupKeyOf(n);
    await inTransaction(ctx.db.kysely, async (trx) => {
      const group = groupKey ? await notificationsRepository.findGroup(trx, n.receiverId, groupKey) : undefined;
      await notificationsRepository.insert(trx, {
        id,
        user_id: n.receiverId,
        kind: n.kind,
        pin_id: n.pinId ?? null,
        comment_id: n.commentId ?? null,
        text: n.text === undefined ? null : n.text.slice(0, TEXT_KEPT),
        group_key: groupKey,
        created_at: at,
      });
      if (group) await notificationsRepository.moveActorsAndDelete(trx, group.id, id, n.actorId);
      await notificationsRepository.addActor(trx, id, n.actorId, at);
    });
    await ctx.events.publish([n.receiverId], { kind: 'notification', data: { id, kind: n.kind } });
  } catch (err) {
    ctx.events.log.warn({ err, kind: n.kind }, 'could not record a notification');
  }
}

/** An edited comment: its notifications show its new words, never the ones taken back. */
export async function commentEdited(ctx: AppContext, commentId: string, text: string): Promise<void> {
  await notificationsRepository.retext(ctx.db.kysely, commentId, text.slice(0, TEXT_KEPT));
}

/** A reaction taken back leaves the unread group it was in. */
export async function withdraw(ctx: AppContext, n: Omit<NewNotification, 'text' | 'commentId'>): Promise<void> {
  const groupKey = groupKeyOf(n);
  if (!groupKey || n.receiverId === n.actorId) return;
  try {
    await inTransaction(ctx.db.kysely, (trx) => notificationsRepository.removeActorFromGroup(trx, n.receiverId, groupKey, n.actorId));
  } catch (err) {
    ctx.events.log.warn({ err, kind: n.kind }, 'could not withdraw a notification');
  }
}

/** People shown on one notification; actorCount says how many there are in all. */
const ACTORS_SHOWN = 3;

export async function list(
  ctx: AppContext,
  viewerId: string,
  query: { limit?: number; before?: string },
): Promise<{ notifications: Notification[]; nextBefore: string | null }> {
  const db = ctx.db.kysely;
  const limit = query.limit ?? LIMITS.commentsPageDefault;
  const rows = await notificationsRepository.page(db, viewerId, query.before, limit + 1);
  const page = rows.slice(0, limit);
  const actors = page.length > 0 ? await notificationsRepository.actorsOf(db, page.map((r) => r.id)) : [];
  const byNotification = new Map<string, typeof actors>();
  for (const a of actors) {
    const list = byNotification.get(a.notification_id);
    if (list) list.push(a);
    else byNotification.set(a.notification_id, [a]);
  }
  const now = Date.now();
  const notifications = page
    .map((r): Notification | null => {
      const people = byNotification.get(r.id) ?? [];
      // Every person of it deleted their account: nobody is left to name.
      if (people.length === 0) return null;
      return {
        id: r.id,
        kind: r.kind as NotificationKind,
        actors: people.slice(0, ACTORS_SHOWN).map((a) => ({ _id: a.id, username: a.username, profilePicture: profilePictureUrl(ctx, a.profile_picture, now) })),
        actorCount: people.length,
        ...(r.pin_id ? { pinId: r.pin_id } : {}),
        ...(r.pin_title !== null ? { pinTitle: r.pin_title } : {}),
        ...(r.comment_id ? { commentId: r.comment_id } : {}),
        ...(r.text !== null ? { text: r.text } : {}),
        createdAt: r.created_at,
        read: r.read_at !== null,
      };
    })
    .filter((n): n is Notification => n !== null);
  return { notifications, nextBefore: rows.length > limit ? page.at(-1)!.id : null };
}

export function unreadCount(ctx: AppContext, viewerId: string): Promise<number> {
  return notificationsRepository.unreadCount(ctx.db.kysely, viewerId);
}

export async function markRead(ctx: AppContext, viewerId: string, upTo: string | undefined): Promise<void> {
  await notificationsRepository.markRead(ctx.db.kysely, viewerId, upTo, nowIso());
}
