import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const TOKEN = 'metrics-token-for-the-suite-0123';
let t: TestApp | undefined;
afterEach(async () => t?.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * A strict reading of the Prometheus text exposition format (version 0.0.4): every line is a
 * `# HELP`, a `# TYPE` or a sample `name{label="value",…} number`; any other line fails.
 */
function parsePrometheus(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const name = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const sampleRe = new RegExp(`^(${name})(?:\\{(.*)\\})? (-?(?:[0-9.]+(?:e[+-]?[0-9]+)?|NaN|\\+Inf|-Inf))(?: -?[0-9]+)?$`);
  const labelRe = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = new RegExp(`^# TYPE (${name}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (new RegExp(`^# HELP ${name} .*$`).test(line)) continue;
    const m = sampleRe.exec(line);
    if (!m) throw new Error(`not a Prometheus text line: ${line}`);
    const labels: Record<string, string> = {};
    if (m[2]) {
      labelRe.lastIndex = 0;
      let consumed = 0;
      for (let l = labelRe.exec(m[2]); l; l = labelRe.exec(m[2])) {
        labels[l[1]!] = l[2]!;
        consumed = labelRe.lastIndex;
      }
      if (consumed !== m[2].length) throw new Error(`bad labels: ${line}`);
    }
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return { types, samples };
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('answers only that Bearer token', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
  });

  it('speaks the Prometheus text format: requests by route and status, cache, database, event loop, streams', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const me = await t.register('mel');
    await t.app.inject({ url: '/api/query_feed', headers: me.auth });
    await t.app.inject({ url: '/api/query_feed', headers: me.auth });
    await t.app.inject({ url: '/api/get_user/0190a0a0-0000-7000-8000-000000000000', headers: me.auth });
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const { types, samples } = parsePrometheus(res.body);
    const one = (name: string, labels: Record<string, string> = {}) =>
      samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

    expect(types.get('memorymap_http_request_duration_seconds')).toBe('histogram');
    expect(one('memorymap_http_request_duration_seconds_count', { method: 'GET', route: '/api/query_feed', status: '200' })?.value).toBe(2);
    expect(one('memorymap_http_request_duration_seconds_count', { route: '/api/get_user/:id', status: '404' })?.value).toBe(1);
    expect(one('memorymap_http_request_duration_seconds_count', { route: '/api/register', status: '201' })?.value).toBe(1);
    // The second feed read is answered from the cache.
    expect(one('memorymap_read_cache_hits_total')!.value).toBeGreaterThanOrEqual(1);
    expect(one('memorymap_read_cache_misses_total')!.value).toBeGreaterThanOrEqual(1);
    expect(one('memorymap_db_query_duration_seconds_count', { outcome: 'ok' })!.value).toBeGreaterThan(0);
    expect(types.get('memorymap_event_loop_delay_p99_seconds')).toBe('gauge');
    expect(one('memorymap_live_streams')?.value).toBe(0);
    expect(one('process_cpu_user_seconds_total')).toBeDefined();
  });
});
