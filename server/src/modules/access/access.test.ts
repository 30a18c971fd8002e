import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/test-db.ts';
import type { Db } from '../../db/database.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { accessRepository, memoryAccessFilter, tripAccessFilter, userAccessFilter } from './access.repository.ts';
import { relationsToCircle, relationsToMemory, relationsToTrip, type MemoryFacts, type TripFacts } from './audience.ts';
import { relationsToUser, type UserFacts } from './email.ts';
import { grants, PERMISSIONS, RELATIONS, RULES, type Permission, type Relation } from './permissions.ts';
import { checkAccess, requireAccess } from './require-access.ts';
import { linkViewer, tripLinkViewer, userViewer, type Viewer } from './viewer.ts';

/**
 * Every permission has three forms: the rule in memory (relations held → grants), the batched
 * check (one query per relation) and the SQL filter of lists and lookups. For every permission ×
 * relation × viewer case they must agree with each other and with the product's rule, written
 * out by hand below, on SQLite and PostgreSQL. A permission without a row here fails.
 */

/** A memory's audience: its visibility, or 'circle' for '2' meant for one of the author's circles (design §17). */
type Level = 1 | 2 | 3 | 'circle';
const LEVELS: Level[] = [1, 2, 3, 'circle'];

/** How each kind of viewer stands to a memory of the author (set up in beforeAll). */
const MEMORY_VIEWERS = [
  'author',
  'friend',
  'taggedFriend',
  'taggedFormerFriend',
  'stranger',
  'link',
  'expiredLink',
  'otherMemoryLink',
  // Circles (design §17): 'friend' above is a friend outside the circle.
  'circleMember',
  'removedMember',
  'exFriendMember',
  // Trips (design §15): a live link to the trip every memory here is in.
  'tripLink',
] as const;
type MemoryViewer = (typeof MEMORY_VIEWERS)[number];

/** How each kind of viewer stands to one user (the target). */
const USER_VIEWERS = ['self', 'friend', 'askedByTarget', 'askedTarget', 'stranger'] as const;
type UserViewer = (typeof USER_VIEWERS)[number];

/** The product's rule, by hand: the visibilities each viewer may do the permission to. */
type MemoryRow = { entity: 'memory'; allowed: Record<MemoryViewer, Level[]> };
type UserRow = { entity: 'user'; allowed: Record<UserViewer, boolean> };
/** Things without a table yet: the relations their issue must make true. */
type PendingRow = { entity: 'comment' | 'trip'; grantedBy: Relation[]; until: string };
/**
 * How each kind of viewer stands to a comment written by the author's friend (`commenter`) on the
 * memory of each level: the memory's author, the commenter, another friend, a stranger. The
 * commenter is asked even where they can no longer read the memory (level 1, written by hand):
 * `author` holds there, and the conversation service asks comment.read first (404).
 */
const COMMENT_VIEWERS = ['memoryAuthor', 'commenter', 'otherFriend', 'stranger'] as const;
type CommentViewer = (typeof COMMENT_VIEWERS)[number];
type CommentRow = { entity: 'comment'; allowed: Record<CommentViewer, Level[]> };
/** How each kind of viewer stands to a trip of the author (design §15), by the trip's visibility. */
const TRIP_VIEWERS = ['author', 'friend', 'stranger', 'link', 'expiredLink', 'otherTripLink'] as const;
type TripViewer = (typeof TRIP_VIEWERS)[number];
type TripRow = { entity: 'trip'; allowed: Record<TripViewer, Array<1 | 2 | 3>> };
/** How each kind of viewer stands to the server itself (design §18). */
const SYSTEM_VIEWERS = ['admin', 'member', 'disabledAdmin', 'link'] as const;
type SystemViewer = (typeof SYSTEM_VIEWERS)[number];
type SystemRow = { entity: 'system'; allowed: Record<SystemViewer, boolean> };
/** How each kind of viewer stands to a circle: its owner, someone in it, anyone else. */
const CIRCLE_VIEWERS = ['owner', 'member', 'stranger'] as const;
type CircleViewer = (typeof CIRCLE_VIEWERS)[number];
type CircleRow = { entity: 'circle'; allowed: Record<CircleViewer, boolean> };

