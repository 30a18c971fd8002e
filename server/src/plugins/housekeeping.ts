import type { App } from '../app-types.ts';
import { deleteExpiredSessions } from '../modules/sessions/sessions.ts';
import { recoverImageChanges } from '../modules/media/image-changes.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Start-up and periodic clean-up. At start-up, before the first request: the media store is made
 * ready and every image change a crash of this server interrupted is finished or undone
 * (media/image-changes.ts). Hourly: expired sessions (otherwise deleted only when their token is
 * used again) and image changes left by servers that died and did not come back.
 */
export function registerHousekeeping(app: App): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await app.ctx.media.prepare?.();
    // Serving with an unsettled intent loses nothing (it is retried hourly), so a failure here
    // is logged rather than keeping the server down.
    await recoverImageChanges(app.ctx, app.log, { startUp: true }).catch((err: unknown) =>
      app.log.error({ err }, 'could not settle interrupted image changes; the hourly sweep retries'),
    );
    timer = setInterval(() => {
      deleteExpiredSessions(app.ctx).catch((err: unknown) => app.log.warn({ err }, 'could not delete expired sessions'));
      recoverImageChanges(app.ctx, app.log, { startUp: false }).catch((err: unknown) =>
        app.log.warn({ err }, 'could not settle stale image changes'),
      );
    }, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
