import { ACCOUNT_MESSAGES, LIMITS } from '@memory-map/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, AuthUser } from '../../app-types.ts';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.ts';
import { countFailure, RATE_LIMITS, refuseWhileBlocked, tooManyRequests } from '../../plugins/rate-limits.ts';
import { forgetAuthor, onPinsRemoved } from '../map-cells/pin-cells.ts';
import { finishImageChange, recordDrops, subjectOf, type ImageChange } from '../media/image-changes.ts';
import { parsePhotos } from '../media/pin-photos.ts';
import { readChangesRepository } from '../read-cache/read-changes.repository.ts';
import { burnVerification, verifyPassword } from '../sessions/passwords.ts';
import { usersRepository } from '../users/users.repository.ts';
import { accountRepository } from './account.repository.ts';

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

const FILE_DELETIONS_AT_ONCE = 8;

/**
 * DELETE /api/account (docs/design.md §11): after the password, everything of the user goes —
 * their row and, through its foreign keys, sessions, friendships and requests both ways, memories
 * with their tags and share links, their tags on others' memories — in one transaction, with the
 * map's cells and a record of every file to delete; then the files (photos, profile picture,
 * thumbnails), each record settled as its files go. Others' memories stay.
 */
export async function deleteAccount(ctx: AppContext, log: Log, auth: AuthUser, password: string): Promise<void> {
  const db = ctx.db.kysely;
  const failures = RATE_LIMITS.deleteAccountFailures;
  await refuseWhileBlocked(ctx.limiter, failures, { userId: auth.id });

  const row = await usersRepository.findById(db, auth.id);
  if (!row) throw new UnauthorizedError('Your account no longer exists');
  // A password longer than any we accept cannot be right, and is not worth a hash.
  const right = password.length <= LIMITS.passwordMax ? await verifyPassword(row.password_hash, password) : (await burnVerification('x'), false);
  if (!right) {
    const hit = await countFailure(ctx.limiter, failures, { userId: auth.id });
    if (hit.over) throw tooManyRequests(failures, hit.retryAfter);
    throw new ForbiddenError(ACCOUNT_MESSAGES.wrongPassword);
  }

  await removeAccount(ctx, log, auth.id);
}

/**
 * The deletion itself, after whatever check the caller made (the user's password, or an admin:
 * docs/design.md §18). Throws 401 when the account is already gone.
 */
export async function removeAccount(ctx: AppContext, log: Log, userId: string): Promise<void> {
  const db = ctx.db.kysely;
  const changes = await db.transaction().execute(async (trx) => {
    const user = await accountRepository.lockUser(trx, userId);
    if (!user) throw new UnauthorizedError('Your account no longer exists');
    // The files to delete are recorded in the transaction that deletes the rows using them
    // (docs/decisions/040-file-writes.md): if the server stops before they are gone, start-up
    // finishes the job; if the transaction fails, the records go with it and nothing is lost.
    const drops = (await accountRepository.photosOf(trx, userId))
      .map((p) => ({ subject: subjectOf('pins', p.id), keys: parsePhotos(p.photos).map((photo) => photo.key) }))
      .filter((d) => d.keys.length > 0);
    if (user.profile_picture) drops.push({ subject: subjectOf('users', userId), keys: [user.profile_picture] });
    const recorded = await recordDrops(ctx, trx, drops);
    // A disabled account's public memories already left the public cells (admin/disabled-accounts.ts).
    if (!user.disabled_at) await onPinsRemoved(trx, await accountRepository.publicPlacementsOf(trx, userId));
    const pinIds = await accountRepository.pinIdsOf(trx, userId);
    await accountRepository.deleteUser(trx, userId);
    await forgetAuthor(trx, userId);
    await readChangesRepository.forgetAccount(trx, userId, pinIds);
    return recorded;
  });

  // The rows are gone for good; only now may the files go.
  await finishAll(ctx, log, changes);
  log.info({ photos: changes.length }, 'account deleted');
}

/**
 * Deletes the recorded files a few at a time (a bucket gets a handful of requests at once, not
 * thousands). A failure is logged and its record kept: the account is gone either way, and the
 * hourly sweep (or the next start-up) deletes what is left.
 */
async function finishAll(ctx: AppContext, log: Log, changes: ImageChange[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < changes.length) {
      const change = changes[next++]!;
      try {
        await finishImageChange(ctx, log, change);
      } catch (err) {
        log.warn({ err, intent: change.id }, 'could not finish deleting a file of a deleted account; the sweep retries');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(FILE_DELETIONS_AT_ONCE, changes.length) }, worker));
}
