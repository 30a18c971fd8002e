import { describe, expect, it } from 'vitest';
import { friendEventAudience, maySee, memoryEventAudience, type MemoryReach } from './audience.ts';

const AUTHOR = 'author';
const FRIEND = 'friend';
const TAGGED_FRIEND = 'tagged-friend';
/** Tagged while a friend, unfriended since. */
const TAGGED_FORMER = 'tagged-former';
const STRANGER = 'stranger';
const friends = new Set([FRIEND, TAGGED_FRIEND]);
const memory = (visibility: number, taggedIds: string[] = [TAGGED_FRIEND, TAGGED_FORMER]): MemoryReach => ({ authorId: AUTHOR, visibility, taggedIds });

describe('memoryEventAudience', () => {
  it('tells the friends and tagged users who may see a memory, never the author or a stranger', () => {
    expect(memoryEventAudience(null, memory(1), friends)).toEqual({ changed: [], gone: [] });
    expect(memoryEventAudience(null, memory(2), friends).changed.sort()).toEqual([FRIEND, TAGGED_FRIEND]);
    // Public: a tagged former friend may see it and is tagged in it; a stranger hears nothing.
    expect(memoryEventAudience(null, memory(3), friends).changed.sort()).toEqual([FRIEND, TAGGED_FORMER, TAGGED_FRIEND]);
  });

  it('a change out of reach is "gone" to whoever heard of it before; deletion likewise', () => {
    expect(memoryEventAudience(memory(3), memory(2), friends)).toEqual({ changed: expect.arrayContaining([FRIEND, TAGGED_FRIEND]), gone: [TAGGED_FORMER] });
    expect(memoryEventAudience(memory(2), memory(1), friends).gone.sort()).toEqual([FRIEND, TAGGED_FRIEND]);
    expect(memoryEventAudience(memory(3), null, friends).gone.sort()).toEqual([FRIEND, TAGGED_FORMER, TAGGED_FRIEND]);
    expect(memoryEventAudience(memory(1), null, friends)).toEqual({ changed: [], gone: [] });
  });

  it('an untagged user who still may see it hears "changed", not "gone"', () => {
    const untagged = memoryEventAudience(memory(2), memory(2, []), friends);
    expect(untagged.changed.sort()).toEqual([FRIEND, TAGGED_FRIEND]);
    expect(untagged.gone).toEqual([]);
  });

  it('never tells anyone the rule would not show the memory to (every visibility × relation)', () => {
    for (const before of [null, 1, 2, 3]) {
      for (const after of [null, 1, 2, 3]) {
        const b = before === null ? null : memory(before);
        const a = after === null ? null : memory(after);
        const { changed, gone } = memoryEventAudience(b, a, friends);
        for (const id of changed) expect(maySee({ viewerId: id, authorId: AUTHOR, visibility: after!, viewerIsFriend: friends.has(id) })).toBe(true);
        for (const id of gone) expect(maySee({ viewerId: id, authorId: AUTHOR, visibility: before!, viewerIsFriend: friends.has(id) })).toBe(true);
        expect([...changed, ...gone]).not.toContain(AUTHOR);
        expect([...changed, ...gone]).not.toContain(STRANGER);
        expect(new Set([...changed, ...gone]).size).toBe(changed.length + gone.length);
      }
    }
  });
});

describe('friendEventAudience', () => {
  it('is the other person only', () => {
    expect(friendEventAudience('a', 'b')).toEqual(['b']);
    expect(friendEventAudience('a', 'a')).toEqual([]);
  });
});
