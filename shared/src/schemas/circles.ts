import { z } from 'zod';
import { LIMITS } from '../limits.ts';

/** Circles: a person's own audiences (docs/design.md §17). Exact texts, shown by the web app too. */
export const CIRCLE_MESSAGES = {
  nameRequired: 'Give the circle a name',
  nameTooLong: `A circle's name must be at most ${LIMITS.circleNameMax} characters`,
  nameTaken: 'You already have a circle with this name',
  tooManyCircles: `You can have at most ${LIMITS.circlesPerUser} circles`,
  tooManyMembers: `A circle can have at most ${LIMITS.circleMembersMax} people`,
  memberIdsList: 'memberIds must be a list of user ids',
  notFound: 'Circle not found',
  /** Followed by the names, e.g. "Only your friends can be in a circle: ana, ben". */
  notFriends: 'Only your friends can be in a circle:',
  circleNeedsFriends: "A memory for a circle must have visibility '2'",
  deleted: 'Circle deleted',
} as const;

/** "Only your friends can be in a circle: ana, ben" — who is refused, by name. */
export function notFriendsMessage(names: readonly string[]): string {
  return `${CIRCLE_MESSAGES.notFriends} ${names.join(', ')}`;
}

const circleNameSchema = z
  .string({ error: CIRCLE_MESSAGES.nameRequired })
  .trim()
  .min(1, CIRCLE_MESSAGES.nameRequired)
  .max(LIMITS.circleNameMax, CIRCLE_MESSAGES.nameTooLong);

const memberIdsSchema = z
  .array(z.string({ error: CIRCLE_MESSAGES.memberIdsList }).max(64, CIRCLE_MESSAGES.memberIdsList), { error: CIRCLE_MESSAGES.memberIdsList })
  .max(LIMITS.circleMembersMax, CIRCLE_MESSAGES.tooManyMembers)
  .transform((ids) => [...new Set(ids)]);

export const createCircleSchema = z.object({
  name: circleNameSchema,
  memberIds: memberIdsSchema.default([]),
});
export type CreateCircleInput = z.infer<typeof createCircleSchema>;

/** Either or both; a field left out stays as it is. */
export const updateCircleSchema = z.object({
  name: circleNameSchema.optional(),
  memberIds: memberIdsSchema.optional(),
});
export type UpdateCircleInput = z.infer<typeof updateCircleSchema>;

export const circleIdParamsSchema = z.object({ id: z.string().max(64, CIRCLE_MESSAGES.notFound) });

export const circleSchema = z.object({
  id: z.string(),
  name: z.string(),
  memberIds: z.array(z.string()),
});
export type Circle = z.infer<typeof circleSchema>;
export const circleListSchema = z.array(circleSchema);

/** A memory's circle as its author sees it on the memory (nobody else is told). */
export const pinCircleSchema = z.object({ id: z.string(), name: z.string() });
export type PinCircle = z.infer<typeof pinCircleSchema>;

/**
 * The `circleId` field of create and update (multipart text): a circle id; on update, an empty
 * value or "null" clears it. Absent on update: the memory keeps its circle (the original client).
 */
export const circleIdFieldSchema = z
  .union([z.string().max(64, CIRCLE_MESSAGES.notFound), z.null()], { error: CIRCLE_MESSAGES.notFound })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v === '' || v === 'null' ? null : v));