const ALL: Level[] = [1, 2, 3, 'circle'];
const NONE: Level[] = [];
const authorOnly: MemoryRow = {
  entity: 'memory',
  allowed: {
    author: ALL,
    friend: NONE,
    taggedFriend: NONE,
    taggedFormerFriend: NONE,
    stranger: NONE,
    link: NONE,
    expiredLink: NONE,
    otherMemoryLink: NONE,
    circleMember: NONE,
    removedMember: NONE,
    exFriendMember: NONE,
    tripLink: NONE,
  },
};
// A circle memory reaches its members who are still the author's friends, and no other friend.
const signedInReaders: MemoryRow = {
  entity: 'memory',
  allowed: {
    author: ALL,
    friend: [2, 3],
    taggedFriend: [2, 3],
    taggedFormerFriend: [3],
    stranger: [3],
    link: NONE,
    expiredLink: NONE,
    otherMemoryLink: NONE,
    circleMember: [2, 3, 'circle'],
    removedMember: [2, 3],
    exFriendMember: [3],
    tripLink: NONE,
  },
};

const EXPECTED: Record<string, MemoryRow | UserRow | CircleRow | SystemRow | PendingRow | CommentRow | TripRow> = {
  'memory.read': {
    entity: 'memory',
    // Tagging never widens the audience; a live link shows its memory whatever its visibility.
    // A trip's link shows its memories for friends or everyone, never a private or circle one.
    allowed: { ...signedInReaders.allowed, link: ALL, tripLink: [2, 3] },
  },
  'memory.update': authorOnly,
  'memory.delete': authorOnly,
  'memory.share': authorOnly,
  'memory.comment': signedInReaders,
  'memory.react': signedInReaders,
  'comment.read': { entity: 'comment', allowed: { memoryAuthor: ALL, commenter: [2, 3], otherFriend: [2, 3], stranger: [3] } },
  'comment.update': { entity: 'comment', allowed: { memoryAuthor: NONE, commenter: ALL, otherFriend: NONE, stranger: NONE } },
  'comment.delete': { entity: 'comment', allowed: { memoryAuthor: ALL, commenter: ALL, otherFriend: NONE, stranger: NONE } },
  // A trip's page as a memory's visibility reads; its live link opens it whatever its visibility.
  'trip.read': { entity: 'trip', allowed: { author: [1, 2, 3], friend: [2, 3], stranger: [3], link: [1, 2, 3], expiredLink: [], otherTripLink: [] } },
  'trip.update': { entity: 'trip', allowed: { author: [1, 2, 3], friend: [], stranger: [], link: [], expiredLink: [], otherTripLink: [] } },
  'circle.update': { entity: 'circle', allowed: { owner: true, member: false, stranger: false } },
  'user.email.read': { entity: 'user', allowed: { self: true, friend: true, askedByTarget: true, askedTarget: false, stranger: false } },
  'user.update': { entity: 'user', allowed: { self: true, friend: false, askedByTarget: false, askedTarget: false, stranger: false } },
  // Only an enabled admin runs the server; a disabled admin is no admin until enabled again.
  admin: { entity: 'system', allowed: { admin: true, member: false, disabledAdmin: false, link: false } },
};

let db: Db;
const at = '2024-01-01T00:00:00.000Z';
const ids = {} as Record<MemoryViewer | 'target' | UserViewer, string>;
const pins = {} as Record<Level, string>;
const comments = {} as Record<Level, string>;
let otherPin: string;
const LIVE = 'live-link-hash';
const OTHER = 'other-link-hash';
const LINKS_EXPIRE = '2999-01-01T00:00:00.000Z';
/** A moment after every link of this test has expired. */
const LATER = new Date('3000-01-01T00:00:00.000Z');

async function addUser(name: string): Promise<string> {
  const id = uuidv7();
  await db.kysely
    .insertInto('users')
    .values({ id, username: name, username_lower: name, email: `${name}@example.test`, email_lower: `${name}@example.test`, password_hash: 'x', profile_picture: null, first_name: null, last_name: null, created_at: at })
    .execute();
  return id;
}

async function befriend(a: string, b: string): Promise<void> {
  await db.kysely.insertInto('friendships').values([{ user_id: a, friend_id: b, created_at: at }, { user_id: b, friend_id: a, created_at: at }]).execute();
}

let circleId: string;
const trips = {} as Record<1 | 2 | 3, string>;
const TRIP_LINK = 'trip-link-hash';

