import { useMemo, useSyncExternalStore } from 'react';
import { useSession } from '../session.ts';
import type { OutboxItem } from './outbox-item.ts';
import { outboxSnapshot, subscribeOutbox } from './outbox-store.ts';

export interface PendingMemories {
  /** The signed-in person's waiting writes, in sending order. */
  items: OutboxItem[];
  /** Memories made here and not yet on the server. */
  creates: OutboxItem[];
  /** Server memories with a delete waiting: the map and the feed leave them out. */
  deleting: Set<string>;
  /** Server memories with an edit waiting. */
  editing: Map<string, OutboxItem>;
}

/** A page drawn at build time shows nothing waiting (app/prerender.tsx). */
const NONE: readonly OutboxItem[] = [];
const noneYet = (): readonly OutboxItem[] => NONE;

/** What the signed-in person has waiting in the outbox, updated as it changes (in any tab). */
export function usePendingMemories(): PendingMemories {
  const all = useSyncExternalStore(subscribeOutbox, outboxSnapshot, noneYet);
  const { user } = useSession();
  const userId = user?._id;
  return useMemo(() => {
    const items = userId ? all.filter((i) => i.userId === userId) : [];
    return {
      items,
      creates: items.filter((i) => i.kind === 'create'),
      deleting: new Set(items.filter((i) => i.kind === 'delete').map((i) => i.pinId)),
      editing: new Map(items.filter((i) => i.kind === 'update').map((i) => [i.pinId, i])),
    };
  }, [all, userId]);
}
