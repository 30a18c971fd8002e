import { ADMIN_MESSAGES } from '@memory-map/shared';
import type { Queryable } from '../../db/queryable.ts';
import { requireAccess, hasAccess } from './require-access.ts';
import { userViewer } from './viewer.ts';

/**
 * The admin relation (docs/design.md §18 and §13) asked through the one requireAccess: the
 * `admin` permission is about the server (`system`), so the id it is asked of is the viewer's own.
 * Read from the database on every admin request, so a demotion counts from the next request.
 */
export function isAdmin(db: Queryable, userId: string): Promise<boolean> {
  return hasAccess(db, userViewer(userId), 'admin', userId);
}

export function requireAdmin(db: Queryable, userId: string): Promise<void> {
  return requireAccess(db, userViewer(userId), 'admin', [userId], { notFound: ADMIN_MESSAGES.adminOnly, forbidden: ADMIN_MESSAGES.adminOnly });
}
