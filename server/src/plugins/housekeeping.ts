import type { App } from '../app-types.ts';
import { deleteDeadInvites } from '../modules/admin/admin.service.ts';
import { deleteExpiredResetLinks } from '../modules/password-reset/password-reset.service.ts';
import { deleteExpiredSessions } from '../modules/sessions/sessions.ts';
import { deleteExpiredLinks } from '../modules/share-links/share-links.service.ts';
import { backfillDisplayCopies } from '../modules/media/display-backfill.ts';
import { recoverImageChanges } from '../modules/media/image-changes.ts';
import { readChangesRepository } from '../modules/read-cache/read-changes.repository.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Start-up and periodic clean-up. At start-up, before the first request: the media store is made
 * ready and every image change a crash of this server interrupted is finished or undone
 * (media/image-changes.ts). After start-up and hourly: display sizes for photos stored before they
 * existed (media/display-backfill.ts). Hourly: expired sessions (otherwise deleted only when their token is
 * used again), image changes left by servers that died and did not come back, and expired share
 * links (their lookup refuses them anyway; this frees their rows), and the read cache's change log's
 * old entries (docs/decisions/085-maintained-read-cache.md).
 */
/**
 * Which process does it (docs/decisions/081-workers-and-serializer.md): with several workers on
 * one machine exactly one sweeps. `start-up` also settles this machine's interrupted changes
 * before serving (the first worker, started before the others, so none is mid-upload); `sweeps`
 * only the hourly work (that worker restarted while the others serve); `off` neither.
 */
export type HousekeepingRole = 'start-up' | 'sweeps' | 'off';

export function registerHousekeeping(app: App, role: HousekeepingRole = 'start-up'): void {
  let timer: NodeJS.Timeout | undefined;
  const stop = new AbortController();
  let backfill: Promise<unknown> = Promise.resolve();
  // Display sizes for photos from before they existed: after start-up and hourly, in the
  // background, one run at a time, stopped between two photos when the server closes.
  const backfillDisplays = () => {
    backfill = backfill
      .then(() => backfillDisplayCopies(app.ctx, app.log, { signal: stop.signal }))
      .then((made) => made > 0 && app.log.info({ made }, 'display sizes made for earlier photos'))
      .catch((err: unknown) => app.log.warn({ err }, 'could not make display sizes of earlier photos; the next sweep retries'));
  };
  app.addHook('onReady', async () => {
    await app.ctx.media.prepare?.();
    if (role === 'off') return;
    if (role === 'start-up') await settleAtStartUp(app);
    backfillDisplays();
    timer = setInterval(() => {
      backfillDisplays();
      deleteExpiredSessions(app.ctx).catch((err: unknown) => app.log.warn({ err }, 'could not delete expired sessions'));
      deleteExpiredLinks(app.ctx).catch((err: unknown) => app.log.warn({ err }, 'could not delete expired share links'));
      deleteExpiredResetLinks(app.ctx).catch((err: unknown) => app.log.warn({ err }, 'could not delete expired reset links'));
      deleteDeadInvites(app.ctx).catch((err: unknown) => app.log.warn({ err }, 'could not delete spent invites'));
      readChangesRepository.prune(app.ctx.db.kysely).catch((err: unknown) => app.log.warn({ err }, 'could not prune the read cache\'s change log'));
      recoverImageChanges(app.ctx, app.log, { startUp: false }).catch((err: unknown) =>
        app.log.warn({ err }, 'could not settle stale image changes'),
      );
    }, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stop.abort();
    await backfill;
  });
}

async function settleAtStartUp(app: App): Promise<void> {
  // Serving with an unsettled intent loses nothing (it is retried hourly), so a failure here
  // is logged rather than keeping the server down.
  await recoverImageChanges(app.ctx, app.log, { startUp: true }).catch((err: unknown) =>
    app.log.error({ err }, 'could not settle interrupted image changes; the hourly sweep retries'),
  );
}
