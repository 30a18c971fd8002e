import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * read_changes: the log of memories changed, by scope and the counter their write raised
 * (docs/decisions/085-maintained-read-cache.md). A read cache holding a layer of a scope (the
 * public feed, a viewer's own) at counter M applies the memories logged in (M, N] when it reads
 * N, instead of reading the layer again. The primary key (scope, seq, pin_id) is the range a
 * reader asks for.
 *
 * The triggers of pins and pin_tags that raise the counters are replaced by ones that raise them
 * and then log (a frozen copy of read-cache/generations-sql.ts's changeLogTriggersSql;
 * read-cache/generations.test.ts checks the copy still matches). Nothing to fill: a cache starts
 * empty, builds its layers whole, then follows the log from the counters it built them at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('read_changes')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('pin_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('read_changes_pk', ['scope', 'seq', 'pin_id'])
    .execute();
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const statement of sqlite ? SQLITE_TRIGGERS : POSTGRES_TRIGGERS) await sql.raw(statement).execute(db);
}

export const FROZEN_CHANGE_LOG_TRIGGERS = { sqlite: (): string[] => SQLITE_TRIGGERS, postgres: (): string[] => POSTGRES_TRIGGERS };

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
        insert or ignore into read_changes (scope, seq, pin_id) select g.scope, g.gen, new.id from read_generations g where g.scope in (select scope from (select 'u:' || new.author_id as scope
      union all select 'public' where new.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = new.author_id and new.visibility in (2)));
      end`,
  `create trigger read_gen_pins_update after update on pins begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || old.author_id as scope
      union all select 'public' where old.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = old.author_id and old.visibility in (2) union select 'u:' || new.author_id as scope
      union all select 'public' where new.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = new.author_id and new.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
        insert or ignore into read_changes (scope, seq, pin_id) select g.scope, g.gen, new.id from read_generations g where g.scope in (select scope from (select 'u:' || old.author_id as scope
      union all select 'public' where old.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = old.author_id and old.visibility in (2) union select 'u:' || new.author_id as scope
      union all select 'public' where new.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = new.author_id and new.visibility in (2)));
      end`,
  `create trigger read_gen_pins_delete after delete on pins begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || old.author_id as scope
      union all select 'public' where old.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = old.author_id and old.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
        insert or ignore into read_changes (scope, seq, pin_id) select g.scope, g.gen, old.id from read_generations g where g.scope in (select scope from (select 'u:' || old.author_id as scope
      union all select 'public' where old.visibility in (3)
      union all select 'u:' || friend_id from friendships where user_id = old.author_id and old.visibility in (2)));
      end`,
  `create trigger read_gen_tags_insert after insert on pin_tags begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || p.author_id as scope from pins p where p.id = new.pin_id
      union all select 'public' from pins p where p.id = new.pin_id and p.visibility in (3)
      union all select 'u:' || f.friend_id from pins p join friendships f on f.user_id = p.author_id
        where p.id = new.pin_id and p.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
        insert or ignore into read_changes (scope, seq, pin_id) select g.scope, g.gen, new.pin_id from read_generations g where g.scope in (select scope from (select 'u:' || p.author_id as scope from pins p where p.id = new.pin_id
      union all select 'public' from pins p where p.id = new.pin_id and p.visibility in (3)
      union all select 'u:' || f.friend_id from pins p join friendships f on f.user_id = p.author_id
        where p.id = new.pin_id and p.visibility in (2)));
      end`,
  `create trigger read_gen_tags_delete after delete on pin_tags begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || p.author_id as scope from pins p where p.id = old.pin_id
      union all select 'public' from pins p where p.id = old.pin_id and p.visibility in (3)
      union all select 'u:' || f.friend_id from pins p join friendships f on f.user_id = p.author_id
        where p.id = old.pin_id and p.visibility in (2)) as s where true
        on conflict (scope) do update set gen = gen + 1;
        insert or ignore into read_changes (scope, seq, pin_id) select g.scope, g.gen, old.pin_id from read_generations g where g.scope in (select scope from (select 'u:' || p.author_id as scope from pins p where p.id = old.pin_id
      union all select 'public' from pins p where p.id = old.pin_id and p.visibility in (3)
      union all select 'u:' || f.friend_id from pins p join friendships f on f.user_id = p.author_id
        where p.id = old.pin_id and p.visibility in (2)));
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
        insert into read_changes (scope, seq, pin_id)
          select g.scope, g.gen, x.pin_id from (select 'u:' || p.author_id as scope, p.id as pin_id from new_rows as p join users u on u.id = p.author_id
      union select 'public', p.id from new_rows as p where p.visibility in (3)
      union select 'u:' || f.friend_id, p.id from new_rows as p join friendships f on f.user_id = p.author_id where p.visibility in (2)) as x join read_generations g on g.scope = x.scope
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
        insert into read_changes (scope, seq, pin_id)
          select g.scope, g.gen, x.pin_id from (select 'u:' || p.author_id as scope, p.id as pin_id from old_rows as p join users u on u.id = p.author_id
      union select 'public', p.id from old_rows as p where p.visibility in (3)
      union select 'u:' || f.friend_id, p.id from old_rows as p join friendships f on f.user_id = p.author_id where p.visibility in (2)) as x join read_generations g on g.scope = x.scope
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
        insert into read_changes (scope, seq, pin_id)
          select g.scope, g.gen, x.pin_id from (select 'u:' || p.author_id as scope, p.id as pin_id from old_rows as p join users u on u.id = p.author_id
      union select 'public', p.id from old_rows as p where p.visibility in (3)
      union select 'u:' || f.friend_id, p.id from old_rows as p join friendships f on f.user_id = p.author_id where p.visibility in (2) union select 'u:' || p.author_id as scope, p.id as pin_id from new_rows as p join users u on u.id = p.author_id
      union select 'public', p.id from new_rows as p where p.visibility in (3)
      union select 'u:' || f.friend_id, p.id from new_rows as p join friendships f on f.user_id = p.author_id where p.visibility in (2)) as x join read_generations g on g.scope = x.scope
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
        insert into read_changes (scope, seq, pin_id)
          select g.scope, g.gen, x.pin_id from (select 'u:' || p.author_id as scope, p.id as pin_id from (select distinct tp.id, tp.author_id, tp.visibility from pins tp join new_rows t on t.pin_id = tp.id) as p join users u on u.id = p.author_id
      union select 'public', p.id from (select distinct tp.id, tp.author_id, tp.visibility from pins tp join new_rows t on t.pin_id = tp.id) as p where p.visibility in (3)
      union select 'u:' || f.friend_id, p.id from (select distinct tp.id, tp.author_id, tp.visibility from pins tp join new_rows t on t.pin_id = tp.id) as p join friendships f on f.user_id = p.author_id where p.visibility in (2)) as x join read_generations g on g.scope = x.scope
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
        insert into read_changes (scope, seq, pin_id)
          select g.scope, g.gen, x.pin_id from (select 'u:' || p.author_id as scope, p.id as pin_id from (select distinct tp.id, tp.author_id, tp.visibility from pins tp join old_rows t on t.pin_id = tp.id) as p join users u on u.id = p.author_id
      union select 'public', p.id from (select distinct tp.id, tp.author_id, tp.visibility from pins tp join old_rows t on t.pin_id = tp.id) as p where p.visibility in (3)
      union select 'u:' || f.friend_id, p.id from (select distinct tp.id, tp.author_id, tp.visibility from pins tp join old_rows t on t.pin_id = tp.id) as p join friendships f on f.user_id = p.author_id where p.visibility in (2)) as x join read_generations g on g.scope = x.scope
          on conflict do nothing;
        return null;
      end
      $fn$`,
];

