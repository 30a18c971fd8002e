import {
  CIRCLE_MESSAGES,
  LIMITS,
  VISIBILITY,
  notFriendsMessage,
  type Circle,
  type CreateCircleInput,
  type UpdateCircleInput,
} from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { isUniqueViolation, type Queryable } from '../../db/queryable.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUuid, uuidv7 } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { levelOf, requireAccess, userViewer } from '../access/index.ts';
import { tellMemoryChange } from '../events/events.service.ts';
import { circlesRepository } from './circles.repository.ts';

/**
 * Circles (docs/design.md §17): named lists of the owner's friends, each a possible audience of
 * the owner's friends-only memories. Who a circle memory reaches is the access module's
 * `circle-member` relation; this service only keeps the lists.
 */

const REFUSED = { notFound: CIRCLE_MESSAGES.notFound, forbidden: CIRCLE_MESSAGES.notFound };

/** Someone else's circle, or no circle at all: 404 either way. */
export async function requireOwnCircle(db: Queryable, viewerId: string, circleId: string): Promise<void> {
  await requireAccess(db, userViewer(viewerId), 'circle.update', [circleId], REFUSED);
}

async function present(db: Queryable, rows: Array<{ id: string; name: string }>): Promise<Circle[]> {
  const members = await circlesRepository.membersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ id: r.id, name: r.name, memberIds: members.get(r.id) ?? [] }));
}

export async function listCircles(ctx: AppContext, viewerId: string): Promise<Circle[]> {
  return present(ctx.db.kysely, await circlesRepository.listOwned(ctx.db.kysely, viewerId));
}

async function getCircle(db: Queryable, id: string): Promise<Circle> {
  const row = await circlesRepository.findById(db, id);
  if (!row) throw new NotFoundError(CIRCLE_MESSAGES.notFound);
  return (await present(db, [row]))[0]!;
}

/** Everyone listed must be the owner's friend now; a refusal names who is not. */
async function checkMembers(db: Queryable, ownerId: string, memberIds: readonly string[]): Promise<void> {
  const friends = await circlesRepository.friendsAmong(db, ownerId, memberIds.filter(isUuid));
  const refused = memberIds.filter((id) => !friends.has(id));
  if (refused.length === 0) return;
  const names = await circlesRepository.usernamesOf(db, refused.filter(isUuid));
  throw new BadRequestError(notFriendsMessage(refused.map((id) => names.get(id) ?? `unknown user ${id}`)));
}

async function checkNameFree(db: Queryable, ownerId: string, name: string, except?: string): Promise<void> {
  const same = await circlesRepository.findByName(db, ownerId, name.toLowerCase());
  if (same && same.id !== except) throw new ConflictError(CIRCLE_MESSAGES.nameTaken);
}

export async function createCircle(ctx: AppContext, viewerId: string, input: CreateCircleInput): Promise<Circle> {
  const db = ctx.db.kysely;
  if ((await circlesRepository.countOwned(db, viewerId)) >= LIMITS.circlesPerUser) throw new BadRequestError(CIRCLE_MESSAGES.tooManyCircles);
  await checkNameFree(db, viewerId, input.name);
  await checkMembers(db, viewerId, input.memberIds);
  const id = uuidv7();
  try {
    await db.transaction().execute(async (trx) => {
      await circlesRepository.insert(trx, { id, owner_id: viewerId, name: input.name, name_lower: input.name.toLowerCase(), created_at: nowIso() });
      await circlesRepository.addMembers(trx, id, input.memberIds);
      // Checked again inside: a friendship ended or a second circle made meanwhile.
      await checkMembers(trx, viewerId, input.memberIds);
      if ((await circlesRepository.countOwned(trx, viewerId)) > LIMITS.circlesPerUser) throw new BadRequestError(CIRCLE_MESSAGES.tooManyCircles);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(CIRCLE_MESSAGES.nameTaken);
    throw err;
  }
  return getCircle(db, id);
}

export async function updateCircle(ctx: AppContext, viewerId: string, id: string, input: UpdateCircleInput): Promise<Circle> {
  const db = ctx.db.kysely;
  await requireOwnCircle(db, viewerId, id);
  if (input.name !== undefined) await checkNameFree(db, viewerId, input.name, id);
  const current = new Set((await circlesRepository.membersOf(db, [id])).get(id) ?? []);
  const wanted = input.memberIds;
  const added = wanted ? wanted.filter((m) => !current.has(m)) : [];
  const removed = wanted ? [...current].filter((m) => !wanted.includes(m)) : [];
  // Only those added must be friends now: anyone who stopped being one has already left.
  await checkMembers(db, viewerId, added);
  try {
    await db.transaction().execute(async (trx) => {
      if (input.name !== undefined) await circlesRepository.rename(trx, id, input.name, input.name.toLowerCase());
      await circlesRepository.removeMembers(trx, id, removed);
      await circlesRepository.addMembers(trx, id, added);
      await checkMembers(trx, viewerId, added);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(input.name !== undefined ? CIRCLE_MESSAGES.nameTaken : CIRCLE_MESSAGES.notFound);
    throw err;
  }
  return getCircle(db, id);
}

/** Deletes the circle; its memories become private (design §17), and its members are told they are gone. */
export async function deleteCircle(ctx: AppContext, viewerId: string, id: string): Promise<void> {
  const db = ctx.db.kysely;
  await requireOwnCircle(db, viewerId, id);
  const { memories, members } = await db.transaction().execute(async (trx) => {
    const memberSet = new Set((await circlesRepository.membersOf(trx, [id])).get(id) ?? []);
    const pins = await circlesRepository.memoriesFor(trx, id);
    await circlesRepository.makeMemoriesPrivate(trx, id, levelOf(VISIBILITY.private), nowIso());
    await circlesRepository.delete(trx, id);
    return { memories: pins, members: new Map([[id, memberSet]]) };
  });
  const friends = levelOf(VISIBILITY.friends);
  const privately = levelOf(VISIBILITY.private);
  for (const pin of memories) {
    // Tags stay on the memory; they never widened its audience, so they do not matter here.
    await tellMemoryChange(
      ctx,
      pin.id,
      { authorId: pin.author_id, visibility: friends, taggedIds: [], circleId: id },
      { authorId: pin.author_id, visibility: privately, taggedIds: [] },
      members,
    );
  }
}
