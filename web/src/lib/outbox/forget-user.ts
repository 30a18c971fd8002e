import { clearDraftsOf } from '../drafts.ts';
import { eraseOutboxOf } from './outbox-store.ts';
import { mirrorSenderSession } from './sender-session.ts';

/**
 * Signing out, or deleting the account, leaves nothing of the person's unsent work on the device:
 * their waiting writes, their drafts, and the service worker's copy of the session. (A session the
 * server ends — an expired token — is not a sign-out: the writes wait for the next sign-in.)
 */
export async function forgetUserOnDevice(userId: string): Promise<void> {
  await Promise.all([eraseOutboxOf(userId).catch(() => undefined), clearDraftsOf(userId), mirrorSenderSession(null)]);
}
