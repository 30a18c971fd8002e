import { randomBytes } from 'node:crypto';
import {
  APP_VERSION,
  ADMIN_MESSAGES,
  type AdminStats,
  type AdminUser,
  type AdminUserPatch,
  type AdminUsersQuery,
  type Invite,
  type InviteRequest,
  type RegistrationMode,
} from '@memory-map/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { AppContext, AuthUser } from '../../app-types.ts';
import type { InvitesTable } from '../../db/schema.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { removeAccount } from '../account/account.service.ts';
import { onPinsRemoved, onPinsReturned } from '../map-cells/pin-cells.ts';
import { displayKeyOf, thumbKeyOf } from '../media/images.ts';
import { parsePhotos } from '../media/pin-photos.ts';
import { generationsRepository } from '../read-cache/generations.repository.ts';
import { VIEWER_SCOPE_PREFIX } from '../read-cache/read-cache.ts';
import { revokeAllSessions } from '../sessions/sessions.ts';
import { likeContains } from '../users/users.service.ts';
import { adminRepository } from './admin.repository.ts';
import { invitesRepository } from './invites.repository.ts';
import { registrationMode, setRegistrationMode } from './registration.ts';

/** Stat calls to the media store at once while summing a page's storage. */
const SIZE_LOOKUPS_AT_ONCE = 16;

async function sizesOf(ctx: AppContext, keys: string[]): Promise<number[]> {
  const out = new Array<number>(keys.length).fill(0);
  let next = 0;
  const size = async (key: string): Promise<number> => {
    if (ctx.media.size) return (await ctx.media.size(key)) ?? 0;
    const object = await ctx.media.get(key);
    object?.body.destroy();
    return object?.size ?? 0;
  };
  const worker = async () => {
    while (next < keys.length) {
      const i = next++;
      out[i] = await size(keys[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SIZE_LOOKUPS_AT_ONCE, keys.length) }, worker));
  return out;
}

export interface AdminUsersPage {
  users: AdminUser[];
  /** The cursor of the next page, when there may be one. */
  next?: string;
}

/** GET /api/admin/users: accounts with their memories, storage (photos, thumbnails, picture) and last visit. */
export async function listUsers(ctx: AppContext, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const db = ctx.db.kysely;
  const q = query.q?.trim().toLowerCase();
  const rows = await adminRepository.listUsers(db, { pattern: q ? likeContains(q) : undefined, after: query.after?.toLowerCase(), limit: query.limit });
  const last = rows.at(-1);
  return { users: await present(ctx, rows), next: rows.length === query.limit && last ? last.username_lower : undefined };
}

type UserRow = Awaited<ReturnType<typeof adminRepository.listUsers>>[number];

async function present(ctx: AppContext, rows: UserRow[]): Promise<AdminUser[]> {
  const db = ctx.db.kysely;
  const keysByUser = new Map<string, string[]>(rows.map((r) => [r.id, r.profile_picture ? [r.profile_picture] : []]));
  for (const pin of await adminRepository.photosOf(db, rows.map((r) => r.id))) {
    const keys = keysByUser.get(pin.author_id)!;
    for (const photo of parsePhotos(pin.photos)) keys.push(photo.key, thumbKeyOf(photo.key), ...(photo.display ? [displayKeyOf(photo.key)] : []));
  }
  const users: AdminUser[] = [];
  for (const r of rows) {
    const sizes = await sizesOf(ctx, keysByUser.get(r.id) ?? []);
    users.push({
      _id: r.id,
      username: r.username,
      email: r.email,
      createdAt: r.created_at,
      lastSeenAt: r.last_seen_at,
      memories: Number(r.memories ?? 0),
      storageBytes: sizes.reduce((a, b) => a + b, 0),
      disabled: r.disabled_at !== null,
      isAdmin: Number(r.is_admin) === 1,
    });
  }
  return users;
}

function userIdOrNotFound(id: string): string {
  if (!isUuid(id)) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  return id;
}

/**
 * PATCH /api/admin/users/{id}. Disabling takes the account's public memories out of the map's
 * public cells and raises the read-cache counters of everyone who could see its memories, in one
 * transaction with the flag; enabling puts them back. Every read of others' memories checks the
 * author is enabled (audience.repository.ts, byActiveAuthor). The server never loses its last
 * enabled admin, whether by demotion or by disabling.
 */
