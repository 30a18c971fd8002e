import { describe, expect, it } from 'vitest';
import { clearDraftsOf, draftKey, draftsOf, saveDraft, type MemoryDraft } from './drafts.ts';
import { idbGet, idbPut } from './idb.ts';

const draft = (key: string): MemoryDraft => ({
  key,
  title: 't',
  description: 'd',
  visibility: '1',
  tags: [],
  taggedFriends: [],
  whenTouched: false,
  photos: [],
  savedAt: 0,
});

describe('drafts of one person', () => {
  it("counts a kept import plan as neither a new memory nor an edit, and signing out erases it", async () => {
    await saveDraft(draft(draftKey('me', 'new')));
    await saveDraft(draft(draftKey('me', 'pin1')));
    await idbPut('drafts', { key: draftKey('me', 'import'), memories: [] });
    expect(await draftsOf('me')).toEqual({ newMemory: true, edits: 1 });
    await clearDraftsOf('me');
    expect(await idbGet('drafts', draftKey('me', 'import'))).toBeUndefined();
    expect(await draftsOf('me')).toEqual({ newMemory: false, edits: 0 });
  });
});
