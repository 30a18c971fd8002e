/**
 * Event ids are Redis stream ids, `<milliseconds>-<sequence>`, in both transports: one user's ids
 * only ever grow, so "what did this user miss after X" is a range, and a reconnect may land on any
 * app server.
 */
const EVENT_ID_RE = /^(\d{1,15})-(\d{1,15})$/;

export interface EventId {
  ms: number;
  seq: number;
}

export function parseEventId(text: string): EventId | null {
  const match = EVENT_ID_RE.exec(text);
  if (!match) return null;
  return { ms: Number(match[1]), seq: Number(match[2]) };
}

export function formatEventId(id: EventId): string {
  return `${id.ms}-${id.seq}`;
}

/** Negative when a is older than b, positive when newer. Both must be valid ids. */
export function compareEventIds(a: string, b: string): number {
  const x = parseEventId(a)!;
  const y = parseEventId(b)!;
  return x.ms - y.ms || x.seq - y.seq;
}
