import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Pin } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { makePhoto } from '../../../test/fixtures/images.ts';
import { createMemory, keyOf } from '../../../test/fixtures/memories.ts';
import { readZip } from '../../../test/fixtures/zip.ts';
import type { ExportedMemory } from './export-archive.ts';

let t: TestApp;
let me: TestUser;
let friend: TestUser;
let asked: TestUser;
let asker: TestUser;
let stranger: TestUser;
let withPhoto: Pin;
let tagged: Pin;
let plain: Pin;

function exportOf(user: TestUser) {
  return t.app.inject({ method: 'GET', url: '/api/export', headers: user.auth });
}

beforeAll(async () => {
  t = await createTestApp();
  me = await t.register('exporter');
  friend = await t.register('expfriend');
  asked = await t.register('expasked');
  asker = await t.register('expasker');
  stranger = await t.register('expstranger');
  await t.befriend(me, friend);
  await t.app.inject({ method: 'POST', url: '/api/send_request', headers: me.auth, payload: { userId: asked.id } });
  await t.app.inject({ method: 'POST', url: '/api/send_request', headers: asker.auth, payload: { userId: me.id } });
  const named = await t.app.inject({
    method: 'PUT',
    url: '/update_user',
    headers: { cookie: me.cookie, 'sec-fetch-site': 'same-origin' },
    payload: { userId: me.id, firstName: 'Ada', lastName: 'Lovelace' },
  });
  expect(named.statusCode).toBe(200);
  const picture = new FormData();
  picture.append('profilePicture', new Blob([new Uint8Array(await makePhoto({ width: 300, height: 300 }))], { type: 'image/jpeg' }), 'me.jpg');
  const up = await t.app.inject({ method: 'POST', url: '/api/profile/upload-profile-picture', headers: me.auth, payload: picture });
  expect(up.statusCode).toBe(200);

  withPhoto = await createMemory(t, me, { title: 'Photo day', latitude: '48.8566', longitude: '2.3522', visibility: '3' }, await makePhoto());
  tagged = await createMemory(t, me, { title: 'With a friend', latitude: '-33.8688', longitude: '151.2093', visibility: '2', happenedAt: '2019-11-27', tags: JSON.stringify([friend.id]) }, await makePhoto({ width: 640, height: 480 }));
  plain = await createMemory(t, me, { title: 'No photo', description: 'Line one\nline "two" & <three>', latitude: '0', longitude: '-179.5' });
  // Others' memories, even one that tags me, are theirs.
  await createMemory(t, friend, { title: "Friend's, tagging me", visibility: '3', tags: JSON.stringify([me.id]) }, await makePhoto());
  await createMemory(t, stranger, { title: "Stranger's", visibility: '3' });
  await t.app.inject({ method: 'POST', url: `/api/pins/${tagged.id}/share`, headers: me.auth, payload: { expiresInDays: 3 } });
});
afterAll(() => t.close());

