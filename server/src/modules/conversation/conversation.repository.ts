import { sql } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Queryable } from '../../db/queryable.ts';

export interface ConversationCountRow {
  pin_id: string;
  kind: string;
  emoji: string | null;
  n: string | number;
}

const countsQuery = preparedQuery(
  'conversation.countsOf',
  (db, args: { viewerId: string | null; pinIds: string[] }) => {
    const comments = db
      .selectFrom('comments')
      .select((eb) => ['pin_id', sql<string>`'c'`.as('kind'), sql<string | null>`null`.as('emoji'), eb.fn.countAll<string | number>().as('n')])
      .where('pin_id', 'in', args.pinIds)
      .groupBy('pin_id');
    const reactions = db
      .selectFrom('pin_reactions')
      .select((eb) => ['pin_id', sql<string>`'r'`.as('kind'), 'emoji', eb.fn.countAll<string | number>().as('n')])
      .where('pin_id', 'in', args.pinIds)
      .groupBy(['pin_id', 'emoji']);
    const both = comments.unionAll(reactions);
    if (args.viewerId === null) return both;
    const mine = db
      .selectFrom('pin_reactions')
      .select(['pin_id', sql<string>`'m'`.as('kind'), 'emoji', sql<string | number>`1`.as('n')])
      .where('user_id', '=', args.viewerId)
      .where('pin_id', 'in', args.pinIds);
    return both.unionAll(mine);
  },
  { keepWhileUnchanged: true },
);

/** Comments and reactions (docs/design.md §14; migration 0050). */
export const conversationRepository = {
  /** A memory's thread, oldest first, after the comment `after`; with each author. */
  commentsPage(db: Queryable, pinId: string, after: string | undefined, limit: number) {
    return db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.author_id')
      .select([
        'comments.id',
        'comments.pin_id',
        'comments.text',
        'comments.created_at',
        'comments.edited_at',
        'users.id as author_id',
        'users.username as author_username',
        'users.profile_picture as author_picture',
      ])
      .where('comments.pin_id', '=', pinId)
      .$if(after !== undefined, (qb) => qb.where('comments.id', '>', after!))
      .orderBy('comments.id')
      .limit(limit)
      .execute();
  },

  findComment(db: Queryable, id: string) {
    return db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.author_id')
      .select([
        'comments.id',
        'comments.pin_id',
        'comments.text',
        'comments.created_at',
        'comments.edited_at',
        'users.id as author_id',
        'users.username as author_username',
        'users.profile_picture as author_picture',
      ])
      .where('comments.id', '=', id)
      .executeTakeFirst();
  },

  insertComment(db: Queryable, row: { id: string; pin_id: string; author_id: string; text: string; created_at: string }) {
    return db.insertInto('comments').values(row).execute();
  },

  async updateComment(db: Queryable, id: string, authorId: string, text: string, at: string): Promise<boolean> {
    const r = await db.updateTable('comments').set({ text, edited_at: at }).where('id', '=', id).where('author_id', '=', authorId).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async deleteComment(db: Queryable, id: string): Promise<boolean> {
    const r = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** Sets the viewer's reaction; answers the emoji it replaced (undefined when there was none). */
  async putReaction(db: Queryable, pinId: string, userId: string, emoji: string, at: string): Promise<string | undefined> {
    const before = await db.selectFrom('pin_reactions').select('emoji').where('pin_id', '=', pinId).where('user_id', '=', userId).executeTakeFirst();
    await db
      .insertInto('pin_reactions')
      .values({ pin_id: pinId, user_id: userId, emoji, created_at: at })
      .onConflict((oc) => oc.columns(['pin_id', 'user_id']).doUpdateSet({ emoji }))
      .execute();
    return before?.emoji;
  },

  async deleteReaction(db: Queryable, pinId: string, userId: string): Promise<boolean> {
    const r = await db.deleteFrom('pin_reactions').where('pin_id', '=', pinId).where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /**
   * The conversation counts of `pinIds` in one round trip: rows of kind 'c' (comments per
   * memory), 'r' (reactions per memory and emoji) and 'm' (the viewer's own reaction), each read
   * through its index (comments_pin_idx, the reactions' primary key, pin_reactions_user_idx).
   * Every answer that holds pins asks this (pin-counts.ts), so it is built once per shape and, on
   * SQLite, its rows are kept until anything is written.
   */
  countsOf(db: Queryable, viewerId: string | null, pinIds: readonly string[]): Promise<ConversationCountRow[]> {
    return countsQuery.all(db, { viewerId, pinIds: [...pinIds] });
  },

  /** Who a memory is for and whom it tags: the audience of its live conversation events. */
  async reachOf(db: Queryable, pinId: string) {
    const pin = await db.selectFrom('pins').select(['author_id', 'visibility', 'circle_id', 'title']).where('id', '=', pinId).executeTakeFirst();
    if (!pin) return undefined;
    const tags = await db.selectFrom('pin_tags').select('user_id').where('pin_id', '=', pinId).execute();
    return { authorId: pin.author_id, visibility: pin.visibility, circleId: pin.circle_id, taggedIds: tags.map((t) => t.user_id), title: pin.title };
  },

  /** The people who took part (commented or reacted), newest first, at most `limit`. */
  async participantsOf(db: Queryable, pinId: string, limit: number): Promise<string[]> {
    const [commenters, reactors] = await Promise.all([
      db.selectFrom('comments').select('author_id as id').where('pin_id', '=', pinId).orderBy('id', 'desc').limit(limit).execute(),
      db.selectFrom('pin_reactions').select('user_id as id').where('pin_id', '=', pinId).orderBy('created_at', 'desc').limit(limit).execute(),
    ]);
    return [...new Set([...commenters, ...reactors].map((r) => r.id))].slice(0, limit);
  },

  /** Users by lower-cased username (for @mentions). */
  usersNamed(db: Queryable, namesLower: readonly string[]) {
    return db.selectFrom('users').select(['id', 'username_lower']).where('username_lower', 'in', [...namesLower]).where('disabled_at', 'is', null).execute();
  },

  /** The export (docs/design.md §11): a page of the user's own comments, by id. */
  ownCommentsPage(db: Queryable, userId: string, after: string | undefined, limit: number) {
    return db
      .selectFrom('comments')
      .select(['id', 'pin_id', 'text', 'created_at', 'edited_at'])
      .where('author_id', '=', userId)
      .$if(after !== undefined, (qb) => qb.where('id', '>', after!))
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** The export: a page of the user's reactions, by memory. */
  ownReactionsPage(db: Queryable, userId: string, after: string | undefined, limit: number) {
    return db
      .selectFrom('pin_reactions')
      .select(['pin_id', 'emoji', 'created_at'])
      .where('user_id', '=', userId)
      .$if(after !== undefined, (qb) => qb.where('pin_id', '>', after!))
      .orderBy('pin_id')
      .limit(limit)
      .execute();
  },

  /** The export: a page of the comments others left on the user's memories. */
  receivedCommentsPage(db: Queryable, userId: string, after: string | undefined, limit: number) {
    return db
      .selectFrom('comments')
      .innerJoin('pins', 'pins.id', 'comments.pin_id')
      .innerJoin('users', 'users.id', 'comments.author_id')
      .select(['comments.id', 'comments.pin_id', 'comments.text', 'comments.created_at', 'users.username'])
      .where('pins.author_id', '=', userId)
      .where('comments.author_id', '!=', userId)
      .$if(after !== undefined, (qb) => qb.where('comments.id', '>', after!))
      .orderBy('comments.id')
      .limit(limit)
      .execute();
  },
};
