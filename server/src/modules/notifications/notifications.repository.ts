import type { ExpressionBuilder } from 'kysely';
import type { Queryable } from '../../db/queryable.ts';
import type { DB } from '../../db/schema.ts';
import { memoryAccessFilter, userViewer } from '../access/index.ts';

/** A notification row as the list reads it, with its memory's title when it is about one. */
export interface NotificationRow {
  id: string;
  kind: string;
  pin_id: string | null;
  pin_title: string | null;
  comment_id: string | null;
  text: string | null;
  created_at: string;
  read_at: string | null;
}

/** Kysely: someone is still named on it (everyone on it may have deleted their account since). */
function hasActors(eb: ExpressionBuilder<DB, 'notifications'>) {
  return eb.exists(
    eb.selectFrom('notification_actors').select('notification_actors.actor_id').whereRef('notification_actors.notification_id', '=', 'notifications.id'),
  );
}

/**
 * Kysely: the notification is about no memory, or about one the receiver may read now. A memory
 * that became private, or a friendship that ended, hides it at once (docs/design.md §14).
 */
function readableByReceiver(eb: ExpressionBuilder<DB, 'notifications'>, receiverId: string) {
  return eb.or([
    eb('notifications.pin_id', 'is', null),
    eb.exists(
      eb
        .selectFrom('pins')
        .select('pins.id')
        .whereRef('pins.id', '=', 'notifications.pin_id')
        .where((p) => memoryAccessFilter(p as unknown as ExpressionBuilder<DB, 'pins'>, userViewer(receiverId), 'memory.read')),
    ),
  ]);
}

export const notificationsRepository = {
  /** The receiver's unread notification that a new one of this kind on this memory joins. */
  findGroup(db: Queryable, receiverId: string, groupKey: string) {
    return db
      .selectFrom('notifications')
      .select(['id'])
      .where('user_id', '=', receiverId)
      .where('group_key', '=', groupKey)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  /** The text its notifications keep of a comment, after an edit. */
  async retext(db: Queryable, commentId: string, text: string): Promise<void> {
    await db.updateTable('notifications').set({ text }).where('comment_id', '=', commentId).execute();
  },

  insert(
    db: Queryable,
    row: { id: string; user_id: string; kind: string; pin_id: string | null; comment_id: string | null; text: string | null; group_key: string | null; created_at: string },
  ) {
    return db.insertInto('notifications').values(row).execute();
  },

  /** The people of `fromId` (but `exceptActor`) move to `toId`; `fromId` is then deleted with what is left of it. */
  async moveActorsAndDelete(db: Queryable, fromId: string, toId: string, exceptActor: string) {
    await db.updateTable('notification_actors').set({ notification_id: toId }).where('notification_id', '=', fromId).where('actor_id', '!=', exceptActor).execute();
    await db.deleteFrom('notifications').where('id', '=', fromId).execute();
  },

  addActor(db: Queryable, notificationId: string, actorId: string, at: string) {
    return db.insertInto('notification_actors').values({ notification_id: notificationId, actor_id: actorId, created_at: at }).execute();
  },

  /**
   * Takes one person out of the receiver's unread group (a reaction taken back); a group left
   * without anyone goes.
   */
  async removeActorFromGroup(db: Queryable, receiverId: string, groupKey: string, actorId: string) {
    const group = await notificationsRepository.findGroup(db, receiverId, groupKey);
    if (!group) return;
    await db.deleteFrom('notification_actors').where('notification_id', '=', group.id).where('actor_id', '=', actorId).execute();
    const left = await db.selectFrom('notification_actors').select('actor_id').where('notification_id', '=', group.id).limit(1).executeTakeFirst();
    if (!left) await db.deleteFrom('notifications').where('id', '=', group.id).execute();
  },

  /** Newest first, those the receiver may still read, older than `before`. */
  page(db: Queryable, receiverId: string, before: string | undefined, limit: number): Promise<NotificationRow[]> {
    return db
      .selectFrom('notifications')
      .leftJoin('pins', 'pins.id', 'notifications.pin_id')
      .select([
        'notifications.id',
        'notifications.kind',
        'notifications.pin_id',
        'pins.title as pin_title',
        'notifications.comment_id',
        'notifications.text',
        'notifications.created_at',
        'notifications.read_at',
      ])
      .where('notifications.user_id', '=', receiverId)
      .$if(before !== undefined, (qb) => qb.where('notifications.id', '<', before!))
      .where((eb) => readableByReceiver(eb, receiverId))
      .where(hasActors)
      .orderBy('notifications.id', 'desc')
      .limit(limit)
      .execute();
  },

  /** The people of each notification, newest first. */
  actorsOf(db: Queryable, notificationIds: string[]) {
    return db
      .selectFrom('notification_actors')
      .innerJoin('users', 'users.id', 'notification_actors.actor_id')
      .select(['notification_actors.notification_id', 'users.id', 'users.username', 'users.profile_picture'])
      .where('notification_actors.notification_id', 'in', notificationIds)
      .orderBy('notification_actors.created_at', 'desc')
      .orderBy('users.id')
      .execute();
  },

  async unreadCount(db: Queryable, receiverId: string): Promise<number> {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('notifications.user_id', '=', receiverId)
      .where('notifications.read_at', 'is', null)
      .where((eb) => readableByReceiver(eb, receiverId))
      .where(hasActors)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** Marks read every unread one (up to `upTo` when given); a read one joins no group. */
  markRead(db: Queryable, receiverId: string, upTo: string | undefined, at: string) {
    return db
      .updateTable('notifications')
      .set({ read_at: at, group_key: null })
      .where('user_id', '=', receiverId)
      .where('read_at', 'is', null)
      .$if(upTo !== undefined, (qb) => qb.where('id', '<=', upTo!))
      .execute();
  },
};
