import type { FastifyRequest } from 'fastify';

/**
 * What a log line says of a request. The path only: query strings carry capabilities (the
 * signature of a private photo's URL) and positions (place lookups, map boxes), and neither may
 * end up in logs. Headers are left out for the same reason (tokens, cookies).
 */
export function requestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    // A share link's path (/s/ a memory's, /t/ a trip's) is its secret (docs/design.md §11): logged as the route, not the token.
    url: request.url.split('?')[0]?.replace(/^\/([st])\/[^/]*/, '/$1/[token]'),
    remoteAddress: request.ip,
  };
}
