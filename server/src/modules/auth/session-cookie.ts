import type { FastifyReply } from 'fastify';
import type { App } from '../../app-types.ts';
import { SESSION_COOKIE } from './sessions.ts';

/**
 * The session cookie mirrors the Bearer token for the one cookie-only endpoint (PUT /update_user).
 * It is set at login and register, and set again whenever the app loads the signed-in user, so its
 * lifetime slides with the session's instead of ending 30 days after login.
 */
export function setSessionCookie(app: App, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    // Secure whenever the app is reached over https, even without PUBLIC_URL (behind a TLS proxy).
    secure: app.ctx.config.secureCookies || reply.request.protocol === 'https',
    path: '/',
    maxAge: app.ctx.config.sessionTtlDays * 86_400,
  });
}
