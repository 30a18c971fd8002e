import type { ReactionEmoji } from '@memory-map/shared';
import type { PinReactions } from '../../../lib/api/types.ts';

/** The counts as they are once the viewer picks `next` (null: takes theirs back), before the server answers. */
export function reactionsAfter(current: PinReactions, next: ReactionEmoji | null): PinReactions {
  const counts = { ...current.counts };
  if (current.mine) {
    const left = (counts[current.mine] ?? 1) - 1;
    if (left > 0) counts[current.mine] = left;
    else delete counts[current.mine];
  }
  if (next) counts[next] = (counts[next] ?? 0) + 1;
  return { counts, mine: next };
}

const LABELS: Record<ReactionEmoji, string> = { '❤️': 'Love', '😂': 'Haha', '😮': 'Wow', '😢': 'Sad', '👏': 'Applause', '🔥': 'Fire' };

/** What a screen reader hears for one reaction button: "Love, 3" / "Love, 3, yours". */
export function reactionLabel(emoji: ReactionEmoji, count: number, mine: boolean): string {
  return `${LABELS[emoji]}, ${count}${mine ? ', yours' : ''}`;
}
