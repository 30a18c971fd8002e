import type { PublicUser, SelfUser } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import type { UsersTable } from '../../db/schema.ts';
import { signMediaUrl } from '../media/media-urls.ts';
import { friendsRepository } from '../friends/friends.repository.ts';

/** Served by the server itself, so a user without a picture never needs the internet. */
export const DEFAULT_AVATAR_URL = '/media/default-avatar.svg';

export function profilePictureUrl(ctx: AppContext, key: string | null): string {
  return key ? signMediaUrl(ctx.config.secretKey, key) : DEFAULT_AVATAR_URL;
}

type UserRow = Pick<UsersTable, 'id' | 'username' | 'profile_picture'> & { email?: string };

/** Another user; pass `withEmail` only where DESIGN.md §6 allows the viewer to see it. */
export function toPublicUser(ctx: AppContext, row: UserRow, withEmail = false): PublicUser {
  const user: PublicUser = {
    _id: row.id,
    username: row.username,
    profilePicture: profilePictureUrl(ctx, row.profile_picture),
  };
  if (withEmail && row.email) user.email = row.email;
  return user;
}

/** The signed-in user's own record, with friend and request ids (SPEC.md §3). */
export async function toSelfUser(ctx: AppContext, row: UsersTable): Promise<SelfUser> {
  const db = ctx.db.kysely;
  const [friends, sent, received] = await Promise.all([
    friendsRepository.friendIds(db, row.id),
    friendsRepository.sentRequestIds(db, row.id),
    friendsRepository.receivedRequestIds(db, row.id),
  ]);
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    profilePicture: profilePictureUrl(ctx, row.profile_picture),
    friends: friends.map((f) => f.friend_id),
    friendRequests: { sent: sent.map((r) => r.to_id), received: received.map((r) => r.from_id) },
    firstName: row.first_name,
    lastName: row.last_name,
    createdAt: row.created_at,
  };
}
