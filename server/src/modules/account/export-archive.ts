import { Readable } from 'node:stream';
import type { Visibility } from '@memory-map/shared';
import type { FastifyBaseLogger } from 'fastify';
import ZipStream from 'zip-stream';
import type { AppContext } from '../../app-types.ts';
import { usersRepository } from '../users/users.repository.ts';
import { parsePhotos } from '../media/pin-photos.ts';
import { conversationRepository } from '../conversation/conversation.repository.ts';
import { accountRepository } from './account.repository.ts';

/**
 * GET /api/export (docs/design.md §11): everything the user owns, as a zip written while it is
 * sent. Memories are read a keyset page at a time and each photo is piped from the media store
 * into the archive, one entry after another, and nothing is read before the client has taken what
 * came before (the archive is a stream with back-pressure). So memory stays flat however many
 * memories and photos there are; what grows is only the archive's index, a few hundred bytes per
 * file, which every zip writer keeps until the end.
 *
 * The archive: profile.json, friends.json, conversation.json (comments and reactions), photos/<memory id>.jpg (the stored photo, which carries
 * no metadata), profile-picture.jpg, memories.json (every field of every memory, its tags, its
 * photo's name in the archive, when it happened) and memories.geojson (a FeatureCollection of Points, longitude
 * first); trips.json (each trip, its memories' ids and its GPX route) for those who made a trip. The photos go before the lists so the lists name only the photos really in it.
 */

export const EXPORT_FORMAT = 'memory-map-export/1';
const PAGE = 500;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** A memory as memories.json holds it. */
export interface ExportedMemory {
  id: string;
  title: string;
  description: string;
  latitude: number;
  longitude: number;
  locationName: string;
  visibility: Visibility;
  createdAt: string;
  updatedAt: string;
  /** When it happened: 'YYYY-MM-DD' for a date alone, else an ISO 8601 UTC instant (docs/design.md §12). */
  happenedAt: string;
  /** The first photo's path inside the archive, or null (what the first version of the export said). */
  photo: string | null;
  /** Every photo's path inside the archive, in the memory's order. */
  photos: string[];
  taggedFriends: Array<{ id: string; username: string }>;
  /** When the memory's share link stops working, if it has a live one. */
  sharedUntil: string | null;
}

function extensionOf(key: string): string {
  return /\.(\w+)$/.exec(key)?.[1] ?? 'jpg';
}

function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value, null, 2));
}

/** A JSON list written a page at a time: `[`, one item a line, `]`; `depth` indents it in an object. */
async function* jsonList<T>(pages: AsyncIterable<T[]>, depth = 0): AsyncGenerator<Buffer> {
  const outer = '  '.repeat(depth);
  const inner = outer + '  ';
  let first = true;
  yield Buffer.from('[');
  for await (const page of pages) {
    if (page.length === 0) continue;
    const items = page.map((item) => inner + JSON.stringify(item));
    yield Buffer.from((first ? '\n' : ',\n') + items.join(',\n'));
    first = false;
  }
  yield Buffer.from(first ? ']' : `\n${outer}]`);
}

