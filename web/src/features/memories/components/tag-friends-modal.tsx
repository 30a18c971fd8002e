import { useId, useRef } from 'react';
import { Avatar } from '../../../components/avatar.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useTaggableFriends } from '../api/friends-for-tagging.ts';
import type { PublicUser } from '../../../lib/api/types.ts';

export interface TagFriendsModalProps {
  open: boolean;
  selected: string[];
  onToggle: (friend: PublicUser) => void;
  onClose: () => void;
}

/** docs/product.md §2 "Tag Friends modal": the friends, each toggled by a click, a count and Done; 80% of the viewport high. */
export function TagFriendsModal({ open, selected, onToggle, onClose }: TagFriendsModalProps) {
  const titleId = useId();
  const doneRef = useRef<HTMLButtonElement>(null);
  const friends = useTaggableFriends(open);

  if (!open) return null;
  const list = friends.data ?? [];
  return (
    <ModalDialog className="dialog-backdrop" labelledBy={titleId} initialFocus={doneRef} onDismiss={onClose}>
      <div className="tag-modal">
        <header className="tag-modal-head">
          <h2 id={titleId}>Tag Friends</h2>
          <p className="tag-modal-count" aria-live="polite">
            {selected.length} friend(s) selected
          </p>
        </header>
        <div className="tag-modal-body">
          {friends.isPending ? (
            <div className="tag-modal-state">
              <Spinner label="Loading friends" />
            </div>
          ) : list.length === 0 ? (
            <div className="tag-modal-state empty">
              <p>No friends to tag</p>
              <p className="hint">Friends you add on the Friends tab can be tagged here.</p>
            </div>
          ) : (
            <ul className="tag-modal-list">
              {list.map((friend) => {
                const on = selected.includes(friend._id);
                return (
                  <li key={friend._id}>
                    <button type="button" className={on ? 'tag-row selected' : 'tag-row'} aria-pressed={on} onClick={() => onToggle(friend)}>
                      <Avatar src={friend.profilePicture} alt="" size={40} />
                      <span className="tag-row-name">{friend.username}</span>
                      <span className="tag-row-check" aria-hidden="true">
                        {on ? '✓' : ''}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <footer className="tag-modal-foot">
          <button type="button" ref={doneRef} className="btn btn-primary btn-block" onClick={onClose}>
            Done
          </button>
        </footer>
      </div>
    </ModalDialog>
  );
}
