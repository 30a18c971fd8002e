import { ALL_LEVELS, REACH, type Reach, type VisibilityLevel } from '../access/index.ts';

/**
 * read_generations (migration 0023): one counter per scope of cached reads, raised by database
 * triggers in the transaction of every write that can change what a scope's readers see. A read
 * cache (read-cache.ts) stamps what it holds with the counters it read *before* reading the
 * data, and serves it only while they are unchanged. Triggers rather than calls in services, so
 * every write path keeps the caches right by construction: the services, a cascade from a deleted
 * account, a test or an operator writing rows by hand.
 *
 * Scopes:
 * - `public`    — the memories everyone may see: any write of a pin whose visibility reaches
 *                 everyone before or after;
 * - `people`    — names and pictures shown on pins: a user renamed, given a picture, or deleted;
 * - `u:<id>`    — what reaches one viewer beside the public layer: their own memories, their
 *                 friends' friends-only ones, and their friendships.
 * A pin write raises its author's scope, `public` when it reaches everyone, and the scope of each
 * of the author's friends when it reaches friends — the reach comes from the audience rule
 * (audience.ts), so a change to the rule changes the triggers (with a new migration).
 * Tags are shown on their pin: a tag written or removed raises its pin's scopes.
 */
export type SqlDialect = 'sqlite' | 'postgres';

function levelsWith(reach: Reach): VisibilityLevel[] {
  return ALL_LEVELS.filter((l) => REACH[String(l) as keyof typeof REACH] === reach);
}

const EVERYONE = `(${levelsWith('everyone').join(', ')})`;
const FRIENDS = `(${levelsWith('friends').join(', ')})`;

/** SQLite: the scopes of one pin row (`r` is new or old), as a compound select of (scope). */
function sqlitePinScopes(r: string, reach: FriendsReach = 'each friend'): string {
  return `select 'u:' || ${r}.author_id as scope
      union all select 'public' where ${r}.visibility in ${EVERYONE}
      ${sqliteFriendScopes(r, reach)}`;
}

function sqliteFriendScopes(r: string, reach: FriendsReach): string {
  return reach === 'author'
    ? `union all select '${FRIENDS_SCOPE_PREFIX}' || ${r}.author_id where ${r}.visibility in ${FRIENDS}`
    : `union all select 'u:' || friend_id from friendships where user_id = ${r}.author_id and ${r}.visibility in ${FRIENDS}`;
}

function sqliteBump(scopes: string): string {
  // `where true` keeps SQLite from reading ON CONFLICT as a join's ON (documented ambiguity).
  return `insert into read_generations (scope, gen) select scope, 1 from (${scopes}) as s where true
        on conflict (scope) do update set gen = gen + 1;`;
}

/** PostgreSQL: the scopes of the pins in a transition table, one row each. */
function pgPinScopes(rows: string, reach: FriendsReach = 'each friend'): string {
  // Only users who still exist: the cascades of a deleted account run their triggers after the
  // account's own, which removed its counter (it leaves nothing behind).
  const friends =
    reach === 'author'
      ? `union select '${FRIENDS_SCOPE_PREFIX}' || p.author_id from ${rows} as p join users u on u.id = p.author_id where p.visibility in ${FRIENDS}`
      : `union select 'u:' || f.friend_id from ${rows} as p join friendships f on f.user_id = p.author_id where p.visibility in ${FRIENDS}`;
  return `select 'u:' || p.author_id as scope from ${rows} as p join users u on u.id = p.author_id
      union select 'public' from ${rows} as p where p.visibility in ${EVERYONE}
      ${friends}`;
}

