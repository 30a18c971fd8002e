import { hashPassword } from '../../server/src/modules/sessions/passwords.ts';
import { uuidv7 } from '../../server/src/lib/ids.ts';
import { backfillSql } from '../../server/src/modules/map-cells/author-cells-sql.ts';
import { aggregateLevel, MAX_CELL_LEVEL } from '../../server/src/modules/map-cells/map-grid.ts';
import { searchBackfillSql } from '../../server/src/modules/search/search-index-sql.ts';
import type { BulkWriter, Column } from './bulk-writer.ts';
import { Random, WeightedPicker } from './random.ts';
import { jitter, loadWorld, makeFriendships, makeRequests, memoryText, visibility } from './seed-data.ts';

export const SEED_PASSWORD = 'password!1';

export interface SeedOptions {
  users: number;
  memories: number;
  /** Mutual friends per user, about. */
  friends: number;
  /** Pending requests each user receives, about. */
  requests: number;
  seed: number;
  /** Empty the tables first; without it a database that already holds users is refused. */
  reset: boolean;
  /** Drop secondary indexes for the load and build them afterwards (faster for big loads). */
  dropIndexes: boolean;
  log: (message: string) => void;
}

export interface SeedSummary {
  users: number;
  friendships: number;
  requests: number;
  memories: number;
  publicMemories: number;
  tags: number;
  cells: number;
  seconds: number;
  phases: Record<string, number>;
}

const YEAR_MS = 365.25 * 86_400_000;
/** Memories are written this many at a time: generated, inserted, forgotten. */
const CHUNK = 50_000;

const USER_COLUMNS: Column[] = [
  { name: 'id', type: 'text' },
  { name: 'username', type: 'text' },
  { name: 'username_lower', type: 'text' },
  { name: 'email', type: 'text' },
  { name: 'email_lower', type: 'text' },
  { name: 'password_hash', type: 'text' },
  { name: 'profile_picture', type: 'text' },
  { name: 'first_name', type: 'text' },
  { name: 'last_name', type: 'text' },
  { name: 'created_at', type: 'text' },
];
const FRIENDSHIP_COLUMNS: Column[] = [
  { name: 'user_id', type: 'text' },
  { name: 'friend_id', type: 'text' },
  { name: 'created_at', type: 'text' },
];
const REQUEST_COLUMNS: Column[] = [
  { name: 'from_id', type: 'text' },
  { name: 'to_id', type: 'text' },
  { name: 'created_at', type: 'text' },
];
const PIN_COLUMNS: Column[] = [
  { name: 'id', type: 'text' },
  { name: 'author_id', type: 'text' },
  { name: 'title', type: 'text' },
  { name: 'description', type: 'text' },
  { name: 'latitude', type: 'float' },
  { name: 'longitude', type: 'float' },
  { name: 'location_name', type: 'text' },
  { name: 'photos', type: 'text' },
  { name: 'visibility', type: 'int' },
  { name: 'created_at', type: 'text' },
  { name: 'updated_at', type: 'text' },
  { name: 'happened_at', type: 'text' },
];
const TAG_COLUMNS: Column[] = [
  { name: 'pin_id', type: 'text' },
  { name: 'user_id', type: 'text' },
];
const CELL_COLUMNS: Column[] = [
  { name: 'level', type: 'int' },
  { name: 'cx', type: 'int' },
  { name: 'cy', type: 'int' },
  { name: 'count', type: 'int' },
  { name: 'sum_lat', type: 'float' },
  { name: 'sum_lng', type: 'float' },
];

function grow(a: Float64Array): Float64Array {
  const b = new Float64Array(a.length * 2);
  b.set(a);
  return b;
}

const FIRST_NAMES = ['Ada', 'Ben', 'Chloé', 'Dmitri', 'Emi', 'Farah', 'Gustav', 'Hana', 'Ines', 'Jonas', 'Kofi', 'Lena', 'Mateo', 'Nadia', 'Omar', 'Priya'];
const LAST_NAMES = ['Okafor', 'Silva', 'Tanaka', 'Müller', 'Haddad', 'Novak', 'García', 'Kim', 'Rossi', 'Dubois', 'Singh', 'Larsen'];

