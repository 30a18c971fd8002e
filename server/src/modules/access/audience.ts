import { VISIBILITY, type PinType, type Visibility } from '@memory-map/shared';
import { grants, type Relation } from './permissions.ts';

/**
 * Who may see a memory (docs/design.md §6). This file is the rule; every read that decides it —
 * the SQL predicates in audience.repository.ts, the map's cells, the pin presenter, and the in-memory
 * check that events, caches and share links use — is derived from the table below.
 *
 * Beside its author, a memory reaches:
 * - 'author':   nobody else ('1', private);
 * - 'friends':  the author's friends as of the moment of reading ('2'); when the memory is for
 *               one of the author's circles (design §17), only those of them in that circle;
 * - 'everyone': every signed-in user ('3').
 * Tagging never widens the audience.
 */
export type Reach = 'author' | 'friends' | 'everyone';

export const REACH: Readonly<Record<Visibility, Reach>> = {
  [VISIBILITY.private]: 'author',
  [VISIBILITY.friends]: 'friends',
  [VISIBILITY.public]: 'everyone',
};

/** The database stores visibility as the integer of its code. */
export type VisibilityLevel = 1 | 2 | 3;

export function levelOf(visibility: Visibility): VisibilityLevel {
  return Number(visibility) as VisibilityLevel;
}

export function reachOf(level: number): Reach | undefined {
  return REACH[String(level) as Visibility];
}

function levelsReaching(reach: Reach): VisibilityLevel[] {
  return (Object.keys(REACH) as Visibility[]).filter((v) => REACH[v] === reach).map(levelOf);
}

/** Exactly one level per reach: the SQL is written for one level each (one index range each). */
function onlyLevel(reach: Reach): VisibilityLevel {
  const levels = levelsReaching(reach);
  if (levels.length !== 1) throw new Error(`the audience rule must give exactly one visibility the reach '${reach}'`);
  return levels[0]!;
}

/** The stored visibility that every signed-in user may see. */
export const PUBLIC_LEVEL = onlyLevel('everyone');
/** The stored visibility that the author's friends may see (and nobody else). */
export const FRIENDS_LEVEL = onlyLevel('friends');
/** Every stored visibility, and those that do not reach everyone (kept per author in the map's cells). */
export const ALL_LEVELS: VisibilityLevel[] = (Object.keys(REACH) as Visibility[]).map(levelOf);
export const NOT_PUBLIC_LEVELS: VisibilityLevel[] = ALL_LEVELS.filter((l) => l !== PUBLIC_LEVEL);

export function isPublic(level: number): boolean {
  return level === PUBLIC_LEVEL;
}

/** What the in-memory check needs to know about one memory and one viewer. */
export interface AudienceCase {
  viewerId: string;
  authorId: string;
  visibility: number;
  /** Is the viewer the author's friend right now? */
  viewerIsFriend: boolean;
  /** The memory's circle (design §17), if it is for one. */
  circleId?: string | null;
  /** Is the viewer in that circle right now? */
  viewerInCircle?: boolean;
}

/** What the in-memory rule knows of one memory and one viewer (a user, or a link's holder). */
export interface MemoryFacts {
  /** Absent for a share link's holder, who has no account. */
  viewerId?: string;
  authorId: string;
  visibility: number;
  viewerIsFriend: boolean;
  /** The memory's circle (design §17), if it is for one, and whether the viewer is in it now. */
  circleId?: string | null;
  viewerInCircle?: boolean;
  viewerIsTagged?: boolean;
  /** Does the viewer hold a live share link to this memory (`linkReaches`)? */
  viaLink?: boolean;
  /** Does the viewer hold a live share link to a trip (design §15) this memory is in? */
  viaTripLink?: boolean;
}

/** The relations (permissions.ts) the viewer holds to the memory: the in-memory form of access.repository.ts. */
export function relationsToMemory(f: MemoryFacts): Relation[] {
  const held: Relation[] = [];
  const reach = reachOf(f.visibility);
  if (f.viewerId !== undefined) {
    if (f.viewerId === f.authorId) held.push('author');
    const forCircle = f.circleId !== undefined && f.circleId !== null;
    if (f.viewerIsFriend && reach === 'friends' && !forCircle) held.push('friend');
    if (f.viewerIsFriend && reach === 'friends' && forCircle && f.viewerInCircle) held.push('circle-member');
    if (reach === 'everyone') held.push('everyone');
    if (f.viewerIsTagged) held.push('tagged');
  }
  if (f.viaLink) held.push('share-link');
  // A trip's link shows what reaches friends or everyone, never a private or circle memory.
  const forCircle = f.circleId !== undefined && f.circleId !== null;
  if (f.viaTripLink && (reach === 'friends' || reach === 'everyone') && !forCircle) held.push('trip-link');
  return held;
}

