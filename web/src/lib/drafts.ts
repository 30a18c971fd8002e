import { idbAll, idbDelete, idbGet, idbPut, idbReplace } from './idb.ts';
import type { Visibility } from '@memory-map/shared';

/**
 * A half-written memory kept on the device (issue 16), so a reload, a tap on the bottom
 * navigation or a closed tab loses nothing. One draft per person for a new memory and one per
 * memory being edited; the photos are kept too, in their order (IndexedDB holds Blobs). Saving or
 * discarding the memory clears it.
 */
export interface DraftPhoto {
  name: string;
  type: string;
  blob: Blob;
}

/** One photo of the form's list: a chosen file, or (an edit) one the memory already has. */
export type DraftPhotoEntry = DraftPhoto | { id: string; url: string };

export interface MemoryDraft {
  key: string;
  title: string;
  description: string;
  visibility: Visibility;
  /** The circle chosen with '2' (docs/design.md §17); absent in drafts of an older version. */
  circleId?: string | null;
  /** The trip chosen (docs/design.md §15); absent in drafts of an older version. */
  tripId?: string | null;
  tags: string[];
  /** Names and pictures of the tagged friends, so the chips show without asking the server. */
  taggedFriends: Array<{ _id: string; username: string; profilePicture: string }>;
  /** The form's date and time fields; absent, they come from `happenedAt` (a memory taken back from the outbox). */
  when?: { date: string; time: string };
  happenedAt?: string;
  whenTouched: boolean;
  /** Every photo in the order it shows (an edit: the memory's own ones it keeps, too). */
  photos: DraftPhotoEntry[];
  savedAt: number;
}

/** 'new' for the create form, 'import' for the import's plan, else the memory's id. */
export function draftKey(userId: string, memoryId: string | 'new' | 'import'): string {
  return `${userId}:${memoryId}`;
}

export async function loadDraft(key: string): Promise<MemoryDraft | undefined> {
  try {
    return await idbGet<MemoryDraft>('drafts', key);
  } catch {
    return undefined;
  }
}

export async function saveDraft(draft: MemoryDraft): Promise<void> {
  try {
    await idbPut('drafts', draft);
  } catch {
    // Storage full or refused: the form still works; only the keeping across a reload is lost.
  }
}

export async function clearDraft(key: string): Promise<void> {
  try {
    await idbDelete('drafts', key);
  } catch {
    // Nothing to clear.
  }
}

/** What one person keeps as drafts: whether a new memory's, and how many edits' of existing ones. */
export interface KeptDrafts {
  newMemory: boolean;
  edits: number;
}

/** What one person keeps as drafts on this device (the sign-out confirmation says so). */
export async function draftsOf(userId: string): Promise<KeptDrafts> {
  try {
    // The import's plan (features/import) is kept here too, so signing out erases it; it is no edit.
    const keys = (await draftKeysOf(userId)).filter((key) => key !== draftKey(userId, 'import'));
    const newMemory = keys.includes(draftKey(userId, 'new'));
    return { newMemory, edits: keys.length - (newMemory ? 1 : 0) };
  } catch {
    return { newMemory: false, edits: 0 };
  }
}

/** Every draft of one person (signing out erases them from the device). */
export async function clearDraftsOf(userId: string): Promise<void> {
  try {
    await idbReplace('drafts', [], await draftKeysOf(userId));
  } catch {
    // Nothing readable to clear.
  }
}

async function draftKeysOf(userId: string): Promise<string[]> {
  return (await idbAll<MemoryDraft>('drafts')).map((d) => d.key).filter((key) => key.startsWith(draftKey(userId, '')));
}

export function photoFile(photo: DraftPhoto): File {
  return new File([photo.blob], photo.name, { type: photo.type });
}
