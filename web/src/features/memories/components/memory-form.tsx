import { createMemorySchema, LIMITS, MEMORY_MESSAGES, type Visibility } from '@memory-map/shared';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useTaggableFriends } from '../api/friends-for-tagging.ts';
import { EARLIEST_DATE, happenedAtOf, latestDate, whenFieldsOf, whenProblem, type WhenFields } from '../lib/happened-at.ts';
import { addPhotos, draftPhotos, keptPhotos, movePhoto, photoChanges, photosFromDraft, removePhoto, type PhotoItem } from '../lib/photo-list.ts';
import { PhotoDateOffer } from './photo-date-offer.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { TagFriendsModal } from './tag-friends-modal.tsx';
import { useLeaveGuard } from './use-leave-guard.tsx';
import { useMemoryDraft } from './use-memory-draft.ts';
import { TripPicker } from '../../../components/trip-picker.tsx';
import { VisibilityPicker } from '../../../components/visibility-picker.tsx';
import './memories.css';
import type { PinImage, PublicUser } from '../../../lib/api/types.ts';

type FriendLike = Pick<PublicUser, '_id' | 'username' | 'profilePicture'>;

export interface MemoryFormValues {
  title: string;
  description: string;
  visibility: Visibility;
  /** With visibility '2': the author's circle it is for, or null for all friends (docs/design.md §17). */
  circleId: string | null;
  /** The author's trip it is in, or null (docs/design.md §15). */
  tripId: string | null;
  tags: string[];
  /** New photo files, in the order they were placed (create: every photo). */
  files: File[];
  /**
   * Update only: every photo in order, an existing one by id and a new file as "new:<n>"; null
   * when the photos are as they were (lib/photo-list.ts).
   */
  keepImages: string[] | null;
  /** Update only: the memory had photos and now has none. */
  removeImage: boolean;
  /** When it happened; undefined when an existing memory's date was left as it was. */
  happenedAt: string | undefined;
}

export interface MemoryFormProps {
  initial?: Partial<Pick<MemoryFormValues, 'title' | 'description' | 'visibility' | 'circleId' | 'tripId' | 'tags'>> & {
    taggedFriends?: FriendLike[];
    /** An existing memory's photos, in order. */
    images?: PinImage[];
    /** An existing memory's happenedAt; a new memory starts at this moment. */
    happenedAt?: string;
  };
  submitLabel: string;
  /** docs/product.md §8: shown when the server gives no error text. */
  failureText: string;
  /** Sends the memory; `onProgress` gets 0..1 while the photo uploads. */
  save: (values: MemoryFormValues, onProgress: (fraction: number) => void) => Promise<unknown>;
  /** Gets what `save` resolved with (sent, or kept in the outbox). */
  onSaved: (result: unknown) => void;
  /** The latest chosen photo, or null when none is left (create offers to use its GPS position). */
  onImageChange?: (file: File | null) => void;
  /** Where the unsaved entry is kept on the device (lib/drafts.ts); null keeps none. */
  draftKey?: string | null;
  children?: ReactNode;
}

/** Title and description as the server checks them, on create and update alike. */
const memoryTextSchema = createMemorySchema.pick({ title: true, description: true });

/**
 * The form's check before anything is sent. An empty field gets the form's own message
 * (docs/product.md §5); any other refusal of the shared schema (a title of invisible characters
 * only, say) reads as the server would answer it.
 */
function checkMemoryText(title: string, description: string): { ok: true; title: string; description: string } | { ok: false; message: string } {
  if (!title.trim() || !description.trim()) return { ok: false, message: MEMORY_MESSAGES.fillAllFields };
  const parsed = memoryTextSchema.safeParse({ title, description });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? MEMORY_MESSAGES.fillAllFields };
  return { ok: true, ...parsed.data };
}

/** The fields both memory screens share (docs/product.md §2 Create memory / Update memory). */
export const DRAFT_RESTORED = 'Your unsaved draft is back.';
export const DISCARD_TITLE = 'Discard this draft?';
export const DISCARD_MESSAGE = 'What you entered here will be gone.';

