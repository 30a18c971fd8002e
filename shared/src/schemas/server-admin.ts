import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-rules.ts';
import { passwordSchema } from './auth.ts';
import { textField } from './text.ts';

/**
 * Running Memory Map for a circle (docs/design.md §18): sign-up modes, invites, the admin's
 * view of accounts, password reset links and the list of one's sessions.
 */
export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** The exact texts of docs/design.md §18 (running a server: sign-ups, admins, resets, sessions). */
export const ADMIN_MESSAGES = {
  signupsClosed: 'Sign-ups are closed',
  inviteInvalid: 'This invite is not valid',
  accountDisabled: 'This account is disabled.',
  adminOnly: 'Only an admin can do this',
  lastAdmin: 'The server needs at least one admin: make someone else an admin first',
  notYourself: 'You cannot disable your own account',
  registration: "registration must be 'open', 'invite' or 'closed'",
  inviteUses: 'uses must be a whole number from 1 to 100',
  inviteDays: 'expiresInDays must be a whole number of days from 1 to 30',
  inviteNotFound: 'Invite not found',
  resetInvalid: 'This reset link is not valid or has expired. Ask for a new one.',
  resetLogin: 'Enter your username or e-mail address',
  sessionNotFound: 'Session not found',
  userNotFound: 'User not found',
} as const;

export const registrationModeSchema = z.enum(REGISTRATION_MODES, { error: ADMIN_MESSAGES.registration });

export const adminSettingsSchema = z.object({ registration: registrationModeSchema });
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** What the Register screen needs before it shows a form: whether, and how, one may sign up. */
export const signupInfoSchema = z.object({ registration: registrationModeSchema, resetByEmail: z.boolean() });
export type SignupInfo = z.infer<typeof signupInfoSchema>;

export const inviteRequestSchema = z.object({
  uses: z.number({ error: ADMIN_MESSAGES.inviteUses }).int(ADMIN_MESSAGES.inviteUses).min(1, ADMIN_MESSAGES.inviteUses).max(100, ADMIN_MESSAGES.inviteUses).default(1),
  expiresInDays: z
    .number({ error: ADMIN_MESSAGES.inviteDays })
    .int(ADMIN_MESSAGES.inviteDays)
    .min(1, ADMIN_MESSAGES.inviteDays)
    .max(30, ADMIN_MESSAGES.inviteDays)
    .default(7),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

/** An invite as admins see it: `uses` allowed in all, `used` so far. */
export const inviteSchema = z.object({
  code: z.string(),
  url: z.string(),
  uses: z.number(),
  used: z.number(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const adminUsersQuerySchema = z.object({
  q: z.string().max(254, 'q must be at most 254 characters').optional(),
  limit: z.coerce.number({ error: 'limit must be a number from 1 to 200' }).int().min(1, 'limit must be a number from 1 to 200').max(200, 'limit must be a number from 1 to 200').default(50),
  after: z.string().max(100).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  memories: z.number(),
  storageBytes: z.number(),
  disabled: z.boolean(),
  isAdmin: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPatchSchema = z.object({
  disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }).optional(),
});
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

export const adminStatsSchema = z.object({
  users: z.number(),
  memories: z.number(),
  photos: z.number(),
  storageBytes: z.number(),
  version: z.string(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const resetLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ResetLink = z.infer<typeof resetLinkSchema>;

export const forgotPasswordSchema = z.object({
  login: textField('login', ADMIN_MESSAGES.resetLogin).trim().min(1, ADMIN_MESSAGES.resetLogin).max(254, ADMIN_MESSAGES.resetLogin),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: ADMIN_MESSAGES.resetInvalid }).min(1, ADMIN_MESSAGES.resetInvalid).max(200, ADMIN_MESSAGES.resetInvalid),
    password: textField('Password', AUTH_MESSAGES.fillAllFields).min(1, AUTH_MESSAGES.fillAllFields).pipe(passwordSchema),
    confirmPassword: textField('Confirm password', AUTH_MESSAGES.fillAllFields).min(1, AUTH_MESSAGES.fillAllFields),
  })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const sessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
