import { describe, expect, it } from 'vitest';
import type { GroupablePhoto } from './grouping.ts';
import { createLabel, memoriesToCreate, positionOf, reviewReducer, suggestionsOf, takenAtOf, type Suggestion } from './review.ts';

const PARIS = { lat: 48.8583, lng: 2.2944 };
const KYOTO = { lat: 35.0116, lng: 135.7681 };

function photos(list: Array<[string, string | null, GroupablePhoto['position']]>): Map<string, GroupablePhoto> {
  return new Map(list.map(([key, takenAt, position]) => [key, { key, takenAt, position }]));
}

const all = photos([
  ['a', '2024-05-10T12:00:00', PARIS],
  ['b', '2024-05-10T12:10:00', PARIS],
  ['c', '2024-05-12T09:00:00', KYOTO],
  ['d', '2023-01-01T09:00:00', null],
]);

function start(): Suggestion[] {
  return suggestionsOf([...all.values()]);
}

describe('the review', () => {
  it('starts from the grouping: two placed suggestions and one that needs a place', () => {
    const s = start();
    expect(s.map((x) => x.keys)).toEqual([['a', 'b'], ['c'], ['d']]);
    expect(positionOf(s[2]!, all)).toBeNull();
    expect(memoriesToCreate(s, all)).toBe(2);
  });

  it('renames, and moves a suggestion to where the person put it', () => {
    let s = start();
    s = reviewReducer(s, { type: 'rename', id: s[0]!.id, title: 'The tower' });
    s = reviewReducer(s, { type: 'move', id: s[0]!.id, position: KYOTO });
    expect(s[0]!.title).toBe('The tower');
    expect(positionOf(s[0]!, all)).toEqual(KYOTO);
  });

  it('places the photos that had no position, which then count', () => {
    let s = start();
    s = reviewReducer(s, { type: 'move', id: s[2]!.id, position: PARIS });
    expect(memoriesToCreate(s, all)).toBe(3);
  });

  it('merges with the next, keeping the first title, and splits again', () => {
    let s = start();
    s = reviewReducer(s, { type: 'rename', id: s[0]!.id, title: 'Trip' });
    s = reviewReducer(s, { type: 'merge-next', id: s[0]!.id });
    expect(s.map((x) => x.keys)).toEqual([['a', 'b', 'c'], ['d']]);
    expect(s[0]!.title).toBe('Trip');
    expect(takenAtOf(s[0]!, all)).toBe('2024-05-10T12:00:00');
    s = reviewReducer(s, { type: 'split', id: s[0]!.id, at: 2 });
    expect(s.map((x) => x.keys)).toEqual([['a', 'b'], ['c'], ['d']]);
    expect(takenAtOf(s[1]!, all)).toBe('2024-05-12T09:00:00');
    // The last one has nothing to merge with; a split at either end changes nothing.
    expect(reviewReducer(s, { type: 'merge-next', id: s[2]!.id })).toBe(s);
    expect(reviewReducer(s, { type: 'split', id: s[0]!.id, at: 0 })).toBe(s);
  });

  it('drops a suggestion, or one photo of it (the last photo drops it)', () => {
    let s = start();
    s = reviewReducer(s, { type: 'drop-photo', id: s[0]!.id, key: 'a' });
    expect(s[0]!.keys).toEqual(['b']);
    s = reviewReducer(s, { type: 'drop-photo', id: s[0]!.id, key: 'b' });
    expect(s.map((x) => x.keys)).toEqual([['c'], ['d']]);
    s = reviewReducer(s, { type: 'drop', id: s[0]!.id });
    expect(memoriesToCreate(s, all)).toBe(0);
  });

  it('counts a suggestion of more than ten photos as several memories', () => {
    const many = photos(Array.from({ length: 23 }, (_, i) => [`p${i}`, `2024-05-10T12:${String(i).padStart(2, '0')}:00`, PARIS] as [string, string, typeof PARIS]));
    const s = suggestionsOf([...many.values()]);
    expect(s).toHaveLength(1);
    expect(memoriesToCreate(s, many)).toBe(3);
  });

  it('reads "Create {n} memories", and "Create 1 memory"', () => {
    expect(createLabel(1)).toBe('Create 1 memory');
    expect(createLabel(2)).toBe('Create 2 memories');
    expect(createLabel(0)).toBe('Create 0 memories');
  });
});
