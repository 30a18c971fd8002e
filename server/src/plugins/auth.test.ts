import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { PUBLIC_API_ROUTES } from './auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every documented /api route as [METHOD, path], path parameters filled with a made-up id. */
function apiRoutes(): Array<[string, string, string]> {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const routes: Array<[string, string, string]> = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    const url = template.replace(/\{[^}]+\}/g, '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    const route = template.replace(/\{([^}]+)\}/g, ':$1');
    for (const method of Object.keys(operations)) routes.push([method.toUpperCase(), url, route]);
  }
  return routes.filter(([, url]) => url.startsWith('/api/'));
}

describe('authentication by default', () => {
  it('closes every /api route that is not on the public list', async () => {
    const routes = apiRoutes();
    // Enough routes were found for the check to mean something.
    expect(routes.length).toBeGreaterThan(20);
    const open: string[] = [];
    for (const [method, url, route] of routes) {
      if (PUBLIC_API_ROUTES.has(`${method} ${route}`)) continue;
      const res = await t.app.inject({ method: method as 'GET', url });
      if (res.statusCode !== 401) open.push(`${method} ${url} → ${res.statusCode}`);
      else expect(res.json()).toEqual({ error: 'Please log in to continue' });
    }
    expect(open).toEqual([]);
  });

  it('keeps the public routes open', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 'nobody', password: 'wrong!1' } });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ error: 'Invalid username or password' });
  });

  it('closes the HEAD of a closed GET too', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/api/query_feed' })).statusCode).toBe(401);
  });
});
