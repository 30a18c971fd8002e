import type { Pin } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePhoto } from '../../../test/fixtures/images.ts';
import { defaultMemory, memoryForm, storedPinFiles } from '../../../test/fixtures/memories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { IDEMPOTENCY_KEY_MESSAGE } from './memories.routes.ts';

/**
 * A memory made offline (docs/design.md §5, POST /api/create): the phone's outbox sends it later,
 * without a place name, and may send it twice when the first answer was lost.
 */
let t: TestApp;
let author: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  author = await t.register();
});
afterAll(() => t.close());

const create = (user: TestUser, fields: Record<string, string>, key?: string, image?: Buffer | Buffer[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create',
    headers: { ...user.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: memoryForm(fields, image),
  });

const paris = { ...defaultMemory, latitude: '48.8566', longitude: '2.3522' };
const countOf = async (authorId: string) =>
  Number(
    (
      await t.db.kysely
        .selectFrom('pins')
        .where('author_id', '=', authorId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the place of a memory sent without one', () => {
  it('is named by the server when the field is left out', async () => {
    const { locationName: _none, ...fields } = paris;
    const res = await create(author, fields);
    expect(res.statusCode).toBe(201);
    expect((res.json() as Pin).locationName).toBe('Paris, France');
  });

  it("is named by the server when the phone could only say 'Unknown location'", async () => {
    const res = await create(author, { ...paris, locationName: 'Unknown location' });
    expect((res.json() as Pin).locationName).toBe('Paris, France');
  });

  it('keeps a name the person gave', async () => {
    const res = await create(author, { ...paris, locationName: 'Our hotel' });
    expect((res.json() as Pin).locationName).toBe('Our hotel');
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeated send with the memory the first one made, and stores it once', async () => {
    const user = await t.register();
    const photo = await makePhoto();
    const filesBefore = storedPinFiles(t).length;
    const first = await create(user, paris, '0190d5b2-7a3e-7cc1-9f5e-0a1b2c3d4e5f', photo);
    const second = await create(user, { ...paris, title: 'Sent again' }, '0190d5b2-7a3e-7cc1-9f5e-0a1b2c3d4e5f', photo);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect((second.json() as Pin).id).toBe((first.json() as Pin).id);
    expect((second.json() as Pin).title).toBe(paris.title);
    expect(await countOf(user.id)).toBe(1);
    // One photo and its thumbnail.
    expect(storedPinFiles(t).length).toBe(filesBefore + 2);
  });

  it('answers a repeated send of several photos with the first memory and its photos, stored once', async () => {
    const user = await t.register();
    const photos = [await makePhoto(), await makePhoto(), await makePhoto()];
    const filesBefore = storedPinFiles(t).length;
    const first = await create(user, paris, 'three-photos-key', photos);
    const second = await create(user, paris, 'three-photos-key', photos);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    const made = first.json() as Pin;
    expect(made.images).toHaveLength(3);
    expect((second.json() as Pin).id).toBe(made.id);
    expect((second.json() as Pin).images.map((i) => i.id)).toEqual(made.images.map((i) => i.id));
    expect(await countOf(user.id)).toBe(1);
    // Three photos and their thumbnails, once.
    expect(storedPinFiles(t).length).toBe(filesBefore + 6);
  });

  it('makes one memory when the same key arrives twice at once', async () => {
    const user = await t.register();
    const [a, b] = await Promise.all([create(user, paris, 'same-key-at-once'), create(user, paris, 'same-key-at-once')]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect((a.json() as Pin).id).toBe((b.json() as Pin).id);
    expect(await countOf(user.id)).toBe(1);
  });

  it("is each author's own: another person's memory with the same key is a different memory", async () => {
    const one = await t.register();
    const other = await t.register();
    const a = await create(one, paris, 'shared-key');
    const b = await create(other, paris, 'shared-key');
    expect((a.json() as Pin).id).not.toBe((b.json() as Pin).id);
    expect(await countOf(other.id)).toBe(1);
  });

  it('makes a new memory for each send without a key, as before', async () => {
    const user = await t.register();
    await create(user, paris);
    await create(user, paris);
    expect(await countOf(user.id)).toBe(2);
  });

  it('refuses a key that is not letters, digits, - or _ with 400, storing nothing', async () => {
    const user = await t.register();
    const res = await create(user, paris, 'not a key!');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: IDEMPOTENCY_KEY_MESSAGE });
    expect(await countOf(user.id)).toBe(0);
    const long = await create(user, paris, 'k'.repeat(65));
    expect(long.statusCode).toBe(400);
  });
});
