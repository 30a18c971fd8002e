import type { Kysely } from 'kysely';

/**
 * Comments, reactions and notifications (docs/design.md §14, docs/decisions/120-conversation.md).
 * - comments: a memory's thread, read oldest first by (pin_id, id) (ids are UUIDv7: time order).
 * - pin_reactions: one per person per memory (the primary key); (user_id) serves the export and
 *   the cascade when an account goes.
 * - notifications: one row per notification as shown; a group ("Ana and 3 others reacted") is one
 *   row whose people are in notification_actors. `group_key` ('reaction:<pin id>') is set only
 *   while a groupable row is unread: the next one of its kind on that memory joins it.
 * Everything goes with its memory, its comment and its people (cascades): deleting an account
 * or a memory deletes its conversation in the same statement. No read-cache trigger: a comment
 * or a reaction changes no cached answer (counts are read beside the cache).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .execute();
  await db.schema.createIndex('comments_pin_idx').on('comments').columns(['pin_id', 'id']).execute();
  await db.schema.createIndex('comments_author_idx').on('comments').columns(['author_id', 'id']).execute();

  await db.schema
    .createTable('pin_reactions')
    .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('pin_reactions_pk', ['pin_id', 'user_id'])
    .execute();
  await db.schema.createIndex('pin_reactions_user_idx').on('pin_reactions').columns(['user_id', 'pin_id']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('pin_id', 'text', (c) => c.references('pins.id').onDelete('cascade'))
    .addColumn('comment_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('text', 'text')
    .addColumn('group_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('notifications_group_idx')
    .on('notifications')
    .columns(['user_id', 'group_key'])
    .where('group_key', 'is not', null)
    .execute();
  await db.schema.createIndex('notifications_pin_idx').on('notifications').column('pin_id').where('pin_id', 'is not', null).execute();
  await db.schema.createIndex('notifications_comment_idx').on('notifications').column('comment_id').where('comment_id', 'is not', null).execute();

  await db.schema
    .createTable('notification_actors')
    .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_actors_pk', ['notification_id', 'actor_id'])
    .execute();
  await db.schema.createIndex('notification_actors_actor_idx').on('notification_actors').column('actor_id').execute();
}
