import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { publicUserSchema } from './users.ts';

/**
 * Comments, reactions and notifications (docs/design.md §14). Exact texts, shown by the web app
 * too; the numbers are in LIMITS.
 */
export const CONVERSATION_MESSAGES = {
  textRequired: 'text must be a comment of 1 to 1000 characters',
  textBlank: 'text cannot be blank',
  textTooLong: `text must be at most ${LIMITS.commentMax} characters`,
  emojiNotAllowed: 'emoji must be one of ❤️ 😂 😮 😢 👏 🔥',
  commentNotFound: 'Comment not found',
  onlyOwnComment: 'Only its author can edit this comment',
  cannotDeleteComment: 'Only its author or the memory’s author can delete this comment',
  limitBad: `limit must be a whole number from 1 to ${LIMITS.commentsPageMax}`,
  afterBad: 'after must be the id of the last comment of the previous page',
  beforeBad: 'before must be the id of the last notification of the previous page',
  upToBad: 'upTo must be the id of a notification',
  sendFailed: 'Your comment was not sent. Tap to try again.',
} as const;

/** The reactions a memory may get, in the order the bar shows them. */
export const REACTION_EMOJIS = ['❤️', '😂', '😮', '😢', '👏', '🔥'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const commentTextSchema = z
  .string({ error: CONVERSATION_MESSAGES.textRequired })
  .trim()
  .min(1, CONVERSATION_MESSAGES.textBlank)
  .max(LIMITS.commentMax, CONVERSATION_MESSAGES.textTooLong);

export const commentBodySchema = z.object({ text: commentTextSchema }, { error: CONVERSATION_MESSAGES.textRequired });
export type CommentBody = z.infer<typeof commentBodySchema>;

export const commentsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: CONVERSATION_MESSAGES.limitBad })
    .int(CONVERSATION_MESSAGES.limitBad)
    .min(1, CONVERSATION_MESSAGES.limitBad)
    .max(LIMITS.commentsPageMax, CONVERSATION_MESSAGES.limitBad)
    .optional(),
  after: z.string().regex(UUID_RE, CONVERSATION_MESSAGES.afterBad).optional(),
});

export const reactionBodySchema = z.object(
  { emoji: z.enum(REACTION_EMOJIS, { error: CONVERSATION_MESSAGES.emojiNotAllowed }) },
  { error: CONVERSATION_MESSAGES.emojiNotAllowed },
);

const actorSchema = publicUserSchema.omit({ email: true });

export const commentSchema = z.object({
  id: z.string(),
  pinId: z.string(),
  author: actorSchema,
  text: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentListSchema = z.array(commentSchema);

/** What a pin carries of its conversation (counts only of what the viewer may know of). */
export const pinReactionsSchema = z.object({
  counts: z.record(z.string(), z.number()),
  mine: z.string().nullable(),
});
export type PinReactions = z.infer<typeof pinReactionsSchema>;

export const reactionAnswerSchema = z.object({ pinId: z.string(), commentCount: z.number(), reactions: pinReactionsSchema });

export const NOTIFICATION_KINDS = ['friend_request', 'friend_accepted', 'tagged', 'comment', 'reaction', 'mention'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The newest first, at most three; actorCount says how many there are. */
  actors: z.array(actorSchema),
  actorCount: z.number(),
  pinId: z.string().optional(),
  /** The memory's title, for "Ana reacted to Lake day". */
  pinTitle: z.string().optional(),
  commentId: z.string().optional(),
  /** The comment's text (its start), for comment and mention. */
  text: z.string().optional(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

export const notificationsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: CONVERSATION_MESSAGES.limitBad })
    .int(CONVERSATION_MESSAGES.limitBad)
    .min(1, CONVERSATION_MESSAGES.limitBad)
    .max(LIMITS.commentsPageMax, CONVERSATION_MESSAGES.limitBad)
    .optional(),
  before: z.string().regex(UUID_RE, CONVERSATION_MESSAGES.beforeBad).optional(),
});

export const markReadSchema = z
  .object({ upTo: z.string({ error: CONVERSATION_MESSAGES.upToBad }).regex(UUID_RE, CONVERSATION_MESSAGES.upToBad).optional() })
  .nullish();

export const unreadCountSchema = z.object({ count: z.number() });

/** "Ana", "Ana and Ben", "Ana and 3 others": who did it, as a notification names them. */
export function actorsText(names: readonly string[], count: number): string {
  const [first, second] = names;
  if (!first) return 'Someone';
  if (count <= 1) return first;
  if (count === 2 && second) return `${first} and ${second}`;
  return `${first} and ${count - 1} others`;
}
