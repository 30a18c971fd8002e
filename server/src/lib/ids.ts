import { randomBytes } from 'node:crypto';

/**
 * UUIDv7 (RFC 9562): 48-bit millisecond time, a 12-bit counter, then random bits. Ids sort by
 * creation time, so "newest first" and keyset cursors can use the primary key alone
 * (docs/decisions/001-times-and-ids.md).
 *
 * Ids made by this process only ever grow (RFC 9562 §6.2, method 1: a counter in `rand_a`). With
 * random bits there alone, two memories posted in one millisecond sorted by chance, and a feed
 * ordered by id could show the later one first. The counter starts at a random value below 2^11
 * each millisecond, so thousands of ids fit in one; past 4,095 the time is borrowed from the next
 * millisecond, and a clock that steps back keeps counting on the last time seen. Ids of two
 * processes made in the same millisecond order by their random parts: still a total order, the
 * same on every server.
 */
let lastMs = -1;
let counter = 0;

function nextTimeAndCounter(now: number): { ms: number; seq: number } {
  if (now > lastMs) {
    lastMs = now;
    counter = randomBytes(2).readUInt16BE(0) & 0x7ff;
  } else if (counter < 0xfff) {
    counter += 1;
  } else {
    lastMs += 1;
    counter = randomBytes(2).readUInt16BE(0) & 0x7ff;
  }
  return { ms: lastMs, seq: counter };
}

/**
 * A new id for now, or for `timeMs` (seeds and tests that date things in the past: those ids take
 * random bits where the counter goes and are ordered by their time alone).
 */
export function uuidv7(timeMs?: number): string {
  const bytes = randomBytes(16);
  const { ms, seq } = timeMs === undefined ? nextTimeAndCounter(Date.now()) : { ms: Math.max(0, Math.floor(timeMs)), seq: bytes.readUInt16BE(6) & 0xfff };
  const t = BigInt(ms);
  for (let i = 0; i < 6; i++) bytes[i] = Number((t >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = 0x70 | (seq >> 8);
  bytes[7] = seq & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Ids from clients are checked before they reach a query; a malformed one simply matches nothing. */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}
