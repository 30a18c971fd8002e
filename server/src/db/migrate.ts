import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as initial from './migrations/0001-initial.ts';
import * as mapCells from './migrations/0004-map-cells.ts';
import * as authorCells from './migrations/0005-author-cells.ts';
import * as friendsFeedIndex from './migrations/0006-friends-feed-index.ts';
import * as sessionsExpiryIndex from './migrations/0007-sessions-expiry-index.ts';
import * as mediaIntents from './migrations/0008-media-intents.ts';
import * as shareLinks from './migrations/0010-share-links.ts';
import * as pinsAuthorCreatedIndex from './migrations/0011-pins-author-created-index.ts';
import * as happenedAt from './migrations/0020-happened-at.ts';
import * as search from './migrations/0021-search.ts';
import * as photos from './migrations/0022-photos.ts';
import * as readGenerations from './migrations/0023-read-generations.ts';
import * as pinsClientKey from './migrations/0025-pins-client-key.ts';
import * as serverAdmin from './migrations/0030-server-admin.ts';
import * as pinsAuthorHappenedIndex from './migrations/0031-pins-author-happened-index.ts';
import * as circles from './migrations/0040-circles.ts';
import * as conversation from './migrations/0050-conversation.ts';
import * as trips from './migrations/0060-trips.ts';
import * as readChanges from './migrations/0070-read-changes.ts';
import * as friendsCountedOnce from './migrations/0080-friends-counted-once.ts';
import * as pinsWithPhotosIndex from './migrations/0090-pins-with-photos-index.ts';
import * as conversationCounter from './migrations/0091-conversation-counter.ts';

/**
 * Forward-only migrations, listed here in order (no directory scan, so bundling and tsx both
 * work). Add a file under migrations/ and a line below; never edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0004-map-cells': mapCells,
  '0005-author-cells': authorCells,
  '0006-friends-feed-index': friendsFeedIndex,
  '0007-sessions-expiry-index': sessionsExpiryIndex,
  '0008-media-intents': mediaIntents,
  '0010-share-links': shareLinks,
  '0011-pins-author-created-index': pinsAuthorCreatedIndex,
  '0020-happened-at': happenedAt,
  '0021-search': search,
  '0022-photos': photos,
  '0023-read-generations': readGenerations,
  '0025-pins-client-key': pinsClientKey,
  '0030-server-admin': serverAdmin,
  '0031-pins-author-happened-index': pinsAuthorHappenedIndex,
  '0040-circles': circles,
  '0050-conversation': conversation,
  '0060-trips': trips,
  '0070-read-changes': readChanges,
  '0080-friends-counted-once': friendsCountedOnce,
  '0090-pins-with-photos-index': pinsWithPhotosIndex,
  '0091-conversation-counter': conversationCounter,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

async function migratorFor(db: Db): Promise<Migrator> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: on a
  // PostgreSQL database with other schemas (tests run one per file) it would find another's.
  const schema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]?.schema
      : undefined;
  return new Migrator({ db: db.kysely, provider, migrationTableSchema: schema });
}

/** The migrations' names, in the order they run. */
export function migrationNames(): string[] {
  return Object.keys(migrations).sort();
}

/**
 * Runs the migrations up to and including `name` (tests: a database as an older version left it,
 * to check that the next migrations carry its data forward).
 */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error, results } = await (await migratorFor(db)).migrateTo(name);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = await migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
