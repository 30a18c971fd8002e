import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { LiveEvent } from '@memory-map/shared';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../app-types.ts';
import type { StoredEvent } from './event-transport.ts';
import { StreamHub } from './stream-hub.ts';

/**
 * The hub on its own, with a response that is a plain stream: what one app server sends a
 * stream when events reach it out of order, the way two roads (its own publishes and the other
 * servers' through Redis) and a replay can bring them.
 */
const user = { id: 'u1', sessionHash: 'h1' } as AuthUser;
const memory = (id: string): LiveEvent => ({ kind: 'memory', data: { id } });

function response() {
  const res = new PassThrough();
  let text = '';
  res.setEncoding('utf8').on('data', (c: string) => (text += c));
  const ids = () => [...text.matchAll(/^data: \{"id":"(\w+)"\}$/gm)].map((m) => m[1]);
  return { res: res as unknown as ServerResponse, ids };
}

describe('a live stream', () => {
  it('sends an event whose id is older than one it sent already, once', async () => {
    const hub = new StreamHub({ since: async () => [] });
    const { res, ids } = response();
    await hub.open(user, res, null, 1000);
    hub.deliver([{ userId: 'u1', id: '1002-0' }], memory('b'));
    // Published by another server a moment earlier, heard through the subscription later.
    hub.deliver([{ userId: 'u1', id: '1001-0' }], memory('a'));
    hub.deliver([{ userId: 'u1', id: '1001-0' }], memory('a'));
    hub.deliver([{ userId: 'u1', id: '1002-0' }], memory('b'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids()).toEqual(['b', 'a']);
    hub.closeAll();
  });

  it('after the link to the other servers comes back, replays from its start what it has not sent', async () => {
    const log: StoredEvent[] = [
      { id: '1001-0', event: memory('missed1') },
      { id: '1002-0', event: memory('live') },
      { id: '1003-0', event: memory('missed2') },
    ];
    const asked: string[] = [];
    const hub = new StreamHub({
      since: async (_userId, afterId) => {
        asked.push(afterId);
        return log;
      },
    });
    const { res, ids } = response();
    await hub.open(user, res, null, 1000);
    // Its own server's event arrived live while the others' could not.
    hub.deliver([{ userId: 'u1', id: '1002-0' }], memory('live'));
    hub.resume();
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual(['1000-0']);
    expect(ids()).toEqual(['live', 'missed1', 'missed2']);
    hub.closeAll();
  });

  it('never sends what the client had before it reconnected (its Last-Event-ID)', async () => {
    const hub = new StreamHub({ since: async () => [{ id: '1003-0', event: memory('new') }] });
    const { res, ids } = response();
    await hub.open(user, res, '1002-0', 5000);
    hub.deliver([{ userId: 'u1', id: '1001-0' }], memory('old'));
    hub.deliver([{ userId: 'u1', id: '1004-0' }], memory('newer'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids()).toEqual(['new', 'newer']);
    hub.closeAll();
  });
});