export async function patchUser(ctx: AppContext, actor: AuthUser, id: string, patch: AdminUserPatch): Promise<AdminUser> {
  userIdOrNotFound(id);
  if (patch.disabled === true && id === actor.id) throw new BadRequestError(ADMIN_MESSAGES.notYourself);
  const disabledNow = await ctx.db.kysely.transaction().execute(async (trx) => {
    await adminRepository.lockAdmins(trx);
    const user = await adminRepository.findUser(trx, id);
    if (!user) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
    const wasAdmin = Number(user.is_admin) === 1;
    const wasDisabled = user.disabled_at !== null;
    const willBeAdmin = patch.isAdmin ?? wasAdmin;
    const willBeDisabled = patch.disabled ?? wasDisabled;
    const losesAnActiveAdmin = wasAdmin && !wasDisabled && (!willBeAdmin || willBeDisabled);
    if (losesAnActiveAdmin && (await adminRepository.countActiveAdmins(trx)) <= 1) throw new ConflictError(ADMIN_MESSAGES.lastAdmin);
    await adminRepository.setFlags(trx, id, {
      is_admin: willBeAdmin ? 1 : 0,
      disabled_at: willBeDisabled ? (user.disabled_at ?? nowIso()) : null,
    });
    if (willBeDisabled !== wasDisabled) {
      const placements = await adminRepository.publicPlacementsOf(trx, id);
      await (willBeDisabled ? onPinsRemoved(trx, placements) : onPinsReturned(trx, placements));
      const friends = await adminRepository.friendIdsOf(trx, id);
      await generationsRepository.raise(trx, ['public', 'people', ...friends.map((f) => VIEWER_SCOPE_PREFIX + f.friend_id)]);
    }
    return willBeDisabled && !wasDisabled;
  });
  // Its sessions end now, on every server (a session made in between is refused: sessions.ts).
  if (disabledNow) await revokeAllSessions(ctx, id);
  const [user] = await present(ctx, await adminRepository.listUsers(ctx.db.kysely, { id, limit: 1 }));
  if (!user) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  return user;
}

/** DELETE /api/admin/users/{id}: everything of the account, as its own deletion would (§11). */
export async function deleteUser(ctx: AppContext, log: FastifyBaseLogger, id: string): Promise<void> {
  userIdOrNotFound(id);
  const db = ctx.db.kysely;
  await db.transaction().execute(async (trx) => {
    await adminRepository.lockAdmins(trx);
    const user = await adminRepository.findUser(trx, id);
    if (!user) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
    if (Number(user.is_admin) === 1 && user.disabled_at === null && (await adminRepository.countActiveAdmins(trx)) <= 1) {
      throw new ConflictError(ADMIN_MESSAGES.lastAdmin);
    }
  });
  await removeAccount(ctx, log, id).catch((err: unknown) => {
    // Deleted meanwhile by its owner or another admin: the outcome asked for.
    if ((err as { statusCode?: number }).statusCode === 401) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
    throw err;
  });
  await ctx.events.endSessions({ userId: id });
}

export async function stats(ctx: AppContext): Promise<AdminStats> {
  const db = ctx.db.kysely;
  const [users, totals, storageBytes] = await Promise.all([adminRepository.countUsers(db), adminRepository.totals(db), storageTotal(ctx)]);
  return { users, memories: totals.memories, photos: totals.photos, storageBytes, version: APP_VERSION };
}

/** Every stored photo, thumbnail and picture: the store's own count when it has one. */
async function storageTotal(ctx: AppContext): Promise<number> {
  if (ctx.media.totalBytes) return ctx.media.totalBytes();
  return 0;
}

export async function getSettings(ctx: AppContext): Promise<{ registration: RegistrationMode }> {
  return { registration: await registrationMode(ctx) };
}

export async function putSettings(ctx: AppContext, settings: { registration: RegistrationMode }) {
  await setRegistrationMode(ctx.db.kysely, settings.registration);
  return getSettings(ctx);
}

/** Invite codes: 12 characters of base64url, 72 random bits; typed from a message if need be. */
function newCode(): string {
  return randomBytes(9).toString('base64url');
}

function presentInvite(row: Selectable<InvitesTable>, origin: string): Invite {
  return {
    code: row.code,
    url: `${origin}/register?invite=${encodeURIComponent(row.code)}`,
    uses: Number(row.uses),
    used: Number(row.used),
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

export async function createInvite(ctx: AppContext, actor: AuthUser, input: InviteRequest, origin: string): Promise<Invite> {
  const now = new Date();
  const row = {
    code: newCode(),
    created_by: actor.id,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + input.expiresInDays * 86_400_000).toISOString(),
    uses: input.uses,
    used: 0,
  };
  await invitesRepository.insert(ctx.db.kysely, row);
  return presentInvite(row, origin);
}

export async function listInvites(ctx: AppContext, origin: string): Promise<Invite[]> {
  const rows = await invitesRepository.listLive(ctx.db.kysely, nowIso());
  return rows.map((r) => presentInvite(r, origin));
}

export async function revokeInvite(ctx: AppContext, code: string): Promise<void> {
  const result = await invitesRepository.delete(ctx.db.kysely, code);
  if (Number(result.numDeletedRows) === 0) throw new NotFoundError(ADMIN_MESSAGES.inviteNotFound);
}

/** The hourly sweep: spent and expired invites are of no more use. */
export async function deleteDeadInvites(ctx: AppContext): Promise<void> {
  await invitesRepository.deleteDead(ctx.db.kysely, nowIso());
}
