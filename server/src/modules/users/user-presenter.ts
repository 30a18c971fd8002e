import type { PublicUser, SelfUser } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.ts';
import { signMediaUrl } from '../media/media-urls.ts';

/** Served by the server itself, so a user without a picture never needs the internet. */
export const DEFAULT_AVATAR_URL = '/media/default-avatar.svg';

export function profilePictureUrl(ctx: AppContext, key: string | null, nowMs: number = Date.now()): string {
  return key ? signMediaUrl(ctx.config.secretKey, key, nowMs) : DEFAULT_AVATAR_URL;
}

type UserRow = Pick<Selectable<UsersTable>, 'id' | 'username' | 'profile_picture'> & { email?: string };

/** Another user; pass `withEmail` only where docs/design.md §6 allows the viewer to see it. */
export function toPublicUser(ctx: AppContext, row: UserRow, withEmail = false): PublicUser {
  const user: PublicUser = {
    _id: row.id,
    username: row.username,
    profilePicture: profilePictureUrl(ctx, row.profile_picture),
  };
  if (withEmail && row.email) user.email = row.email;
  return user;
}

/** Who the user is linked to: friends, and requests sent and received (newest first). */
export interface UserRelations {
  friends: Array<{ friend_id: string }>;
  sent: Array<{ to_id: string }>;
  received: Array<{ from_id: string }>;
}

/** The signed-in user's own record, with friend and request ids (docs/product.md §3). */
export function toSelfUser(ctx: AppContext, row: Selectable<UsersTable>, { friends, sent, received }: UserRelations): SelfUser {
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
    isAdmin: Number(row.is_admin) === 1,
  };
}
