import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * pins.happened_at: when the memory happened (docs/design.md §12), 'YYYY-MM-DD' for a date alone
 * or an ISO 8601 UTC instant. Every memory posted before this migration takes its posting time.
 *
 * A row written without it (a bulk load, a writer that predates the column) also takes its
 * posting time, by trigger: the column is never empty, and no writer has to know about it to stay
 * correct. PostgreSQL enforces NOT NULL after the trigger has filled it; SQLite cannot add a
 * NOT NULL column without a constant default, so there the trigger alone keeps it filled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await sql`alter table pins add column happened_at text`.execute(db);
  await sql`update pins set happened_at = created_at`.execute(db);
  if (sqlite) {
    await sql`create trigger pins_happened_at_default after insert on pins when new.happened_at is null begin
      update pins set happened_at = new.created_at where id = new.id;
    end`.execute(db);
    return;
  }
  await sql`create function pins_happened_at_default() returns trigger language plpgsql as $$
    begin
      new.happened_at := coalesce(new.happened_at, new.created_at);
      return new;
    end $$`.execute(db);
  await sql`create trigger pins_happened_at_default before insert or update of happened_at on pins
    for each row execute function pins_happened_at_default()`.execute(db);
  await sql`alter table pins alter column happened_at set not null`.execute(db);
}
