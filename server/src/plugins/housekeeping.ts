import type { App } from '../app-types.ts';
import { deleteExpiredSessions } from '../modules/sessions/sessions.ts';
import { deleteExpiredLinks } from '../modules/share-links/share-links.service.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Periodic clean-up while the app runs. Expired sessions are only deleted when their token is
 * used again; without this sweep, every session never used after it expired would stay forever.
 * Expired share links are refused by their lookup; the sweep frees their rows.
 */
export function registerHousekeeping(app: App): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      deleteExpiredSessions(app.ctx).catch((err: unknown) => app.log.warn({ err }, 'could not delete expired sessions'));
      deleteExpiredLinks(app.ctx).catch((err: unknown) => app.log.warn({ err }, 'could not delete expired share links'));
    }, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
