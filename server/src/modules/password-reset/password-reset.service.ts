import { randomBytes } from 'node:crypto';
import { ADMIN_MESSAGES, type ResetLink, type ResetPasswordInput } from '@memory-map/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-types.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { RATE_LIMITS, rateKey } from '../../plugins/rate-limits.ts';
import { hashPassword } from '../sessions/passwords.ts';
import { hashToken, revokeAllSessions } from '../sessions/sessions.ts';
import { passwordResetRepository } from './password-reset.repository.ts';

/** A reset link works for one hour (docs/design.md §18). */
export const RESET_LINK_MS = 60 * 60 * 1000;

export function resetPath(token: string): string {
  return `/reset-password?token=${token}`;
}

/** A new link for the user: 256 random bits, of which only the hash is kept. */
async function newLink(ctx: AppContext, userId: string, origin: string): Promise<ResetLink> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = new Date(now + RESET_LINK_MS).toISOString();
  await passwordResetRepository.insert(ctx.db.kysely, {
    token_hash: hashToken(token),
    user_id: userId,
    created_at: new Date(now).toISOString(),
    expires_at: expiresAt,
  });
  return { url: origin + resetPath(token), expiresAt };
}

/**
 * POST /api/password/forgot. The answer is 202 before the account is even looked up, and the
 * rest happens after it: whether the name exists, and whether a mail goes out, cannot show in
 * the status, the body or the time taken. Without SMTP nothing is sent (an admin makes the link).
 */
export function forgotPassword(ctx: AppContext, log: FastifyBaseLogger, login: string, origin: string): void {
  const mailer = ctx.mailer;
  if (!mailer) return;
  setImmediate(() => {
    void (async () => {
      const account = await passwordResetRepository.findAccount(ctx.db.kysely, login.toLowerCase());
      if (!account) return;
      // A mailbox gets a few links an hour at most, however many addresses ask for it.
      const rule = RATE_LIMITS.passwordResetMail;
      const { allowed } = await ctx.limiter.hit(rateKey(rule, { userId: account.id }), rule.max, rule.windowSeconds);
      if (!allowed) return;
      const link = await newLink(ctx, account.id, origin);
      await mailer.send({
        to: account.email,
        subject: 'Reset your Memory Map password',
        text: [
          `Hello ${account.username},`,
          '',
          'Someone (hopefully you) asked to reset the password of your Memory Map account.',
          'Open this link within an hour to choose a new one:',
          '',
          link.url,
          '',
          'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        ].join('\n'),
      });
      log.info({ userId: account.id }, 'password reset e-mail sent');
    })().catch((err: unknown) => log.error({ err }, 'could not send a password reset e-mail'));
  });
}

/** POST /api/admin/users/{id}/reset_link: the same link, for an admin to hand over in person. */
export async function adminResetLink(ctx: AppContext, userId: string, origin: string): Promise<ResetLink> {
  if (!isUuid(userId)) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  const exists = await ctx.db.kysely.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!exists) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  return newLink(ctx, userId, origin);
}

/**
 * POST /api/password/reset: the link is taken (deleted) in the transaction that sets the
 * password, so it works once; the account's other links and every session end with it.
 */
export async function resetPassword(ctx: AppContext, input: ResetPasswordInput): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.kysely.transaction().execute(async (trx) => {
    const owner = await passwordResetRepository.take(trx, hashToken(input.token), nowIso());
    if (!owner) return undefined;
    await passwordResetRepository.setPassword(trx, owner, passwordHash);
    await passwordResetRepository.deleteOfUser(trx, owner);
    return owner;
  });
  if (!userId) throw new BadRequestError(ADMIN_MESSAGES.resetInvalid);
  await revokeAllSessions(ctx, userId);
}

export async function deleteExpiredResetLinks(ctx: AppContext): Promise<void> {
  await passwordResetRepository.deleteExpired(ctx.db.kysely, nowIso());
}
