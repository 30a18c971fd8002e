import { AUTH_MESSAGES, type AuthResponse, type LoginInput, type RegisterInput } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { isUniqueViolation } from '../../db/queryable.ts';
import { ConflictError, UnauthorizedError } from '../../lib/errors.ts';
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

export async function register(ctx: AppContext, input: RegisterInput, ip: string): Promise<SessionResult> {
  await countAttempt(ctx.limiter, RATE_LIMITS.register, { address: ip });
  const db = ctx.db.kysely;
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
  };
  try {
    await usersRepository.insert(db, row);
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
  const { token, tokenHash } = await createSession(ctx, row.id);
  return { token, tokenHash, user: await selfUser(ctx, row) };
}

export async function login(ctx: AppContext, input: LoginInput, ip: string): Promise<SessionResult> {
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
  const { token, tokenHash } = await createSession(ctx, row.id);
  return { token, tokenHash, user: await selfUser(ctx, row) };
}
