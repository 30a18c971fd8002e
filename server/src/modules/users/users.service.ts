import {
  AUTH_MESSAGES,
  LIMITS,
  USER_MESSAGES,
  type PublicUser,
  type SelfUser,
  type UpdateAccountInput,
  type UpdateNamesInput,
  type UsersQuery,
} from '@memory-map/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, AuthUser } from '../../app-types.ts';
import { isUniqueViolation } from '../../db/queryable.ts';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.ts';
import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { checkAccess, hasAccess, requireAccess, userViewer } from '../access/index.ts';
import { burnVerification, hashPassword, verifyPassword } from '../sessions/passwords.ts';
import { sessionsRepository } from '../sessions/sessions.repository.ts';
import {
  abandonImageChange,
  alsoDrop,
  beginImageChange,
  changeTaken,
  finishImageChange,
  isImageChangeOpen,
  subjectOf,
} from '../media/image-changes.ts';
import { processImage } from '../media/images.ts';
import { consumeFile, type FormInput } from '../media/multipart.ts';
import { tellPasswordChanged } from './password-changed-mail.ts';
import { profilePictureUrl, toPublicUser, toSelfUser } from './user-presenter.ts';
import { usersRepository } from './users.repository.ts';

export async function getSelf(ctx: AppContext, userId: string): Promise<SelfUser> {
  const row = await usersRepository.findById(ctx.db.kysely, userId);
  if (!row) throw new UnauthorizedError('Your account no longer exists');
  return selfUser(ctx, row);
}

/** The user's own record as the API shows it to them, with their friend and request ids. */
export async function selfUser(ctx: AppContext, row: Selectable<UsersTable>): Promise<SelfUser> {
  const db = ctx.db.kysely;
  const [friends, sent, received] = await Promise.all([
    usersRepository.friendIds(db, row.id),
    usersRepository.sentRequestIds(db, row.id),
    usersRepository.receivedRequestIds(db, row.id),
  ]);
  return toSelfUser(ctx, row, { friends, sent, received });
}

export async function getOther(ctx: AppContext, viewerId: string, userId: string): Promise<PublicUser> {
  const row = isUuid(userId) ? await usersRepository.findById(ctx.db.kysely, userId) : undefined;
  if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
  return toPublicUser(ctx, row, await hasAccess(ctx.db.kysely, userViewer(viewerId), 'user.email.read', row.id));
}

/** `\`, `%` and `_` are literal in a search; `_` is common in usernames. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface UsersPage {
  users: PublicUser[];
  /** Cursor for the next page, when there may be one. */
  next?: string;
}

