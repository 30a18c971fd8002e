import { CIRCLE_MESSAGES } from '@memory-map/shared';
import type { AuthUser } from '../../app-types.ts';
import { ForbiddenError } from '../../lib/errors.ts';

/**
 * The admin relation (docs/design.md §18 and §13): whoever holds `users.is_admin`, read with the
 * session (sessions.repository.ts), may do what the `/api/admin/*` routes do. Every admin route
 * asks here and nowhere else, so the rule moves as one piece into the access module.
 */
export function mayAdminister(user: Pick<AuthUser, 'isAdmin'> | null | undefined): boolean {
  return user?.isAdmin === true;
}

export function requireAdmin(user: Pick<AuthUser, 'isAdmin'> | null | undefined): void {
  if (!mayAdminister(user)) throw new ForbiddenError(CIRCLE_MESSAGES.adminOnly);
}
