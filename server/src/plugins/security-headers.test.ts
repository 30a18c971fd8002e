import { createHash } from 'node:crypto';
import { FIRST_PAINT_SCRIPT } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('sends the content policy on every response, API errors included', async () => {
    for (const url of ['/api/health', '/api/no-such-route']) {
      const res = await t.app.inject({ url });
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob: https:");
      expect(csp).toContain("script-src 'self'");
      // The service worker fetches map tiles to keep them (design §15): those hosts and no others.
      expect(csp).toContain("connect-src 'self' https://basemaps.cartocdn.com https://*.basemaps.cartocdn.com https://server.arcgisonline.com https://*.server.arcgisonline.com;");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('lets the page load its own manifest and service worker, and nothing else from elsewhere (docs/decisions/090-web-delivery.md)', async () => {
    const csp = (await t.app.inject({ url: '/api/health' })).headers['content-security-policy'] as string;
    const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    // No manifest-src: the default applies, our own origin.
    expect(directives.get('manifest-src') ?? directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('worker-src')).toContain("'self'");
  });

  it("allows our pages' one inline script by its hash, and no other inline script (docs/decisions/090-web-delivery.md)", async () => {
    for (const proto of ['http', 'https']) {
      const csp = (await t.app.inject({ url: '/login', headers: { 'x-forwarded-proto': proto } })).headers['content-security-policy'] as string;
      const scriptSrc = csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name === 'script-src');
      // The hash of the very text the web build writes into index.html and every drawn page
      // (the browser tests check the built pages against this header: e2e/tests/first-paint.spec.ts).
      const hash = createHash('sha256').update(FIRST_PAINT_SCRIPT, 'utf8').digest('base64');
      expect(scriptSrc).toEqual(['script-src', "'self'", `'sha256-${hash}'`]);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
    }
  });

  it('over plain http, neither upgrades requests nor pins https (a LAN address must keep working)', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('over https (as the proxy reports it), upgrades requests and sends HSTS', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('marks the session cookie Secure when the app is reached over https', async () => {
    const body = { username: 'secure_cookie', email: 'secure_cookie@example.test', password: 'secret!1', confirmPassword: 'secret!1' };
    const overHttps = await t.app.inject({ method: 'POST', url: '/api/register', headers: { 'x-forwarded-proto': 'https' }, payload: body });
    expect(overHttps.statusCode).toBe(201);
    expect(String(overHttps.headers['set-cookie'])).toMatch(/; Secure/);
    const login = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 'secure_cookie', password: 'secret!1' } });
    expect(String(login.headers['set-cookie'])).not.toMatch(/; Secure/);
  });
});
