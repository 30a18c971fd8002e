import { LIMITS, PASSWORD_SPECIALS } from '../limits.ts';

// Apart from auth.ts's schemas and free of zod, so the sign-in screen can show these texts without
// loading a validation library (docs/decisions/090-web-delivery.md).

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
