import { createHash, randomBytes } from 'node:crypto';
import { MEMORY_MESSAGES, type ShareLink, type ShareLinkStatus } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { requireAccess, userViewer } from '../access/index.ts';
import { parsePhotos } from '../media/pin-photos.ts';
import { mediaUrl } from '../media/media-urls.ts';
import { conversationsOf } from '../conversation/conversation.service.ts';
import type { SharedMemoryView } from './share-page.ts';
import { shareLinksRepository } from './share-links.repository.ts';

/** 192 random bits (docs/design.md §11 asks for at least 128), as 32 URL-safe characters. */
const TOKEN_BYTES = 24;
const TOKEN_RE = /^[A-Za-z0-9_-]{32}$/;
const DAY_MS = 86_400_000;

/** Only this hash is stored: a copy of the database opens no shared memory. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sharePath(token: string): string {
  return `/s/${token}`;
}

/**
 * A new link for the viewer's memory, replacing any earlier one (that one stops working at once).
 * A memory the viewer may not share answers 404 whether or not it exists or they may see it.
 */
export async function createLink(ctx: AppContext, viewerId: string, pinId: string, days: number, origin: string): Promise<ShareLink> {
  await requireAccess(ctx.db.kysely, userViewer(viewerId), 'memory.share', [pinId]);
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = Date.now();
  const row = await shareLinksRepository.upsert(ctx.db.kysely, {
    pinId,
    viewerId,
    tokenHash: hashLinkToken(token),
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + days * DAY_MS).toISOString(),
  });
  if (!row) throw new NotFoundError(MEMORY_MESSAGES.notFound);
  return { url: origin + sharePath(token), expiresAt: row.expires_at };
}

async function requireSharable(ctx: AppContext, viewerId: string, pinId: string) {
  await requireAccess(ctx.db.kysely, userViewer(viewerId), 'memory.share', [pinId]);
  const row = await shareLinksRepository.findSharable(ctx.db.kysely, viewerId, pinId, new Date().toISOString());
  if (!row) throw new NotFoundError(MEMORY_MESSAGES.notFound);
  return row;
}

export async function linkStatus(ctx: AppContext, viewerId: string, pinId: string): Promise<ShareLinkStatus> {
  const row = await requireSharable(ctx, viewerId, pinId);
  return { expiresAt: row.expires_at ?? null };
}

/** Ends the memory's link; ending one that does not exist (or has expired) is already done. */
export async function revokeLink(ctx: AppContext, viewerId: string, pinId: string): Promise<void> {
  await requireSharable(ctx, viewerId, pinId);
  await shareLinksRepository.deleteOfPin(ctx.db.kysely, pinId);
}

/**
 * What a link shows, or null for a link that is malformed, expired, revoked or never existed (the
 * page does not tell them apart). The photo's URL is signed like any other (docs/design.md §6), so
 * it outlives neither its own window nor, for new page loads, the link.
 */
export async function sharedMemory(ctx: AppContext, token: string, origin: string): Promise<SharedMemoryView | null> {
  if (!TOKEN_RE.test(token)) return null;
  const now = Date.now();
  const row = await shareLinksRepository.findShared(ctx.db.kysely, hashLinkToken(token), new Date(now).toISOString());
  if (!row) return null;
  // Chat apps fetch og:image from their own servers: it must be absolute (a bucket's URL is already).
  const images = await Promise.all(parsePhotos(row.photos).map(async (p) => new URL(await mediaUrl(ctx, p.key, now), origin).href));
  // Its conversation's counts, as anyone sees them (docs/design.md §14); never who said what.
  const talk = (await conversationsOf(ctx, null, [row.id])).get(row.id);
  return {
    title: row.title,
    description: row.description,
    locationName: row.location_name,
    imageUrl: images[0] ?? null,
    imageUrls: images,
    createdAt: row.created_at,
    happenedAt: row.happened_at,
    commentCount: talk?.commentCount ?? 0,
    reactionCounts: talk?.reactions.counts ?? {},
    authorName: row.author_username,
    pageUrl: origin + sharePath(token),
  };
}

/** Expired links are refused anyway; the hourly sweep only frees their rows. */
export async function deleteExpiredLinks(ctx: AppContext): Promise<number> {
  const result = await shareLinksRepository.deleteExpired(ctx.db.kysely, new Date().toISOString());
  return Number(result.numDeletedRows);
}
