import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { usersRepository } from './users.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BOUNDARY = '----mm-picture-test';

function multipartBody(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.filename ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const upload = (who: TestUser, data: Buffer | string, filename = 'me.png', type = 'image/png', name = 'profilePicture') =>
  t.app.inject({
    method: 'POST',
    url: '/api/profile/upload-profile-picture',
    headers: { ...who.auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartBody([{ name, filename, type, data }]),
  });

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** A JPEG the way a phone writes one: camera make, owner and the GPS position in EXIF. */
const jpegWithGps = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'LeakyCam', Copyright: 'Secret Owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
    })
    .toBuffer();

const keyOf = (url: string) => /^\/media\/(avatars\/[0-9a-f-]{36}\.jpg)\?exp=\d+&sig=[\w-]+$/.exec(url)?.[1];
const avatarFiles = () => {
  const dir = path.join(t.config.mediaDir, 'avatars');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
const storedPicture = async (who: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/get_user', headers: who.auth });
  return res.json().profilePicture as string;
};

describe('POST /api/profile/upload-profile-picture', () => {
  it('stores a PNG as a re-encoded image behind a signed URL and shows it on the user', async () => {
    const u = await t.register();
    const res = await upload(u, await png());
    expect(res.statusCode).toBe(200);
    const url = res.json().profilePicture as string;
    const key = keyOf(url);
    expect(key).toBeDefined();
    expect(keyOf(await storedPicture(u))).toBe(key);

    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    // The thumbnail sits beside it.
    expect(existsSync(path.join(t.config.mediaDir, key!.replace('.jpg', '-thumb.jpg')))).toBe(true);

    // Others get the same picture through their own lists.
    const other = await t.register();
    const seen = await t.app.inject({ method: 'GET', url: `/api/get_user/${u.id}`, headers: other.auth });
    expect(keyOf(seen.json().profilePicture)).toBe(key);
  });

  it('strips EXIF and GPS from a JPEG: the stored bytes carry none of it', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    // The fixture really carries the GPS IFD pointer (tag 0x8825) and the camera tags.
    expect(before.exif).toBeDefined();
    expect(before.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(original.includes(Buffer.from('LeakyCam'))).toBe(true);

    const u = await t.register();
    const res = await upload(u, original, 'holiday.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const url = res.json().profilePicture as string;
    const key = keyOf(url)!;

    const served = (await t.app.inject({ method: 'GET', url })).rawPayload;
    const thumb = await t.app.inject({ method: 'GET', url: url.replace('.jpg?', '-thumb.jpg?') });
    // The thumbnail is not handed out by URL; read it from storage to check it too.
    expect(thumb.statusCode).toBe(403);
    const stored = await t.app.ctx.media.get(key.replace('.jpg', '-thumb.jpg'));
    const thumbBytes = Buffer.concat(await stored!.body.toArray());
    for (const bytes of [served, thumbBytes]) {
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      for (const marker of ['Exif', 'LeakyCam', 'Secret Owner', 'GPS']) {
        expect(bytes.includes(Buffer.from(marker)), marker).toBe(false);
      }
    }
  });

  it('deletes the old picture files once the new one is in place', async () => {
    const u = await t.register();
    const first = await upload(u, await png(40, 40));
    const firstUrl = first.json().profilePicture as string;
    const firstKey = keyOf(firstUrl)!;
    const firstFile = path.join(t.config.mediaDir, firstKey);
    const firstThumb = firstFile.replace('.jpg', '-thumb.jpg');
    expect(existsSync(firstFile)).toBe(true);
    expect(existsSync(firstThumb)).toBe(true);

    const second = await upload(u, await jpegWithGps(), 'b.jpg', 'image/jpeg');
    expect(second.statusCode).toBe(200);
    const secondKey = keyOf(second.json().profilePicture)!;
    expect(secondKey).not.toBe(firstKey);
    expect(existsSync(firstFile)).toBe(false);
    expect(existsSync(firstThumb)).toBe(false);
    expect(existsSync(path.join(t.config.mediaDir, secondKey))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    expect(keyOf(await storedPicture(u))).toBe(secondKey);
  });

  it('two uploads at once leave exactly one picture and no orphaned files', async () => {
    const u = await t.register();
    const before = avatarFiles();
    // Hold both uploads just before they point the row at their picture, so both have read the
    // same old value: the worst interleaving.
    const swap = usersRepository.swapProfilePicture.bind(usersRepository);
    let arrived = 0;
    let release!: () => void;
    const bothArrived = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(usersRepository, 'swapProfilePicture').mockImplementation(async (...args) => {
      arrived += 1;
      if (arrived === 2) release();
      if (arrived <= 2) await bothArrived;
      return swap(...args);
    });
    const [a, b] = await Promise.all([upload(u, await png(20, 20)), upload(u, await png(24, 24))]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const finalKey = keyOf(await storedPicture(u))!;
    expect([keyOf(a.json().profilePicture), keyOf(b.json().profilePicture)]).toContain(finalKey);
    const added = avatarFiles().filter((f) => !before.includes(f));
    const id = finalKey.slice('avatars/'.length, -'.jpg'.length);
    expect(added).toEqual([`${id}-thumb.jpg`, `${id}.jpg`]);
    expect(arrived).toBe(3);
  });

  it('refuses a text file named .png with 415 and keeps nothing', async () => {
    const u = await t.register();
    const files = avatarFiles();
    const res = await upload(u, 'this is not an image at all', 'evil.png', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatch(/not an image/);
    expect(avatarFiles()).toEqual(files);
    expect(await storedPicture(u)).toBe('/media/default-avatar.svg');
  });

  it('refuses a damaged image (valid header, cut short) without keeping anything', async () => {
    const u = await t.register();
    const files = avatarFiles();
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const res = await upload(u, whole.subarray(0, Math.floor(whole.length / 3)), 'cut.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(avatarFiles()).toEqual(files);
    expect(await storedPicture(u)).toBe('/media/default-avatar.svg');
  });

  it('answers 400 for an empty file, no file, the wrong field, or a JSON body', async () => {
    const u = await t.register();
    const empty = await upload(u, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'Choose an image to upload' });

    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-profile-picture',
      headers: { ...u.auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipartBody([{ name: 'note', data: 'hello' }]),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ error: 'Choose an image to upload' });

    const wrongField = await upload(u, await png(), 'me.png', 'image/png', 'avatar');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ error: 'Send the image in the profilePicture field' });

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-profile-picture',
      headers: u.auth,
      payload: { profilePicture: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: 'Choose an image to upload' });
    expect(await storedPicture(u)).toBe('/media/default-avatar.svg');
  });

  it('answers 413 for a file over 15 MB and keeps nothing', async () => {
    const u = await t.register();
    const files = avatarFiles();
    const big = Buffer.alloc(15 * 1024 * 1024 + 1, 0x41);
    (await png()).copy(big);
    const res = await upload(u, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The file is too large (at most 15 MB)' });
    expect(avatarFiles()).toEqual(files);
    expect(await storedPicture(u)).toBe('/media/default-avatar.svg');
  });

  it('leaves no file and no row change when storing fails half-way', async () => {
    const u = await t.register();
    const kept = await upload(u, await png());
    const keptUrl = kept.json().profilePicture as string;
    const files = avatarFiles();
    const put = t.app.ctx.media.put.bind(t.app.ctx.media);
    let calls = 0;
    vi.spyOn(t.app.ctx.media, 'put').mockImplementation(async (key, body, type) => {
      calls += 1;
      if (calls === 2) throw new Error('bucket unavailable');
      return put(key, body, type);
    });
    const res = await upload(u, await png(30, 30));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    expect(avatarFiles()).toEqual(files);
    expect(keyOf(await storedPicture(u))).toBe(keyOf(keptUrl));
    expect((await t.app.inject({ method: 'GET', url: keptUrl })).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-profile-picture',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipartBody([{ name: 'profilePicture', filename: 'a.png', type: 'image/png', data: await png() }]),
    });
    expect(res.statusCode).toBe(401);
  });
});
