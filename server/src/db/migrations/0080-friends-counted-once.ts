import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * A friends-only memory is counted and logged once, under its author's friends scope
 * (`f:<author>`), instead of under each friend's own scope (docs/decisions/085-maintained-read-cache.md,
 * "One counter per author"): a write of one raised and logged 1 + as many rows as its author had
 * friends (51 in the bench's data), now 2. Each friend's read adds the `f:` counters of the people
 * they are friends with to its own (sessions.repository.ts).
 *
 * The triggers of pins and pin_tags are replaced again (a frozen copy of
 * read-cache/generations-sql.ts's authorFriendsTriggersSql; read-cache/generations.test.ts checks
 * the copy still matches), and a deleted account's `f:` counter goes with its `u:` one. Nothing to
 * fill: the counters start at 0 and a server starts with an empty cache; a cache that held a layer
 * across the migration sees counters it cannot replay and reads it whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const statement of sqlite ? SQLITE_TRIGGERS : POSTGRES_TRIGGERS) await sql.raw(statement).execute(db);
}

export const FROZEN_AUTHOR_FRIENDS_TRIGGERS = { sqlite: (): string[] => SQLITE_TRIGGERS, postgres: (): string[] => POSTGRES_TRIGGERS };

const SQLITE_TRIGGERS: string[] = [
  `drop trigger read_gen_pins_insert`,
  `drop trigger read_gen_pins_update`,
  `drop trigger read_gen_pins_delete`,
  `drop trigger read_gen_tags_insert`,
  `drop trigger read_gen_tags_delete`,
  `create trigger read_gen_pins_insert after insert on pins begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || new.author_id as scope
      union all select 'public' where new.visibility in (3)
      union all select 'f:' || new.author_id where new.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
        insert or ignore into read_changes (scope, seq, pin_id) select g.scope, g.gen, new.id from read_generations g where g.scope in (select scope from (select 'u:' || new.author_id as scope
      union all select 'public' where new.visibility in (3)
      union all select 'f:' || new.author_id where new.visibility in (2)));
      end`,
  `create trigger read_gen_pins_update after update on pins begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || old.author_id as scope
      union all select 'public' where old.visibility in (3)
      union all select 'f:' || old.author_id where old.visibility in (2) union select 'u:' || new.author_id as scope
      union all select 'public' where new.visibility in (3)
      union all select 'f:' || new.author_id where new.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
        insert or ignore into read_changes (scope, seq, pin_id) select g.scope, g.gen, new.id from read_generations g where g.scope in (select scope from (select 'u:' || old.author_id as scope
      union all select 'public' where old.visibility in (3)
      union all select 'f:' || old.author_id where old.visibility in (2) union select 'u:' || new.author_id as scope
      union all select 'public' where new.visibility in (3)
      union all select 'f:' || new.author_id where new.visibility in (2)));
      end`,
  `create trigger read_gen_pins_delete after delete on pins begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || old.author_id as scope
      union all select 'public' where old.visibility in (3)
      union all select 'f:' || old.author_id where old.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
        insert or ignore into read_changes (scope, seq, pin_id) select g.scope, g.gen, old.id from read_generations g where g.scope in (select scope from (select 'u:' || old.author_id as scope
      union all select 'public' where old.visibility in (3)
      union all select 'f:' || old.author_id where old.visibility in (2)));
      end`,
  `create trigger read_gen_tags_insert after insert on pin_tags begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || p.author_id as scope from pins p where p.id = new.pin_id
      union all select 'public' from pins p where p.id = new.pin_id and p.visibility in (3)
      union all select 'f:' || p.author_id from pins p where p.id = new.pin_id and p.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
        insert or ignore into read_changes (scope, seq, pin_id) select g.scope, g.gen, new.pin_id from read_generations g where g.scope in (select scope from (select 'u:' || p.author_id as scope from pins p where p.id = new.pin_id
      union all select 'public' from pins p where p.id = new.pin_id and p.visibility in (3)
      union all select 'f:' || p.author_id from pins p where p.id = new.pin_id and p.visibility in (2)));
      end`,
  `create trigger read_gen_tags_delete after delete on pin_tags begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || p.author_id as scope from pins p where p.id = old.pin_id
      union all select 'public' from pins p where p.id = old.pin_id and p.visibility in (3)
      union all select 'f:' || p.author_id from pins p where p.id = old.pin_id and p.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
        insert or ignore into read_changes (scope, seq, pin_id) select g.scope, g.gen, old.pin_id from read_generations g where g.scope in (select scope from (select 'u:' || p.author_id as scope from pins p where p.id = old.pin_id
      union all select 'public' from pins p where p.id = old.pin_id and p.visibility in (3)
      union all select 'f:' || p.author_id from pins p where p.id = old.pin_id and p.visibility in (2)));
      end`,
  `drop trigger read_gen_users_delete`,
  `create trigger read_gen_users_delete after delete on users begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'people' as scope) as s where true
        on conflict (scope) do update set gen = gen + 1;
        delete from read_generations where scope in ('u:' || old.id, 'f:' || old.id);
      end`,
];

