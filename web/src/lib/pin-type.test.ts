import { describe, expect, it } from 'vitest';
import { pinBadgeText } from './pin-type.ts';

describe('pinBadgeText', () => {
  it('names the circle to its author, and says Friend Memory to everyone else (docs/design.md §17)', () => {
    expect(pinBadgeText('own', '2', 'Family')).toBe('Your Memory (Family)');
    expect(pinBadgeText('own', '2')).toBe('Your Memory (Friends)');
    expect(pinBadgeText('own', '1')).toBe('Your Memory (Private)');
    expect(pinBadgeText('own', '3')).toBe('Your Memory (Public)');
    expect(pinBadgeText('friend', '2', undefined)).toBe('Friend Memory');
    expect(pinBadgeText('public', '3')).toBe('Public Memory');
  });
});
