import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { mailText, startSmtpServer } from '../../../test/smtp-server.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let ana: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Memory Map <memories@example.test>', PUBLIC_URL: 'https://memories.example' });
  ana = await t.register('ana');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function updateAccount(payload: Record<string, string>) {
  return t.app.inject({ method: 'PUT', url: '/api/update_user', headers: ana.auth, payload: { newUsername: 'ana', ...payload } });
}

describe('a password changed from Edit Profile', () => {
  it("is told to the account's e-mail, from our form (with the current password) and from the original client's (without)", async () => {
    const ours = await updateAccount({ newPassword: 'second!pw2', currentPassword: ana.password });
    expect(ours.statusCode, ours.body).toBe(200);
    const mail = await smtp.next();
    expect(mail.to).toEqual(['ana@example.test']);
    expect(mail.raw).toMatch(/^Subject: Your Memory Map password was changed/m);
    const text = mailText(mail.raw);
    expect(text).toContain('Hello ana,');
    expect(text).toContain('https://memories.example/forgot-password');

    const original = await updateAccount({ newPassword: 'third!pw3' });
    expect(original.statusCode, original.body).toBe(200);
    expect((await smtp.next()).to).toEqual(['ana@example.test']);
  });

  it('is not told when only the name changes, nor when the current password is wrong', async () => {
    const before = smtp.mails.length;
    expect((await updateAccount({ newUsername: 'ana' })).statusCode).toBe(200);
    const wrong = await updateAccount({ newPassword: 'fourth!pw4', currentPassword: 'not-the-one' });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    // A change that does send one comes after: had either of the two above sent a mail, it would be
    // here first (mails leave in the order the changes were answered).
    expect((await updateAccount({ newPassword: 'fifth!pw5' })).statusCode).toBe(200);
    const next = await smtp.next();
    expect(mailText(next.raw)).toContain('Hello ana,');
    expect(smtp.mails).toHaveLength(before + 1);
  });
});
