import { REACTION_EMOJIS, type ReactionEmoji } from '@memory-map/shared';
import { reactionLabel } from '../lib/reactions.ts';
import type { PinReactions } from '../../../lib/api/types.ts';

/** The six reactions of docs/design.md §14, each with its count; the viewer's own is pressed. */
export function ReactionsBar({ reactions, onPick, disabled }: { reactions: PinReactions; onPick: (emoji: ReactionEmoji | null) => void; disabled?: boolean }) {
  return (
    <div className="reactions-bar" role="group" aria-label="Reactions">
      {REACTION_EMOJIS.map((emoji) => {
        const count = reactions.counts[emoji] ?? 0;
        const mine = reactions.mine === emoji;
        return (
          <button
            key={emoji}
            type="button"
            className={mine ? 'reaction reaction-mine' : 'reaction'}
            aria-pressed={mine}
            aria-label={reactionLabel(emoji, count, mine)}
            disabled={disabled}
            // Pressing one's own again takes it back.
            onClick={() => onPick(mine ? null : emoji)}
          >
            <span aria-hidden="true">{emoji}</span>
            {count > 0 && <span className="reaction-count" aria-hidden="true">{count}</span>}
          </button>
        );
      })}
    </div>
  );
}