/** The statements that create the table's triggers (the table itself is the migration's). */
export function generationTriggersSql(dialect: SqlDialect): string[] {
  if (dialect === 'sqlite') {
    const tagBump = (r: string) =>
      sqliteBump(`select 'u:' || p.author_id as scope from pins p where p.id = ${r}.pin_id
      union all select 'public' from pins p where p.id = ${r}.pin_id and p.visibility in ${EVERYONE}
      union all select 'u:' || f.friend_id from pins p join friendships f on f.user_id = p.author_id
        where p.id = ${r}.pin_id and p.visibility in ${FRIENDS}`);
    const people = sqliteBump(`select 'people' as scope`);
    return [
      `create trigger read_gen_pins_insert after insert on pins begin
        ${sqliteBump(sqlitePinScopes('new'))}
      end`,
      `create trigger read_gen_pins_update after update on pins begin
        ${sqliteBump(`${sqlitePinScopes('old')} union ${sqlitePinScopes('new')}`)}
      end`,
      `create trigger read_gen_pins_delete after delete on pins begin
        ${sqliteBump(sqlitePinScopes('old'))}
      end`,
      `create trigger read_gen_tags_insert after insert on pin_tags begin
        ${tagBump('new')}
      end`,
      `create trigger read_gen_tags_delete after delete on pin_tags begin
        ${tagBump('old')}
      end`,
      `create trigger read_gen_friendships_insert after insert on friendships begin
        ${sqliteBump(`select 'u:' || new.user_id as scope`)}
      end`,
      `create trigger read_gen_friendships_delete after delete on friendships begin
        ${sqliteBump(`select 'u:' || old.user_id as scope`)}
      end`,
      `create trigger read_gen_users_update after update of username, profile_picture on users begin
        ${people}
      end`,
      `create trigger read_gen_users_delete after delete on users begin
        ${people}
        delete from read_generations where scope = 'u:' || old.id;
      end`,
    ];
  }

  // PostgreSQL: statement-level triggers over transition tables, so each statement raises its
  // scopes in one upsert, in scope order. Two transactions then always take the counters' row
  // locks in the same order and cannot deadlock on them.
  const fn = (name: string, scopes: string) => `create or replace function ${name}() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (${scopes}) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        return null;
      end
      $fn$`;
  const sub = (rows: string) => `(select tp.author_id, tp.visibility from pins tp join ${rows} t on t.pin_id = tp.id)`;
  const statementTrigger = (name: string, event: string, table: string, referencing: string, func: string) =>
    `create trigger ${name} after ${event} on ${table} referencing ${referencing} for each statement execute function ${func}()`;
  return [
    fn('read_gen_pins_new', pgPinScopes('new_rows')),
    fn('read_gen_pins_old', pgPinScopes('old_rows')),
    fn('read_gen_pins_both', `${pgPinScopes('old_rows')} union ${pgPinScopes('new_rows')}`),
    fn('read_gen_tags_new', pgPinScopes(sub('new_rows'))),
    fn('read_gen_tags_old', pgPinScopes(sub('old_rows'))),
    fn('read_gen_friendships_new', `select distinct 'u:' || r.user_id as scope from new_rows r join users u on u.id = r.user_id`),
    fn('read_gen_friendships_old', `select distinct 'u:' || r.user_id as scope from old_rows r join users u on u.id = r.user_id`),
    fn('read_gen_people', `select 'people' as scope`),
    // A deleted account leaves nothing behind, its own counter included (after its cascades raised it).
    `create or replace function read_gen_forget_users() returns trigger language plpgsql as $fn$
      begin
        delete from read_generations where scope in (select 'u:' || id from old_rows);
        return null;
      end
      $fn$`,
    statementTrigger('read_gen_pins_insert', 'insert', 'pins', 'new table as new_rows', 'read_gen_pins_new'),
    statementTrigger('read_gen_pins_update', 'update', 'pins', 'old table as old_rows new table as new_rows', 'read_gen_pins_both'),
    statementTrigger('read_gen_pins_delete', 'delete', 'pins', 'old table as old_rows', 'read_gen_pins_old'),
    statementTrigger('read_gen_tags_insert', 'insert', 'pin_tags', 'new table as new_rows', 'read_gen_tags_new'),
    statementTrigger('read_gen_tags_delete', 'delete', 'pin_tags', 'old table as old_rows', 'read_gen_tags_old'),
    statementTrigger('read_gen_friendships_insert', 'insert', 'friendships', 'new table as new_rows', 'read_gen_friendships_new'),
    statementTrigger('read_gen_friendships_delete', 'delete', 'friendships', 'old table as old_rows', 'read_gen_friendships_old'),
    // A statement that changes no row still raises `people` (a rename to the same name): harmless.
    `create trigger read_gen_users_update after update of username, profile_picture on users for each statement execute function read_gen_people()`,
    `create trigger read_gen_users_delete after delete on users for each statement execute function read_gen_people()`,
    `create trigger read_gen_users_forget after delete on users referencing old table as old_rows for each statement execute function read_gen_forget_users()`,
  ];
}

/**
 * Circles (design §17, migration 0040): a memory for a circle is one of the author's friends-only
 * memories, so its writes already raise every friend's scope (its members' among them). What a
 * circle adds is membership: joining or leaving one changes what that member sees, so a row of
 * circle_members written or removed raises the member's scope. Deleting a circle first makes its
 * memories private (a pin update, which raises its own scopes), then its members go by cascade.
 * A circle renamed raises its owner's scope: their memories show its name to them (PostgreSQL: any
 * update of a circle, as transition tables allow no column list; only a rename updates one).
 */
