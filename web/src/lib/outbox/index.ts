/** The outbox's surface for features: make a write, send what waits, show what waits. */
export type { OutboxFile, OutboxItem, OutboxPreview } from './outbox-item.ts';
export { clientId, newOutboxItem } from './new-item.ts';
export { flushOutbox, startOutbox, submitWrite, type SubmitResult } from './outbox-sender.ts';
export { addToOutbox, discardOutboxItem, readOutbox } from './outbox-store.ts';
export { usePendingMemories, type PendingMemories } from './use-outbox.ts';
export { QUEUED_NOTICES, queuedNotice } from './notices.ts';
export { editPendingMemory } from './edit-pending.ts';
export { forgetUserOnDevice } from './forget-user.ts';