export async function listOthers(ctx: AppContext, viewerId: string, query: UsersQuery): Promise<UsersPage> {
  const q = query.q?.toLowerCase();
  // One row more than asked tells whether another page exists without a COUNT.
  const rows = await usersRepository.listOthers(ctx.db.kysely, viewerId, {
    pattern: q ? likeContains(q) : undefined,
    after: query.after?.toLowerCase(),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const emailShown = await checkAccess(ctx.db.kysely, userViewer(viewerId), 'user.email.read', page.map((row) => row.id));
  return {
    users: page.map((row) => toPublicUser(ctx, row, emailShown.has(row.id))),
    next: rows.length > query.limit ? page[page.length - 1]?.username_lower : undefined,
  };
}

/** Wrong current passwords per account before a wait, as for deleting the account. */
export const PASSWORD_CHECK_FAILURES = { max: 5, windowSeconds: 15 * 60 };

/**
 * The current password, when the client sends one: a session left open on a borrowed phone then
 * cannot take the account by setting a new password. Wrong guesses are limited per account.
 */
async function checkCurrentPassword(ctx: AppContext, userId: string, password: string): Promise<void> {
  const failures = `update-account:failures:${userId}`;
  const tooMany = (retryAfter: number) =>
    new AppError(429, USER_MESSAGES.tooManyWrongPasswords, { 'retry-after': String(retryAfter) });
  const blocked = await ctx.limiter.isBlocked(failures, PASSWORD_CHECK_FAILURES.max);
  if (!blocked.allowed) throw tooMany(blocked.retryAfter);
  const row = await usersRepository.findById(ctx.db.kysely, userId);
  if (!row) throw new UnauthorizedError('Your account no longer exists');
  // A password longer than any we accept cannot be right, and is not worth a hash.
  const right = password.length <= LIMITS.passwordMax ? await verifyPassword(row.password_hash, password) : (await burnVerification('x'), false);
  if (right) return;
  const hit = await ctx.limiter.hit(failures, PASSWORD_CHECK_FAILURES.max, PASSWORD_CHECK_FAILURES.windowSeconds);
  if (!hit.allowed) throw tooMany(hit.retryAfter);
  throw new ForbiddenError(USER_MESSAGES.wrongCurrentPassword);
}

/**
 * New username (case-insensitively unique; a change of case alone is allowed) and optionally a
 * new password. A new password ends every other session of the user in the same transaction,
 * so a stolen token stops working the moment the owner changes the password.
 */
export async function updateAccount(ctx: AppContext, auth: AuthUser, input: UpdateAccountInput, notice?: { log: FastifyBaseLogger; origin: string }): Promise<SelfUser> {
  const db = ctx.db.kysely;
  const existing = await usersRepository.findByUsername(db, input.newUsername);
  if (existing && existing.id !== auth.id) throw new ConflictError(AUTH_MESSAGES.usernameTaken);
  if (input.currentPassword !== undefined) await checkCurrentPassword(ctx, auth.id, input.currentPassword);
  const passwordHash = input.newPassword ? await hashPassword(input.newPassword) : undefined;
  try {
    await db.transaction().execute(async (trx) => {
      const result = await usersRepository.updateAccount(trx, auth.id, { username: input.newUsername, passwordHash });
      if (Number(result.numUpdatedRows) === 0) throw new UnauthorizedError('Your account no longer exists');
      if (passwordHash) await sessionsRepository.deleteOthersOfUser(trx, auth.id, auth.sessionHash);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(AUTH_MESSAGES.usernameTaken);
    throw err;
  }
  if (passwordHash) await ctx.events.endSessions({ userId: auth.id, exceptSessionHash: auth.sessionHash });
  const self = await getSelf(ctx, auth.id);
  if (passwordHash && notice) tellPasswordChanged(ctx, notice.log, { id: auth.id, username: self.username, email: self.email }, notice.origin);
  return self;
}

/** PUT /update_user: first and last name, only one's own (the cookie proves who is asking). */
export async function updateNames(ctx: AppContext, viewerId: string, input: UpdateNamesInput): Promise<SelfUser> {
  await requireAccess(ctx.db.kysely, userViewer(viewerId), 'user.update', [input.userId]);
  await usersRepository.updateNames(ctx.db.kysely, viewerId, input.firstName, input.lastName);
  return getSelf(ctx, viewerId);
}

/**
 * Re-encodes and stores a new profile picture under an intent record, then points the row at it
 * (the swap and the intent's fence are one statement), then deletes the old files. A failure or
 * a crash at any point leaves the row on one picture and no file of the other
 * (media/image-changes.ts).
 */
export async function setProfilePicture(
  ctx: AppContext,
  userId: string,
  upload: FormInput,
  log: FastifyBaseLogger,
): Promise<string> {
  const processed = await consumeFile(upload, (bytes) => processImage(bytes, 'avatars'));
  if (!processed) throw new BadRequestError(USER_MESSAGES.chooseImage);
  const db = ctx.db.kysely;
  const current = await usersRepository.findById(db, userId);
  if (!current) throw new UnauthorizedError('Your account no longer exists');
  const change = await beginImageChange(ctx, log, subjectOf('users', userId), { add: [processed], drop: [current.profile_picture] });
  try {
    // Retry the swap if another upload for the same user changed the row in between.
    for (let attempt = 0; ; attempt++) {
      const row = attempt === 0 ? current : await usersRepository.findById(db, userId);
      if (!row) throw new UnauthorizedError('Your account no longer exists');
      // The intent must name the picture this swap drops before the swap can commit.
      await alsoDrop(db, change, row.profile_picture);
      if ((await usersRepository.swapProfilePicture(db, userId, row.profile_picture, processed.key, change.id)) === 1) break;
      if (!(await isImageChangeOpen(ctx, change))) throw changeTaken();
      if (attempt >= 4) throw new ConflictError('Your picture is being changed elsewhere. Please try again.');
    }
  } catch (err) {
    await abandonImageChange(ctx, log, change);
    throw err;
  }
  await finishImageChange(ctx, log, change);
  return profilePictureUrl(ctx, processed.key);
}
