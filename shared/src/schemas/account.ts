import { z } from 'zod';
import { textField } from './text.ts';

export const ACCOUNT_MESSAGES = {
  passwordRequired: 'Enter your password to delete your account',
  wrongPassword: 'That password is not correct. Your account has not been deleted.',
  tooManyAttempts: 'Too many wrong passwords. Please wait a while and try again.',
} as const;

/** DELETE /api/account: the current password, so a borrowed session cannot end the account. */
export const deleteAccountSchema = z.object({
  password: textField('Password', ACCOUNT_MESSAGES.passwordRequired).min(1, ACCOUNT_MESSAGES.passwordRequired),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
