import { AUTH_MESSAGES, ADMIN_MESSAGES, type AuthResponse, type LoginInput, type RegisterInput } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { isUniqueViolation } from '../../db/queryable.ts';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../../lib/errors.ts';
import { adminRepository } from '../admin/admin.repository.ts';
import { admitSignUp, refuseClosedSignUp } from '../admin/registration.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { selfUser } from '../users/users.service.ts';
import { usersRepository } from '../users/users.repository.ts';
import { burnVerification, hashPassword, verifyPassword } from '../sessions/passwords.ts';
import { createSession } from '../sessions/sessions.ts';
import { countAttempt, countFailure, RATE_LIMITS, refuseWhileBlocked } from '../../plugins/rate-limits.ts';

export interface SessionResult extends AuthResponse {
  tokenHash: string;
}

export async function register(ctx: AppContext, input: RegisterInput, ip: string, userAgent?: string): Promise<SessionResult> {
  await countAttempt(ctx.limiter, RATE_LIMITS.register, { address: ip });
  const db = ctx.db.kysely;
  // docs/design.md §18: the sign-up mode decides before anything else is looked at, so a closed
  // server does not tell which usernames exist.
  await refuseClosedSignUp(ctx, (await adminRepository.countUsers(db)) === 0);
  const usernameLower = input.username.toLowerCase();
  const emailLower = input.email.toLowerCase();
  const clashes = await usersRepository.findClashes(db, usernameLower, emailLower);
  if (clashes.some((c) => c.username_lower === usernameLower)) throw new ConflictError(AUTH_MESSAGES.usernameTaken);
  if (clashes.some((c) => c.email_lower === emailLower)) throw new ConflictError(AUTH_MESSAGES.emailTaken);

  const row = {
    id: uuidv7(),
    username: input.username,
    username_lower: usernameLower,
    email: input.email,
    email_lower: emailLower,
    password_hash: await hashPassword(input.password),
    profile_picture: null,
    first_name: null,
    last_name: null,
    created_at: nowIso(),
    is_admin: 0,
    disabled_at: null,
    last_seen_at: null,
  };
  try {
    // The invite's use and the account are one transaction: a refused or failed sign-up uses nothing.
    row.is_admin = await db.transaction().execute(async (trx) => {
      const serverIsEmpty = (await adminRepository.countUsers(trx)) === 0;
      await admitSignUp(ctx, trx, { inviteCode: input.inviteCode, serverIsEmpty });
      await usersRepository.insert(trx, row);
      // The first account is the admin: the oldest account, if the server has none yet, so two
      // first sign-ups at once still make exactly one admin.
      await usersRepository.makeFirstAdmin(trx);
      return serverIsEmpty ? 1 : 0;
    });
  } catch (err) {
    // Two sign-ups raced for the same name: the unique index decides, the loser gets the 409.
    if (isUniqueViolation(err)) {
      const again = await usersRepository.findClashes(db, usernameLower, emailLower);
      throw new ConflictError(
        again.some((c) => c.username_lower === usernameLower) ? AUTH_MESSAGES.usernameTaken : AUTH_MESSAGES.emailTaken,
      );
    }
    throw err;
  }
  const { token, tokenHash } = await createSession(ctx, row.id, userAgent);
  const saved = await usersRepository.findById(db, row.id);
  return { token, tokenHash, user: await selfUser(ctx, saved ?? row) };
}

export async function login(ctx: AppContext, input: LoginInput, ip: string, userAgent?: string): Promise<SessionResult> {
  await countAttempt(ctx.limiter, RATE_LIMITS.login, { address: ip });
  const who = { username: input.username.toLowerCase(), address: ip };
  const failureLimits = [RATE_LIMITS.loginFailuresPerUsernameAndAddress, RATE_LIMITS.loginFailuresPerUsername];
  for (const rule of failureLimits) await refuseWhileBlocked(ctx.limiter, rule, who);
  // This attempt is answered 401 whatever it tips over: the next one is refused up front.
  const fail = async () => {
    await Promise.all(failureLimits.map((rule) => countFailure(ctx.limiter, rule, who)));
    return new UnauthorizedError(AUTH_MESSAGES.invalidCredentials);
  };
  const row = await usersRepository.findByUsername(ctx.db.kysely, input.username);
  if (!row) {
    await burnVerification(input.password);
    throw await fail();
  }
  if (!(await verifyPassword(row.password_hash, input.password))) throw await fail();
  // Said only to whoever knows the password: a disabled account is not revealed to a guesser.
  if (row.disabled_at) throw new ForbiddenError(ADMIN_MESSAGES.accountDisabled);
  const { token, tokenHash } = await createSession(ctx, row.id, userAgent);
  return { token, tokenHash, user: await selfUser(ctx, row) };
}
