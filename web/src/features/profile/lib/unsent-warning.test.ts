import { describe, expect, it } from 'vitest';
import { unsentWarning } from './unsent-warning.ts';

const of = (...kinds: Array<'create' | 'update' | 'delete'>) => kinds.map((kind) => ({ kind }));

describe('unsentWarning', () => {
  it('says nothing when nothing waits', () => {
    expect(unsentWarning([])).toBeNull();
  });

  it('counts new memories and changes apart, in plain words', () => {
    expect(unsentWarning(of('create'))).toBe(
      '1 new memory has not been uploaded yet. If you sign out now, it is deleted from this phone and never uploaded.',
    );
    expect(unsentWarning(of('create', 'create'))).toBe(
      '2 new memories have not been uploaded yet. If you sign out now, they are deleted from this phone and never uploaded.',
    );
    expect(unsentWarning(of('update'))).toBe(
      '1 change to your memories has not been uploaded yet. If you sign out now, it is deleted from this phone and never uploaded.',
    );
    expect(unsentWarning(of('create', 'update', 'delete'))).toBe(
      '1 new memory and 2 changes to your memories have not been uploaded yet. If you sign out now, they are deleted from this phone and never uploaded.',
    );
  });
});

describe('unsentWarning with drafts', () => {
  it('names the drafts that signing out deletes, alone or after the waiting writes', () => {
    expect(unsentWarning([], { newMemory: true, edits: 0 })).toBe('The draft of a new memory is kept only on this phone. If you sign out now, it is deleted.');
    expect(unsentWarning([], { newMemory: false, edits: 2 })).toBe('The drafts of 2 edits are kept only on this phone. If you sign out now, they are deleted.');
    expect(unsentWarning(of('create'), { newMemory: true, edits: 1 })).toBe(
      '1 new memory has not been uploaded yet. If you sign out now, it is deleted from this phone and never uploaded. The drafts of a new memory and an edit are deleted too.',
    );
    expect(unsentWarning([], { newMemory: false, edits: 0 })).toBeNull();
  });
});
