import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * One counter for every memory's comment and reaction counts: the scope `conversation` of
 * read_generations, raised by any comment written or deleted and any reaction written, changed
 * or taken back, in that write's own transaction (docs/decisions/120-conversation.md, "Counts
 * kept while unchanged"). The session lookup reads it with the read cache's counters, before any
 * data; a server keeps the counts it read for a page while the counter is the one it read them
 * under. One counter for all: what a reaction costs is then one more upsert, and a viewer's held
 * counts go stale only when someone, anywhere, answers a memory.
 *
 * A memory deleted takes its comments and reactions with it (a cascade): those deletions raise it
 * too, harmlessly (the memory is gone from every answer anyway).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const statement of sqlite ? SQLITE : POSTGRES) await sql.raw(statement).execute(db);
}

const SQLITE_RAISE = `insert into read_generations (scope, gen) values ('conversation', 1) on conflict (scope) do update set gen = gen + 1;`;

const SQLITE: string[] = [
  `create trigger read_gen_comments_insert after insert on comments begin ${SQLITE_RAISE} end`,
  `create trigger read_gen_comments_delete after delete on comments begin ${SQLITE_RAISE} end`,
  `create trigger read_gen_reactions_insert after insert on pin_reactions begin ${SQLITE_RAISE} end`,
  `create trigger read_gen_reactions_update after update on pin_reactions begin ${SQLITE_RAISE} end`,
  `create trigger read_gen_reactions_delete after delete on pin_reactions begin ${SQLITE_RAISE} end`,
];

const POSTGRES: string[] = [
  `create or replace function read_gen_conversation() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen) values ('conversation', 1)
          on conflict (scope) do update set gen = read_generations.gen + 1;
        return null;
      end
      $fn$`,
  // Once per statement: a cascade that deletes a memory's whole thread raises it once.
  `create trigger read_gen_comments_insert after insert on comments for each statement execute function read_gen_conversation()`,
  `create trigger read_gen_comments_delete after delete on comments for each statement execute function read_gen_conversation()`,
  `create trigger read_gen_reactions_write after insert or update or delete on pin_reactions for each statement execute function read_gen_conversation()`,
];
