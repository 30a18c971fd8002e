import { z } from 'zod';
import { publicUserSchema } from './users.ts';

/**
 * The live events of `GET /api/events` (docs/design.md §10), as Server-Sent Events: the SSE
 * `event:` field is the kind, `data:` the JSON below, `id:` what a reconnect sends back as
 * `Last-Event-ID`.
 */
export const liveEventSchema = z.discriminatedUnion('kind', [
  /** Someone sent the receiver a friend request; `user` is the sender (with e-mail, docs/design.md §6). */
  z.object({ kind: z.literal('friend-request'), data: z.object({ user: publicUserSchema }) }),
  /** The receiver's request was accepted; `user` is the new friend. */
  z.object({ kind: z.literal('friend-accepted'), data: z.object({ user: publicUserSchema }) }),
  /** `userId` ended the friendship with the receiver. */
  z.object({ kind: z.literal('friend-removed'), data: z.object({ userId: z.string() }) }),
  /** A memory the receiver may see, a friend's or one that tags them, is new or changed. */
  z.object({ kind: z.literal('memory'), data: z.object({ id: z.string() }) }),
  /** A memory the receiver could see is gone, or out of their reach. */
  z.object({ kind: z.literal('memory-deleted'), data: z.object({ id: z.string() }) }),
  /** A new notification for the receiver (docs/design.md §14); read it with GET /api/notifications. */
  z.object({ kind: z.literal('notification'), data: z.object({ id: z.string(), kind: z.string() }) }),
  /** A memory the receiver may read got or lost a comment or a reaction. */
  z.object({ kind: z.literal('conversation'), data: z.object({ pinId: z.string() }) }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventKind = LiveEvent['kind'];

export const EVENT_MESSAGES = {
  tooManyStreams: 'Too many live connections are open for this account. Close another Memory Map tab or window and try again.',
  badLastEventId: 'Last-Event-ID must be the id of an event this stream sent',
} as const;
