import { LIMITS } from '@memory-map/shared';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TripPicker } from '../../../components/trip-picker.tsx';
import { VisibilityPicker } from '../../../components/visibility-picker.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { happenedAtOf, whenProblem } from '../lib/happened-at.ts';
import { checkMemoryText } from '../lib/memory-text.ts';
import { photoChanges } from '../lib/photo-list.ts';
import type { MemoryFormInitial, MemoryFormValues } from './memory-form-values.ts';
import { PhotoPicker } from './photo-picker.tsx';
import { TagFriendsModal } from './tag-friends-modal.tsx';
import { TaggedFriendsField } from './tagged-friends-field.tsx';
import { UploadProgress } from './upload-progress.tsx';
import { useLeaveGuard } from './use-leave-guard.tsx';
import { useMemoryDraft } from './use-memory-draft.ts';
import { useMemoryFields } from './use-memory-fields.ts';
import { WhenFields } from './when-fields.tsx';
import './memories.css';

export type { MemoryFormValues } from './memory-form-values.ts';

export interface MemoryFormProps {
  initial?: MemoryFormInitial;
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

/** The fields both memory screens share (docs/product.md §2 Create memory / Update memory). */
export const DRAFT_RESTORED = 'Your unsaved draft is back.';
export const DISCARD_TITLE = 'Discard this draft?';
export const DISCARD_MESSAGE = 'What you entered here will be gone.';

/**
 * The form both memory screens share. What is entered lives in use-memory-fields, its copy on the
 * device in use-memory-draft; this component checks and sends it, and asks before anything is lost.
 */
export function MemoryForm({ initial, submitLabel, failureText, save, onSaved, onImageChange, draftKey = null, children }: MemoryFormProps) {
  const navigate = useNavigate();
  const fields = useMemoryFields(initial, onImageChange);
  const { touched, error } = fields;
  const draft = useMemoryDraft(draftKey, fields.draftValues, touched, fields.restore);
  const leave = useLeaveGuard(touched);
  const errorRef = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [tagging, setTagging] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const closeTagging = useCallback(() => setTagging(false), []);

  // The message sits by the buttons; on a long form make sure it is on screen.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [error]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const text = checkMemoryText(fields.title, fields.description);
    if (!text.ok) {
      fields.setError(text.message);
      return;
    }
    const whenWrong = whenProblem(fields.when);
    if (whenWrong) {
      fields.setError(whenWrong);
      return;
    }
    fields.setError(null);
    setBusy(true);
    const changes = photoChanges(fields.initialPhotos, fields.photos);
    setProgress(changes.files.length > 0 ? 0 : null);
    try {
      const result = await save(
        {
          title: text.title,
          description: text.description,
          visibility: fields.visibility,
          circleId: fields.visibility === '2' ? fields.circleId : null,
          tripId: fields.tripId,
          tags: fields.tags,
          files: changes.files,
          keepImages: changes.keepImages,
          removeImage: changes.removeImage,
          // Sent only when changed: the fields hold a moment to the minute. Untouched, a new memory
          // happened when it is posted (the server's default) and an existing one keeps its date.
          happenedAt: fields.whenTouched ? happenedAtOf(fields.when) : undefined,
        },
        (fraction) => setProgress(fraction),
      );
      leave.release();
      fields.settle();
      await draft.clear();
      onSaved(result);
    } catch (err) {
      fields.setError(errorText(err, failureText));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  const uploadLabel = fields.photos.filter((item) => item.kind === 'new').length > 1 ? 'Uploading photos' : 'Uploading photo';

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
          value={fields.title}
          maxLength={LIMITS.titleMax}
          onChange={(e) => fields.changeTitle(e.target.value)}
          disabled={busy}
          placeholder="Give this memory a name"
        />
      </div>
      <div className="field">
        <label htmlFor="memory-description">Description</label>
        <textarea
          id="memory-description"
          value={fields.description}
          maxLength={LIMITS.descriptionMax}
          onChange={(e) => fields.changeDescription(e.target.value)}
          disabled={busy}
          placeholder="What happened here?"
          aria-describedby="memory-description-count"
        />
        <span id="memory-description-count" className="hint memory-counter">
          {fields.description.length}/{LIMITS.descriptionMax}
        </span>
      </div>
      <WhenFields when={fields.when} newestPhoto={fields.newestPhoto} disabled={busy} onChange={fields.changeWhen} />
      <PhotoPicker
        items={fields.photos}
        disabled={busy}
        problem={fields.imageError}
        onAdd={fields.addChosen}
        onRemove={fields.removeChosen}
        onMove={fields.moveChosen}
      />
      <VisibilityPicker value={{ visibility: fields.visibility, circleId: fields.circleId }} onChange={fields.changeAudience} disabled={busy} />
      <TripPicker value={fields.tripId} onChange={fields.changeTrip} disabled={busy} />
      <TaggedFriendsField tags={fields.tags} names={fields.names} disabled={busy} onOpenTagging={() => setTagging(true)} onUntag={fields.untag} />
      {busy && progress !== null && <UploadProgress progress={progress} label={uploadLabel} />}
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
      <TagFriendsModal open={tagging} selected={fields.tags} onToggle={fields.toggleFriend} onClose={closeTagging} />
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
          fields.settle();
          void draft.clear().then(() => navigate(paths.landing));
        }}
        onCancel={() => setDiscarding(false)}
      />
    </form>
  );
}