async function addPin(authorId: string, level: Level): Promise<string> {
  const id = uuidv7();
  const visibility = level === 'circle' ? 2 : level;
  const circle_id = level === 'circle' ? circleId : null;
  await db.kysely
    .insertInto('pins')
    .values({ id, author_id: authorId, title: 't', description: 'd', latitude: 1, longitude: 1, location_name: 'x', visibility, circle_id, created_at: at, updated_at: at })
    .execute();
  return id;
}

async function addLink(pinId: string, hash: string, expiresAt: string): Promise<void> {
  await db.kysely.insertInto('share_links').values({ pin_id: pinId, token_hash: hash, created_at: at, expires_at: expiresAt }).execute();
}

beforeAll(async () => {
  db = await createTestDb();
  for (const v of ['author', 'friend', 'taggedFriend', 'taggedFormerFriend', 'stranger', 'circleMember', 'removedMember', 'exFriendMember'] as const) {
    ids[v] = await addUser(v.toLowerCase());
  }
  await befriend(ids.author, ids.friend);
  await befriend(ids.author, ids.taggedFriend);
  await befriend(ids.author, ids.circleMember);
  await befriend(ids.author, ids.removedMember);
  // The author's circle: circleMember is in it; removedMember was, and was taken out; exFriendMember
  // is still listed (as a row written by hand: unfriending would have removed it) but no longer a friend.
  circleId = uuidv7();
  await db.kysely.insertInto('circles').values({ id: circleId, owner_id: ids.author, name: 'Family', name_lower: 'family', created_at: at }).execute();
  await db.kysely
    .insertInto('circle_members')
    .values([ids.circleMember, ids.removedMember, ids.exFriendMember].map((user_id) => ({ circle_id: circleId, user_id })))
    .execute();
  await db.kysely.deleteFrom('circle_members').where('user_id', '=', ids.removedMember).execute();
  for (const level of LEVELS) {
    pins[level] = await addPin(ids.author, level);
    // Tagged while friends; taggedFormerFriend was unfriended since (no friendship row).
    await db.kysely.insertInto('pin_tags').values([{ pin_id: pins[level], user_id: ids.taggedFriend }, { pin_id: pins[level], user_id: ids.taggedFormerFriend }]).execute();
  }
  for (const level of LEVELS) {
    comments[level] = uuidv7();
    await db.kysely.insertInto('comments').values({ id: comments[level], pin_id: pins[level], author_id: ids.friend, text: 'hi', created_at: at }).execute();
  }
  otherPin = await addPin(ids.author, 1);
  // Trips of each visibility, each with a live link; every memory above is in the first one.
  for (const level of [1, 2, 3] as const) {
    trips[level] = uuidv7();
    await db.kysely
      .insertInto('trips')
      .values({ id: trips[level], author_id: ids.author, title: 't', description: '', visibility: level, cover_pin_id: null, created_at: at, updated_at: at })
      .execute();
    await db.kysely.insertInto('trip_share_links').values({ trip_id: trips[level], token_hash: `${TRIP_LINK}-${level}`, created_at: at, expires_at: LINKS_EXPIRE }).execute();
  }
  await db.kysely.updateTable('pins').set({ trip_id: trips[1] }).where('id', 'in', LEVELS.map((l) => pins[l])).execute();
  for (const level of LEVELS) await addLink(pins[level], `${LIVE}-${level}`, LINKS_EXPIRE);
  await addLink(otherPin, OTHER, LINKS_EXPIRE);

  ids.target = await addUser('target');
  ids.self = ids.target;
  ids.askedByTarget = await addUser('asked_by_target');
  ids.askedTarget = await addUser('asked_target');
  await befriend(ids.target, ids.friend);
  await db.kysely
    .insertInto('friend_requests')
    .values([
      { from_id: ids.target, to_id: ids.askedByTarget, created_at: at },
      { from_id: ids.askedTarget, to_id: ids.target, created_at: at },
    ])
    .execute();
});

const levelLabel = (level: Level) => (level === 'circle' ? "'2' for a circle" : `visibility ${level}`);
afterAll(() => db.close());

