import { sql, type Kysely } from 'kysely';

/**
 * Running it for a circle (docs/design.md §18):
 * - users.is_admin (0/1) and users.disabled_at (null while the account is enabled); the partial
 *   index holds only disabled accounts, so "is this author disabled" costs nothing on a server
 *   where none is. users.last_seen_at is written with the session's sliding expiry.
 * - sessions.user_agent: what "Your sessions" shows of each device.
 * - settings: one row per admin setting (the sign-up mode); a missing row takes its default.
 * - invites: codes admins hand out, with the uses left and an expiry.
 * - password_resets: a reset link's token, stored hashed, single use, one hour.
 * An install that already has accounts gets its oldest one as admin, so somebody is in charge.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column is_admin integer not null default 0`.execute(db);
  await sql`alter table users add column disabled_at text`.execute(db);
  await sql`alter table users add column last_seen_at text`.execute(db);
  await sql`create index users_disabled_idx on users (id) where disabled_at is not null`.execute(db);
  await sql`alter table sessions add column user_agent text`.execute(db);
  await sql`update users set last_seen_at = (select max(last_seen_at) from sessions where sessions.user_id = users.id)`.execute(db);
  await sql`update users set is_admin = 1 where id = (select min(id) from users)`.execute(db);

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invites')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('uses', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create index password_resets_user_idx on password_resets (user_id)`.execute(db);
}
