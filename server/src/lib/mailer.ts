import { createTransport, type Transporter } from 'nodemailer';

/** What the server sends by e-mail: password reset links, and a word when a password changes (docs/design.md §18). */
export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer, from SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`) and
 * MAIL_FROM. One pooled transport: a burst of reset requests shares a few connections.
 */
export function createMailer(smtp: { url: string; from: string }): Mailer {
  const transport: Transporter = createTransport(smtp.url, { from: smtp.from });
  return {
    async send(message) {
      await transport.sendMail({ from: smtp.from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
