import { statSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { LIMITS, UPLOAD_MESSAGES } from '@memory-map/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePhoto } from '../../../test/fixtures/images.ts';
import { createMemory, defaultMemory, keyOf, storedPinFiles } from '../../../test/fixtures/memories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { Semaphore, SemaphoreFullError } from '../../lib/semaphore.ts';
import { imageDecodes } from './images.ts';

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  photo = await makePhoto({ width: 64, height: 48 });
});
afterAll(() => t.close());

type FormPart = [name: string, value: string] | [name: string, file: Buffer, filename: string];

function form(parts: FormPart[]): FormData {
  const f = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') f.append(name, value);
    else f.append(name, new Blob([new Uint8Array(value)], { type: 'image/jpeg' }), filename);
  }
  return f;
}

const manyFields = (n: number): FormPart[] => Array.from({ length: n }, (_, i) => [`extra${i}`, 'x']);
const memoryFields = (extra: Record<string, string> = {}): FormPart[] =>
  Object.entries({ ...defaultMemory, ...extra }).map(([k, v]) => [k, v]);

interface Endpoint {
  name: string;
  /** A valid form of the endpoint (its one file, when it takes one, last). */
  valid(user: TestUser): Promise<FormPart[]>;
  send(user: TestUser, body: FormData): Promise<LightMyRequestResponse>;
}

const endpoints: Endpoint[] = [
  {
    name: 'POST /api/create',
    valid: async () => [...memoryFields(), ['image', photo, 'a.jpg']],
    send: (u, payload) => t.app.inject({ method: 'POST', url: '/api/create', headers: u.auth, payload }),
  },
  {
    name: 'PUT /api/update_pin',
    valid: async (u) => {
      const pin = await createMemory(t, u, {}, photo);
      return [['pinId', pin.id], ['title', 't'], ['description', 'd'], ['visibility', '1'], ['image', photo, 'b.jpg']];
    },
    send: (u, payload) => t.app.inject({ method: 'PUT', url: '/api/update_pin', headers: u.auth, payload }),
  },
  {
    name: 'POST /api/profile/upload-profile-picture',
    valid: async () => [['profilePicture', photo, 'me.jpg']],
    send: (u, payload) => t.app.inject({ method: 'POST', url: '/api/profile/upload-profile-picture', headers: u.auth, payload }),
  },
  {
    name: 'PUT /api/update_user',
    valid: async (u) => [['newUsername', `${u.username}x`]],
    send: (u, payload) => t.app.inject({ method: 'PUT', url: '/api/update_user', headers: u.auth, payload }),
  },
];

/** What a refused upload must leave unchanged: the user as the app shows them, and every stored file. */
async function snapshot(u: TestUser) {
  const me = (await t.app.inject({ url: '/api/get_user', headers: u.auth })).json() as { username: string; profilePicture: string };
  const feed = (await t.app.inject({ url: '/api/query_feed', headers: u.auth })).json() as { title: string; imageUrl: string | null }[];
  return {
    username: me.username,
    picture: keyOf(me.profilePicture),
    memories: feed.map((p) => [p.title, p.imageUrl && keyOf(p.imageUrl)]),
    files: storedPinFiles(t),
  };
}

const elevenPhotos = (): FormPart[] => Array.from({ length: LIMITS.photosPerMemory + 1 }, (_, i): FormPart => ['image', photo, `p${i}.jpg`]);