/** The viewer of a case, what the in-memory rule is told of it, and when it asks. */
function memoryCase(viewer: MemoryViewer, level: Level): { who: Viewer; facts: MemoryFacts; now?: Date } {
  const base = {
    authorId: ids.author,
    visibility: level === 'circle' ? 2 : level,
    viewerIsFriend: false,
    circleId: level === 'circle' ? circleId : null,
  };
  switch (viewer) {
    case 'link':
      return { who: linkViewer(`${LIVE}-${level}`), facts: { ...base, viaLink: true } };
    case 'expiredLink':
      // The same link, asked about after it expired.
      return { who: linkViewer(`${LIVE}-${level}`), facts: { ...base, viaLink: false }, now: LATER };
    case 'otherMemoryLink':
      return { who: linkViewer(OTHER), facts: { ...base, viaLink: false } };
    case 'tripLink':
      return { who: tripLinkViewer(`${TRIP_LINK}-1`), facts: { ...base, viaTripLink: true } };
    default:
      return {
        who: userViewer(ids[viewer]),
        facts: {
          ...base,
          viewerId: ids[viewer],
          viewerIsFriend: viewer === 'friend' || viewer === 'taggedFriend' || viewer === 'circleMember' || viewer === 'removedMember',
          viewerIsTagged: viewer === 'taggedFriend' || viewer === 'taggedFormerFriend',
          viewerInCircle: viewer === 'circleMember' || viewer === 'exFriendMember',
        },
      };
  }
}

function userCase(viewer: UserViewer): { who: Viewer; facts: UserFacts } {
  const viewerId = ids[viewer];
  return {
    who: userViewer(viewerId),
    facts: { viewerId, userId: ids.target, areFriends: viewer === 'friend', askedViewer: viewer === 'askedByTarget' },
  };
}

async function viaMemoryFilter(who: Viewer, permission: Permission, pinId: string, now = new Date()): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('pins')
    .select('pins.id')
    .where('pins.id', '=', pinId)
    .where((eb) => memoryAccessFilter(eb, who, permission, now.toISOString()))
    .executeTakeFirst();
  return row !== undefined;
}

async function viaUserFilter(who: Viewer, permission: Permission, userId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('users')
    .select('users.id')
    .where('users.id', '=', userId)
    .where((eb) => userAccessFilter(eb, who, permission))
    .executeTakeFirst();
  return row !== undefined;
}

describe('the access rule', () => {
  it('has a row in this test for every permission, and no row for a permission that is gone', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...PERMISSIONS].sort());
  });

  it('grants each permission only through relations it names, about the thing its row is about', () => {
    for (const permission of PERMISSIONS) {
      expect(RULES[permission].entity, permission).toBe(EXPECTED[permission]?.entity);
      for (const relation of RULES[permission].grantedBy) expect(RELATIONS).toContain(relation);
    }
  });

  it('states the rules of things that have no table yet, and asks nothing of the database for them', () => {
    for (const permission of PERMISSIONS) {
      const row = EXPECTED[permission];
      if (!row || !('grantedBy' in row)) continue;
      expect([...RULES[permission].grantedBy].sort(), permission).toEqual([...row.grantedBy].sort());
      // When the table arrives, its row here becomes a truth table like the memories' ones.
      expect(Object.keys(accessRepository[row.entity]), `${permission}: ${row.until}`).toEqual([]);
    }
  });
});

describe.each(PERMISSIONS.filter((p) => EXPECTED[p]?.entity === 'memory'))('%s on memories', (permission) => {
  const row = EXPECTED[permission] as MemoryRow;
  it.each(MEMORY_VIEWERS)('the rule, the batched check and the SQL filter agree for the %s', async (viewer) => {
    for (const level of LEVELS) {
      const { who, facts, now } = memoryCase(viewer, level);
      const expected = row.allowed[viewer].includes(level);
      const label = `${viewer}, ${levelLabel(level)}`;
      expect(grants(permission, relationsToMemory(facts)), `in memory: ${label}`).toBe(expected);
      expect((await checkAccess(db.kysely, who, permission, [pins[level]], now)).has(pins[level]), `batched: ${label}`).toBe(expected);
      expect(await viaMemoryFilter(who, permission, pins[level], now), `SQL filter: ${label}`).toBe(expected);
    }
  });
});

describe.each(PERMISSIONS.filter((p) => EXPECTED[p]?.entity === 'user'))('%s on users', (permission) => {
  const row = EXPECTED[permission] as UserRow;
  it.each(USER_VIEWERS)('the rule, the batched check and the SQL filter agree for the %s', async (viewer) => {
    const { who, facts } = userCase(viewer);
    const expected = row.allowed[viewer];
    expect(grants(permission, relationsToUser(facts)), 'in memory').toBe(expected);
    expect((await checkAccess(db.kysely, who, permission, [ids.target])).has(ids.target), 'batched').toBe(expected);
    expect(await viaUserFilter(who, permission, ids.target), 'SQL filter').toBe(expected);
  });
});

