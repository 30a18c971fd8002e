import type { Pin } from './api/types.ts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cachedMemory } from './cached-memory.ts';
import { visibleMemoriesKey } from './visible-memories.ts';

function pin(id: string, title: string): Pin {
  return { id, title, description: 'd', latitude: 1, longitude: 2, tags: [], taggedFriends: [] } as unknown as Pin;
}

describe('cachedMemory', () => {
  it("finds a memory in the map's and the feed's answers, the most recently answered copy first", () => {
    const client = new QueryClient();
    client.setQueryData([...visibleMemoriesKey, 'map', 'a'], { items: [{ kind: 'pin', pin: pin('p1', 'from the map') }], truncated: false }, { updatedAt: 1 });
    client.setQueryData([...visibleMemoriesKey, 'feed', 'me'], { pages: [{ pins: [pin('p2', 'x'), pin('p1', 'from the feed')] }], pageParams: [''] }, { updatedAt: 2 });
    expect(cachedMemory(client, 'p1')?.title).toBe('from the feed');
    expect(cachedMemory(client, 'p2')?.title).toBe('x');
  });

  it('knows nothing of a memory no list holds, nor of lists outside the visible-memories key', () => {
    const client = new QueryClient();
    client.setQueryData(['conversation', 'me', 'p1', 'memory'], pin('p1', 'elsewhere'));
    expect(cachedMemory(client, 'p1')).toBeUndefined();
  });
});
