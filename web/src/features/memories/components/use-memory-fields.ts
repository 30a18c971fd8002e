import type { Visibility } from '@memory-map/shared';
import { useCallback, useMemo, useState } from 'react';
import type { MemoryDraft } from '../../../lib/drafts.ts';
import { useTaggableFriends } from '../api/friends-for-tagging.ts';
import { whenFieldsOf, type WhenFields } from '../lib/happened-at.ts';
import { addPhotos, draftPhotos, keptPhotos, movePhoto, photosFromDraft, removePhoto, type PhotoItem } from '../lib/photo-list.ts';
import type { FriendLike, MemoryFormInitial } from './memory-form-values.ts';

/**
 * What is entered in a memory form, and every way of changing it. Each change marks the form as
 * touched (kept as a draft, asked about on leaving) and clears the message about the last entry:
 * 'Please fill out all fields.' or a failed save is stale as soon as the entry changes.
 */
export function useMemoryFields(initial: MemoryFormInitial | undefined, onImageChange: ((file: File | null) => void) | undefined) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [visibility, setVisibility] = useState<Visibility>(initial?.visibility ?? '1');
  const [circleId, setCircleId] = useState<string | null>(initial?.circleId ?? null);
  const [tripId, setTripId] = useState<string | null>(initial?.tripId ?? null);
  const [tags, setTags] = useState<string[]>(() => [...new Set(initial?.tags ?? [])]);
  const [initialPhotos] = useState<PhotoItem[]>(() => keptPhotos(initial?.images ?? []));
  const [photos, setPhotos] = useState<PhotoItem[]>(initialPhotos);
  const [when, setWhen] = useState<WhenFields>(() => whenFieldsOf(initial?.happenedAt));
  const [whenTouched, setWhenTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [known, setKnown] = useState<Record<string, FriendLike>>(() => Object.fromEntries((initial?.taggedFriends ?? []).map((f) => [f._id, f])));
  // Something was entered since the form opened (or a draft came back): kept, and asked about on leaving.
  const [touched, setTouched] = useState(false);
  // The latest chosen photo, whose capture date the form offers (photo-date-offer.tsx).
  const [newestPhoto, setNewestPhoto] = useState<File | null>(null);
  const imageChanged = useCallback(
    (file: File | null) => {
      setNewestPhoto(file);
      onImageChange?.(file);
    },
    [onImageChange],
  );

  // Names of tags that arrived without them (update from an older pin) come from the friend list.
  const missingNames = tags.some((id) => !known[id]);
  const friends = useTaggableFriends(missingNames);
  const names = useMemo(() => {
    const all: Record<string, FriendLike> = { ...known };
    for (const f of friends.data ?? []) all[f._id] ??= f;
    return all;
  }, [known, friends.data]);

  const edited = useCallback(() => {
    setError(null);
    setTouched(true);
  }, []);

  const draftValues = useMemo(
    () => ({
      title,
      description,
      visibility,
      circleId,
      tripId,
      tags,
      taggedFriends: tags.flatMap((id) => (names[id] ? [names[id]] : [])),
      when,
      whenTouched,
      photos: draftPhotos(photos),
    }),
    [title, description, visibility, circleId, tripId, tags, names, when, whenTouched, photos],
  );

  /** A draft kept on the device comes back in place of what the form opened with. */
  function restore(d: MemoryDraft) {
    setTitle(d.title);
    setDescription(d.description);
    setVisibility(d.visibility);
    setCircleId(d.circleId ?? null);
    // A draft from before trips keeps the form's own choice (the memory's trip, when updating).
    if (d.tripId !== undefined) setTripId(d.tripId);
    setTags(d.tags);
    setKnown((k) => ({ ...Object.fromEntries(d.taggedFriends.map((f) => [f._id, f])), ...k }));
    setWhen(d.when ?? whenFieldsOf(d.happenedAt));
    setWhenTouched(d.whenTouched);
    const restored = photosFromDraft(d.photos ?? []);
    setPhotos(restored);
    const newest = restored.findLast((item) => item.kind === 'new');
    if (newest?.kind === 'new') imageChanged(newest.file);
    setTouched(true);
  }

  const toggleFriend = useCallback(
    (friend: FriendLike) => {
      edited();
      setKnown((k) => ({ ...k, [friend._id]: friend }));
      setTags((t) => (t.includes(friend._id) ? t.filter((id) => id !== friend._id) : [...t, friend._id]));
    },
    [edited],
  );

  function changeWhen(next: (w: WhenFields) => WhenFields) {
    edited();
    setWhenTouched(true);
    setWhen(next);
  }

  function addChosen(files: File[]) {
    edited();
    const added = addPhotos(photos, files);
    setImageError(added.problem);
    if (added.items === photos) return;
    setPhotos(added.items);
    const newest = added.items.at(-1);
    if (newest?.kind === 'new') imageChanged(newest.file);
  }

  function removeChosen(key: string) {
    edited();
    setImageError(null);
    const next = removePhoto(photos, key);
    setPhotos(next);
    if (!next.some((item) => item.kind === 'new')) imageChanged(null);
  }

  return {
    title,
    description,
    visibility,
    circleId,
    tripId,
    tags,
    photos,
    initialPhotos,
    when,
    whenTouched,
    names,
    newestPhoto,
    touched,
    error,
    setError,
    imageError,
    draftValues,
    restore,
    /** Saved or discarded: nothing is left to keep or to ask about. */
    settle: () => setTouched(false),
    changeTitle: (value: string) => {
      edited();
      setTitle(value);
    },
    changeDescription: (value: string) => {
      edited();
      setDescription(value);
    },
    changeWhen,
    changeAudience: (next: { visibility: Visibility; circleId: string | null }) => {
      edited();
      setVisibility(next.visibility);
      setCircleId(next.circleId);
    },
    changeTrip: (next: string | null) => {
      edited();
      setTripId(next);
    },
    toggleFriend,
    untag: (id: string) => {
      edited();
      setTags((t) => t.filter((x) => x !== id));
    },
    addChosen,
    removeChosen,
    moveChosen: (key: string, delta: -1 | 1) => {
      edited();
      setPhotos((items) => movePhoto(items, key, delta));
    },
  };
}
