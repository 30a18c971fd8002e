import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../app-types.ts';
import type { Config } from '../config.ts';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import { authenticateToken, SESSION_COOKIE } from '../modules/sessions/sessions.ts';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** "https://example.org" for any URL of that origin (lower-case host, default port dropped); null if not a URL. */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origins our own pages are served from. With PUBLIC_URL, that one: the operator named it,
 * and the request's view of itself may be a proxy's plain-http hop. Without it, this request's
 * own scheme, host and port — the scheme from the connection, or from X-Forwarded-Proto only
 * when TRUST_PROXY is on (Fastify's request.protocol and request.host). CORS_ORIGINS add theirs.
 */
function ownOrigins(request: FastifyRequest, config: Pick<Config, 'publicUrl' | 'corsOrigins'>): Set<string> {
  const own = config.publicUrl ? originOf(config.publicUrl) : originOf(`${request.protocol}://${request.host}`);
  const all = [own, ...config.corsOrigins.map(originOf)];
  return new Set(all.filter((o): o is string => o !== null));
}

/**
 * A cookie-authenticated write must come from our own pages: the browser's Origin or
 * Sec-Fetch-Site says so. This is what makes SameSite=Strict cookies safe against CSRF even
 * from sibling subdomains. Scheme, host and port all count: http://example.org is another
 * origin than https://example.org (a page injected into plain http must not write to https).
 */
function isSameOrigin(request: FastifyRequest, config: Config): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  const claimed = originOf(origin);
  return claimed !== null && ownOrigins(request, config).has(claimed);
}

/**
 * The only /api routes that answer without a session. Every other /api route gets requireUser
 * before its own hooks, so a new endpoint is closed unless it is named here.
 */
export const PUBLIC_API_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/register',
  'POST /api/profile/login',
  'GET /api/health',
  'GET /api/app-info',
  'GET /api/docs',
  'GET /api/signup-info',
  'POST /api/password/forgot',
  'POST /api/password/reset',
]);

/**
 * How a closed /api route may be authenticated (route `config.auth`): a Bearer token, the
 * default, or for a GET also the session cookie ('bearer-or-cookie': GET /api/events, which a
 * browser's EventSource opens without headers). A GET changes nothing, so the cookie needs no
 * same-origin check there: SameSite=Strict keeps other sites from sending it, and CORS from
 * reading the answer.
 */
export type RouteAuth = 'bearer' | 'bearer-or-cookie';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

function isPublicRoute(method: string, url: string): boolean {
  // Fastify answers HEAD for every GET route: it is as open as the GET.
  return PUBLIC_API_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}

export function registerAuth(app: App): void {
  app.decorateRequest('user', null as never);

  const authenticate = async (request: FastifyRequest, token: string | null | undefined) => {
    if (!token) throw new UnauthorizedError('Please log in to continue');
    const user = await authenticateToken(app.ctx, token);
    if (!user) throw new UnauthorizedError('Your session has ended. Please log in again.');
    request.user = user;
  };
  const requireUser = async (request: FastifyRequest, _reply: FastifyReply) => authenticate(request, bearerToken(request));
  // A Bearer header, when sent, decides: a bad token is refused, never rescued by the cookie.
  const requireUserOrCookie = async (request: FastifyRequest, _reply: FastifyReply) =>
    authenticate(request, request.headers.authorization ? bearerToken(request) : request.cookies[SESSION_COOKIE]);

  app.addHook('onRoute', (route) => {
    if (route.url !== '/api' && !route.url.startsWith('/api/')) return;
    const methods = [route.method].flat();
    if (methods.every((m) => isPublicRoute(m, route.url))) return;
    const cookieToo = route.config?.auth === 'bearer-or-cookie';
    if (cookieToo && !methods.every((m) => m === 'GET' || m === 'HEAD')) {
      throw new Error(`${route.url}: the session cookie may authenticate GET routes only`);
    }
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [cookieToo ? requireUserOrCookie : requireUser, ...own];
  });

  app.decorate('requireCookieUser', async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) throw new UnauthorizedError('Please log in to continue');
    if (!isSameOrigin(request, app.ctx.config)) {
      throw new ForbiddenError('This request must come from the Memory Map app');
    }
    const user = await authenticateToken(app.ctx, token);
    if (!user) throw new UnauthorizedError('Your session has ended. Please log in again.');
    request.user = user;
  });
}