/** What the in-memory rule knows of one trip (design §15) and one viewer. */
export interface TripFacts {
  /** Absent for a trip link's holder. */
  viewerId?: string;
  authorId: string;
  visibility: number;
  viewerIsFriend: boolean;
  /** Does the viewer hold a live share link to this trip? */
  viaLink?: boolean;
}

/** The relations a viewer holds to a trip: its own visibility, read as a memory's is (no circles). */
export function relationsToTrip(f: TripFacts): Relation[] {
  const held: Relation[] = [];
  const reach = reachOf(f.visibility);
  if (f.viewerId !== undefined) {
    if (f.viewerId === f.authorId) held.push('author');
    if (f.viewerIsFriend && reach === 'friends') held.push('friend');
    if (reach === 'everyone') held.push('everyone');
  }
  if (f.viaLink) held.push('share-link');
  return held;
}

/** The relations a viewer holds to a circle (design §17): its owner is its author; nobody else holds any. */
export function relationsToCircle(f: { viewerId: string; ownerId: string }): Relation[] {
  return f.viewerId === f.ownerId ? ['author'] : [];
}

/** The rule, in memory: the same answer the SQL predicate gives for the same rows. */
export function maySee(c: AudienceCase): boolean {
  return grants('memory.read', relationsToMemory(c));
}

/**
 * How a memory the viewer may see reached them (docs/product.md §4): their own; else public;
 * else it came to them as a friend.
 */
export function pinTypeFor(viewerId: string, authorId: string, visibility: number): PinType {
  if (authorId === viewerId) return 'own';
  return isPublic(visibility) ? 'public' : 'friend';
}

/** A memory as the live events see it at one moment: who wrote it, for whom, whom it tags. */
export interface MemoryReach {
  authorId: string;
  visibility: number;
  taggedIds: readonly string[];
  /** The circle it is for (design §17), if any. */
  circleId?: string | null;
}

/** Who is told of a memory's change, and how (docs/design.md §10). */
export interface MemoryEventAudience {
  /** `memory`: they may see it now, and it is a friend's or tags them. */
  changed: string[];
  /** `memory-deleted`: they were told of it before (same test) and are no longer. */
  gone: string[];
}

/**
 * Who hears of a memory that was created (`before` null), changed, or deleted (`after` null).
 * Candidates are the author's friends and the users it tags, before or after; the author is
 * never told of their own change. Each is judged by `maySee` with the friendships as they are
 * now, and the memberships of the circles before and after (`circleMembers`, by circle id), so a
 * live event never reaches anyone a read of the memory would refuse.
 */
export function memoryEventAudience(
  before: MemoryReach | null,
  after: MemoryReach | null,
  authorFriendIds: ReadonlySet<string>,
  circleMembers: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): MemoryEventAudience {
  const authorId = (after ?? before)?.authorId;
  const result: MemoryEventAudience = { changed: [], gone: [] };
  if (!authorId) return result;
  const candidates = new Set([...authorFriendIds, ...(before?.taggedIds ?? []), ...(after?.taggedIds ?? [])]);
  candidates.delete(authorId);
  const hears = (m: MemoryReach | null, viewerId: string): boolean => {
    if (!m) return false;
    const viewerIsFriend = authorFriendIds.has(viewerId);
    if (!viewerIsFriend && !m.taggedIds.includes(viewerId)) return false;
    const circleId = m.circleId ?? null;
    const viewerInCircle = circleId !== null && (circleMembers.get(circleId)?.has(viewerId) ?? false);
    return maySee({ viewerId, authorId: m.authorId, visibility: m.visibility, viewerIsFriend, circleId, viewerInCircle });
  };
  for (const id of candidates) {
    if (hears(after, id)) result.changed.push(id);
    else if (hears(before, id)) result.gone.push(id);
  }
  return result;
}

/**
 * Friend events concern two people and reach only the other one: a request its receiver, an
 * acceptance the one who asked, an unfriending the one left. Nobody else learns of them.
 */
export function friendEventAudience(actorId: string, otherId: string): string[] {
  return actorId === otherId ? [] : [otherId];
}

/**
 * Share links (docs/design.md §11) are the one audience without a session: whoever holds a live
 * link to a memory may see that memory — and nothing else of its author — whatever its
 * visibility, because its author chose to hand the link out. Only the author may make or end
 * one. A link ends when it expires or is revoked (its row is deleted, so it is not found).
 */
export interface ShareLinkGrant {
  pinId: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** The rule for links, in memory: the same answer `reachedByLink` gives in SQL. */
export function linkReaches(link: ShareLinkGrant | undefined, pinId: string, nowMs: number): boolean {
  return link !== undefined && link.pinId === pinId && Date.parse(link.expiresAt) > nowMs;
}

/** Who may make, see or end a memory's share link: its author only. */
export function mayShare(viewerId: string, authorId: string): boolean {
  return grants('memory.share', relationsToMemory({ viewerId, authorId, visibility: 1, viewerIsFriend: false }));
}
