import type { PublicUser, SelfUser } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { toPublicUser, toSelfUser } from './user-presenter.ts';
import { usersRepository } from './users.repository.ts';

export async function getSelf(ctx: AppContext, userId: string): Promise<SelfUser> {
  const row = await usersRepository.findById(ctx.db.kysely, userId);
  if (!row) throw new UnauthorizedError('Your account no longer exists');
  return toSelfUser(ctx, row);
}

export async function getOther(ctx: AppContext, viewerId: string, userId: string): Promise<PublicUser> {
  const row = isUuid(userId) ? await usersRepository.findById(ctx.db.kysely, userId) : undefined;
  if (!row) throw new NotFoundError('User not found');
  return toPublicUser(ctx, row, await mayViewEmail(ctx, viewerId, userId));
}

/** DESIGN.md §6: the owner, friends, and someone the viewer has sent a request to. */
export async function mayViewEmail(ctx: AppContext, viewerId: string, userId: string): Promise<boolean> {
  if (viewerId === userId) return true;
  return usersRepository.emailVisible(ctx.db.kysely, viewerId, userId);
}
