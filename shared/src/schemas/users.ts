import { z } from 'zod';
import { textField } from './text.ts';
import { LIMITS } from '../limits.ts';
import { usernameSchema, passwordSchema } from './auth.ts';

/** Another user as lists and lookups show them; `email` only where docs/design.md §6 allows. */
export const publicUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  profilePicture: z.string(),
  email: z.string().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The signed-in user's own record (get_user, login, register). */
export const selfUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  profilePicture: z.string(),
  friends: z.array(z.string()),
  friendRequests: z.object({ sent: z.array(z.string()), received: z.array(z.string()) }),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  createdAt: z.string(),
  /** docs/design.md §18: admins see the Admin screen. */
  isAdmin: z.boolean(),
});
export type SelfUser = z.infer<typeof selfUserSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: selfUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Texts the profile endpoints answer with. */
export const USER_MESSAGES = {
  notFound: 'User not found',
  onlyOwnProfile: 'You can only update your own profile',
  chooseImage: 'Choose an image to upload',
  imageField: 'Send the image in the profilePicture field',
  currentPasswordRequired: 'Enter your current password to set a new one',
  wrongCurrentPassword: 'Your current password is not correct. Your password has not been changed.',
  tooManyWrongPasswords: 'Too many wrong passwords. Please wait a while and try again.',
} as const;

export const updateAccountSchema = z.object({
  newUsername: usernameSchema,
  // The client sends an empty string when the password is left blank; that means "keep it".
  newPassword: z
    .string({ error: 'New password must be text' })
    .nullish()
    .transform((v) => (v ? v : undefined))
    .pipe(passwordSchema.optional()),
  // Our Edit Profile sends it with a new password and the server then checks it; the original
  // client has no such field (docs/product.md §7) and is accepted as before without it.
  currentPassword: z
    .string({ error: 'Current password must be text' })
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;

const personName = (label: string) =>
  textField(label)
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.nameMax, `${label} must be at most ${LIMITS.nameMax} characters`);

export const updateNamesSchema = z.object({
  userId: textField('User ID').trim().min(1, 'User ID is required'),
  firstName: personName('First name'),
  lastName: personName('Last name'),
});
export type UpdateNamesInput = z.infer<typeof updateNamesSchema>;

export const userIdBodySchema = z.object({
  userId: textField('userId').trim().min(1, 'userId is required').max(64, 'userId is not valid'),
});

export const usersQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(LIMITS.usernameMax, `q must be at most ${LIMITS.usernameMax} characters`)
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIMITS.usersPageMax, `limit must be at most ${LIMITS.usersPageMax}`)
    // The spec's client sends no limit and searches what it gets: it gets as many as we allow.
    .default(LIMITS.usersPageMax),
  /** Keyset cursor: the lower-cased username of the last user on the previous page. */
  after: z.string().max(64, 'after is not a valid cursor').optional(),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;
