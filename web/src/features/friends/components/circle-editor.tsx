import { CIRCLE_MESSAGES, LIMITS } from '@memory-map/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useSaveCircle } from '../api/save-circle.ts';
import type { Circle, PublicUser } from '../../../lib/api/types.ts';

export interface CircleEditorProps {
  /** The circle to change; null makes a new one. */
  circle: Circle | null;
  friends: PublicUser[];
  onDone: (saved: Circle) => void;
  onCancel: () => void;
}

/**
 * Making or changing a circle (docs/design.md §17): its name and which friends are in it. The
 * name is checked here with the server's words; anything else the server refuses (a name taken,
 * someone no longer a friend) is shown as it says it.
 */
export function CircleEditor({ circle, friends, onDone, onCancel }: CircleEditorProps) {
  const titleId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(circle?.name ?? '');
  const [members, setMembers] = useState<Set<string>>(() => new Set(circle?.memberIds ?? []));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveCircle();

  const toggle = (id: string) =>
    setMembers((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(CIRCLE_MESSAGES.nameRequired);
    if (trimmed.length > LIMITS.circleNameMax) return setError(CIRCLE_MESSAGES.nameTooLong);
    setError(null);
    // Members who stopped being friends have already left the circle on the server.
    const memberIds = friends.filter((f) => members.has(f._id)).map((f) => f._id);
    save.mutate(
      { ...(circle ? { id: circle.id } : {}), name: trimmed, memberIds },
      { onSuccess: onDone, onError: (err) => setError(errorText(err, 'Failed to save the circle')) },
    );
  };

  return (
    <ModalDialog className="dialog-backdrop" labelledBy={titleId} initialFocus={nameRef} onDismiss={() => !save.isPending && onCancel()}>
      <form className="dialog circle-editor" onSubmit={submit} noValidate>
        <h2 id={titleId}>{circle ? 'Edit circle' : 'New circle'}</h2>
        <div className="field">
          <label htmlFor="circle-name">Name</label>
          <input
            id="circle-name"
            ref={nameRef}
            value={name}
            maxLength={LIMITS.circleNameMax + 10}
            placeholder="Family"
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            disabled={save.isPending}
          />
        </div>
        <fieldset className="circle-members">
          <legend>
            People in it: {members.size} of {friends.length} friends
          </legend>
          {friends.length === 0 ? (
            <p className="empty">Add friends first: a circle holds your friends.</p>
          ) : (
            <ul className="circle-member-list">
              {friends.map((f) => (
                <li key={f._id}>
                  <label className="circle-member">
                    <input type="checkbox" checked={members.has(f._id)} onChange={() => toggle(f._id)} disabled={save.isPending} />
                    <span>{f.username}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
