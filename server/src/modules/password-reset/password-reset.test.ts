import { AUTH_MESSAGES, ADMIN_MESSAGES } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { mailText, startSmtpServer } from '../../../test/smtp-server.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let admin: TestUser;
let ana: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Memory Map <memories@example.test>', PUBLIC_URL: 'https://memories.example' });
  admin = await t.register('root');
  ana = await t.register('ana');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function forgot(login: string, ip = '10.9.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { login }, remoteAddress: ip });
}

function reset(token: string, password = 'fresh!pw2', confirmPassword = password) {
  return t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password, confirmPassword } });
}

function tokenOf(text: string): string {
  const match = /https:\/\/memories\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
}

describe('forgot password', () => {
  it('answers the same for a known and an unknown account, and mails only the known one', async () => {
    const unknown = await forgot('nobody-here');
    const known = await forgot('ANA@example.test');
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.headers['content-type']).toBe(unknown.headers['content-type']);

    const mail = await smtp.next();
    expect(mail.to).toEqual(['ana@example.test']);
    expect(mail.raw).toMatch(/^From: Memory Map <memories@example\.test>/m);
    expect(mail.raw).toMatch(/^Subject: Reset your Memory Map password/m);
    // Nothing can make a mail for an account that does not exist: this is the only one.
    expect(smtp.mails).toHaveLength(1);

    const token = tokenOf(mailText(mail.raw));
    const stored = await t.db.kysely.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const other = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 'ana', password: ana.password } });
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    // Every session ends, the one from before and another device's.
    expect((await t.app.inject({ url: '/api/get_user', headers: ana.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/get_user', headers: { authorization: `Bearer ${other.json().token}` } })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 'ana', password: 'fresh!pw2' } });
    expect(login.statusCode).toBe(200);

    // Single use.
    const again = await reset(token, 'other!pw3');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: ADMIN_MESSAGES.resetInvalid });
    ana.password = 'fresh!pw2';
  });

  it('keeps to the register rules and to the hour', async () => {
    const link = await t.app.inject({ method: 'POST', url: `/api/admin/users/${ana.id}/reset_link`, headers: admin.auth });
    expect(link.statusCode).toBe(200);
    const token = tokenOf(link.json().url);
    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: AUTH_MESSAGES.passwordTooShort });
    const mismatch = await reset(token, 'fresh!pw4', 'fresh!pw5');
    expect(mismatch.json()).toEqual({ error: AUTH_MESSAGES.passwordsDoNotMatch });

    await t.db.kysely.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1).toISOString() }).execute();
    const late = await reset(token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: ADMIN_MESSAGES.resetInvalid });
  });

  it('an admin-made link works like the mailed one, and only admins may make it', async () => {
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/users/${admin.id}/reset_link`, headers: ana.auth });
    expect(refused.statusCode).toBe(401); // ana's sessions ended with the reset above
    const member = await t.register('moe');
    const notAdmin = await t.app.inject({ method: 'POST', url: `/api/admin/users/${admin.id}/reset_link`, headers: member.auth });
    expect(notAdmin.statusCode).toBe(403);
    const link = await t.app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/reset_link`, headers: admin.auth });
    expect(link.json().url).toMatch(/^https:\/\/memories\.example\/reset-password\?token=/);
    expect((await reset(tokenOf(link.json().url), 'mo!new-pw')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/get_user', headers: member.auth })).statusCode).toBe(401);
  });

  it('is rate-limited per address, in the one table', async () => {
    let last = await forgot('nobody', '10.9.9.9');
    for (let i = 0; i < 10; i++) last = await forgot('nobody', '10.9.9.9');
    expect(last.statusCode).toBe(429);
  });
});

describe('without SMTP', () => {
  it('answers 202 all the same, and the app knows to send people to an admin', async () => {
    const plain = await createTestApp();
    try {
      await plain.register('solo');
      const res = await plain.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { login: 'solo' } });
      expect(res.statusCode).toBe(202);
      const info = await plain.app.inject({ url: '/api/signup-info' });
      expect(info.json()).toEqual({ registration: 'open', resetByEmail: false });
      expect(await plain.db.kysely.selectFrom('password_resets').selectAll().execute()).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
