import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { PASSWORD_CHECK_FAILURES } from './users.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const update = (who: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/update_user', headers: who.auth, payload });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username, password } });

describe('PUT /api/update_user with currentPassword', () => {
  it('sets the new password when the current one is right', async () => {
    const u = await t.register('cur_right');
    const res = await update(u, { newUsername: 'cur_right', newPassword: 'fresh-one!2', currentPassword: u.password });
    expect(res.statusCode).toBe(200);
    expect((await login('cur_right', 'fresh-one!2')).statusCode).toBe(200);
    expect((await login('cur_right', u.password)).statusCode).toBe(401);
  });

  it('refuses a wrong current password with 403 and changes nothing, neither password nor name', async () => {
    const u = await t.register('cur_wrong');
    const res = await update(u, { newUsername: 'cur_wrong_renamed', newPassword: 'taken-over!1', currentPassword: 'not-it!9' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Your current password is not correct. Your password has not been changed.' });
    expect((await login('cur_wrong', u.password)).statusCode).toBe(200);
    expect((await login('cur_wrong', 'taken-over!1')).statusCode).toBe(401);
  });

  it('accepts a new password without currentPassword, as the original client sends it', async () => {
    const u = await t.register('cur_absent');
    for (const payload of [
      { newUsername: 'cur_absent', newPassword: 'original-1!' },
      { newUsername: 'cur_absent', newPassword: 'original-2!', currentPassword: '' },
      { newUsername: 'cur_absent', newPassword: 'original-3!', currentPassword: null },
    ]) {
      expect((await update(u, payload)).statusCode, JSON.stringify(payload)).toBe(200);
    }
    expect((await login('cur_absent', 'original-3!')).statusCode).toBe(200);
  });

  it('checks it in a multipart body too', async () => {
    const u = await t.register('cur_multi');
    const form = new FormData();
    form.append('newUsername', 'cur_multi');
    form.append('newPassword', 'multi-new!1');
    form.append('currentPassword', 'wrong-one!1');
    const res = await t.app.inject({ method: 'PUT', url: '/api/update_user', headers: u.auth, payload: form });
    expect(res.statusCode).toBe(403);
    expect((await login('cur_multi', u.password)).statusCode).toBe(200);
  });

  it('stops guessing after a few wrong passwords, even the right one, with 429 and Retry-After', async () => {
    const u = await t.register('cur_guess');
    for (let i = 0; i < PASSWORD_CHECK_FAILURES.max; i++) {
      expect((await update(u, { newUsername: 'cur_guess', newPassword: 'guess-new!1', currentPassword: `guess-${i}!` })).statusCode).toBe(403);
    }
    const last = await update(u, { newUsername: 'cur_guess', newPassword: 'guess-new!1', currentPassword: 'guess-last!' });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({ error: 'Too many wrong passwords. Please wait a while and try again.' });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    const right = await update(u, { newUsername: 'cur_guess', newPassword: 'guess-new!1', currentPassword: u.password });
    expect(right.statusCode).toBe(429);
    expect((await login('cur_guess', u.password)).statusCode).toBe(200);
  });
});
