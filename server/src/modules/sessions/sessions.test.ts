import { ADMIN_MESSAGES, type SessionInfo } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';

let t: TestApp;
let me: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  me = await t.register('sam');
});
afterAll(async () => t.close());

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1';

async function signIn(userAgent: string): Promise<{ authorization: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/profile/login', headers: { 'user-agent': userAgent }, payload: { username: 'sam', password: me.password } });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

async function list(auth: { authorization: string }): Promise<SessionInfo[]> {
  const res = await t.app.inject({ url: '/api/sessions', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json() as SessionInfo[];
}

describe('your sessions', () => {
  it('lists where you are signed in, ends one, then all but this one', async () => {
    const phone = await signIn(PHONE);
    const laptop = await signIn('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0');
    const sessions = await list(laptop);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.current)?.userAgent).toContain('Firefox/128.0');
    const onPhone = sessions.find((s) => s.userAgent === PHONE)!;
    expect(onPhone.id).not.toMatch(/^[0-9a-f]{64}$/);

    const end = await t.app.inject({ method: 'DELETE', url: `/api/sessions/${onPhone.id}`, headers: laptop });
    expect(end.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/get_user', headers: phone })).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/sessions/${onPhone.id}`, headers: laptop });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: ADMIN_MESSAGES.sessionNotFound });

    const others = await t.app.inject({ method: 'DELETE', url: '/api/sessions', headers: laptop });
    expect(others.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/get_user', headers: me.auth })).statusCode).toBe(401);
    expect((await list(laptop)).map((s) => s.current)).toEqual([true]);
  });

  it("cannot end someone else's session", async () => {
    const other = await t.register('tia');
    const mine = await list(await signIn('curl/8'));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/sessions/${mine[0]!.id}`, headers: other.auth });
    expect(res.statusCode).toBe(404);
  });
});
