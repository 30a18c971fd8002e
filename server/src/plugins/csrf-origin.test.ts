import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * PUT /update_user takes the session cookie only, so its Origin check is what stops a forged
 * write: scheme, host and port must all be ours. (Sec-Fetch-Site: same-origin, which browsers
 * compute with the scheme, is tested in users.test.ts.)
 */
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function setup(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  const u = await t.register();
  return async (headers: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/update_user',
      headers: { cookie: u.cookie, ...headers },
      payload: { userId: u.id, firstName: 'Ada', lastName: 'Lovelace' },
    });
    return res.statusCode;
  };
}

describe('the Origin of a cookie-authenticated write', () => {
  it('must match the request scheme, host and port', async () => {
    const names = await setup();
    expect(await names({ host: 'memories.example', origin: 'http://memories.example' })).toBe(200);
    expect(await names({ host: 'memories.example:3000', origin: 'http://memories.example:3000' })).toBe(200);
    expect(await names({ host: 'MEMORIES.example', origin: 'http://memories.EXAMPLE' })).toBe(200);
    // Same host, other scheme: another origin.
    expect(await names({ host: 'memories.example', origin: 'https://memories.example' })).toBe(403);
    expect(await names({ host: 'memories.example', origin: 'http://memories.example:8080' })).toBe(403);
    expect(await names({ host: 'memories.example', origin: 'null' })).toBe(403);
    // Without TRUST_PROXY a client's X-Forwarded-Proto is not believed.
    expect(await names({ host: 'memories.example', origin: 'https://memories.example', 'x-forwarded-proto': 'https' })).toBe(403);
  });

  it('behind a trusted proxy, takes the scheme from X-Forwarded-Proto', async () => {
    const names = await setup({ TRUST_PROXY: 'true' });
    expect(await names({ host: 'memories.example', origin: 'https://memories.example', 'x-forwarded-proto': 'https' })).toBe(200);
    expect(await names({ host: 'memories.example', origin: 'http://memories.example', 'x-forwarded-proto': 'https' })).toBe(403);
  });

  it('with PUBLIC_URL, is that origin: a plain-http page of the same host is refused', async () => {
    const names = await setup({ PUBLIC_URL: 'https://memories.example' });
    // A TLS-terminating proxy that is not trusted: the request itself looks like plain http.
    expect(await names({ host: 'memories.example', origin: 'https://memories.example' })).toBe(200);
    expect(await names({ host: 'memories.example', origin: 'https://memories.example:443' })).toBe(200);
    expect(await names({ host: 'memories.example', origin: 'http://memories.example' })).toBe(403);
  });

  it('may be one of CORS_ORIGINS, scheme included', async () => {
    const names = await setup({ CORS_ORIGINS: 'https://app.example' });
    expect(await names({ host: 'memories.example', origin: 'https://app.example' })).toBe(200);
    expect(await names({ host: 'memories.example', origin: 'http://app.example' })).toBe(403);
  });
});
