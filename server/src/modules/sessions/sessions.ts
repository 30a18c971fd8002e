import { createHash, randomBytes } from 'node:crypto';
import type { AppContext, AuthUser } from '../../app-types.ts';
import { nowIso } from '../../lib/time.ts';
import { sessionsRepository } from './sessions.repository.ts';

export const SESSION_COOKIE = 'mm_session';
/** Sliding expiry is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits; only the hash is stored, so a database leak yields no usable tokens. */
export async function createSession(ctx: AppContext, userId: string, userAgent?: string): Promise<{ token: string; tokenHash: string }> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const now = new Date();
  await sessionsRepository.insert(ctx.db.kysely, {
    token_hash: tokenHash,
    user_id: userId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ctx.config.sessionTtlDays * 86_400_000).toISOString(),
    user_agent: userAgent ? userAgent.slice(0, 300) : null,
  });
  await sessionsRepository.touchUser(ctx.db.kysely, userId, now.toISOString());
  return { token, tokenHash };
}

export async function authenticateToken(ctx: AppContext, token: string): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const row = await sessionsRepository.findWithUser(ctx.db.kysely, tokenHash);
  // A session's user always exists (deleting a user cascades to its sessions). Disabling an
  // account deletes its sessions; one made in a race with that is refused here all the same.
  if (!row || row.username === null || row.disabled_at) return null;
  const now = Date.now();
  if (Date.parse(row.expires_at) <= now) {
    await sessionsRepository.delete(ctx.db.kysely, tokenHash);
    return null;
  }
  if (now - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS) {
    const expires = new Date(now + ctx.config.sessionTtlDays * 86_400_000).toISOString();
    const seen = nowIso();
    await sessionsRepository.touch(ctx.db.kysely, tokenHash, seen, expires);
    await sessionsRepository.touchUser(ctx.db.kysely, row.user_id, seen);
  }
  const counters = { public: Number(row.gen_public ?? 0), people: Number(row.gen_people ?? 0), viewer: Number(row.gen_viewer ?? 0), friends: Number(row.gen_friends ?? 0) };
  return { id: row.user_id, username: row.username, sessionHash: tokenHash, counters, conversationSeq: Number(row.gen_conversation ?? 0) };
}

/** Ends the session: its token is refused from now on, and its live streams end on every server. */
export async function revokeSession(ctx: AppContext, session: Pick<AuthUser, 'id' | 'sessionHash'>) {
  await sessionsRepository.delete(ctx.db.kysely, session.sessionHash);
  await ctx.events.endSessions({ userId: session.id, sessionHash: session.sessionHash });
}

/** Ends every session of the user (a disabled account, a password reset) and their live streams. */
export async function revokeAllSessions(ctx: AppContext, userId: string) {
  await sessionsRepository.deleteAllOfUser(ctx.db.kysely, userId);
  await ctx.events.endSessions({ userId });
}

export function revokeOtherSessions(ctx: AppContext, userId: string, keepTokenHash: string) {
  return sessionsRepository.deleteOthersOfUser(ctx.db.kysely, userId, keepTokenHash);
}

/** Deletes every session past its expiry; such a token is refused anyway, this only frees space. */
export async function deleteExpiredSessions(ctx: AppContext): Promise<number> {
  const result = await sessionsRepository.deleteExpired(ctx.db.kysely, nowIso());
  return Number(result[0]?.numDeletedRows ?? 0);
}
