import { OUTBOX_PATHS, type OutboxFile, type OutboxItem, type OutboxKind, type OutboxPreview } from './outbox-item.ts';

let last = 0;
/** Strictly increasing within a tab, and across tabs close enough to the order the person acted. */
function nextSeq(): number {
  last = Math.max(last + 1, Date.now());
  return last;
}

/** A UUID (crypto.randomUUID needs a secure context; an http:// test server on a LAN address lacks it). */
export function clientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const METHODS = { create: 'POST', update: 'PUT', delete: 'DELETE' } as const;

/** A write as the outbox keeps it, ready to send. */
export function newOutboxItem(args: {
  kind: OutboxKind;
  userId: string;
  /** For an edit or a delete: the memory's id (a server id, or a waiting create's). */
  pinId?: string;
  fields: Record<string, string>;
  files?: OutboxFile[];
  preview: OutboxPreview;
}): OutboxItem {
  const id = clientId();
  return {
    id,
    userId: args.userId,
    seq: nextSeq(),
    kind: args.kind,
    pinId: args.kind === 'create' ? id : (args.pinId ?? ''),
    method: METHODS[args.kind],
    path: OUTBOX_PATHS[args.kind],
    fields: args.fields,
    files: args.files ?? [],
    preview: args.preview,
    attempts: 0,
    nextTryAt: 0,
    version: 0,
  };
}
