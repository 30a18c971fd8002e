import type { AppContext } from '../../app-types.ts';
import { circleMembersOf, friendEventAudience, friendIdsOf, mayReadEmail, memoryEventAudience, type MemoryReach } from '../access/index.ts';
import { toPublicUser } from '../users/user-presenter.ts';
import { usersRepository } from '../users/users.repository.ts';

/**
 * What the other services call once a change is committed. Each decides its audience with the
 * audience module and publishes; none throws: a change that was saved stays saved, and a lost
 * live event only means the client sees it at its next refresh.
 */

export type FriendEventKind = 'friend-request' | 'friend-accepted' | 'friend-removed';

/** `actorId` sent, accepted or ended something with `otherId`; only `otherId` hears of it. */
export async function tellFriendEvent(ctx: AppContext, kind: FriendEventKind, actorId: string, otherId: string): Promise<void> {
  try {
    const to = friendEventAudience(actorId, otherId);
    if (kind === 'friend-removed') {
      await ctx.events.publish(to, { kind, data: { userId: actorId } });
      return;
    }
    const actor = await usersRepository.findById(ctx.db.kysely, actorId);
    if (!actor) return;
    // Each receiver stands to the actor as the event says: asked by them, or now their friend.
    const requested = kind === 'friend-request';
    for (const viewerId of to) {
      const email = mayReadEmail({ viewerId, userId: actorId, areFriends: !requested, askedViewer: requested });
      await ctx.events.publish([viewerId], { kind, data: { user: toPublicUser(ctx, actor, email) } });
    }
  } catch (err) {
    ctx.events.log.warn({ err, kind }, 'could not send a live event');
  }
}

/**
 * A memory was created (`before` null), changed, or deleted (`after` null). `circleMembers`: the
 * members of its circles as they were when it changed, when the change removed them (a deleted
 * circle); read now otherwise.
 */
export async function tellMemoryChange(
  ctx: AppContext,
  memoryId: string,
  before: MemoryReach | null,
  after: MemoryReach | null,
  circleMembers?: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<void> {
  const authorId = (after ?? before)?.authorId;
  if (!authorId) return;
  try {
    const friends = await friendIdsOf(ctx.db.kysely, authorId);
    const circleIds = [...new Set([before?.circleId, after?.circleId].filter((c): c is string => typeof c === 'string'))];
    const members = circleMembers ?? (await circleMembersOf(ctx.db.kysely, circleIds));
    const { changed, gone } = memoryEventAudience(before, after, friends, members);
    await ctx.events.publish(changed, { kind: 'memory', data: { id: memoryId } });
    await ctx.events.publish(gone, { kind: 'memory-deleted', data: { id: memoryId } });
  } catch (err) {
    ctx.events.log.warn({ err }, 'could not send a live event');
  }
}
