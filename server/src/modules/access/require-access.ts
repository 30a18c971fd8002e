import { MEMORY_MESSAGES, USER_MESSAGES } from '@memory-map/shared';
import type { Queryable } from '../../db/queryable.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { accessRepository } from './access.repository.ts';
import { RULES, type Entity, type Permission } from './permissions.ts';
import type { Viewer } from './viewer.ts';

/** What a refused viewer is told (docs/design.md §13): 404 as for a missing thing, or 403. */
export interface RefusalMessages {
  notFound: string;
  forbidden: string;
}

export const ACCESS_MESSAGES = {
  memory: { notFound: MEMORY_MESSAGES.notFound, forbidden: 'Only the author can change this memory' },
  user: { notFound: USER_MESSAGES.notFound, forbidden: USER_MESSAGES.onlyOwnProfile },
} as const satisfies Partial<Record<Entity, RefusalMessages>>;

const FALLBACK: RefusalMessages = { notFound: 'This was not found', forbidden: 'You cannot change this' };

/**
 * The batched form: which of `ids` the viewer may `permission`. Each granting relation is one
 * query over the ids no earlier relation granted (the order of the rule puts the cheap, common
 * ones first). Ids that are not ids at all are never granted, and reach no query.
 */
export async function checkAccess(
  db: Queryable,
  viewer: Viewer,
  permission: Permission,
  ids: Iterable<string>,
  now: Date = new Date(),
): Promise<Set<string>> {
  const rule = RULES[permission];
  const remaining = new Set([...ids].filter(isUuid));
  const granted = new Set<string>();
  const nowIso = now.toISOString();
  for (const relation of rule.grantedBy) {
    if (remaining.size === 0) break;
    const query = accessRepository[rule.entity][relation];
    if (!query) throw new Error(`'${permission}' is granted by '${relation}', which has no query for a ${rule.entity} yet`);
    for (const id of await query(db, viewer, [...remaining], nowIso)) {
      remaining.delete(id);
      granted.add(id);
    }
  }
  return granted;
}

/**
 * Every one of `ids`, or an error: 404 when any of the refused ones is not known to the viewer
 * (exactly as if it did not exist), 403 when they may know of each but not do this to it.
 */
export async function requireAccess(
  db: Queryable,
  viewer: Viewer,
  permission: Permission,
  ids: readonly string[],
  messages?: RefusalMessages,
): Promise<void> {
  const granted = await checkAccess(db, viewer, permission, ids);
  const refused = ids.filter((id) => !granted.has(id));
  if (refused.length === 0) return;
  const rule = RULES[permission];
  const say = messages ?? (ACCESS_MESSAGES as Partial<Record<Entity, RefusalMessages>>)[rule.entity] ?? FALLBACK;
  if (rule.knownThrough === 'anyone') throw new ForbiddenError(say.forbidden);
  const known = rule.knownThrough ? await checkAccess(db, viewer, rule.knownThrough, refused) : new Set<string>();
  if (refused.every((id) => known.has(id))) throw new ForbiddenError(say.forbidden);
  throw new NotFoundError(say.notFound);
}

/** The single form: may the viewer `permission` this one thing? */
export async function hasAccess(db: Queryable, viewer: Viewer, permission: Permission, id: string): Promise<boolean> {
  return (await checkAccess(db, viewer, permission, [id])).has(id);
}
