import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestForLog } from './log-serializers.ts';

describe('requestForLog', () => {
  it('keeps the path and drops query strings that carry photo signatures or positions', () => {
    const at = (url: string) => requestForLog({ method: 'GET', url, ip: '10.0.0.1' } as FastifyRequest);
    expect(at('/media/pins/a.webp?exp=1790000000&sig=secret-signature')).toEqual({
      method: 'GET',
      url: '/media/pins/a.webp',
      remoteAddress: '10.0.0.1',
    });
    expect(JSON.stringify(at('/api/places/reverse?lat=48.85&lon=2.35'))).not.toContain('48.85');
    expect(at('/api/query_feed').url).toBe('/api/query_feed');
  });

  it('never logs the token of a share link, which is its whole secret', () => {
    const token = 'abcdefghijklmnopqrstuvwxyz012345';
    const line = requestForLog({ method: 'GET', url: `/s/${token}?utm=x`, ip: '10.0.0.1' } as FastifyRequest);
    expect(line.url).toBe('/s/[token]');
    expect(JSON.stringify(line)).not.toContain(token);
  });
});
