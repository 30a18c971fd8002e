import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../app-types.ts';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import { authenticateToken, SESSION_COOKIE } from '../modules/auth/sessions.ts';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * A cookie-authenticated write must come from our own pages: the browser's Origin or
 * Sec-Fetch-Site says so. This is what makes SameSite=Strict cookies safe against CSRF even
 * from sibling subdomains.
 */
function isSameOrigin(request: FastifyRequest, allowedOrigins: string[]): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  const host = request.headers.host;
  try {
    const url = new URL(origin);
    return url.host === host || allowedOrigins.includes(origin);
  } catch {
    return false;
  }
}

export function registerAuth(app: App): void {
  app.decorateRequest('user', null as never);

  app.decorate('requireUser', async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError('Please log in to continue');
    const user = await authenticateToken(app.ctx, token);
    if (!user) throw new UnauthorizedError('Your session has ended. Please log in again.');
    request.user = user;
  });

  app.decorate('requireCookieUser', async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) throw new UnauthorizedError('Please log in to continue');
    if (!isSameOrigin(request, app.ctx.config.corsOrigins)) {
      throw new ForbiddenError('This request must come from the Memory Map app');
    }
    const user = await authenticateToken(app.ctx, token);
    if (!user) throw new UnauthorizedError('Your session has ended. Please log in again.');
    request.user = user;
  });
}
