import { FRIEND_MESSAGES, type PublicUser } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/queryable.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { mayReadEmail } from '../access/index.ts';
import { circlesRepository } from '../circles/circles.repository.ts';
import { tellFriendEvent } from '../events/events.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { toPublicUser } from '../users/user-presenter.ts';
import { friendsRepository } from './friends.repository.ts';

/** Friends may see each other's e-mail (docs/design.md §6). */
export async function listFriends(ctx: AppContext, viewerId: string): Promise<PublicUser[]> {
  const rows = await friendsRepository.listFriends(ctx.db.kysely, viewerId);
  return rows.map((row) => toPublicUser(ctx, row, mayReadEmail({ viewerId, userId: row.id, areFriends: true, askedViewer: false })));
}

/**
 * Requests the viewer has received. Each requester chose to send the viewer a request, and
 * docs/design.md §6 shows a user's e-mail to whomever they sent one, so the e-mail is included.
 */
export async function listReceived(ctx: AppContext, viewerId: string): Promise<PublicUser[]> {
  const rows = await friendsRepository.listReceived(ctx.db.kysely, viewerId);
  return rows.map((row) => toPublicUser(ctx, row, mayReadEmail({ viewerId, userId: row.id, areFriends: false, askedViewer: true })));
}

/**
 * Checked and written under the pair's lock (friendsRepository.lockPair), so two people asking
 * each other at the same moment leave one pending request: the second is told the other has
 * already asked, exactly as if they had asked a second later.
 */
export async function sendRequest(ctx: AppContext, viewerId: string, userId: string): Promise<void> {
  if (userId === viewerId) throw new BadRequestError(FRIEND_MESSAGES.notYourself);
  if (!isUuid(userId)) throw new NotFoundError(FRIEND_MESSAGES.noSuchUser);
  try {
    await inTransaction(ctx.db.kysely, async (trx) => {
      await friendsRepository.lockPair(trx, viewerId, userId);
      const rel = await friendsRepository.relationship(trx, viewerId, userId);
      if (!rel) throw new NotFoundError(FRIEND_MESSAGES.noSuchUser);
      if (rel.friends) throw new ConflictError(FRIEND_MESSAGES.alreadyFriends);
      if (rel.sent) throw new ConflictError(FRIEND_MESSAGES.alreadySent);
      if (rel.received) throw new ConflictError(FRIEND_MESSAGES.alreadyReceived);
      await friendsRepository.insertRequest(trx, viewerId, userId, nowIso());
    });
  } catch (err) {
    // Kept although the lock makes the check exact: the primary key has the last word.
    if (isUniqueViolation(err)) throw new ConflictError(FRIEND_MESSAGES.alreadySent);
    // The other account was deleted in between.
    if (isForeignKeyViolation(err)) throw new NotFoundError(FRIEND_MESSAGES.noSuchUser);
    throw err;
  }
  await tellFriendEvent(ctx, 'friend-request', viewerId, userId);
  await notify(ctx, { receiverId: userId, kind: 'friend_request', actorId: viewerId });
}

/**
 * The request from `userId` becomes a friendship both ways; the request and any request the
 * viewer had sent back are removed, all in one transaction so no half-accepted state is visible.
 * Under the pair's lock, so two accepts of one pair (crossing requests left by older versions)
 * run one after the other instead of locking the same rows in opposite orders.
 */
export async function acceptRequest(ctx: AppContext, viewerId: string, userId: string): Promise<void> {
  if (!isUuid(userId)) throw new NotFoundError(FRIEND_MESSAGES.noSuchRequest);
  await inTransaction(ctx.db.kysely, async (trx) => {
    await friendsRepository.lockPair(trx, viewerId, userId);
    // Deleting first both checks and claims the request: a second accept finds nothing.
    const removed = await friendsRepository.deleteRequest(trx, userId, viewerId);
    if (removed === 0) throw new NotFoundError(FRIEND_MESSAGES.noSuchRequest);
    await friendsRepository.insertFriendship(trx, viewerId, userId, nowIso());
    await friendsRepository.deleteRequest(trx, viewerId, userId);
  });
  await tellFriendEvent(ctx, 'friend-accepted', viewerId, userId);
  await notify(ctx, { receiverId: userId, kind: 'friend_accepted', actorId: viewerId });
}

export async function rejectRequest(ctx: AppContext, viewerId: string, userId: string): Promise<void> {
  if (!isUuid(userId)) throw new NotFoundError(FRIEND_MESSAGES.noSuchRequest);
  const removed = await friendsRepository.deleteRequest(ctx.db.kysely, userId, viewerId);
  if (removed === 0) throw new NotFoundError(FRIEND_MESSAGES.noSuchRequest);
}

/** Both directions at once; visibility queries read friendships live, so it takes effect at once. */
export async function removeFriend(ctx: AppContext, viewerId: string, userId: string): Promise<void> {
  if (!isUuid(userId)) throw new NotFoundError(FRIEND_MESSAGES.notFriends);
  // Unfriending takes each out of every circle of the other (design §17), in the same commit.
  const removed = await ctx.db.kysely.transaction().execute(async (trx) => {
    const n = await friendsRepository.deleteFriendship(trx, viewerId, userId);
    if (n > 0) await circlesRepository.separate(trx, viewerId, userId);
    return n;
  });
  if (removed === 0) throw new NotFoundError(FRIEND_MESSAGES.notFriends);
  await tellFriendEvent(ctx, 'friend-removed', viewerId, userId);
}
