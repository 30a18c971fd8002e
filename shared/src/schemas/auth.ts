import { z } from 'zod';
import { LIMITS, PASSWORD_SPECIALS } from '../limits.ts';
import { textField } from './text.ts';

const specialRe = new RegExp(`[${PASSWORD_SPECIALS.replace(/[\]\\^-]/g, '\\$&')}]`);

/** The exact texts of docs/product.md §5; the server answers with the same ones. */
export const AUTH_MESSAGES = {
  fillAllFields: 'Please fill out all fields.',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordNeedsSpecial: 'Password must contain at least one special character',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooLong: `Password must be at most ${LIMITS.passwordMax} characters long`,
  usernameRule: `Username must be ${LIMITS.usernameMin}–${LIMITS.usernameMax} characters: letters, digits, _ . or -`,
  emailInvalid: 'Email must be a valid e-mail address',
  loginMissing: 'Please enter an username and password.',
  usernameEmpty: 'Username cannot be empty',
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'Username already taken',
  emailTaken: 'Email already registered',
} as const;

/** The password rules, in the order the register form reports them. */
export function passwordProblem(password: string): string | null {
  if (password.length < LIMITS.passwordMin) return AUTH_MESSAGES.passwordTooShort;
  if (!specialRe.test(password)) return AUTH_MESSAGES.passwordNeedsSpecial;
  if (password.length > LIMITS.passwordMax) return AUTH_MESSAGES.passwordTooLong;
  return null;
}

export const usernameSchema = textField('Username', AUTH_MESSAGES.usernameEmpty)
  .trim()
  .min(1, AUTH_MESSAGES.usernameEmpty)
  .regex(/^[A-Za-z0-9_.-]{3,30}$/, AUTH_MESSAGES.usernameRule);

export const passwordSchema = textField('Password', AUTH_MESSAGES.fillAllFields)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const emailSchema = textField('Email', AUTH_MESSAGES.fillAllFields)
  .trim()
  .max(LIMITS.emailMax, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid));

const required = (label: string) => textField(label, AUTH_MESSAGES.fillAllFields).min(1, AUTH_MESSAGES.fillAllFields);

export const registerSchema = z
  .object({
    username: required('Username').pipe(usernameSchema),
    email: required('Email').pipe(emailSchema),
    password: required('Password').pipe(passwordSchema),
    confirmPassword: required('Confirm password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  username: textField('Username', AUTH_MESSAGES.loginMissing).trim().min(1, AUTH_MESSAGES.loginMissing).max(254),
  password: textField('Password', AUTH_MESSAGES.loginMissing).min(1, AUTH_MESSAGES.loginMissing).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;
