import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePhoto } from '../../../test/fixtures/images.ts';
import { createMemory, defaultMemory, keyOf, memoryForm, storedPinFiles } from '../../../test/fixtures/memories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { TEST_DIALECT } from '../../../test/test-db.ts';
import { buildApp } from '../../app.ts';
import type { Queryable } from '../../db/queryable.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { memoriesRepository } from '../memories/memories.repository.ts';
import { usersRepository } from '../users/users.repository.ts';
import {
  beginImageChange,
  INTENT_LEASE_MS,
  intentOwner,
  recoverImageChanges,
  settleImageChange,
  subjectOf,
} from './image-changes.ts';
import { processImage, thumbKeyOf } from './images.ts';
import { mediaIntentsRepository } from './media-intents.repository.ts';
import type { MediaStore, StoredObject } from './media-store.ts';

const log = { warn: () => {}, info: () => {} };

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  photo = await makePhoto({ width: 64, height: 48 });
});
afterAll(() => t.close());

const file = (key: string) => path.join(t.config.mediaDir, key);
const hasFiles = (key: string) => existsSync(file(key)) && existsSync(file(thumbKeyOf(key)));
const hasNoFiles = (key: string) => !existsSync(file(key)) && !existsSync(file(thumbKeyOf(key)));
const intents = () => t.db.kysely.selectFrom('media_intents').selectAll().execute();
const avatarOf = async (u: TestUser) => {
  const me = await t.app.inject({ url: '/api/get_user', headers: u.auth });
  return keyOf(me.json().profilePicture);
};
const uploadPicture = (u: TestUser) => {
  const form = new FormData();
  form.append('profilePicture', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
  return t.app.inject({ method: 'POST', url: '/api/profile/upload-profile-picture', headers: u.auth, payload: form });
};

/** What a restart does before it serves: a new app on the same database and media folder. */
async function restart(options: { media?: MediaStore } = {}) {
  const app = await buildApp({ config: t.config, db: t.db, media: options.media, logger: false, webDist: path.join(t.config.dataDir, 'no-web') });
  await app.ready();
  await app.close();
}

describe('a crash between the files and the row leaves nothing behind after a restart', () => {
  it('a new memory whose photo was written but whose row never came: files and intent go', async () => {
    const keep = await createMemory(t, await t.register(), {}, photo);
    const image = await processImage(photo, 'pins');
    // The request stops here (kill -9): intent and files written, no row.
    await beginImageChange(t.app.ctx, log, subjectOf('pins', uuidv7()), { add: [image] });
    // A put cut short before its rename leaves the temp name beside it.
    writeFileSync(file(thumbKeyOf(image.key)) + '.tmp', 'half a thumbnail');
    expect(hasFiles(image.key)).toBe(true);
    expect(await intents()).toHaveLength(1);

    await restart();
    expect(hasNoFiles(image.key)).toBe(true);
    expect(existsSync(file(thumbKeyOf(image.key)) + '.tmp')).toBe(false);
    expect(await intents()).toEqual([]);
    expect(hasFiles(keyOf(keep.imageUrl))).toBe(true);
  });

  it('a replaced photo whose row committed but whose old files were not yet deleted: the old go, the new stay', async () => {
    const author = await t.register();
    const pin = await createMemory(t, author, {}, photo);
    const oldKey = keyOf(pin.imageUrl);
    // Deleting fails as a crash right after the commit would leave it: the answer is still 200.
    vi.spyOn(t.app.ctx.media, 'delete').mockRejectedValue(new Error('killed'));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/update_pin',
      headers: author.auth,
      payload: memoryForm({ pinId: pin.id, title: 't', description: 'd', visibility: '1' }, photo),
    });
    expect(res.statusCode).toBe(200);
    const newKey = keyOf(res.json().imageUrl);
    expect(hasFiles(oldKey)).toBe(true);
    expect(await intents()).toHaveLength(1);
    vi.restoreAllMocks();

    await restart();
    expect(hasNoFiles(oldKey)).toBe(true);
    expect(hasFiles(newKey)).toBe(true);
    expect(await intents()).toEqual([]);
  });

  it('a deleted memory whose files were not yet deleted: they go', async () => {
    const author = await t.register();
    const pin = await createMemory(t, author, {}, photo);
    vi.spyOn(t.app.ctx.media, 'delete').mockRejectedValue(new Error('killed'));
    const res = await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: author.auth, payload: { pinId: pin.id } });
    expect(res.statusCode).toBe(200);
    expect(hasFiles(keyOf(pin.imageUrl))).toBe(true);
    vi.restoreAllMocks();

    await restart();
    expect(hasNoFiles(keyOf(pin.imageUrl))).toBe(true);
    expect(await intents()).toEqual([]);
  });

  it('a profile picture: before the swap the old one stays; after it the old one goes', async () => {
    const u = await t.register();
    expect((await uploadPicture(u)).statusCode).toBe(200);
    const first = await avatarOf(u);

    // Interrupted before the swap: the new files go, the row keeps the first picture.
    const image = await processImage(photo, 'avatars');
    await beginImageChange(t.app.ctx, log, subjectOf('users', u.id), { add: [image], drop: [first] });
    await restart();
    expect(hasNoFiles(image.key)).toBe(true);
    expect(hasFiles(first)).toBe(true);
    expect(await avatarOf(u)).toBe(first);

    // Interrupted after the swap: the first picture's files go.
    vi.spyOn(t.app.ctx.media, 'delete').mockRejectedValue(new Error('killed'));
    expect((await uploadPicture(u)).statusCode).toBe(200);
    vi.restoreAllMocks();
    const second = await avatarOf(u);
    expect(hasFiles(first)).toBe(true);
    await restart();
    expect(hasNoFiles(first)).toBe(true);
    expect(hasFiles(second)).toBe(true);
    expect(await intents()).toEqual([]);
  });
});

