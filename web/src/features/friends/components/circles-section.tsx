import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadProblem } from '../../../components/load-problem.tsx';
import { LoadingDots } from '../../../components/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useCircles } from '../../../lib/circles.ts';
import { useDeleteCircle } from '../api/delete-circle.ts';
import { CircleEditor } from './circle-editor.tsx';
import type { Circle, PublicUser } from '../../../lib/api/types.ts';

export function peopleCountText(n: number): string {
  return n === 1 ? '1 person' : `${n} people`;
}

/** What deleting a circle does to its memories (docs/design.md §17), said before it happens. */
export function deleteCircleDetail(name: string): string {
  return `Memories shared with “${name}” become private: only you will see them.`;
}

interface CirclesSectionProps {
  friends: PublicUser[];
  /** Tells the screen's toast what happened. */
  onMessage: (text: string, kind?: 'error') => void;
}

/** The Friends screen's circles (docs/design.md §17): make, rename, set members, delete. */
export function CirclesSection({ friends, onMessage }: CirclesSectionProps) {
  const circles = useCircles();
  const removal = useDeleteCircle();
  // undefined: no editor open; null: a new circle.
  const [editing, setEditing] = useState<Circle | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<Circle | null>(null);
  const names = new Map(friends.map((f) => [f._id, f.username]));

  const confirmDelete = () => {
    const target = toDelete;
    if (!target) return;
    removal.mutate(target.id, {
      onSuccess: () => {
        setToDelete(null);
        onMessage(`Circle “${target.name}” deleted`);
      },
      onError: (err) => {
        setToDelete(null);
        onMessage(errorText(err, 'Failed to delete the circle'), 'error');
      },
    });
  };

  const list = circles.data ?? [];
  return (
    <section className="circles" aria-labelledby="circles-heading">
      <div className="friends-heading">
        <h2 id="circles-heading">Circles</h2>
        <button type="button" className="btn btn-secondary circles-new" onClick={() => setEditing(null)}>
          New circle
        </button>
      </div>
      <p className="circles-hint">Share a memory with a circle only: pick it under Visibility.</p>
      {circles.isPending ? (
        <LoadingDots label="Loading circles" />
      ) : circles.isError ? (
        <LoadProblem message="Failed to load your circles. Please try again later." onRetry={() => void circles.refetch()} />
      ) : list.length === 0 ? (
        <p className="empty">No circles yet. Make one for family, a club, close friends…</p>
      ) : (
        <ul className="list" aria-label="Circles">
          {list.map((c) => (
            <li key={c.id} className="list-row circle-row">
              <div className="circle-row-text">
                <span className="circle-name">{c.name}</span>
                <span className="circle-people" title={c.memberIds.map((id) => names.get(id) ?? '').join(', ')}>
                  {peopleCountText(c.memberIds.length)}
                </span>
              </div>
              <button type="button" className="btn btn-secondary" aria-label={`Edit ${c.name}`} onClick={() => setEditing(c)}>
                Edit
              </button>
              <button type="button" className="btn btn-secondary friends-remove" aria-label={`Delete ${c.name}`} onClick={() => setToDelete(c)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {editing !== undefined && (
        <CircleEditor
          circle={editing}
          friends={friends}
          onCancel={() => setEditing(undefined)}
          onDone={(saved) => {
            setEditing(undefined);
            onMessage(editing ? `Circle “${saved.name}” saved` : `Circle “${saved.name}” made`);
          }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete circle"
        message={`Delete the circle “${toDelete?.name ?? ''}”?`}
        detail={deleteCircleDetail(toDelete?.name ?? '')}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={removal.isPending}
        danger
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
