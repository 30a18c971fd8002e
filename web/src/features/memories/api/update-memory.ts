import type { Visibility } from '@memory-map/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pin } from '../../../lib/api/types.ts';
import { memoryChanged } from '../../../lib/effects/memory.ts';
import { newOutboxItem, submitWrite, type SubmitResult } from '../../../lib/outbox/index.ts';
import { getStoredUser } from '../../../lib/session.ts';
import { updatePinFields } from '../../../lib/update-pin-fields.ts';
import { photoForUpload } from '../lib/resize-photo.ts';

export interface UpdateMemoryInput {
  pinId: string;
  title: string;
  description: string;
  visibility: Visibility;
  /** With '2': the author's circle, or null for all friends (docs/design.md §17). */
  circleId: string | null;
  /** The memory was for a circle when the form opened: no circle now is sent as a clearing. */
  hadCircle?: boolean;
  /** The author's trip it is in, or null for none (docs/design.md §15). */
  tripId?: string | null;
  /** The trip it was in when the form opened: sent only when it changes. */
  hadTripId?: string | null;
  tags: string[];
  /** New photo files, in the order they were placed. */
  files: File[];
  /**
   * Every photo in order, an existing one by id and a new file as "new:<n>" (docs/design.md §12);
   * null when the photos did not change.
   */
  keepImages: string[] | null;
  /** The memory had photos and now has none (the original client's way of saying so). */
  removeImage: boolean;
  /** When it happened; absent keeps what the memory has. */
  happenedAt?: string;
  /** A new position (the map's Move); absent keeps it where it is. The server names the place again. */
  position?: { latitude: number; longitude: number };
  /** Where it is now, for the map while the edit waits in the outbox. */
  at?: { latitude: number; longitude: number };
  onProgress?: (fraction: number) => void;
}

/**
 * PUT /api/update_pin, multipart: tags only if non-empty; keepImages and the new photos (each
 * resized on the device) only when the photos changed (removeImage as well when none is left);
 * happenedAt and the position only when they change. Through the outbox like a create: offline it
 * waits and is sent later ('queued').
 */
export async function updateMemory({ onProgress, ...input }: UpdateMemoryInput): Promise<SubmitResult<Pin>> {
  const fields = updatePinFields({
    pinId: input.pinId,
    title: input.title,
    description: input.description,
    visibility: input.visibility,
    // Left out, the server keeps the memory's circle while it stays '2' (the original client's way);
    // null (sent empty) clears it.
    circleId: input.visibility === '2' && input.circleId ? input.circleId : input.hadCircle ? null : undefined,
    // Left out, the memory stays in its trip; null (sent empty) takes it out.
    tripId: input.tripId !== undefined && (input.tripId ?? null) !== (input.hadTripId ?? null) ? input.tripId : undefined,
    tags: input.tags.length ? input.tags : undefined,
    happenedAt: input.happenedAt || undefined,
    latitude: input.position?.latitude,
    longitude: input.position?.longitude,
    keepImages: input.keepImages ?? undefined,
    removeImage: input.removeImage ? 'true' : undefined,
  });
  const photos = await Promise.all(input.files.map((file) => photoForUpload(file)));
  const where = input.position ?? input.at ?? { latitude: 0, longitude: 0 };
  const item = newOutboxItem({
    kind: 'update',
    userId: getStoredUser()?._id ?? '',
    pinId: input.pinId,
    fields,
    // Files after the fields (the outbox sends them so): the server reads them as they arrive.
    files: photos.map((photo) => ({ field: 'image', name: photo.name, blob: photo })),
    preview: { title: input.title, description: input.description, visibility: input.visibility, happenedAt: input.happenedAt, ...where },
  });
  return submitWrite<Pin>(item, onProgress);
}

export function useUpdateMemory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMemory, onSuccess: () => void memoryChanged(queryClient, 'updated') });
}
