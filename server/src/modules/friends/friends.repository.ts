import type { Queryable } from '../../db/queryable.ts';

export const friendsRepository = {
  friendIds(db: Queryable, userId: string) {
    return db.selectFrom('friendships').select('friend_id').where('user_id', '=', userId).execute();
  },

  sentRequestIds(db: Queryable, userId: string) {
    return db.selectFrom('friend_requests').select('to_id').where('from_id', '=', userId).execute();
  },

  receivedRequestIds(db: Queryable, userId: string) {
    return db
      .selectFrom('friend_requests')
      .select('from_id')
      .where('to_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
  },
};
