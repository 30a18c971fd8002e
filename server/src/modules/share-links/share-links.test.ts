import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { makePhoto } from '../../../test/fixtures/images.ts';
import { createMemory, keyOf } from '../../../test/fixtures/memories.ts';
import { linkReaches, reachedByLink } from '../access/index.ts';
import { hashLinkToken } from './share-links.service.ts';

let t: TestApp;
let author: TestUser;
let friend: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await t.register('sharer');
  friend = await t.register('sharefriend');
  stranger = await t.register('sharestranger');
  await t.befriend(author, friend);
  // Names and an e-mail the page must never show.
  const named = await t.app.inject({
    method: 'PUT',
    url: '/update_user',
    headers: { cookie: author.cookie, 'sec-fetch-site': 'same-origin' },
    payload: { userId: author.id, firstName: 'Secretfirst', lastName: 'Secretlast' },
  });
  expect(named.statusCode).toBe(200);
});
afterAll(() => t.close());

function share(user: TestUser, pinId: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/pins/${pinId}/share`, headers: user.auth, ...(payload === undefined ? {} : { payload }) });
}

function tokenOf(url: string): string {
  return new URL(url).pathname.replace(/^\/s\//, '');
}

/** The share page as someone without any session sees it. */
function openLink(url: string) {
  const u = new URL(url);
  return t.app.inject({ method: 'GET', url: u.pathname });
}

function status(user: TestUser, pinId: string) {
  return t.app.inject({ method: 'GET', url: `/api/pins/${pinId}/share`, headers: user.auth });
}

describe('POST /api/pins/{id}/share', () => {
  it('gives the author a link of at least 128 random bits that works without a session, stored only as a hash', async () => {
    const pin = await createMemory(t, author, { title: 'Harbour at dusk', visibility: '2' });
    const before = Date.now();
    const res = await share(author, pin.id, { expiresInDays: 3 });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { url: string; expiresAt: string };
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'url']);
    expect(body.url).toMatch(/^http:\/\/localhost\/s\/[A-Za-z0-9_-]{32}$/);
    const token = tokenOf(body.url);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const expires = Date.parse(body.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 3 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3 * 86_400_000);

    const rows = await t.db.kysely.selectFrom('share_links').selectAll().where('pin_id', '=', pin.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashLinkToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    const page = await openLink(body.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Harbour at dusk');
  });

  it('lasts a week when no duration is sent', async () => {
    const pin = await createMemory(t, author);
    const res = await share(author, pin.id);
    expect(res.statusCode).toBe(201);
    const days = (Date.parse(res.json().expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('refuses a duration outside 1–30 whole days, naming the field, and makes no link', async () => {
    const pin = await createMemory(t, author);
    for (const expiresInDays of [0, 31, -1, 1.5, '7', null, true]) {
      const res = await share(author, pin.id, { expiresInDays });
      expect(res.statusCode, JSON.stringify(expiresInDays)).toBe(400);
      expect(res.json()).toEqual({ error: 'expiresInDays must be a whole number of days from 1 to 30' });
    }
    expect((await status(author, pin.id)).json()).toEqual({ expiresAt: null });
    for (const expiresInDays of [1, 30]) expect((await share(author, pin.id, { expiresInDays })).statusCode).toBe(201);
  });

  it('answers 404 to anyone but the author, even a friend who may see the memory, and never reveals it', async () => {
    const pin = await createMemory(t, author, { visibility: '3' });
    for (const user of [friend, stranger]) {
      const res = await share(user, pin.id, { expiresInDays: 5 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Memory not found' });
      expect((await status(user, pin.id)).statusCode).toBe(404);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/pins/${pin.id}/share`, headers: user.auth });
      expect(del.statusCode).toBe(404);
    }
    // The same answer for a memory that does not exist and for an id that is not one.
    for (const id of ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', 'not-an-id']) {
      const res = await share(author, id, { expiresInDays: 5 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Memory not found' });
    }
    expect(await t.db.kysely.selectFrom('share_links').select('pin_id').where('pin_id', '=', pin.id).execute()).toEqual([]);
  });

  it('needs a session for making, reading and ending a link', async () => {
    const pin = await createMemory(t, author);
    for (const method of ['POST', 'GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/pins/${pin.id}/share`, ...(method === 'POST' ? { payload: { expiresInDays: 2 } } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Please log in to continue' });
    }
  });

  it('keeps at most one live link per memory: a new one replaces the old', async () => {
    const pin = await createMemory(t, author, { title: 'Only one link' });
    const first = (await share(author, pin.id, { expiresInDays: 2 })).json() as { url: string };
    const second = (await share(author, pin.id, { expiresInDays: 9 })).json() as { url: string; expiresAt: string };
    expect(second.url).not.toBe(first.url);
    expect((await openLink(first.url)).statusCode).toBe(404);
    expect((await openLink(second.url)).statusCode).toBe(200);
    expect((await status(author, pin.id)).json()).toEqual({ expiresAt: second.expiresAt });
    const rows = await t.db.kysely.selectFrom('share_links').select('pin_id').where('pin_id', '=', pin.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('uses PUBLIC_URL for the link and the preview image when it is set', async () => {
    const other = await createTestApp({ PUBLIC_URL: 'https://memories.example.org/' });
    try {
      const me = await other.register('publicurl');
      const pin = await createMemory(other, me, { title: 'Behind a proxy' }, await makePhoto());
      const res = await other.app.inject({ method: 'POST', url: `/api/pins/${pin.id}/share`, headers: me.auth, payload: { expiresInDays: 1 } });
      const { url } = res.json() as { url: string };
      expect(url).toMatch(/^https:\/\/memories\.example\.org\/s\/[A-Za-z0-9_-]{32}$/);
      const page = await other.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(page.body).toMatch(/<meta property="og:image" content="https:\/\/memories\.example\.org\/media\/pins\//);
      expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await other.close();
    }
  });
});

describe('GET /s/{token}', () => {
  it('shows the memory to someone without an account: title, story, place, photo, date, username — nothing else', async () => {
    await createMemory(t, author, { title: 'Another memory entirely', visibility: '3' });
    const photo = await makePhoto();
    const pin = await createMemory(
      t,
      author,
      {
        title: 'Lighthouse & the "old" pier',
        description: 'We climbed all 219 steps.\nThe wind nearly took my hat.',
        locationName: 'Cap Fréhel, France',
        latitude: '48.6851',
        longitude: '-2.3170',
        visibility: '1',
        tags: JSON.stringify([friend.id]),
      },
      photo,
    );
    const { url } = (await share(author, pin.id, { expiresInDays: 7 })).json() as { url: string };
    const page = await openLink(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    const html = page.body;

    expect(html).toContain('<title>Lighthouse &amp; the &quot;old&quot; pier</title>');
    expect(html).toContain('<meta property="og:title" content="Lighthouse &amp; the &quot;old&quot; pier">');
    expect(html).toContain('<meta property="og:description" content="We climbed all 219 steps. The wind nearly took my hat.">');
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
    // Line breaks are kept (the page shows them); a multipart form sends them as CRLF.
    expect(html).toMatch(/<p class="story">We climbed all 219 steps.\r?\nThe wind nearly took my hat.<\/p>/);
    expect(html).toContain('Cap Fréhel, France');
    expect(html).toContain('shared by sharer');
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(pin.createdAt));
    expect(html).toContain(day);

    // The photo: an absolute signed URL, the stored bytes, fetched without a session.
    const og = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(og).toMatch(/^http:\/\/localhost\/media\/pins\/[0-9a-f-]{36}\.jpg\?exp=\d+&sig=/);
    expect(html).toContain(`<img class="photo" src="${og!.replace(/&/g, '&amp;')}"`);
    const image = await t.app.inject({ method: 'GET', url: new URL(og!).pathname + new URL(og!).search });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(await readFile(path.join(t.config.mediaDir, keyOf(pin.imageUrl))))).toBe(true);

    // Nothing else about the author, nobody else, no other memory, no position.
    for (const secret of [
      author.email,
      author.id,
      'Secretfirst',
      'Secretlast',
      friend.username,
      friend.id,
      'Another memory entirely',
      '48.6851',
      '-2.317',
      pin.id,
      'avatars/',
      'default-avatar',
    ]) {
      expect(html, secret).not.toContain(secret);
    }
    // No script of any kind, and a policy that would refuse one.
    expect(html).not.toMatch(/<script/i);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("img-src 'self' http://localhost");
    expect(csp).not.toContain('script-src');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('escapes everything the author wrote', async () => {
    const pin = await createMemory(t, author, {
      title: '<script>alert(1)</script>',
      description: '"><img src=x onerror=alert(2)> </p></main>',
      locationName: "O'Brien's <b>pub</b>",
    });
    const { url } = (await share(author, pin.id, { expiresInDays: 1 })).json() as { url: string };
    const html = (await openLink(url)).body;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>pub</b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('O&#39;Brien&#39;s &lt;b&gt;pub&lt;/b&gt;');
  });

  it('has no image tags for a memory without a photo', async () => {
    const pin = await createMemory(t, author, { title: 'No photo here' });
    const { url } = (await share(author, pin.id, { expiresInDays: 1 })).json() as { url: string };
    const html = (await openLink(url)).body;
    expect(html).not.toContain('og:image');
    expect(html).not.toContain('<img');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
  });

  it('is a friendly 404 once revoked, expired, for a deleted memory, or for a made-up token', async () => {
    const revoked = await createMemory(t, author);
    const revokedLink = (await share(author, revoked.id, { expiresInDays: 4 })).json() as { url: string };
    const del = await t.app.inject({ method: 'DELETE', url: `/api/pins/${revoked.id}/share`, headers: author.auth });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await status(author, revoked.id)).json()).toEqual({ expiresAt: null });
    // Stopping again is already done.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/pins/${revoked.id}/share`, headers: author.auth })).statusCode).toBe(204);

    const expired = await createMemory(t, author);
    const expiredLink = (await share(author, expired.id, { expiresInDays: 4 })).json() as { url: string };
    await t.db.kysely
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('pin_id', '=', expired.id)
      .execute();
    expect((await status(author, expired.id)).json()).toEqual({ expiresAt: null });

    const deleted = await createMemory(t, author);
    const deletedLink = (await share(author, deleted.id, { expiresInDays: 4 })).json() as { url: string };
    await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: author.auth, payload: { pinId: deleted.id } });

    const urls = [
      revokedLink.url,
      expiredLink.url,
      deletedLink.url,
      'http://localhost/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'http://localhost/s/short',
      'http://localhost/s/%3Cscript%3E',
    ];
    for (const url of urls) {
      const page = await openLink(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('This link no longer works');
      expect(page.body).not.toContain('<script');
    }
  });

  it('the in-memory rule and the SQL agree on who a link reaches', async () => {
    const a = await createMemory(t, author, { visibility: '1' });
    const b = await createMemory(t, author, { visibility: '3' });
    const { url } = (await share(author, a.id, { expiresInDays: 2 })).json() as { url: string };
    const hash = hashLinkToken(tokenOf(url));
    const link = await t.db.kysely.selectFrom('share_links').select(['pin_id', 'expires_at']).where('token_hash', '=', hash).executeTakeFirstOrThrow();
    const grant = { pinId: link.pin_id, expiresAt: link.expires_at };
    const now = Date.now();
    const cases: Array<[string, string, number]> = [
      ['its memory, live', a.id, now],
      ['another memory', b.id, now],
      ['its memory, after expiry', a.id, Date.parse(link.expires_at) + 1],
      ['its memory, at expiry', a.id, Date.parse(link.expires_at)],
    ];
    for (const [label, pinId, at] of cases) {
      const sqlSays = await t.db.kysely
        .selectFrom('pins')
        .select('pins.id')
        .where('pins.id', '=', pinId)
        .where((eb) => reachedByLink(eb, hash, new Date(at).toISOString()))
        .execute();
      expect(sqlSays.length === 1, label).toBe(linkReaches(grant, pinId, at));
    }
    expect(linkReaches(grant, a.id, now)).toBe(true);
    expect(linkReaches(undefined, a.id, now)).toBe(false);
  });
});

describe('the page of a shared memory and its conversation', () => {
  it('shows the counts of its reactions and comments, never who said what', async () => {
    const pin = await createMemory(t, author, { title: 'Talked about', visibility: '2' });
    const { url } = (await share(author, pin.id, { expiresInDays: 1 })).json() as { url: string };
    expect((await openLink(url)).body).not.toContain('class="meta talk"');

    const said = 'A secret only friends should read';
    for (const [who, emoji] of [[friend, '❤️'], [author, '❤️']] as const) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/pins/${pin.id}/reaction`, headers: who.auth, payload: { emoji } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const commented = await t.app.inject({ method: 'POST', url: `/api/pins/${pin.id}/comments`, headers: friend.auth, payload: { text: said } });
    expect(commented.statusCode, commented.body).toBe(201);

    const html = (await openLink(url)).body;
    expect(html).toContain('<p class="meta talk">❤️ 2 · 1 comment</p>');
    expect(html).not.toContain(said);
    expect(html).not.toContain(friend.username);
  });
});
