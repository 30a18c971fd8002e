import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-types.ts';

/**
 * When a password changes from Edit Profile, the account's e-mail hears of it (when the server
 * has SMTP). The original client's form sends no current password, so a stolen session could
 * set a new one: this mail is how the owner finds out, and where to take the account back.
 * Sent after the answer, like the reset mail: a slow or broken mail server never fails the change.
 */
export function tellPasswordChanged(ctx: AppContext, log: FastifyBaseLogger, account: { id: string; username: string; email: string }, origin: string): void {
  const mailer = ctx.mailer;
  if (!mailer) return;
  const when = new Date().toUTCString();
  setImmediate(() => {
    mailer
      .send({
        to: account.email,
        subject: 'Your Memory Map password was changed',
        text: [
          `Hello ${account.username},`,
          '',
          `The password of your Memory Map account was changed on ${when}, and every other device was signed out.`,
          '',
          'If this was you, there is nothing to do.',
          'If it was not, choose a new password now at this address, then check your profile:',
          '',
          `${origin}/forgot-password`,
        ].join('\n'),
      })
      .then(() => log.info({ userId: account.id }, 'password changed e-mail sent'))
      .catch((err: unknown) => log.error({ err, userId: account.id }, 'could not send a password changed e-mail'));
  });
}