describe('GET /api/export', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/export' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please log in to continue' });
  });

  it('is a zip of everything the user owns, and only that', async () => {
    const res = await exportOf(me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="memory-map-exporter-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const files = await readZip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        'conversation.json',
        'friends.json',
        'memories.geojson',
        'memories.json',
        `photos/${tagged.id}.jpg`,
        `photos/${withPhoto.id}.jpg`,
        'profile-picture.jpg',
        'profile.json',
      ].sort(),
    );

    const profile = JSON.parse(files.get('profile.json')!.toString('utf8'));
    expect(profile).toEqual({
      format: 'memory-map-export/1',
      exportedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      user: {
        id: me.id,
        username: 'exporter',
        email: me.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        createdAt: me.user.createdAt,
        profilePicture: 'profile-picture.jpg',
      },
    });
    // The stored picture, byte for byte.
    const row = await t.db.kysely.selectFrom('users').select(['profile_picture', 'password_hash']).where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(files.get('profile-picture.jpg')!.equals(await readFile(path.join(t.config.mediaDir, row.profile_picture!)))).toBe(true);
    // Nothing secret of the account is in any file.
    for (const [name, bytes] of files) expect(bytes.includes(row.password_hash), name).toBe(false);

    const friends = JSON.parse(files.get('friends.json')!.toString('utf8'));
    expect(friends).toEqual({
      friends: [{ id: friend.id, username: 'expfriend', email: friend.email, friendsSince: expect.any(String) }],
      // The e-mail of someone I asked is not mine to see (docs/design.md §6); an asker's is.
      requestsSent: [{ id: asked.id, username: 'expasked', sentAt: expect.any(String) }],
      requestsReceived: [{ id: asker.id, username: 'expasker', email: asker.email, receivedAt: expect.any(String) }],
    });

    const memories = JSON.parse(files.get('memories.json')!.toString('utf8')) as ExportedMemory[];
    expect(memories.map((m) => m.title)).toEqual(['Photo day', 'With a friend', 'No photo']);
    const sharedUntil = (await t.db.kysely.selectFrom('share_links').select('expires_at').where('pin_id', '=', tagged.id).executeTakeFirstOrThrow()).expires_at;
    expect(memories[1]).toEqual({
      id: tagged.id,
      title: 'With a friend',
      description: tagged.description,
      latitude: -33.8688,
      longitude: 151.2093,
      locationName: tagged.locationName,
      visibility: '2',
      createdAt: tagged.createdAt,
      updatedAt: tagged.updatedAt,
      happenedAt: '2019-11-27',
      photo: `photos/${tagged.id}.jpg`,
      photos: [`photos/${tagged.id}.jpg`],
      taggedFriends: [{ id: friend.id, username: 'expfriend' }],
      sharedUntil,
    });
    expect(memories[2]).toMatchObject({ id: plain.id, description: plain.description, photo: null, photos: [], taggedFriends: [], sharedUntil: null, visibility: '1' });

    // The photos are the stored files, byte for byte, and carry no metadata (they were re-encoded).
    for (const pin of [withPhoto, tagged]) {
      const stored = await readFile(path.join(t.config.mediaDir, keyOf(pin.imageUrl)));
      expect(files.get(`photos/${pin.id}.jpg`)!.equals(stored)).toBe(true);
    }

    const geo = JSON.parse(files.get('memories.geojson')!.toString('utf8'));
    expect(geo.type).toBe('FeatureCollection');
    expect(Object.keys(geo).sort()).toEqual(['features', 'type']);
    expect(geo.features).toHaveLength(3);
    for (const f of geo.features) {
      expect(f.type).toBe('Feature');
      expect(f.geometry.type).toBe('Point');
      expect(f.geometry.coordinates).toHaveLength(2);
      const [lon, lat] = f.geometry.coordinates;
      expect(Math.abs(lon)).toBeLessThanOrEqual(180);
      expect(Math.abs(lat)).toBeLessThanOrEqual(90);
      expect(typeof f.properties).toBe('object');
    }
    // Longitude first (RFC 7946): Sydney is at 151° E, 33° S.
    const sydney = geo.features.find((f: { id: string }) => f.id === tagged.id);
    expect(sydney.geometry.coordinates).toEqual([151.2093, -33.8688]);
    expect(sydney.properties).toMatchObject({ title: 'With a friend', photo: `photos/${tagged.id}.jpg`, visibility: '2' });

    // Nobody else's memories.
    const all = [...files.values()].map((b) => b.toString('latin1')).join('\n');
    expect(all).not.toContain("Friend's, tagging me");
    expect(all).not.toContain("Stranger's");
  });

  it("carries every field of the memory that the pin object does, with the pin's values", async () => {
    // Each field of the API's pin is either in the export (under this name) or is about the
    // viewer or the URL of the moment, not the memory. A field added to the pin lands in one of
    // the two lists, or this test fails: the export must not quietly lose a part of a memory.
    const exported: Record<string, keyof ExportedMemory> = {
      id: 'id',
      title: 'title',
      description: 'description',
      latitude: 'latitude',
      longitude: 'longitude',
      locationName: 'locationName',
      visibility: 'visibility',
      createdAt: 'createdAt',
      updatedAt: 'updatedAt',
      happenedAt: 'happenedAt',
      imageUrl: 'photo',
      images: 'photos',
      taggedFriends: 'taggedFriends',
      tags: 'taggedFriends',
    };
    const aboutTheViewer = ['thumbnailUrl', 'author', 'userId', 'authorName', 'authorPicture', 'pinType', 'isOwnPin'];
    // Its conversation is in conversation.json (the comments on it, the user's own reactions).
    const inConversation = ['commentCount', 'reactions'];
    const read = await t.app.inject({ method: 'GET', url: '/api/query_feed?limit=100', headers: me.auth });
    const pins = (read.json() as Pin[]).filter((p) => p.isOwnPin);
    expect(pins).toHaveLength(3);
    expect(Object.keys(pins[0]!).sort()).toEqual([...Object.keys(exported), ...aboutTheViewer, ...inConversation].sort());

    const files = await readZip((await exportOf(me)).rawPayload);
    const memories = JSON.parse(files.get('memories.json')!.toString('utf8')) as ExportedMemory[];
    const features = JSON.parse(files.get('memories.geojson')!.toString('utf8')).features as Array<{
      id: string;
      geometry: { coordinates: [number, number] };
      properties: Record<string, unknown>;
    }>;
    for (const pin of pins) {
      const memory = memories.find((m) => m.id === pin.id)!;
      const feature = features.find((f) => f.id === pin.id)!;
      for (const field of ['title', 'description', 'locationName', 'visibility', 'createdAt', 'updatedAt', 'happenedAt'] as const) {
        expect(memory[field], field).toEqual(pin[field]);
        expect(feature.properties[field], `geojson ${field}`).toEqual(pin[field]);
      }
      expect([memory.longitude, memory.latitude]).toEqual([pin.longitude, pin.latitude]);
      expect(feature.geometry.coordinates).toEqual([pin.longitude, pin.latitude]);
      expect(memory.photos).toHaveLength(pin.images.length);
      expect(memory.photo === null).toBe(pin.imageUrl === null);
      expect(memory.taggedFriends.map((f) => f.id)).toEqual(pin.tags);
      expect(memory.taggedFriends).toEqual(pin.taggedFriends.map((f) => ({ id: f._id, username: f.username })));
    }
  });

  it('is a valid archive for someone with nothing yet', async () => {
    const files = await readZip((await exportOf(stranger)).rawPayload);
    expect(JSON.parse(files.get('memories.json')!.toString('utf8'))).toHaveLength(1);
    const empty = await t.register('expempty');
    const none = await readZip((await exportOf(empty)).rawPayload);
    expect([...none.keys()].sort()).toEqual(['conversation.json', 'friends.json', 'memories.geojson', 'memories.json', 'profile.json']);
    expect(JSON.parse(none.get('conversation.json')!.toString('utf8'))).toEqual({ comments: [], reactions: [], commentsOnYourMemories: [] });
    expect(JSON.parse(none.get('memories.json')!.toString('utf8'))).toEqual([]);
    expect(JSON.parse(none.get('memories.geojson')!.toString('utf8'))).toEqual({ type: 'FeatureCollection', features: [] });
    expect(JSON.parse(none.get('friends.json')!.toString('utf8'))).toEqual({ friends: [], requestsSent: [], requestsReceived: [] });
    expect(JSON.parse(none.get('profile.json')!.toString('utf8')).user.profilePicture).toBeNull();
  });

  it('leaves out a photo whose file is gone, and says so in the lists', async () => {
    const lost = await t.register('explost');
    const pin = await createMemory(t, lost, { title: 'Lost file' }, await makePhoto());
    await rm(path.join(t.config.mediaDir, keyOf(pin.imageUrl)));
    const res = await exportOf(lost);
    expect(res.statusCode).toBe(200);
    const files = await readZip(res.rawPayload);
    expect([...files.keys()].filter((n) => n.startsWith('photos/'))).toEqual([]);
    const [memory] = JSON.parse(files.get('memories.json')!.toString('utf8')) as ExportedMemory[];
    expect(memory).toMatchObject({ id: pin.id, photo: null });
    expect(JSON.parse(files.get('memories.geojson')!.toString('utf8')).features[0].properties.photo).toBeNull();
  });

  it('reads many memories a page at a time and keeps their order', async () => {
    const many = await t.register('expmany');
    const at = new Date().toISOString();
    const rows = Array.from({ length: 1234 }, (_, i) => ({
      id: `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`,
      author_id: many.id,
      title: `Memory ${i}`,
      description: 'd',
      latitude: (i % 180) - 89.5,
      longitude: (i % 360) - 179.5,
      location_name: 'Somewhere',
      visibility: 1,
      created_at: at,
      updated_at: at,
    }));
    for (let i = 0; i < rows.length; i += 400) await t.db.kysely.insertInto('pins').values(rows.slice(i, i + 400)).execute();
    const files = await readZip((await exportOf(many)).rawPayload);
    const memories = JSON.parse(files.get('memories.json')!.toString('utf8')) as ExportedMemory[];
    expect(memories.map((m) => m.id)).toEqual(rows.map((r) => r.id));
    const geo = JSON.parse(files.get('memories.geojson')!.toString('utf8'));
    expect(geo.features.map((f: { id: string }) => f.id)).toEqual(rows.map((r) => r.id));
    expect(geo.features[1234 - 1].geometry.coordinates).toEqual([rows[1233]!.longitude, rows[1233]!.latitude]);
  });
});
