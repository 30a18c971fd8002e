import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { AUTH_MESSAGES, passwordProblem } from './auth-rules.ts';
import { textField } from './text.ts';

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
    // An invite from an admin (docs/design.md §18): the Register screen reads it from ?invite=.
    inviteCode: z.string().max(100).optional(),
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