describe('settling is safe against a request still running', () => {
  it('a change settled before it commits cannot commit: the request answers 503 and leaves nothing', async () => {
    const author = await t.register();
    const files = storedPinFiles(t);
    // Another server's recovery takes the intent for dead right after the files are written.
    const put = t.app.ctx.media.put.bind(t.app.ctx.media);
    let puts = 0;
    vi.spyOn(t.app.ctx.media, 'put').mockImplementation(async (key, body, type) => {
      await put(key, body, type);
      if (++puts === 2) for (const intent of await intents()) await settleImageChange(t.app.ctx, log, intent.id);
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/create', headers: author.auth, payload: memoryForm(defaultMemory, photo) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'The server restarted while saving your photo. Please try again.' });
    expect(storedPinFiles(t)).toEqual(files);
    expect(await intents()).toEqual([]);
    const feed = await t.app.inject({ url: '/api/query_feed', headers: author.auth });
    expect(feed.json()).toEqual([]);
  });

  it('a settle racing with the commit: the commit wins and keeps its files, or the settle wins and the request answers 503', async () => {
    const author = await t.register();
    const files = storedPinFiles(t);
    const insert = memoriesRepository.insertPin.bind(memoriesRepository);
    let racing: Promise<void> | undefined;
    // Inside the transaction, past the fence: another server's recovery starts settling now.
    vi.spyOn(memoriesRepository, 'insertPin').mockImplementation(async (trx, row) => {
      const [intent] = await trx.selectFrom('media_intents').select('id').execute();
      racing = settleImageChange(t.app.ctx, log, intent!.id);
      return insert(trx, row);
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/create', headers: author.auth, payload: memoryForm(defaultMemory, photo) });
    await racing;
    expect(await intents()).toEqual([]);
    if (res.statusCode === 201) {
      expect(hasFiles(keyOf(res.json().imageUrl))).toBe(true);
    } else {
      expect(res.statusCode).toBe(503);
      expect(storedPinFiles(t)).toEqual(files);
    }
  });

  it.runIf(TEST_DIALECT === 'postgres')('PostgreSQL: the committing transaction holds the intent, so settling waits for its commit', async () => {
    const u = await t.register();
    const image = await processImage(photo, 'avatars');
    const change = await beginImageChange(t.app.ctx, log, subjectOf('users', u.id), { add: [image] });
    const takeNow = () => sql`select id from media_intents where id = ${change.id} for update nowait`.execute(t.db.kysely);
    // Both fences: the memories' check inside their transaction, the profile picture's swap.
    for (const fence of [
      (trx: Queryable) => mediaIntentsRepository.holdOpen(trx, change.id),
      (trx: Queryable) => usersRepository.swapProfilePicture(trx, u.id, null, image.key, change.id),
    ]) {
      await t.db.kysely.transaction().execute(async (trx) => {
        await fence(trx);
        // Settling updates the row: it cannot take it while the transaction lives (55P03: lock not available).
        await expect(takeNow()).rejects.toMatchObject({ code: '55P03' });
        throw new Error('roll back');
      }).catch((err: Error) => expect(err.message).toBe('roll back'));
      await takeNow();
    }
    await settleImageChange(t.app.ctx, log, change.id);
    expect(hasNoFiles(image.key)).toBe(true);
  });

  it("start-up settles its own server's intents, and other servers' only once they are older than the lease", async () => {
    const ctx = t.app.ctx;
    const other = async (ageMs: number) => {
      const image = await processImage(photo, 'pins');
      await ctx.media.put(image.key, image.image, image.contentType);
      await ctx.media.put(image.thumbKey, image.thumbnail, image.contentType);
      await mediaIntentsRepository.insert(ctx.db.kysely, {
        id: uuidv7(),
        subject_table: 'pins',
        subject_id: uuidv7(),
        keys: JSON.stringify([image.key]),
        state: 'open',
        owner: 'another-host:/srv/memory-map',
        created_at: new Date(Date.now() - ageMs).toISOString(),
      });
      return image.key;
    };
    const live = await other(1000);
    const dead = await other(INTENT_LEASE_MS + 60_000);
    expect(intentOwner(t.config)).not.toBe('another-host:/srv/memory-map');

    expect(await recoverImageChanges(ctx, log, { startUp: true })).toBe(1);
    expect(hasNoFiles(dead)).toBe(true);
    expect(hasFiles(live)).toBe(true);
    expect(await recoverImageChanges(ctx, log, { startUp: false })).toBe(0);
    expect((await intents()).map((i) => JSON.parse(i.keys))).toEqual([[live]]);

    // Once it is older than the lease, the hourly sweep takes it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + INTENT_LEASE_MS + 1000);
    try {
      expect(await recoverImageChanges(ctx, log, { startUp: false })).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect(hasNoFiles(live)).toBe(true);
    expect(await intents()).toEqual([]);
  });

  it('keeps an intent whose files could not be deleted, for the next sweep', async () => {
    const author = await t.register();
    const pin = await createMemory(t, author, {}, photo);
    vi.spyOn(memoriesRepository, 'updatePin').mockRejectedValueOnce(new Error('deadlock'));
    vi.spyOn(t.app.ctx.media, 'delete').mockRejectedValue(new Error('disk unavailable'));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/update_pin',
      headers: author.auth,
      payload: memoryForm({ pinId: pin.id, title: 't', description: 'd', visibility: '1' }, photo),
    });
    expect(res.statusCode).toBe(500);
    const [left] = await intents();
    expect(left).toMatchObject({ state: 'settling', subject_id: pin.id });
    vi.restoreAllMocks();
    const [newKey] = (JSON.parse(left!.keys) as string[]).filter((k) => k !== keyOf(pin.imageUrl));
    expect(hasFiles(newKey!)).toBe(true);

    await restart();
    expect(hasNoFiles(newKey!)).toBe(true);
    expect(hasFiles(keyOf(pin.imageUrl))).toBe(true);
    expect(await intents()).toEqual([]);
  });
});

/** A bucket in memory: what the S3 store does (a put is atomic, there are no temp objects). */
class MemoryBucket implements MediaStore {
  readonly objects = new Map<string, Buffer>();
  async put(key: string, body: Buffer) {
    this.objects.set(key, body);
  }
  async get(key: string): Promise<StoredObject | null> {
    const body = this.objects.get(key);
    return body ? { body: Readable.from(body), size: body.length, contentType: 'image/jpeg' } : null;
  }
  async delete(key: string) {
    this.objects.delete(key);
  }
}

describe('with a bucket instead of the folder', () => {
  it('records the keys in the intent and deletes or keeps them at recovery', async () => {
    const bucket = new MemoryBucket();
    const app = await buildApp({ config: t.config, db: t.db, media: bucket, logger: false, webDist: path.join(t.config.dataDir, 'no-web') });
    await app.ready();
    try {
      const u = await t.register();
      const form = memoryForm(defaultMemory, photo);
      const created = await app.inject({ method: 'POST', url: '/api/create', headers: u.auth, payload: form });
      expect(created.statusCode).toBe(201);
      const kept = keyOf(created.json().imageUrl);
      expect([...bucket.objects.keys()].sort()).toEqual([kept, thumbKeyOf(kept)].sort());

      const image = await processImage(photo, 'pins');
      const change = await beginImageChange(app.ctx, log, subjectOf('pins', uuidv7()), { add: [image] });
      expect(JSON.parse((await mediaIntentsRepository.find(t.db.kysely, change.id))!.keys)).toEqual([image.key]);
      expect(bucket.objects.has(image.key)).toBe(true);

      await restart({ media: bucket });
      expect([...bucket.objects.keys()].sort()).toEqual([kept, thumbKeyOf(kept)].sort());
      expect(await intents()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
