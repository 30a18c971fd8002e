import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Operations that answer no 4xx by design: nothing a client sends can be wrong, and they are not rate-limited. */
const NO_4XX = ['/api/health', '/api/app-info', '/api/signup-info'];

describe('the OpenAPI document (GET /api/docs)', () => {
  it("passes redocly's recommended rules, every operation named", async () => {
    const doc = (await t.app.inject({ url: '/api/docs' })).json();
    // A generated client calls operations by name: a missing or repeated one is an error here.
    const config = await createConfig({ extends: ['recommended'], rules: { 'operation-operationId': 'error' } });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const text = (p: (typeof problems)[number]) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`;
    expect(problems.filter((p) => p.severity === 'error').map(text)).toEqual([]);
    // The only warnings are the known ones; a new one fails until it is fixed or explained above.
    const warnings = problems.filter((p) => p.severity !== 'error');
    expect(warnings.map((p) => p.ruleId)).toEqual(NO_4XX.map(() => 'operation-4xx-response'));
    expect(warnings.map((p) => decodeURIComponent(p.location[0]?.pointer ?? ''))).toEqual(NO_4XX.map((path) => `#/paths/${path.replaceAll('/', '~1')}/get/responses`));
  });

  it('names every operation, the same way on every start', async () => {
    const doc = (await t.app.inject({ url: '/api/docs' })).json() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(doc.paths['/api/pins/{id}/share']?.post?.operationId).toBe('postApiPinsByIdShare');
    expect(doc.paths['/media/{folder}/{file}']?.get?.operationId).toBe('getMediaByFolderByFile');
  });
});