describe.each(PERMISSIONS.filter((p) => EXPECTED[p]?.entity === 'system'))('%s on the server', (permission) => {
  const row = EXPECTED[permission] as SystemRow;
  it.each(SYSTEM_VIEWERS)('the rule and the batched check agree for the %s', async (viewer) => {
    const id = await addUser(`sys_${viewer}_${permission.replace(/\W/g, '')}`);
    if (viewer === 'admin' || viewer === 'disabledAdmin') await db.kysely.updateTable('users').set({ is_admin: 1 }).where('id', '=', id).execute();
    if (viewer === 'disabledAdmin') await db.kysely.updateTable('users').set({ disabled_at: at }).where('id', '=', id).execute();
    const who: Viewer = viewer === 'link' ? linkViewer(LIVE) : userViewer(id);
    const held: Relation[] = viewer === 'admin' ? ['admin'] : [];
    expect(grants(permission, held), 'in memory').toBe(row.allowed[viewer]);
    expect((await checkAccess(db.kysely, who, permission, [id])).has(id), 'batched').toBe(row.allowed[viewer]);
  });
});

/** The viewer of a trip case, and what the in-memory rule is told of it. */
function tripCase(viewer: TripViewer, level: 1 | 2 | 3): { who: Viewer; facts: TripFacts; now?: Date } {
  const base = { authorId: ids.author, visibility: level, viewerIsFriend: false };
  switch (viewer) {
    case 'link':
      return { who: tripLinkViewer(`${TRIP_LINK}-${level}`), facts: { ...base, viaLink: true } };
    case 'expiredLink':
      return { who: tripLinkViewer(`${TRIP_LINK}-${level}`), facts: base, now: LATER };
    case 'otherTripLink':
      return { who: tripLinkViewer(`${TRIP_LINK}-${level === 1 ? 2 : 1}`), facts: base };
    default:
      return { who: userViewer(ids[viewer]), facts: { ...base, viewerId: ids[viewer], viewerIsFriend: viewer === 'friend' } };
  }
}

async function viaTripFilter(who: Viewer, permission: Permission, tripId: string, now = new Date()): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('trips')
    .select('trips.id')
    .where('trips.id', '=', tripId)
    .where((eb) => tripAccessFilter(eb, who, permission, now.toISOString()))
    .executeTakeFirst();
  return row !== undefined;
}

describe.each(PERMISSIONS.filter((p) => EXPECTED[p]?.entity === 'trip'))('%s on trips', (permission) => {
  const row = EXPECTED[permission] as TripRow;
  it.each(TRIP_VIEWERS)('the rule, the batched check and the SQL filter agree for the %s', async (viewer) => {
    for (const level of [1, 2, 3] as const) {
      const { who, facts, now } = tripCase(viewer, level);
      const expected = row.allowed[viewer].includes(level);
      const label = `${viewer}, visibility ${level}`;
      expect(grants(permission, relationsToTrip(facts)), `in memory: ${label}`).toBe(expected);
      expect((await checkAccess(db.kysely, who, permission, [trips[level]], now)).has(trips[level]), `batched: ${label}`).toBe(expected);
      expect(await viaTripFilter(who, permission, trips[level], now), `SQL filter: ${label}`).toBe(expected);
    }
  });
});

describe.each(PERMISSIONS.filter((p) => EXPECTED[p]?.entity === 'circle'))('%s on circles', (permission) => {
  const row = EXPECTED[permission] as CircleRow;
  it.each(CIRCLE_VIEWERS)('the rule and the batched check agree for the %s', async (viewer) => {
    const viewerId = { owner: ids.author, member: ids.circleMember, stranger: ids.stranger }[viewer];
    const expected = row.allowed[viewer];
    expect(grants(permission, relationsToCircle({ viewerId, ownerId: ids.author })), 'in memory').toBe(expected);
    expect((await checkAccess(db.kysely, userViewer(viewerId), permission, [circleId])).has(circleId), 'batched').toBe(expected);
  });
});