export function MemoryForm({ initial, submitLabel, failureText, save, onSaved, onImageChange, draftKey = null, children }: MemoryFormProps) {
  const navigate = useNavigate();
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
  const errorRef = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [tagging, setTagging] = useState(false);
  const [known, setKnown] = useState<Record<string, FriendLike>>(() =>
    Object.fromEntries((initial?.taggedFriends ?? []).map((f) => [f._id, f])),
  );
  // Something was entered since the form opened (or a draft came back): kept, and asked about on leaving.
  const [touched, setTouched] = useState(false);
  const [discarding, setDiscarding] = useState(false);
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

  // A message about what was entered ('Please fill out all fields.', a failed save) is stale as
  // soon as the entry changes.
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
  const draft = useMemoryDraft(draftKey, draftValues, touched, (d) => {
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
  });
  const leave = useLeaveGuard(touched);

  const toggle = useCallback((friend: FriendLike) => {
    setError(null);
    setTouched(true);
    setKnown((k) => ({ ...k, [friend._id]: friend }));
    setTags((t) => (t.includes(friend._id) ? t.filter((id) => id !== friend._id) : [...t, friend._id]));
  }, []);
  const closeTagging = useCallback(() => setTagging(false), []);
  // The message sits by the buttons; on a long form make sure it is on screen.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [error]);

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

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const text = checkMemoryText(title, description);
    if (!text.ok) {
      setError(text.message);
      return;
    }
    const whenWrong = whenProblem(when);
    if (whenWrong) {
      setError(whenWrong);
      return;
    }
    setError(null);
    setBusy(true);
    const changes = photoChanges(initialPhotos, photos);
    setProgress(changes.files.length > 0 ? 0 : null);
    try {
      const result = await save(
        {
          title: text.title,
          description: text.description,
          visibility,
          circleId: visibility === '2' ? circleId : null,
          tripId,
          tags,
          files: changes.files,
          keepImages: changes.keepImages,
          removeImage: changes.removeImage,
          // Sent only when changed: the fields hold a moment to the minute. Untouched, a new memory
          // happened when it is posted (the server's default) and an existing one keeps its date.
          happenedAt: whenTouched ? happenedAtOf(when) : undefined,
        },
        (fraction) => setProgress(fraction),
      );
      leave.release();
      setTouched(false);
      await draft.clear();
      onSaved(result);
    } catch (err) {
      setError(errorText(err, failureText));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  const uploadLabel = photos.filter((item) => item.kind === 'new').length > 1 ? 'Uploading photos' : 'Uploading photo';

  return (
    <form className="memory-form" onSubmit={onSubmit} noValidate>
      {children}
      {draft.restored && touched && (
        <div className="memory-draft card" role="status">
          <span>{DRAFT_RESTORED}</span>
          <button type="button" className="btn btn-secondary" onClick={() => setDiscarding(true)} disabled={busy}>
            Discard draft
          </button>
        </div>
      )}
      <div className="field">
        <label htmlFor="memory-title">Title</label>
        <input
          id="memory-title"
          value={title}
          maxLength={LIMITS.titleMax}
          onChange={(e) => {
            edited();
            setTitle(e.target.value);
          }}
          disabled={busy}
          placeholder="Give this memory a name"
        />
      </div>
      <div className="field">
        <label htmlFor="memory-description">Description</label>
        <textarea
          id="memory-description"
          value={description}
          maxLength={LIMITS.descriptionMax}
          onChange={(e) => {
            edited();
            setDescription(e.target.value);
          }}
          disabled={busy}
          placeholder="What happened here?"
          aria-describedby="memory-description-count"
        />
        <span id="memory-description-count" className="hint memory-counter">
          {description.length}/{LIMITS.descriptionMax}
        </span>
      </div>
      <fieldset className="field memory-when">
        <legend>When it happened</legend>
        <div className="memory-when-row">
          <label className="memory-when-part">
            <span>Date</span>
            <input
              type="date"
              value={when.date}
              min={EARLIEST_DATE}
              max={latestDate()}
              required
              onChange={(e) => {
                edited();
                setWhenTouched(true);
                setWhen((w) => ({ ...w, date: e.target.value }));
              }}
              disabled={busy}
            />
          </label>
          <label className="memory-when-part">
            <span>Time (optional)</span>
            <input
              type="time"
              value={when.time}
              onChange={(e) => {
                edited();
                setWhenTouched(true);
                setWhen((w) => ({ ...w, time: e.target.value }));
              }}
              disabled={busy}
            />
          </label>
        </div>
        <PhotoDateOffer
          file={newestPhoto}
          when={when}
          disabled={busy}
          onUse={(photoWhen) => {
            edited();
            setWhenTouched(true);
            setWhen(photoWhen);
          }}
        />
      </fieldset>
      <PhotoPicker
        items={photos}
        disabled={busy}
        problem={imageError}
        onAdd={addChosen}
        onRemove={removeChosen}
        onMove={(key, delta) => {
          edited();
          setPhotos((items) => movePhoto(items, key, delta));
        }}
      />
      <VisibilityPicker
        value={{ visibility, circleId }}
        onChange={(next) => {
          edited();
          setVisibility(next.visibility);
          setCircleId(next.circleId);
        }}
        disabled={busy}
      />
      <TripPicker
        value={tripId}
        onChange={(next) => {
          edited();
          setTripId(next);
        }}
        disabled={busy}
      />
      <div className="field memory-tags">
        <div className="memory-tags-head">
          <span className="memory-tags-label">Tagged friends: {tags.length}</span>
          <button type="button" className="btn btn-secondary" onClick={() => setTagging(true)} disabled={busy}>
            Tag Friends
          </button>
        </div>
        {tags.length > 0 && (
          <ul className="memory-chips" aria-label="Tagged friends">
            {tags.map((id) => {
              const friend = names[id];
              const name = friend?.username ?? 'Friend';
              return (
                <li key={id} className="memory-chip">
                  <Avatar src={friend?.profilePicture} alt="" size={22} />
                  <span>{name}</span>
                  <button
                    type="button"
                    aria-label={`Remove ${name}`}
                    onClick={() => {
                      edited();
                      setTags((t) => t.filter((x) => x !== id));
                    }}
                    disabled={busy}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {busy && progress !== null && (
        <div className="memory-progress">
          <div
            className="memory-progress-track"
            role="progressbar"
            aria-label={uploadLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
          >
            <div className="memory-progress-bar" style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
          <span className="hint">
            {uploadLabel}… {Math.round(progress * 100)}%
          </span>
        </div>
      )}
      {error && (
        <div className="form-error" role="alert" ref={errorRef}>
          {error}
        </div>
      )}
      <div className="memory-actions">
        <button type="button" className="btn btn-secondary" onClick={() => (touched ? setDiscarding(true) : navigate(paths.landing))} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving...' : submitLabel}
        </button>
      </div>
      <TagFriendsModal open={tagging} selected={tags} onToggle={toggle} onClose={closeTagging} />
      {leave.dialog}
      <ConfirmDialog
        open={discarding}
        title={DISCARD_TITLE}
        message={DISCARD_MESSAGE}
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        danger
        onConfirm={() => {
          setDiscarding(false);
          leave.release();
          setTouched(false);
          void draft.clear().then(() => navigate(paths.landing));
        }}
        onCancel={() => setDiscarding(false)}
      />
    </form>
  );
}
