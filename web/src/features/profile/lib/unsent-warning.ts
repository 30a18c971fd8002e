import type { KeptDrafts } from '../../../lib/drafts.ts';
import type { OutboxItem } from '../../../lib/outbox/index.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the sign-out confirmation adds when something of the person's is only on this device:
 * signing out erases it (lib/outbox/forget-user.ts), so the person must know before they choose.
 * - Writes waiting in the outbox: new memories and changes to existing ones (edits, deletions)
 *   are counted apart, since "3 memories" would overstate what is lost when two are only edits.
 * - Drafts of forms not yet saved: a new memory's, and edits'.
 */
export function unsentWarning(items: readonly Pick<OutboxItem, 'kind'>[], drafts: KeptDrafts = { newMemory: false, edits: 0 }): string | null {
  const sentences: string[] = [];
  if (items.length > 0) {
    const created = items.filter((i) => i.kind === 'create').length;
    const changed = items.length - created;
    const parts = [
      ...(created > 0 ? [plural(created, 'new memory', 'new memories')] : []),
      ...(changed > 0 ? [plural(changed, 'change to your memories', 'changes to your memories')] : []),
    ];
    const single = items.length === 1;
    sentences.push(
      `${parts.join(' and ')} ${single ? 'has' : 'have'} not been uploaded yet. If you sign out now, ${single ? 'it is' : 'they are'} deleted from this phone and never uploaded.`,
    );
  }
  const draftCount = (drafts.newMemory ? 1 : 0) + drafts.edits;
  if (draftCount > 0) {
    const of = [...(drafts.newMemory ? ['a new memory'] : []), ...(drafts.edits > 0 ? [drafts.edits === 1 ? 'an edit' : `${drafts.edits} edits`] : [])];
    const subject = `The ${draftCount === 1 ? 'draft' : 'drafts'} of ${of.join(' and ')}`;
    sentences.push(
      items.length > 0
        ? `${subject} ${draftCount === 1 ? 'is' : 'are'} deleted too.`
        : `${subject} ${draftCount === 1 ? 'is' : 'are'} kept only on this phone. If you sign out now, ${draftCount === 1 ? 'it is' : 'they are'} deleted.`,
    );
  }
  return sentences.length > 0 ? sentences.join(' ') : null;
}