describe('each relation', () => {
  it('holds in memory exactly where its batched query finds it, for memories', async () => {
    for (const viewer of MEMORY_VIEWERS) {
      for (const level of LEVELS) {
        const { who, facts, now = new Date() } = memoryCase(viewer, level);
        const held = new Set(relationsToMemory(facts));
        for (const [relation, query] of Object.entries(accessRepository.memory)) {
          const found = (await query!(db.kysely, who, [pins[level]], now.toISOString())).includes(pins[level]);
          expect(found, `${relation}: ${viewer}, ${levelLabel(level)}`).toBe(held.has(relation as Relation));
        }
      }
    }
  });

  it('holds in memory exactly where its batched query finds it, for trips', async () => {
    for (const viewer of TRIP_VIEWERS) {
      for (const level of [1, 2, 3] as const) {
        const { who, facts, now = new Date() } = tripCase(viewer, level);
        const held = new Set(relationsToTrip(facts));
        for (const [relation, query] of Object.entries(accessRepository.trip)) {
          const found = (await query!(db.kysely, who, [trips[level]], now.toISOString())).includes(trips[level]);
          expect(found, `${relation}: ${viewer}, visibility ${level}`).toBe(held.has(relation as Relation));
        }
      }
    }
  });

  it('holds in memory exactly where its batched query finds it, for users', async () => {
    for (const viewer of USER_VIEWERS) {
      const { who, facts } = userCase(viewer);
      const held = new Set(relationsToUser(facts));
      for (const [relation, query] of Object.entries(accessRepository.user)) {
        const found = (await query!(db.kysely, who, [ids.target], at)).includes(ids.target);
        expect(found, `${relation}: ${viewer}`).toBe(held.has(relation as Relation));
      }
    }
  });

  it('has a query wherever a rule about a thing with a table names it', () => {
    for (const permission of PERMISSIONS) {
      const { entity, grantedBy } = RULES[permission];
      if (Object.keys(accessRepository[entity]).length === 0) continue;
      for (const relation of grantedBy) expect(accessRepository[entity][relation], `${permission} through ${relation}`).toBeDefined();
    }
  });
});

describe.each(PERMISSIONS.filter((p) => EXPECTED[p]?.entity === 'comment'))('%s on comments', (permission) => {
  const row = EXPECTED[permission] as CommentRow;
  const viewerIds = (): Record<CommentViewer, string> => ({ memoryAuthor: ids.author, commenter: ids.friend, otherFriend: ids.taggedFriend, stranger: ids.stranger });
  it.each(COMMENT_VIEWERS)('the batched check grants it to the %s exactly on the expected levels', async (viewer) => {
    const granted = await checkAccess(db.kysely, userViewer(viewerIds()[viewer]), permission, LEVELS.map((l) => comments[l]));
    for (const level of LEVELS) expect(granted.has(comments[level]), `${viewer}, ${levelLabel(level)}`).toBe(row.allowed[viewer].includes(level));
  });
});

describe('the batched check', () => {
  it('answers for many ids at once, and never for what is not an id', async () => {
    const friend = userViewer(ids.friend);
    const granted = await checkAccess(db.kysely, friend, 'memory.read', [pins[1], pins[2], pins[3], 'not-an-id', uuidv7()]);
    expect([...granted].sort()).toEqual([pins[2], pins[3]].sort());
  });

  it('refuses with 404 what the viewer may not read and with 403 what they may read but not change', async () => {
    const stranger = userViewer(ids.stranger);
    await expect(requireAccess(db.kysely, stranger, 'memory.update', [pins[1]])).rejects.toBeInstanceOf(NotFoundError);
    await expect(requireAccess(db.kysely, stranger, 'memory.update', [uuidv7()])).rejects.toBeInstanceOf(NotFoundError);
    await expect(requireAccess(db.kysely, stranger, 'memory.update', [pins[3]])).rejects.toBeInstanceOf(ForbiddenError);
    // One unreadable id among readable ones: nothing tells which of them exist.
    await expect(requireAccess(db.kysely, stranger, 'memory.delete', [pins[3], pins[1]])).rejects.toBeInstanceOf(NotFoundError);
    // A share link's memory is the author's alone: to anyone else it is not there.
    await expect(requireAccess(db.kysely, userViewer(ids.friend), 'memory.share', [pins[2]])).rejects.toBeInstanceOf(NotFoundError);
    await expect(requireAccess(db.kysely, userViewer(ids.author), 'memory.update', [pins[1], pins[2], pins[3]])).resolves.toBeUndefined();
    await expect(requireAccess(db.kysely, userViewer(ids.friend), 'user.update', [ids.target])).rejects.toBeInstanceOf(ForbiddenError);
  });
});