describe('one multipart reader, one set of limits and messages, for every upload', () => {
  // A memory takes up to 10 photos (docs/design.md §12); the other forms take one file.
  const memoryEndpoints = endpoints.slice(0, 2);
  const oneFileEndpoints = endpoints.slice(2);

  it.each(memoryEndpoints.map((e) => [e.name, e] as const))('%s: an eleventh photo is 400 naming the field and changes nothing', async (_name, endpoint) => {
    const u = await t.register();
    const parts = (await endpoint.valid(u)).filter((p) => typeof p[1] === 'string');
    const before = await snapshot(u);
    const res = await endpoint.send(u, form([...parts, ...elevenPhotos()]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'image: a memory can have at most 10 photos' });
    expect(await snapshot(u)).toEqual(before);
  });

  it.each(oneFileEndpoints.map((e) => [e.name, e] as const))('%s: a second file is 413 "Send at most one file" and changes nothing', async (_name, endpoint) => {
    const u = await t.register();
    const parts = await endpoint.valid(u);
    const before = await snapshot(u);
    const res = await endpoint.send(u, form([...parts, ['profilePicture', photo, 'second.jpg'], ['image', photo, 'third.jpg']]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: UPLOAD_MESSAGES.oneFile });
    expect(UPLOAD_MESSAGES.oneFile).toBe('Send at most one file');
    expect(await snapshot(u)).toEqual(before);
  });

  it.each(endpoints.map((e) => [e.name, e] as const))('%s: a file plus 30 fields is 413 naming the field limit, not the file size', async (_name, endpoint) => {
    const u = await t.register();
    const parts = await endpoint.valid(u);
    const before = await snapshot(u);
    const res = await endpoint.send(u, form([...manyFields(30), ...parts]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: `The form has too many fields (at most ${LIMITS.uploadFields})` });
    expect(await snapshot(u)).toEqual(before);
  });

  it.each(endpoints.map((e) => [e.name, e] as const))('%s: a file over 15 MB is 413 "The file is too large (at most 15 MB)"', async (_name, endpoint) => {
    const u = await t.register();
    const parts = (await endpoint.valid(u)).filter((p) => typeof p[1] === 'string');
    const before = await snapshot(u);
    const big = Buffer.alloc(LIMITS.uploadBytes + 1, 0xff);
    photo.copy(big);
    const field = endpoint.name.includes('profile-picture') ? 'profilePicture' : 'image';
    const res = await endpoint.send(u, form([...parts, [field, big, 'big.jpg']]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The file is too large (at most 15 MB)' });
    expect(await snapshot(u)).toEqual(before);
  });

  it('still takes a form at the limits: one file and 20 fields', async () => {
    const u = await t.register();
    const fields = memoryFields();
    const res = await endpoints[0]!.send(u, form([...fields, ...manyFields(LIMITS.uploadFields - fields.length), ['image', photo, 'a.jpg']]));
    expect(res.statusCode).toBe(201);
  });
});

/** A multipart upload whose body arrives only when the test says so. */
function heldUpload(u: TestUser) {
  const boundary = '----mm-held-upload';
  const body = new PassThrough();
  const fields = { ...defaultMemory, title: 'Held' };
  let head = '';
  for (const [k, v] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  body.write(head);
  const response = t.app.inject({
    method: 'POST',
    url: '/api/create',
    headers: { ...u.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  return {
    response,
    finish() {
      body.end(
        Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
          photo,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      );
      return response;
    },
  };
}

describe('uploads in progress', () => {
  it(`lets one user have ${LIMITS.uploadsInFlightPerUser} uploads in progress; the next is 429 with Retry-After until one ends`, async () => {
    const u = await t.register();
    const other = await t.register();
    // Resolves once the held uploads have all taken their slot (they then wait for their bytes).
    const acquire = t.app.ctx.uploads.acquire.bind(t.app.ctx.uploads);
    let taken = 0;
    let allTaken!: () => void;
    const heldTaken = new Promise<void>((resolve) => (allTaken = resolve));
    vi.spyOn(t.app.ctx.uploads, 'acquire').mockImplementation((userId) => {
      const release = acquire(userId);
      if (userId === u.id && ++taken === LIMITS.uploadsInFlightPerUser) allTaken();
      return release;
    });
    const held = Array.from({ length: LIMITS.uploadsInFlightPerUser }, () => heldUpload(u));
    await heldTaken;

    const files = storedPinFiles(t);
    const refused = await endpoints[0]!.send(u, form([...memoryFields(), ['image', photo, 'a.jpg']]));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ error: `You already have ${LIMITS.uploadsInFlightPerUser} uploads in progress. Wait for one to finish, then try again.` });
    const picture = await endpoints[2]!.send(u, form([['profilePicture', photo, 'me.jpg']]));
    expect(picture.statusCode).toBe(429);
    expect(storedPinFiles(t)).toEqual(files);

    // Someone else is not held up, and a JSON memory (no upload) still goes through.
    expect((await endpoints[0]!.send(other, form([...memoryFields(), ['image', photo, 'a.jpg']]))).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/create', headers: u.auth, payload: defaultMemory })).statusCode).toBe(201);

    expect((await held[0]!.finish()).statusCode).toBe(201);
    const again = await endpoints[0]!.send(u, form([...memoryFields(), ['image', photo, 'a.jpg']]));
    expect(again.statusCode).toBe(201);
    for (const h of held.slice(1)) expect((await h.finish()).statusCode).toBe(201);
  });

  it('gives a slot back when the body is malformed or refused', async () => {
    const u = await t.register();
    for (let i = 0; i < LIMITS.uploadsInFlightPerUser + 1; i++) {
      const bad = await endpoints[0]!.send(u, form([...memoryFields(), ...elevenPhotos()]));
      expect(bad.statusCode).toBe(400);
      const text = await endpoints[0]!.send(u, form([...memoryFields(), ['image', Buffer.from('not a photo'), 'a.jpg']]));
      expect(text.statusCode).toBe(415);
    }
    expect((await endpoints[0]!.send(u, form([...memoryFields(), ['image', photo, 'a.jpg']]))).statusCode).toBe(201);
  });

  it('queues image decodes behind a small semaphore and refuses with 429 once its queue is full, storing nothing', async () => {
    const u = await t.register();
    // Take every permit and fill the queue, as a burst of other uploads would.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const burst = Array.from({ length: imageDecodes.permits + imageDecodes.maxWaiting }, () => imageDecodes.run(() => gate));
    expect(imageDecodes.running).toBe(imageDecodes.permits);
    expect(imageDecodes.queued).toBe(imageDecodes.maxWaiting);
    const files = storedPinFiles(t);
    try {
      const res = await endpoints[0]!.send(u, form([...memoryFields(), ['image', photo, 'a.jpg']]));
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ error: 'The server is busy with other photos right now. Please try again in a few seconds.' });
      expect(storedPinFiles(t)).toEqual(files);
      expect((await snapshot(u)).memories).toEqual([]);
    } finally {
      open();
      await Promise.all(burst);
    }
    expect((await endpoints[0]!.send(u, form([...memoryFields(), ['image', photo, 'a.jpg']]))).statusCode).toBe(201);
  });
  it("frees an upload's place in memory once its image is decoded, while its files are still being stored", async () => {
    const u = await t.register();
    const memory = t.app.ctx.uploads.memory;
    const put = t.app.ctx.media.put.bind(t.app.ctx.media);
    let storing!: () => void;
    const reachedStorage = new Promise<void>((resolve) => (storing = resolve));
    let finish!: () => void;
    const storageMayFinish = new Promise<void>((resolve) => (finish = resolve));
    vi.spyOn(t.app.ctx.media, 'put').mockImplementation(async (key, body, type) => {
      storing();
      await storageMayFinish;
      return put(key, body, type);
    });
    const upload = endpoints[0]!.send(u, form([...memoryFields(), ['image', photo, 'a.jpg']]));
    await reachedStorage;
    expect(memory.running).toBe(0);
    finish();
    expect((await upload).statusCode).toBe(201);
  });

  it('reads a file only once it has a place in memory, and refuses with 429 once that queue is full', async () => {
    const u = await t.register();
    const memory = t.app.ctx.uploads.memory;
    const taken = await Promise.all(Array.from({ length: memory.permits }, () => memory.acquire()));
    // One upload waits for a place, its file unread; then the queue is filled by others.
    const acquire = memory.acquire.bind(memory);
    let asked!: () => void;
    const uploadAsked = new Promise<void>((resolve) => (asked = resolve));
    vi.spyOn(memory, 'acquire').mockImplementationOnce(() => {
      const permit = acquire();
      asked();
      return permit;
    });
    const waiting = endpoints[0]!.send(u, form([...memoryFields({ title: 'Waited' }), ['image', photo, 'a.jpg']]));
    await uploadAsked;
    expect(memory.queued).toBe(1);
    const others = Array.from({ length: memory.maxWaiting - 1 }, () => memory.acquire().then((release) => release()));
    try {
      const files = storedPinFiles(t);
      const refused = await endpoints[2]!.send(u, form([['profilePicture', photo, 'me.jpg']]));
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({ error: UPLOAD_MESSAGES.serverBusy });
      expect(storedPinFiles(t)).toEqual(files);
    } finally {
      for (const release of taken) release();
      await Promise.all(others);
    }
    expect((await waiting).statusCode).toBe(201);
    expect([memory.running, memory.queued]).toEqual([0, 0]);
  });
});

describe('a client trickling its upload', () => {
  it('must send the whole request within 5 minutes, so it cannot hold a place in memory for ever', () => {
    expect(t.app.server.requestTimeout).toBe(5 * 60 * 1000);
  });
});

describe('Semaphore', () => {
  it('runs at most `permits` tasks, queues up to `maxWaiting` in order, and refuses beyond', async () => {
    const s = new Semaphore(2, 2);
    const order: number[] = [];
    const gates = Array.from({ length: 4 }, () => {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      return { promise, resolve, running, started };
    });
    const tasks = gates.map((g, i) =>
      s.run(async () => {
        order.push(i);
        g.started();
        return g.promise;
      }),
    );
    expect([s.running, s.queued]).toEqual([2, 2]);
    await expect(s.run(async () => 'late')).rejects.toBeInstanceOf(SemaphoreFullError);
    gates[1]!.resolve();
    await gates[2]!.running;
    expect(order).toEqual([0, 1, 2]);
    expect([s.running, s.queued]).toEqual([2, 1]);
    for (const g of gates) g.resolve();
    await Promise.all(tasks);
    expect(order).toEqual([0, 1, 2, 3]);
    expect([s.running, s.queued]).toEqual([0, 0]);
  });

  it('hands out a permit to hold across calls, released once however often release is called', async () => {
    const s = new Semaphore(1, 1);
    const release = await s.acquire();
    const next = s.acquire();
    expect([s.running, s.queued]).toEqual([1, 1]);
    release();
    release();
    const releaseNext = await next;
    expect([s.running, s.queued]).toEqual([1, 0]);
    releaseNext();
    expect([s.running, s.queued]).toEqual([0, 0]);
  });

  it('gives the permit back when a task fails', async () => {
    const s = new Semaphore(1, 0);
    await expect(s.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await s.run(async () => 'ok')).toBe('ok');
  });
});

describe('file modes', () => {
  const mode = (file: string) => statSync(file).mode & 0o777;

  it('writes photos and thumbnails 0600 in folders 0700', async () => {
    const u = await t.register();
    const pin = await createMemory(t, u, {}, photo);
    const key = keyOf(pin.imageUrl);
    const picture = await endpoints[2]!.send(u, form([['profilePicture', photo, 'me.jpg']]));
    const avatar = keyOf(picture.json().profilePicture);
    const media = t.config.mediaDir;
    for (const k of [key, key.replace('.jpg', '-thumb.jpg'), avatar, avatar.replace('.jpg', '-thumb.jpg')]) {
      expect(mode(path.join(media, k)).toString(8), k).toBe('600');
    }
    for (const dir of [media, path.join(media, 'pins'), path.join(media, 'avatars')]) {
      expect(mode(dir).toString(8), dir).toBe('700');
    }
  });
});
