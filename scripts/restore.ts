/**
 * npm run restore -- --from DIR
 *
 * Fills an empty DATA_DIR (or the empty database of DATABASE_URL, and an empty bucket with S3_*)
 * from a folder `npm run backup` made. Refuses a target that holds anything. See docs/operations.md.
 */
import { loadConfig } from '../server/src/config.ts';
import { runRestore } from '../server/src/backup/restore.ts';
import { openMediaStore } from '../server/src/app.ts';
import { parseArgs } from './lib/args.ts';

const args = parseArgs(process.argv.slice(2), { from: '' });
if (!args.from) {
  console.error('Usage: npm run restore -- --from DIR');
  process.exit(2);
}
try {
  const config = loadConfig();
  await runRestore({ config, media: await openMediaStore(config), from: args.from, progress: (line) => console.error(line) });
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
