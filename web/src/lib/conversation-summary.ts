import type { Pin } from './api/types.ts';

/** All reactions of a memory, whatever the emoji. */
function reactionTotal(pin: Pick<Pin, 'reactions'>): number {
  return Object.values(pin.reactions?.counts ?? {}).reduce((a, b) => a + b, 0);
}

/**
 * What a feed card and a map popup show of a memory's conversation (docs/design.md §14), on the
 * button that opens its screen: "❤️ 3 · 💬 2", or "Comment" while there is none. A pin cached by an
 * older version of the app has no counts: it shows "Comment".
 */
export function conversationSummary(pin: Pick<Pin, 'reactions' | 'commentCount'>): string {
  const reactions = reactionTotal(pin);
  const comments = pin.commentCount ?? 0;
  const parts = [reactions > 0 ? `❤️ ${reactions}` : '', comments > 0 ? `💬 ${comments}` : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Comment';
}

/** The same for a screen reader: "Open Lake day: 3 reactions, 2 comments". */
export function conversationLabel(pin: Pick<Pin, 'title' | 'reactions' | 'commentCount'>): string {
  const n = reactionTotal(pin);
  const c = pin.commentCount ?? 0;
  return `Open ${pin.title}: ${n === 1 ? '1 reaction' : `${n} reactions`}, ${c === 1 ? '1 comment' : `${c} comments`}`;
}