const POSTGRES_TRIGGERS: string[] = [
  `create or replace function read_gen_pins_new() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select 'u:' || p.author_id as scope from new_rows as p join users u on u.id = p.author_id
      union select 'public' from new_rows as p where p.visibility in (3)
      union select 'f:' || p.author_id from new_rows as p join users u on u.id = p.author_id where p.visibility in (2)) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        insert into read_changes (scope, seq, pin_id)
          select g.scope, g.gen, x.pin_id from (select 'u:' || p.author_id as scope, p.id as pin_id from new_rows as p join users u on u.id = p.author_id
      union select 'public', p.id from new_rows as p where p.visibility in (3)
      union select 'f:' || p.author_id, p.id from new_rows as p join users u on u.id = p.author_id where p.visibility in (2)) as x join read_generations g on g.scope = x.scope
          on conflict do nothing;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_pins_old() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select 'u:' || p.author_id as scope from old_rows as p join users u on u.id = p.author_id
      union select 'public' from old_rows as p where p.visibility in (3)
      union select 'f:' || p.author_id from old_rows as p join users u on u.id = p.author_id where p.visibility in (2)) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        insert into read_changes (scope, seq, pin_id)
          select g.scope, g.gen, x.pin_id from (select 'u:' || p.author_id as scope, p.id as pin_id from old_rows as p join users u on u.id = p.author_id
      union select 'public', p.id from old_rows as p where p.visibility in (3)
      union select 'f:' || p.author_id, p.id from old_rows as p join users u on u.id = p.author_id where p.visibility in (2)) as x join read_generations g on g.scope = x.scope
          on conflict do nothing;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_pins_both() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select 'u:' || p.author_id as scope from old_rows as p join users u on u.id = p.author_id
      union select 'public' from old_rows as p where p.visibility in (3)
      union select 'f:' || p.author_id from old_rows as p join users u on u.id = p.author_id where p.visibility in (2) union select 'u:' || p.author_id as scope from new_rows as p join users u on u.id = p.author_id
      union select 'public' from new_rows as p where p.visibility in (3)
      union select 'f:' || p.author_id from new_rows as p join users u on u.id = p.author_id where p.visibility in (2)) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        insert into read_changes (scope, seq, pin_id)
          select g.scope, g.gen, x.pin_id from (select 'u:' || p.author_id as scope, p.id as pin_id from old_rows as p join users u on u.id = p.author_id
      union select 'public', p.id from old_rows as p where p.visibility in (3)
      union select 'f:' || p.author_id, p.id from old_rows as p join users u on u.id = p.author_id where p.visibility in (2) union select 'u:' || p.author_id as scope, p.id as pin_id from new_rows as p join users u on u.id = p.author_id
      union select 'public', p.id from new_rows as p where p.visibility in (3)
      union select 'f:' || p.author_id, p.id from new_rows as p join users u on u.id = p.author_id where p.visibility in (2)) as x join read_generations g on g.scope = x.scope
          on conflict do nothing;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_tags_new() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select 'u:' || p.author_id as scope from (select tp.author_id, tp.visibility from pins tp join new_rows t on t.pin_id = tp.id) as p join users u on u.id = p.author_id
      union select 'public' from (select tp.author_id, tp.visibility from pins tp join new_rows t on t.pin_id = tp.id) as p where p.visibility in (3)
      union select 'f:' || p.author_id from (select tp.author_id, tp.visibility from pins tp join new_rows t on t.pin_id = tp.id) as p join users u on u.id = p.author_id where p.visibility in (2)) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        insert into read_changes (scope, seq, pin_id)
          select g.scope, g.gen, x.pin_id from (select 'u:' || p.author_id as scope, p.id as pin_id from (select distinct tp.id, tp.author_id, tp.visibility from pins tp join new_rows t on t.pin_id = tp.id) as p join users u on u.id = p.author_id
      union select 'public', p.id from (select distinct tp.id, tp.author_id, tp.visibility from pins tp join new_rows t on t.pin_id = tp.id) as p where p.visibility in (3)
      union select 'f:' || p.author_id, p.id from (select distinct tp.id, tp.author_id, tp.visibility from pins tp join new_rows t on t.pin_id = tp.id) as p join users u on u.id = p.author_id where p.visibility in (2)) as x join read_generations g on g.scope = x.scope
          on conflict do nothing;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_tags_old() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select 'u:' || p.author_id as scope from (select tp.author_id, tp.visibility from pins tp join old_rows t on t.pin_id = tp.id) as p join users u on u.id = p.author_id
      union select 'public' from (select tp.author_id, tp.visibility from pins tp join old_rows t on t.pin_id = tp.id) as p where p.visibility in (3)
      union select 'f:' || p.author_id from (select tp.author_id, tp.visibility from pins tp join old_rows t on t.pin_id = tp.id) as p join users u on u.id = p.author_id where p.visibility in (2)) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        insert into read_changes (scope, seq, pin_id)
          select g.scope, g.gen, x.pin_id from (select 'u:' || p.author_id as scope, p.id as pin_id from (select distinct tp.id, tp.author_id, tp.visibility from pins tp join old_rows t on t.pin_id = tp.id) as p join users u on u.id = p.author_id
      union select 'public', p.id from (select distinct tp.id, tp.author_id, tp.visibility from pins tp join old_rows t on t.pin_id = tp.id) as p where p.visibility in (3)
      union select 'f:' || p.author_id, p.id from (select distinct tp.id, tp.author_id, tp.visibility from pins tp join old_rows t on t.pin_id = tp.id) as p join users u on u.id = p.author_id where p.visibility in (2)) as x join read_generations g on g.scope = x.scope
          on conflict do nothing;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_forget_users() returns trigger language plpgsql as $fn$
      begin
        delete from read_generations where scope in (select 'u:' || id from old_rows union all select 'f:' || id from old_rows);
        return null;
      end
      $fn$`,
];