/** Every page of a keyset query, until a short page. */
async function* keyset<R extends { id: string }>(read: (after: string | undefined) => Promise<R[]>): AsyncGenerator<R[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

class ExportAborted extends Error {}

export interface ExportArchive {
  stream: Readable;
  /** Resolves when the archive is complete, or rejects with why it was not. */
  done: Promise<void>;
}

export function exportArchive(ctx: AppContext, userId: string, log: Log): ExportArchive {
  const db = ctx.db.kysely;
  const zip = new ZipStream({ zlib: { level: 6 } });
  const startedAt = new Date();
  let current: Readable | null = null;
  let closed = false;
  // The client went away (or the stream failed): stop reading the database and the store.
  zip.once('close', () => {
    closed = true;
    current?.destroy();
  });

  /** Adds one file and resolves once it is written; stored files are already compressed. */
  const add = (source: Buffer | Readable, name: string, store = false) =>
    new Promise<void>((resolve, reject) => {
      if (closed) return reject(new ExportAborted('the download was closed'));
      if (source instanceof Readable) current = source;
      const onClose = () => reject(new ExportAborted('the download was closed'));
      zip.once('close', onClose);
      zip.entry(source, { name, date: startedAt, store }, (err) => {
        zip.off('close', onClose);
        current = null;
        if (err) reject(err);
        else resolve();
      });
    });

  async function write(): Promise<void> {
    const user = await usersRepository.findById(db, userId);
    if (!user) throw new ExportAborted('the account no longer exists');
    const upTo = await accountRepository.lastPinId(db, userId);

    let picture: string | null = null;
    if (user.profile_picture) {
      const stored = await ctx.media.get(user.profile_picture);
      if (stored) {
        picture = `profile-picture.${extensionOf(user.profile_picture)}`;
        await add(stored.body, picture, true);
      } else {
        log.warn({ key: user.profile_picture }, 'export: the profile picture file is missing; left out');
      }
    }

    await add(
      json({
        format: EXPORT_FORMAT,
        exportedAt: startedAt.toISOString(),
        user: {
          id: user.id,
          username: user.username,
          email: user.email,
          firstName: user.first_name,
          lastName: user.last_name,
          createdAt: user.created_at,
          profilePicture: picture,
        },
      }),
      'profile.json',
    );

    const friends = keyset((after) => accountRepository.friendsPage(db, userId, after, PAGE));
    const sent = keyset((after) => accountRepository.sentRequestsPage(db, userId, after, PAGE));
    const received = keyset((after) => accountRepository.receivedRequestsPage(db, userId, after, PAGE));
    async function* friendsFile(): AsyncGenerator<Buffer> {
      yield Buffer.from('{\n  "friends": ');
      yield* jsonList(mapPages(friends, (f) => ({ id: f.id, username: f.username, email: f.email, friendsSince: f.created_at })), 1);
      yield Buffer.from(',\n  "requestsSent": ');
      yield* jsonList(mapPages(sent, (r) => ({ id: r.id, username: r.username, sentAt: r.created_at })), 1);
      yield Buffer.from(',\n  "requestsReceived": ');
      yield* jsonList(mapPages(received, (r) => ({ id: r.id, username: r.username, email: r.email, receivedAt: r.created_at })), 1);
      yield Buffer.from('\n}\n');
    }
    await add(Readable.from(friendsFile(), { objectMode: false }), 'friends.json');

    // docs/design.md §14: the user's comments and reactions, and what others said on their memories.
    const written = keyset((after) => conversationRepository.ownCommentsPage(db, userId, after, PAGE));
    const reactions = keyset(async (after) =>
      (await conversationRepository.ownReactionsPage(db, userId, after, PAGE)).map((r) => ({ id: r.pin_id, emoji: r.emoji, created_at: r.created_at })),
    );
    const heard = keyset((after) => conversationRepository.receivedCommentsPage(db, userId, after, PAGE));
    async function* conversationFile(): AsyncGenerator<Buffer> {
      yield Buffer.from('{\n  "comments": ');
      yield* jsonList(mapPages(written, (c) => ({ id: c.id, memoryId: c.pin_id, text: c.text, createdAt: c.created_at, editedAt: c.edited_at })), 1);
      yield Buffer.from(',\n  "reactions": ');
      yield* jsonList(mapPages(reactions, (r) => ({ memoryId: r.id, emoji: r.emoji, createdAt: r.created_at })), 1);
      yield Buffer.from(',\n  "commentsOnYourMemories": ');
      yield* jsonList(mapPages(heard, (c) => ({ id: c.id, memoryId: c.pin_id, by: c.username, text: c.text, createdAt: c.created_at })), 1);
      yield Buffer.from('\n}\n');
    }
    await add(Readable.from(conversationFile(), { objectMode: false }), 'conversation.json');
    // Trips (docs/design.md §15), for those who made any: each with its memories' ids and its GPX route.
    const trips = await accountRepository.tripsOf(db, userId);
    if (trips.length > 0) {
      const exported = trips.map((t) => ({
        id: t.id,
        title: t.title,
        description: t.description,
        visibility: String(t.visibility) as Visibility,
        coverMemoryId: t.cover_pin_id,
        memoryIds: t.pinIds,
        track: t.track === null ? null : (JSON.parse(t.track) as unknown),
        createdAt: t.created_at,
        updatedAt: t.updated_at,
      }));
      await add(json(exported), 'trips.json');
    }

    if (upTo === undefined) {
      await add(Buffer.from('[]\n'), 'memories.json');
      await add(json({ type: 'FeatureCollection', features: [] }), 'memories.geojson');
      return;
    }
    const pins = () => keyset((after) => accountRepository.pinsPage(db, userId, { after, upTo, limit: PAGE }));

    // Photos first: a photo whose file is missing is left out, and the lists then say so. The
    // first photo keeps the name the export always gave it (photos/<memory id>.jpg); the others
    // follow as photos/<memory id>-2.jpg and so on, in the memory's order.
    const missing = new Set<string>();
    const pathOf = (pinId: string, index: number, key: string) =>
      `photos/${pinId}${index === 0 ? '' : `-${index + 1}`}.${extensionOf(key)}`;
    for await (const page of pins()) {
      for (const pin of page) {
        for (const [index, photo] of parsePhotos(pin.photos).entries()) {
          const stored = await ctx.media.get(photo.key);
          if (!stored) {
            missing.add(photo.key);
            log.warn({ key: photo.key }, 'export: a photo file is missing; left out');
            continue;
          }
          await add(stored.body, pathOf(pin.id, index, photo.key), true);
        }
      }
    }
    const photosOf = (pin: { id: string; photos: string }) =>
      parsePhotos(pin.photos).flatMap((photo, index) => (missing.has(photo.key) ? [] : [pathOf(pin.id, index, photo.key)]));

    async function* memories(): AsyncGenerator<ExportedMemory[]> {
      for await (const page of pins()) {
        const tags = new Map<string, Array<{ id: string; username: string }>>();
        for (const t of await accountRepository.tagsOf(db, page.map((p) => p.id))) {
          const list = tags.get(t.pin_id) ?? [];
          list.push({ id: t.id, username: t.username });
          tags.set(t.pin_id, list);
        }
        const now = new Date().toISOString();
        yield page.map((pin) => ({
          id: pin.id,
          title: pin.title,
          description: pin.description,
          latitude: pin.latitude,
          longitude: pin.longitude,
          locationName: pin.location_name,
          visibility: String(pin.visibility) as Visibility,
          createdAt: pin.created_at,
          updatedAt: pin.updated_at,
          happenedAt: pin.happened_at,
          photo: photosOf(pin)[0] ?? null,
          photos: photosOf(pin),
          taggedFriends: tags.get(pin.id) ?? [],
          sharedUntil: pin.share_expires_at && pin.share_expires_at > now ? pin.share_expires_at : null,
        }));
      }
    }
    async function* memoriesFile(): AsyncGenerator<Buffer> {
      yield* jsonList(memories());
      yield Buffer.from('\n');
    }
    await add(Readable.from(memoriesFile(), { objectMode: false }), 'memories.json');

    async function* geojsonFile(): AsyncGenerator<Buffer> {
      yield Buffer.from('{\n  "type": "FeatureCollection",\n  "features": ');
      yield* jsonList(
        mapPages(pins(), (pin) => ({
          type: 'Feature',
          id: pin.id,
          // GeoJSON (RFC 7946) puts longitude first.
          geometry: { type: 'Point', coordinates: [pin.longitude, pin.latitude] },
          properties: {
            title: pin.title,
            description: pin.description,
            locationName: pin.location_name,
            visibility: String(pin.visibility),
            createdAt: pin.created_at,
            updatedAt: pin.updated_at,
            happenedAt: pin.happened_at,
            photo: photosOf(pin)[0] ?? null,
            photos: photosOf(pin),
          },
        })),
        1,
      );
      yield Buffer.from('\n}\n');
    }
    await add(Readable.from(geojsonFile(), { objectMode: false }), 'memories.geojson');
  }

  const done = write().then(
    () => {
      zip.finalize();
    },
    (err: unknown) => {
      if (!(err instanceof ExportAborted)) log.error({ err }, 'export failed part way; the download is cut off');
      // Cutting the stream is how a client learns the archive is incomplete.
      zip.destroy(err instanceof Error ? err : new Error(String(err)));
      throw err;
    },
  );
  // The caller may or may not wait on `done`; an unawaited rejection must not end the process.
  done.catch(() => {});
  return { stream: zip as unknown as Readable, done };
}

async function* mapPages<T, U>(pages: AsyncIterable<T[]>, fn: (item: T) => U): AsyncGenerator<U[]> {
  for await (const page of pages) yield page.map(fn);
}