export function circleGenerationTriggersSql(dialect: SqlDialect): string[] {
  if (dialect === 'sqlite') {
    return [
      `create trigger read_gen_circle_members_insert after insert on circle_members begin
        ${sqliteBump(`select 'u:' || new.user_id as scope`)}
      end`,
      `create trigger read_gen_circle_members_delete after delete on circle_members begin
        ${sqliteBump(`select 'u:' || old.user_id as scope`)}
      end`,
      `create trigger read_gen_circles_rename after update of name on circles begin
        ${sqliteBump(`select 'u:' || new.owner_id as scope`)}
      end`,
    ];
  }
  const fn = (name: string, rows: string, column = 'user_id') => `create or replace function ${name}() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select distinct 'u:' || r.${column} as scope from ${rows} r join users u on u.id = r.${column}) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        return null;
      end
      $fn$`;
  return [
    fn('read_gen_circle_members_new', 'new_rows'),
    fn('read_gen_circle_members_old', 'old_rows'),
    fn('read_gen_circles_renamed', 'new_rows', 'owner_id'),
    `create trigger read_gen_circle_members_insert after insert on circle_members referencing new table as new_rows for each statement execute function read_gen_circle_members_new()`,
    `create trigger read_gen_circle_members_delete after delete on circle_members referencing old table as old_rows for each statement execute function read_gen_circle_members_old()`,
    `create trigger read_gen_circles_rename after update on circles referencing new table as new_rows for each statement execute function read_gen_circles_renamed()`,
  ];
}

/**
 * The change log (migration 0070, docs/decisions/085-maintained-read-cache.md): beside raising a
 * scope's counter for a memory — or a tag on one — the same trigger writes (scope, the counter it
 * raised, the memory's id) to `read_changes`. A cache holding a scope's layer at counter M that
 * reads N applies the memories logged in (M, N] instead of reading the layer again.
 *
 * A scope's counter is its sequence. Writes that raise a scope commit one after another (SQLite
 * has one writer; on PostgreSQL the upsert keeps the scope's row locked until the commit), so the
 * counter a write logs under is its commit order: once a reader has seen N, every change logged
 * at N or below is committed and visible. (A serial would not do: PostgreSQL hands its values out
 * before the commits, which can land in another order.)
 *
 * Writes that raise a counter without a memory to name (a friendship, a circle's members, a
 * rename, an account disabled) log nothing. A reader counts the distinct counters logged in
 * (M, N]: fewer than N − M means something it cannot replay happened, and it reads the layer
 * whole. So every write stays right by construction, logged or not.
 *
 * The statements replace the triggers of pins and pin_tags that raise the counters with ones that
 * raise them and then log, so the log always reads the counter its own write raised.
 */
export function changeLogTriggersSql(dialect: SqlDialect): string[] {
  return loggingTriggersSql(dialect, 'each friend');
}

/**
 * Where a memory that reaches friends is counted and logged: under each friend's own scope
 * (`u:<friend>`, migrations 0023 and 0070: a friends-only memory raised and logged one row per
 * friend), or once under its author's friends scope (`f:<author>`, migration 0080), which each
 * friend's read adds to its own counters (docs/decisions/085-maintained-read-cache.md).
 */
export type FriendsReach = 'each friend' | 'author';

/** A friends-only memory's scope when it is counted once, for its author: read by each of their friends. */
export const FRIENDS_SCOPE_PREFIX = 'f:';

/** Every memory's comment and reaction counts (migration 0091; conversation/counts-cache.ts). */
export const CONVERSATION_SCOPE = 'conversation';

/**
 * Migration 0080: the change log's triggers with a friends-only memory counted and logged once,
 * under `f:<author>`, instead of under each friend's scope; and a deleted account leaves its
 * `f:` counter behind no more than its `u:` one.
 */
export function authorFriendsTriggersSql(dialect: SqlDialect): string[] {
  const triggers = loggingTriggersSql(dialect, 'author');
  if (dialect === 'sqlite') {
    return [
      ...triggers,
      `drop trigger read_gen_users_delete`,
      `create trigger read_gen_users_delete after delete on users begin
        ${sqliteBump(`select 'people' as scope`)}
        delete from read_generations where scope in ('u:' || old.id, '${FRIENDS_SCOPE_PREFIX}' || old.id);
      end`,
    ];
  }
  return [
    ...triggers,
    `create or replace function read_gen_forget_users() returns trigger language plpgsql as $fn$
      begin
        delete from read_generations where scope in (select 'u:' || id from old_rows union all select '${FRIENDS_SCOPE_PREFIX}' || id from old_rows);
        return null;
      end
      $fn$`,
  ];
}

