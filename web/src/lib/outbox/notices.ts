import type { SubmitResult } from './outbox-sender.ts';

/** What the map says after a write that waits in the outbox. */
export const QUEUED_NOTICES = {
  saved: "Saved on this phone. It will upload when you're back online.",
  deleted: "Deleted here. The memory goes from the server when you're back online.",
} as const;

/** The notice for a write's result, if it was kept to send later. */
export function queuedNotice(result: unknown, kind: keyof typeof QUEUED_NOTICES): string | undefined {
  return (result as SubmitResult<unknown> | undefined)?.kind === 'queued' ? QUEUED_NOTICES[kind] : undefined;
}
