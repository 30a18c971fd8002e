import { randomBytes } from 'node:crypto';

/**
 * UUIDv7 (RFC 9562): 48-bit millisecond time, then random bits. Ids sort by creation time,
 * so "newest first" and keyset cursors can use the primary key alone.
 */
export function uuidv7(timeMs: number = Date.now()): string {
  const bytes = randomBytes(16);
  const t = BigInt(Math.max(0, Math.floor(timeMs)));
  for (let i = 0; i < 6; i++) bytes[i] = Number((t >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Ids from clients are checked before they reach a query; a malformed one simply matches nothing. */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}