function loggingTriggersSql(dialect: SqlDialect, reach: FriendsReach): string[] {
  if (dialect === 'sqlite') {
    const log = (scopes: string, pinId: string) =>
      `insert or ignore into read_changes (scope, seq, pin_id) select g.scope, g.gen, ${pinId} from read_generations g where g.scope in (select scope from (${scopes}));`;
    const friendsOfTagged =
      reach === 'author'
        ? (r: string) => `union all select '${FRIENDS_SCOPE_PREFIX}' || p.author_id from pins p where p.id = ${r}.pin_id and p.visibility in ${FRIENDS}`
        : (r: string) => `union all select 'u:' || f.friend_id from pins p join friendships f on f.user_id = p.author_id
        where p.id = ${r}.pin_id and p.visibility in ${FRIENDS}`;
    const tagScopes = (r: string) => `select 'u:' || p.author_id as scope from pins p where p.id = ${r}.pin_id
      union all select 'public' from pins p where p.id = ${r}.pin_id and p.visibility in ${EVERYONE}
      ${friendsOfTagged(r)}`;
    const pinScopes = (r: string) => sqlitePinScopes(r, reach);
    const both = `${pinScopes('old')} union ${pinScopes('new')}`;
    const names = ['read_gen_pins_insert', 'read_gen_pins_update', 'read_gen_pins_delete', 'read_gen_tags_insert', 'read_gen_tags_delete'];
    return [
      ...names.map((n) => `drop trigger ${n}`),
      `create trigger read_gen_pins_insert after insert on pins begin
        ${sqliteBump(pinScopes('new'))}
        ${log(pinScopes('new'), 'new.id')}
      end`,
      `create trigger read_gen_pins_update after update on pins begin
        ${sqliteBump(both)}
        ${log(both, 'new.id')}
      end`,
      `create trigger read_gen_pins_delete after delete on pins begin
        ${sqliteBump(pinScopes('old'))}
        ${log(pinScopes('old'), 'old.id')}
      end`,
      `create trigger read_gen_tags_insert after insert on pin_tags begin
        ${sqliteBump(tagScopes('new'))}
        ${log(tagScopes('new'), 'new.pin_id')}
      end`,
      `create trigger read_gen_tags_delete after delete on pin_tags begin
        ${sqliteBump(tagScopes('old'))}
        ${log(tagScopes('old'), 'old.pin_id')}
      end`,
    ];
  }

  // PostgreSQL: the same functions as migration 0023's, each followed by its statement's log:
  // every (scope, memory) pair the statement raised, under the scope's new counter.
  const fn = (name: string, scopes: string, pairs: string) => `create or replace function ${name}() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (${scopes}) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        insert into read_changes (scope, seq, pin_id)
          select g.scope, g.gen, x.pin_id from (${pairs}) as x join read_generations g on g.scope = x.scope
          on conflict do nothing;
        return null;
      end
      $fn$`;
  const friendPairs =
    reach === 'author'
      ? (rows: string) => `union select '${FRIENDS_SCOPE_PREFIX}' || p.author_id, p.id from ${rows} as p join users u on u.id = p.author_id where p.visibility in ${FRIENDS}`
      : (rows: string) => `union select 'u:' || f.friend_id, p.id from ${rows} as p join friendships f on f.user_id = p.author_id where p.visibility in ${FRIENDS}`;
  const pairs = (rows: string) => `select 'u:' || p.author_id as scope, p.id as pin_id from ${rows} as p join users u on u.id = p.author_id
      union select 'public', p.id from ${rows} as p where p.visibility in ${EVERYONE}
      ${friendPairs(rows)}`;
  const scopes = (rows: string) => pgPinScopes(rows, reach);
  const sub = (rows: string) => `(select tp.author_id, tp.visibility from pins tp join ${rows} t on t.pin_id = tp.id)`;
  const subWithId = (rows: string) => `(select distinct tp.id, tp.author_id, tp.visibility from pins tp join ${rows} t on t.pin_id = tp.id)`;
  return [
    fn('read_gen_pins_new', scopes('new_rows'), pairs('new_rows')),
    fn('read_gen_pins_old', scopes('old_rows'), pairs('old_rows')),
    fn('read_gen_pins_both', `${scopes('old_rows')} union ${scopes('new_rows')}`, `${pairs('old_rows')} union ${pairs('new_rows')}`),
    fn('read_gen_tags_new', scopes(sub('new_rows')), pairs(subWithId('new_rows'))),
    fn('read_gen_tags_old', scopes(sub('old_rows')), pairs(subWithId('old_rows'))),
  ];
}
