import type { OutboxItem } from '../../../lib/outbox/index.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The sentence the sign-out confirmation adds when writes still wait in the outbox: signing out
 * erases them from the device (lib/outbox/forget-user.ts), so the person must know before they
 * choose. New memories and changes to existing ones (edits, deletions) are counted apart, since
 * "3 memories" would overstate what is lost when two of them are only edits.
 */
export function unsentWarning(items: readonly Pick<OutboxItem, 'kind'>[]): string | null {
  const created = items.filter((i) => i.kind === 'create').length;
  const changed = items.length - created;
  if (items.length === 0) return null;
  const parts = [
    ...(created > 0 ? [plural(created, 'new memory', 'new memories')] : []),
    ...(changed > 0 ? [plural(changed, 'change to your memories', 'changes to your memories')] : []),
  ];
  const single = items.length === 1;
  return `${parts.join(' and ')} ${single ? 'has' : 'have'} not been uploaded yet. If you sign out now, ${single ? 'it is' : 'they are'} deleted from this phone and never uploaded.`;
}
