import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * read_generations: the counters that keep the read cache right (docs/decisions/080-read-cache.md),
 * raised by triggers on pins, pin_tags, friendships and users. No rows to fill: a scope without a
 * row is at generation 0, and no cache survives a restart.
 *
 * The triggers are a frozen copy of what modules/read-cache/generations-sql.ts generated when this
 * was written (from the audience rule: public is 3, friends-only 2); read-cache/generations.test.ts
 * checks the copy still matches, so a change of the rule ships a migration that recreates them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('read_generations')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('gen', 'bigint', (c) => c.notNull())
    .execute();
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const statement of sqlite ? SQLITE_TRIGGERS : POSTGRES_TRIGGERS) await sql.raw(statement).execute(db);
}

export const FROZEN_TRIGGERS = { sqlite: (): string[] => SQLITE_TRIGGERS, postgres: (): string[] => POSTGRES_TRIGGERS };

const SQLITE_TRIGGERS: string[] = [
  `create trigger read_gen_pins_insert after insert on pins begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || new.author_id as scope
      union all select 'public' where new.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = new.author_id and new.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
      end`,
  `create trigger read_gen_pins_update after update on pins begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || old.author_id as scope
      union all select 'public' where old.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = old.author_id and old.visibility in (2) union select 'u:' || new.author_id as scope
      union all select 'public' where new.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = new.author_id and new.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
      end`,
  `create trigger read_gen_pins_delete after delete on pins begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || old.author_id as scope
      union all select 'public' where old.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = old.author_id and old.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
      end`,
  `create trigger read_gen_tags_insert after insert on pin_tags begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || p.author_id as scope from pins p where p.id = new.pin_id
      union all select 'public' from pins p where p.id = new.pin_id and p.visibility in (3)
      union all select 'u:' || f.friend_id from pins p join friendships f on f.user_id = p.author_id
        where p.id = new.pin_id and p.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
      end`,
  `create trigger read_gen_tags_delete after delete on pin_tags begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || p.author_id as scope from pins p where p.id = old.pin_id
      union all select 'public' from pins p where p.id = old.pin_id and p.visibility in (3)
      union all select 'u:' || f.friend_id from pins p join friendships f on f.user_id = p.author_id
        where p.id = old.pin_id and p.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
      end`,
  `create trigger read_gen_friendships_insert after insert on friendships begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || new.user_id as scope) as s where true
        on conflict (scope) do update set gen = gen + 1;
      end`,
  `create trigger read_gen_friendships_delete after delete on friendships begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || old.user_id as scope) as s where true
        on conflict (scope) do update set gen = gen + 1;
      end`,
  `create trigger read_gen_users_update after update of username, profile_picture on users begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'people' as scope) as s where true
        on conflict (scope) do update set gen = gen + 1;
      end`,
  `create trigger read_gen_users_delete after delete on users begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'people' as scope) as s where true
        on conflict (scope) do update set gen = gen + 1;
        delete from read_generations where scope = 'u:' || old.id;
      end`,
];

const POSTGRES_TRIGGERS: string[] = [
  `create or replace function read_gen_pins_new() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select 'u:' || p.author_id as scope from new_rows as p join users u on u.id = p.author_id
      union select 'public' from new_rows as p where p.visibility in (3)
      union select 'u:' || f.friend_id from new_rows as p join friendships f on f.user_id = p.author_id where p.visibility in (2)) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_pins_old() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select 'u:' || p.author_id as scope from old_rows as p join users u on u.id = p.author_id
      union select 'public' from old_rows as p where p.visibility in (3)
      union select 'u:' || f.friend_id from old_rows as p join friendships f on f.user_id = p.author_id where p.visibility in (2)) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_pins_both() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select 'u:' || p.author_id as scope from old_rows as p join users u on u.id = p.author_id
      union select 'public' from old_rows as p where p.visibility in (3)
      union select 'u:' || f.friend_id from old_rows as p join friendships f on f.user_id = p.author_id where p.visibility in (2) union select 'u:' || p.author_id as scope from new_rows as p join users u on u.id = p.author_id
      union select 'public' from new_rows as p where p.visibility in (3)
      union select 'u:' || f.friend_id from new_rows as p join friendships f on f.user_id = p.author_id where p.visibility in (2)) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_tags_new() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select 'u:' || p.author_id as scope from (select tp.author_id, tp.visibility from pins tp join new_rows t on t.pin_id = tp.id) as p join users u on u.id = p.author_id
      union select 'public' from (select tp.author_id, tp.visibility from pins tp join new_rows t on t.pin_id = tp.id) as p where p.visibility in (3)
      union select 'u:' || f.friend_id from (select tp.author_id, tp.visibility from pins tp join new_rows t on t.pin_id = tp.id) as p join friendships f on f.user_id = p.author_id where p.visibility in (2)) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_tags_old() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select 'u:' || p.author_id as scope from (select tp.author_id, tp.visibility from pins tp join old_rows t on t.pin_id = tp.id) as p join users u on u.id = p.author_id
      union select 'public' from (select tp.author_id, tp.visibility from pins tp join old_rows t on t.pin_id = tp.id) as p where p.visibility in (3)
      union select 'u:' || f.friend_id from (select tp.author_id, tp.visibility from pins tp join old_rows t on t.pin_id = tp.id) as p join friendships f on f.user_id = p.author_id where p.visibility in (2)) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_friendships_new() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select distinct 'u:' || r.user_id as scope from new_rows r join users u on u.id = r.user_id) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_friendships_old() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select distinct 'u:' || r.user_id as scope from old_rows r join users u on u.id = r.user_id) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_people() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select 'people' as scope) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_forget_users() returns trigger language plpgsql as $fn$
      begin
        delete from read_generations where scope in (select 'u:' || id from old_rows);
        return null;
      end
      $fn$`,
  `create trigger read_gen_pins_insert after insert on pins referencing new table as new_rows for each statement execute function read_gen_pins_new()`,
  `create trigger read_gen_pins_update after update on pins referencing old table as old_rows new table as new_rows for each statement execute function read_gen_pins_both()`,
  `create trigger read_gen_pins_delete after delete on pins referencing old table as old_rows for each statement execute function read_gen_pins_old()`,
  `create trigger read_gen_tags_insert after insert on pin_tags referencing new table as new_rows for each statement execute function read_gen_tags_new()`,
  `create trigger read_gen_tags_delete after delete on pin_tags referencing old table as old_rows for each statement execute function read_gen_tags_old()`,
  `create trigger read_gen_friendships_insert after insert on friendships referencing new table as new_rows for each statement execute function read_gen_friendships_new()`,
  `create trigger read_gen_friendships_delete after delete on friendships referencing old table as old_rows for each statement execute function read_gen_friendships_old()`,
  `create trigger read_gen_users_update after update of username, profile_picture on users for each statement execute function read_gen_people()`,
  `create trigger read_gen_users_delete after delete on users for each statement execute function read_gen_people()`,
  `create trigger read_gen_users_forget after delete on users referencing old table as old_rows for each statement execute function read_gen_forget_users()`,
];
