import { paths } from '../../config/paths.ts';
import type { NewLocationState } from '../../config/route-state.ts';
import { draftKey, saveDraft } from '../drafts.ts';
import type { OutboxItem } from './outbox-item.ts';
import { discardOutboxItem } from './outbox-store.ts';

function tagsOf(raw: string | undefined): string[] {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A memory the server refused goes back into the create form to be fixed: it becomes the form's
 * draft (photos included) before it leaves the outbox, so it is never in neither place.
 */
export async function editPendingMemory(item: OutboxItem): Promise<{ path: string; state: NewLocationState }> {
  await saveDraft({
    key: draftKey(item.userId, 'new'),
    title: item.fields.title ?? item.preview.title,
    description: item.fields.description ?? item.preview.description,
    visibility: item.preview.visibility,
    tags: tagsOf(item.fields.tags),
    taggedFriends: [],
    happenedAt: item.fields.happenedAt,
    whenTouched: Boolean(item.fields.happenedAt),
    photos: item.files.map((file) => ({ name: file.name, type: file.blob.type, blob: file.blob })),
    savedAt: Date.now(),
  });
  await discardOutboxItem(item.id);
  return {
    path: paths.newLocation,
    state: { lat: item.preview.latitude, lng: item.preview.longitude, fromMap: true, visibility: item.preview.visibility },
  };
}
