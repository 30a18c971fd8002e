import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { systemRepository } from './system.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports each dependency: without REDIS_URL, Redis is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', redis: 'not configured' });
  });

  it('answers 503 in the one error shape, with the report, when the database does not answer', async () => {
    vi.spyOn(systemRepository, 'ping').mockRejectedValue(new Error('connection refused'));
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'The database is not answering', status: 'down', database: 'down', redis: 'not configured' });
  });
});
