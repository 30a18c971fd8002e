import type { Kysely } from 'kysely';

// Written with the schema builder only, so the same migration runs on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_lower', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('profile_picture', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('friendships')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('friendships_pk', ['user_id', 'friend_id'])
    .execute();

  await db.schema
    .createTable('friend_requests')
    .addColumn('from_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('friend_requests_pk', ['from_id', 'to_id'])
    .execute();
  await db.schema.createIndex('friend_requests_to_idx').on('friend_requests').columns(['to_id', 'created_at']).execute();

  await db.schema
    .createTable('pins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('location_name', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('visibility', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Ids are UUIDv7, so (author_id, id) serves "this author's newest first" and its cursor.
  await db.schema.createIndex('pins_author_idx').on('pins').columns(['author_id', 'id']).execute();
  await db.schema.createIndex('pins_visibility_idx').on('pins').columns(['visibility', 'id']).execute();
  await db.schema.createIndex('pins_position_idx').on('pins').columns(['latitude', 'longitude']).execute();

  await db.schema
    .createTable('pin_tags')
    .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('pin_tags_pk', ['pin_id', 'user_id'])
    .execute();
  await db.schema.createIndex('pin_tags_user_idx').on('pin_tags').column('user_id').execute();
}
