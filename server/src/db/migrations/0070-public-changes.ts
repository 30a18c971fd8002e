import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * public_changes: the log of public memories changed, by the `public` counter their write raised
 * (docs/decisions/085-maintained-read-cache.md). A read cache holding the public layer at counter
 * M applies the memories logged in (M, N] when it reads N, instead of reading the layer again.
 * The primary key (seq, pin_id) is the range a reader asks for.
 *
 * The triggers of pins and pin_tags that raise the counters are replaced by ones that raise them
 * and then log (a frozen copy of read-cache/generations-sql.ts's publicChangeTriggersSql;
 * read-cache/generations.test.ts checks the copy still matches). Nothing to fill: a cache starts
 * empty and builds its layer whole, then follows the log from the counter it built at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('public_changes')
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('pin_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('public_changes_pk', ['seq', 'pin_id'])
    .execute();
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const statement of sqlite ? SQLITE_TRIGGERS : POSTGRES_TRIGGERS) await sql.raw(statement).execute(db);
}

export const FROZEN_PUBLIC_CHANGE_TRIGGERS = { sqlite: (): string[] => SQLITE_TRIGGERS, postgres: (): string[] => POSTGRES_TRIGGERS };

const SQLITE_TRIGGERS: string[] = [
  `drop trigger read_gen_pins_insert`,
  `drop trigger read_gen_pins_update`,
  `drop trigger read_gen_pins_delete`,
  `drop trigger read_gen_tags_insert`,
  `drop trigger read_gen_tags_delete`,
  `create trigger read_gen_pins_insert after insert on pins begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || new.author_id as scope
      union all select 'public' where new.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = new.author_id and new.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
        insert or ignore into public_changes (seq, pin_id) select g.gen, x.id from read_generations g, (select new.id as id where new.visibility in (3)) as x where g.scope = 'public';
      end`,
  `create trigger read_gen_pins_update after update on pins begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || old.author_id as scope
      union all select 'public' where old.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = old.author_id and old.visibility in (2) union select 'u:' || new.author_id as scope
      union all select 'public' where new.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = new.author_id and new.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
        insert or ignore into public_changes (seq, pin_id) select g.gen, x.id from read_generations g, (select old.id as id where old.visibility in (3) or new.visibility in (3)) as x where g.scope = 'public';
      end`,
  `create trigger read_gen_pins_delete after delete on pins begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || old.author_id as scope
      union all select 'public' where old.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = old.author_id and old.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
        insert or ignore into public_changes (seq, pin_id) select g.gen, x.id from read_generations g, (select old.id as id where old.visibility in (3)) as x where g.scope = 'public';
      end`,
  `create trigger read_gen_tags_insert after insert on pin_tags begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || p.author_id as scope from pins p where p.id = new.pin_id
      union all select 'public' from pins p where p.id = new.pin_id and p.visibility in (3)
      union all select 'u:' || f.friend_id from pins p join friendships f on f.user_id = p.author_id
        where p.id = new.pin_id and p.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
        insert or ignore into public_changes (seq, pin_id) select g.gen, x.id from read_generations g, (select p.id as id from pins p where p.id = new.pin_id and p.visibility in (3)) as x where g.scope = 'public';
      end`,
  `create trigger read_gen_tags_delete after delete on pin_tags begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || p.author_id as scope from pins p where p.id = old.pin_id
      union all select 'public' from pins p where p.id = old.pin_id and p.visibility in (3)
      union all select 'u:' || f.friend_id from pins p join friendships f on f.user_id = p.author_id
        where p.id = old.pin_id and p.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
        insert or ignore into public_changes (seq, pin_id) select g.gen, x.id from read_generations g, (select p.id as id from pins p where p.id = old.pin_id and p.visibility in (3)) as x where g.scope = 'public';
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
        insert into public_changes (seq, pin_id)
          select (select g.gen from read_generations g where g.scope = 'public'), x.id from (select p.id from new_rows as p where p.visibility in (3)) as x
          on conflict do nothing;
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
        insert into public_changes (seq, pin_id)
          select (select g.gen from read_generations g where g.scope = 'public'), x.id from (select p.id from old_rows as p where p.visibility in (3)) as x
          on conflict do nothing;
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
        insert into public_changes (seq, pin_id)
          select (select g.gen from read_generations g where g.scope = 'public'), x.id from (select p.id from old_rows as p where p.visibility in (3) union select p.id from new_rows as p where p.visibility in (3)) as x
          on conflict do nothing;
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
        insert into public_changes (seq, pin_id)
          select (select g.gen from read_generations g where g.scope = 'public'), x.id from (select distinct tp.id from pins tp join new_rows t on t.pin_id = tp.id where tp.visibility in (3)) as x
          on conflict do nothing;
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
        insert into public_changes (seq, pin_id)
          select (select g.gen from read_generations g where g.scope = 'public'), x.id from (select distinct tp.id from pins tp join old_rows t on t.pin_id = tp.id where tp.visibility in (3)) as x
          on conflict do nothing;
        return null;
      end
      $fn$`,
];

