import { Avatar } from '../../../components/avatar.tsx';
import type { FriendLike } from './memory-form-values.ts';

/** The count of tagged friends, the button that opens the Tag Friends modal, and a chip per friend. */
export function TaggedFriendsField({
  tags,
  names,
  disabled,
  onOpenTagging,
  onUntag,
}: {
  tags: string[];
  names: Record<string, FriendLike>;
  disabled: boolean;
  onOpenTagging: () => void;
  onUntag: (id: string) => void;
}) {
  return (
    <div className="field memory-tags">
      <div className="memory-tags-head">
        <span className="memory-tags-label">Tagged friends: {tags.length}</span>
        <button type="button" className="btn btn-secondary" onClick={onOpenTagging} disabled={disabled}>
          Tag Friends
        </button>
      </div>
      {tags.length > 0 && (
        <ul className="memory-chips" aria-label="Tagged friends">
          {tags.map((id) => {
            const friend = names[id];
            // A tag whose name has not arrived yet (the friend list is on its way) still reads as someone.
            const name = friend?.username ?? 'Friend';
            return (
              <li key={id} className="memory-chip">
                <Avatar src={friend?.profilePicture} alt="" size={22} />
                <span>{name}</span>
                <button type="button" aria-label={`Remove ${name}`} onClick={() => onUntag(id)} disabled={disabled}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