/**
 * Fills an empty (or, with `reset`, emptied) database: users user1…userN sharing one password
 * hash, mutual friendships and pending requests, memories around real cities over five years,
 * tags of friends, and the map's public cells. Everything comes from one seeded generator.
 */
export async function seedDatabase(writer: BulkWriter, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const phases: Record<string, number> = {};
  let mark = started;
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark) / 1000;
    mark = now;
    options.log(`  ${name}: ${phases[name]!.toFixed(1)} s`);
  };

  const existing = await writer.count('users');
  if (existing > 0) {
    if (!options.reset) throw new Error(`The database already holds ${existing} users; pass --reset to empty it first`);
    await writer.clear();
  }

  const random = new Random(options.seed);
  const world = loadWorld();
  const now = Date.now();
  const n = options.users;
  if (n < 1) throw new Error('--users must be at least 1');

  // Hashing is deliberately slow (argon2id); one hash serves every seeded account.
  const passwordHash = await hashPassword(SEED_PASSWORD);
  phase('world and password');

  const homes = new Int32Array(n);
  const userIds: string[] = new Array(n);
  const userRows: unknown[][] = [];
  const joined = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    homes[i] = world.picker.pick(random);
    joined[i] = now - 5 * YEAR_MS - random.next() * 180 * 86_400_000;
  }
  // Ids in sign-up order, like real accounts.
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => joined[a]! - joined[b]!);
  for (const i of order) userIds[i] = uuidv7(joined[i]!);
  for (let i = 0; i < n; i++) {
    const username = `user${i + 1}`;
    const email = `${username}@example.com`;
    userRows.push([
      userIds[i],
      username,
      username,
      email,
      email,
      passwordHash,
      null,
      random.next() < 0.7 ? random.pick(FIRST_NAMES) : null,
      random.next() < 0.7 ? random.pick(LAST_NAMES) : null,
      new Date(joined[i]!).toISOString(),
    ]);
  }

  const friends = makeFriendships(random, homes, options.friends);
  const friendshipRows: unknown[][] = [];
  for (let a = 0; a < n; a++) {
    for (const b of friends[a]!) {
      if (b < a) continue;
      const at = new Date(Math.max(joined[a]!, joined[b]!) + random.next() * 200 * 86_400_000).toISOString();
      friendshipRows.push([userIds[a], userIds[b], at], [userIds[b], userIds[a], at]);
    }
  }
  const requests = makeRequests(random, friends, options.requests);
  const requestRows = requests.map(([from, to]) => [userIds[from], userIds[to], new Date(now - random.next() * 30 * 86_400_000).toISOString()]);
  phase('users and friends generated');

  const pinIndexTables = ['pins', 'pin_tags'];
  const dropped = options.dropIndexes ? await writer.dropSecondaryIndexes(pinIndexTables) : [];
  // The per-author cells are filled once, in bulk, after the load instead of row by row.
  const triggers = await writer.dropTriggers('pins');

  await writer.begin();
  await writer.insert('users', USER_COLUMNS, userRows);
  await writer.insert('friendships', FRIENDSHIP_COLUMNS, friendshipRows);
  await writer.insert('friend_requests', REQUEST_COLUMNS, requestRows);
  await writer.commit();
  phase(`users (${n}), friendships (${friendshipRows.length} rows), requests (${requestRows.length}) inserted`);

  // Memories: times sorted first, so ids (UUIDv7 of the creation time) arrive in order and the
  // primary key only ever appends.
  const m = options.memories;
  const times = new Float64Array(m);
  const start = now - 5 * YEAR_MS;
  for (let i = 0; i < m; i++) times[i] = start + random.next() * 5 * YEAR_MS;
  times.sort();
  // Some people post far more than others.
  const activity = new WeightedPicker(Array.from({ length: n }, () => Math.exp(random.gaussian())));
  // Users joined before the five years of memories begin, so no memory predates its author.
  let publicLat: Float64Array = new Float64Array(Math.ceil(m * 0.35) + 16);
  let publicLng: Float64Array = new Float64Array(publicLat.length);
  let publicCount = 0;
  let tagCount = 0;

  for (let from = 0; from < m; from += CHUNK) {
    const to = Math.min(m, from + CHUNK);
    const pinRows: unknown[][] = [];
    const tagRows: unknown[][] = [];
    for (let i = from; i < to; i++) {
      const author = activity.pick(random);
      // Most memories are made near home; some on trips anywhere in the world.
      const city = world.cities[random.next() < 0.75 ? homes[author]! : world.picker.pick(random)]!;
      const { lat, lng } = jitter(random, city);
      const created = times[i]!;
      const id = uuidv7(created);
      const createdAt = new Date(created).toISOString();
      const edited = random.next() < 0.1 ? Math.min(now, created + random.next() * 30 * 86_400_000) : created;
      const vis = visibility(random);
      const text = memoryText(random, city);
      // Most are posted as they happen; some remember a day weeks or years back (a date alone).
      const happenedAt = random.next() < 0.8 ? createdAt : new Date(created - random.next() * 3 * YEAR_MS).toISOString().slice(0, 10);
      pinRows.push([id, userIds[author], text.title, text.description, lat, lng, city.label, '[]', vis, createdAt, new Date(edited).toISOString(), happenedAt]);
      if (vis === 3) {
        if (publicCount === publicLat.length) {
          publicLat = grow(publicLat);
          publicLng = grow(publicLng);
        }
        publicLat[publicCount] = lat;
        publicLng[publicCount] = lng;
        publicCount++;
      }
      const mine = friends[author]!;
      if (mine.length > 0 && random.next() < 0.15) {
        const k = 1 + random.int(Math.min(3, mine.length));
        const tagged = new Set<number>();
        for (let t = 0; t < k; t++) tagged.add(random.pick(mine));
        for (const f of tagged) tagRows.push([id, userIds[f]]);
      }
    }
    await writer.begin();
    await writer.insert('pins', PIN_COLUMNS, pinRows);
    await writer.insert('pin_tags', TAG_COLUMNS, tagRows);
    await writer.commit();
    tagCount += tagRows.length;
    if (to === m || (from / CHUNK) % 5 === 4) options.log(`    memories ${to}/${m}`);
  }
  phase(`memories (${m}) and tags (${tagCount}) inserted`);

  let cells = 0;
  await writer.begin();
  for (let level = 0; level <= MAX_CELL_LEVEL; level++) {
    const rows = aggregateLevel(publicLat, publicLng, level, publicCount).map((c) => [c.level, c.cx, c.cy, c.count, c.sumLat, c.sumLng]);
    await writer.insert('pin_cells', CELL_COLUMNS, rows);
    cells += rows.length;
  }
  await writer.commit();
  phase(`map cells (${cells}) inserted`);

  await writer.begin();
  for (const statement of backfillSql(writer.dialect)) await writer.run(statement);
  await writer.commit();
  for (const statement of triggers) await writer.run(statement);
  phase('per-author cells filled');

  // The search index's triggers were off for the load too (PostgreSQL's is a generated column).
  const searchSql = searchBackfillSql(writer.dialect);
  if (searchSql.length > 0) {
    await writer.begin();
    for (const statement of searchSql) await writer.run(statement);
    await writer.commit();
    phase('search index filled');
  }

  for (const statement of dropped) await writer.run(statement);
  if (dropped.length > 0) phase(`indexes rebuilt (${dropped.length})`);
  await writer.finish();
  phase('statistics');

  return {
    users: n,
    friendships: friendshipRows.length / 2,
    requests: requestRows.length,
    memories: m,
    publicMemories: publicCount,
    tags: tagCount,
    cells,
    seconds: Math.round(performance.now() - started) / 1000,
    phases,
  };
}
