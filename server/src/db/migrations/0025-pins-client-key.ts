import { sql, type Kysely } from 'kysely';

/**
 * pins.client_key: the Idempotency-Key a client sent with POST /api/create (docs/design.md §5).
 * A phone's outbox that sent a memory and lost the answer (a tab closed mid-request, a tunnel)
 * sends it again with the same key; the unique index makes the second send find the first memory
 * instead of making a twin. NULL for memories made without a key (both databases let any number
 * of NULLs share a unique index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table pins add column client_key text`.execute(db);
  await sql`create unique index pins_author_client_key_idx on pins (author_id, client_key)`.execute(db);
}
