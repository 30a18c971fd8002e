import type { FastifyReply } from 'fastify';
import type { App } from '../../app-types.ts';
import { SESSION_COOKIE } from './sessions.ts';

/**
 * The session cookie mirrors the Bearer token for the one cookie-only endpoint (PUT /update_user).
 * It is set at login and register, and set again whenever the app loads the signed-in user, so its
 * lifetime slides with the session's instead of ending 30 days after login.
 */
export function setSessionCookie(app: App, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieAttributes(app, reply), maxAge: app.ctx.config.sessionTtlDays * 86_400 });
}

/** Logout: the browser drops the cookie only when the attributes match the ones it was set with. */
export function clearSessionCookie(app: App, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieAttributes(app, reply));
}

function cookieAttributes(app: App, reply: FastifyReply) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    // Secure whenever the app is reached over https, even without PUBLIC_URL (behind a TLS proxy).
    secure: app.ctx.config.secureCookies || reply.request.protocol === 'https',
    path: '/',
  };
}
