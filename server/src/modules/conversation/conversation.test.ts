import { randomUUID } from 'node:crypto';
import { CONVERSATION_MESSAGES, MEMORY_MESSAGES, type Comment, type Notification, type Pin } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../../test/fixtures/memories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { SseClient } from '../../../test/sse-client.ts';
import { mentionedNames } from './conversation.service.ts';
import { pinsIn } from './pin-counts.ts';

/** Comments, reactions and notifications (docs/design.md §14). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: TestUser, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });

const comment = async (who: TestUser, pinId: string, text: string): Promise<Comment> => {
  const res = await call(who, 'POST', `/api/pins/${pinId}/comments`, { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Comment;
};
const notifications = async (who: TestUser) => (await call(who, 'GET', '/api/notifications')).json() as Notification[];
const unread = async (who: TestUser) => ((await call(who, 'GET', '/api/notifications/unread_count')).json() as { count: number }).count;
const countRows = async (table: 'comments' | 'pin_reactions' | 'notifications') =>
  Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);

/** An author; a friend; a friend tagged on the memory; a stranger; a friend who was unfriended after taking part. */
async function cast(visibility: '1' | '2' | '3') {
  const [author, friend, tagged, stranger, exFriend] = [await t.register(), await t.register(), await t.register(), await t.register(), await t.register()];
  for (const f of [friend, tagged, exFriend]) await t.befriend(author, f);
  const pin = await createMemory(t, author, { visibility, title: 'Lake day', tags: JSON.stringify([tagged.id]) });
  if (visibility !== '1') {
    await comment(exFriend, pin.id, 'I was there!');
    expect((await call(exFriend, 'PUT', `/api/pins/${pin.id}/reaction`, { emoji: '🔥' })).statusCode).toBe(200);
  }
  expect((await call(author, 'DELETE', '/api/delete_friend', { userId: exFriend.id })).statusCode).toBe(200);
  return { author, friend, tagged, stranger, exFriend, pin };
}

describe('who may take part: each viewer of each visibility', () => {
  // Tagging never widens the audience (design §6): the tagged friend reads what a friend reads.
  const CAN: Record<'1' | '2' | '3', Record<'author' | 'friend' | 'tagged' | 'stranger' | 'exFriend', boolean>> = {
    '1': { author: true, friend: false, tagged: false, stranger: false, exFriend: false },
    '2': { author: true, friend: true, tagged: true, stranger: false, exFriend: false },
    '3': { author: true, friend: true, tagged: true, stranger: true, exFriend: true },
  };
  it.each(['1', '2', '3'] as const)('visibility %s: readers comment, react and list; the others get 404 as for a missing memory', async (visibility) => {
    const c = await cast(visibility);
    for (const who of ['author', 'friend', 'tagged', 'stranger', 'exFriend'] as const) {
      const viewer = c[who];
      const allowed = CAN[visibility][who];
      const label = `${who} on visibility ${visibility}`;
      const list = await call(viewer, 'GET', `/api/pins/${c.pin.id}/comments`);
      const post = await call(viewer, 'POST', `/api/pins/${c.pin.id}/comments`, { text: `hello from ${who}` });
      const react = await call(viewer, 'PUT', `/api/pins/${c.pin.id}/reaction`, { emoji: '❤️' });
      const pin = await call(viewer, 'GET', `/api/pins/${c.pin.id}`);
      for (const res of [list, post, react, pin]) {
        expect(res.statusCode, label).toBe(allowed ? (res === post ? 201 : 200) : 404);
        if (!allowed) expect(res.json(), label).toEqual({ error: MEMORY_MESSAGES.notFound });
      }
    }
  });

  it('an ex-friend loses the thread at once, their own comment included', async () => {
    const c = await cast('2');
    const [own] = (await (await call(c.author, 'GET', `/api/pins/${c.pin.id}/comments`)).json()) as Comment[];
    expect(own!.author._id).toBe(c.exFriend.id);
    expect((await call(c.exFriend, 'PATCH', `/api/comments/${own!.id}`, { text: 'edited' })).statusCode).toBe(404);
    expect((await call(c.exFriend, 'DELETE', `/api/comments/${own!.id}`)).statusCode).toBe(404);
    expect((await call(c.exFriend, 'DELETE', `/api/pins/${c.pin.id}/reaction`)).statusCode).toBe(404);
    // Nothing changed: the comment is still there for those who may read it.
    const after = (await call(c.friend, 'GET', `/api/pins/${c.pin.id}/comments`)).json() as Comment[];
    expect(after.map((x) => x.text)).toEqual(['I was there!']);
  });
});

describe('comments', () => {
  it('are listed oldest first, a page at a time with Link, trimmed, and edited by their author only', async () => {
    const c = await cast('3');
    const mine = await comment(c.friend, c.pin.id, '  first  ');
    expect(mine.text).toBe('first');
    expect(mine.editedAt).toBeNull();
    await comment(c.stranger, c.pin.id, 'second');
    const page = await call(c.friend, 'GET', `/api/pins/${c.pin.id}/comments?limit=2`);
    expect((page.json() as Comment[]).map((x) => x.text)).toEqual(['I was there!', 'first']);
    const next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link))![1]!;
    expect(((await call(c.friend, 'GET', next)).json() as Comment[]).map((x) => x.text)).toEqual(['second']);

    const edit = await call(c.friend, 'PATCH', `/api/comments/${mine.id}`, { text: 'first, edited' });
    expect(edit.statusCode).toBe(200);
    expect((edit.json() as Comment).editedAt).not.toBeNull();
    // Someone who may read it but did not write it: 403; the memory's author may not edit either.
    for (const other of [c.stranger, c.author]) {
      const res = await call(other, 'PATCH', `/api/comments/${mine.id}`, { text: 'hijacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: CONVERSATION_MESSAGES.onlyOwnComment });
    }
  });

  it('are deleted by their author or by the memory’s author, and by nobody else', async () => {
    const c = await cast('3');
    const a = await comment(c.friend, c.pin.id, 'one');
    const b = await comment(c.friend, c.pin.id, 'two');
    expect((await call(c.stranger, 'DELETE', `/api/comments/${a.id}`)).statusCode).toBe(403);
    expect((await call(c.friend, 'DELETE', `/api/comments/${a.id}`)).statusCode).toBe(204);
    expect((await call(c.author, 'DELETE', `/api/comments/${b.id}`)).statusCode).toBe(204);
    expect((await call(c.author, 'DELETE', `/api/comments/${b.id}`)).statusCode).toBe(404);
    expect((await call(c.author, 'DELETE', `/api/comments/${randomUUID()}`)).json()).toEqual({ error: CONVERSATION_MESSAGES.commentNotFound });
  });

  it('refuse bad text with a 400 naming the field, storing nothing', async () => {
    const c = await cast('3');
    const before = await countRows('comments');
    for (const [payload, message] of [
      [{ text: '   ' }, CONVERSATION_MESSAGES.textBlank],
      [{ text: 'x'.repeat(1001) }, CONVERSATION_MESSAGES.textTooLong],
      [{ text: 42 }, CONVERSATION_MESSAGES.textRequired],
      [{}, CONVERSATION_MESSAGES.textRequired],
    ] as const) {
      const res = await call(c.friend, 'POST', `/api/pins/${c.pin.id}/comments`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toContain('text');
      expect(res.json()).toEqual({ error: message });
    }
    expect(await countRows('comments')).toBe(before);
    expect((await call(c.friend, 'POST', `/api/pins/${c.pin.id}/comments`, { text: 'x'.repeat(1000) })).statusCode).toBe(201);
  });
});

describe('reactions', () => {
  it('are one per person, from the set, and every pin carries the counts and the viewer’s own', async () => {
    const c = await cast('3');
    const before = await countRows('pin_reactions');
    const bad = await call(c.friend, 'PUT', `/api/pins/${c.pin.id}/reaction`, { emoji: '👍' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: CONVERSATION_MESSAGES.emojiNotAllowed });
    expect(await countRows('pin_reactions')).toBe(before);

    await call(c.friend, 'PUT', `/api/pins/${c.pin.id}/reaction`, { emoji: '😂' });
    const changed = await call(c.friend, 'PUT', `/api/pins/${c.pin.id}/reaction`, { emoji: '❤️' });
    expect(changed.json()).toEqual({ pinId: c.pin.id, commentCount: 1, reactions: { counts: { '🔥': 1, '❤️': 1 }, mine: '❤️' } });
    await comment(c.stranger, c.pin.id, 'nice');

    const fromFeed = ((await call(c.friend, 'GET', '/api/query_feed?limit=100')).json() as Pin[]).find((p) => p.id === c.pin.id)!;
    expect(fromFeed.commentCount).toBe(2);
    expect(fromFeed.reactions).toEqual({ counts: { '🔥': 1, '❤️': 1 }, mine: '❤️' });
    const forStranger = (await call(c.stranger, 'GET', `/api/pins/${c.pin.id}`)).json() as Pin;
    expect(forStranger.reactions).toEqual({ counts: { '🔥': 1, '❤️': 1 }, mine: null });
    const onProfile = ((await call(c.stranger, 'GET', `/api/users/${c.author.id}/memories`)).json() as Pin[])[0]!;
    expect(onProfile.commentCount).toBe(2);

    expect((await call(c.friend, 'DELETE', `/api/pins/${c.pin.id}/reaction`)).statusCode).toBe(204);
    expect(((await call(c.friend, 'GET', `/api/pins/${c.pin.id}`)).json() as Pin).reactions).toEqual({ counts: { '🔥': 1 }, mine: null });
  });

  it('do not make the read cache stale: no counter moves, and the held feed page answers the new counts', async () => {
    const c = await cast('3');
    await call(c.friend, 'GET', '/api/query_feed?limit=20');
    // The feed's and the map's counters; the counts' own (`conversation`, migration 0091) moves.
    const gens = async () =>
      (await t.db.kysely.selectFrom('read_generations').select(['scope', 'gen']).where('scope', '!=', 'conversation').orderBy('scope').execute()).map((r) => `${r.scope}=${r.gen}`);
    const conversationSeq = async () => Number((await t.db.kysely.selectFrom('read_generations').select('gen').where('scope', '=', 'conversation').executeTakeFirst())?.gen ?? 0);
    const held = await gens();
    const seq = await conversationSeq();
    await call(c.stranger, 'PUT', `/api/pins/${c.pin.id}/reaction`, { emoji: '👏' });
    await comment(c.stranger, c.pin.id, 'lovely');
    expect(await gens()).toEqual(held);
    expect(await conversationSeq()).toBeGreaterThan(seq);
    const pin = ((await call(c.friend, 'GET', '/api/query_feed?limit=20')).json() as Pin[]).find((p) => p.id === c.pin.id)!;
    expect(pin.reactions!.counts['👏']).toBe(1);
    expect(pin.commentCount).toBe(2);
  });

  it('held for a page, follow every comment and reaction made through another server', async () => {
    // Server 2 shares the database: it holds no page of server 1's, and writes what server 1 must see.
    const two = await createTestApp({}, { db: t.db });
    try {
      const c = await cast('3');
      const feedPin = async () => ((await call(c.friend, 'GET', '/api/query_feed?limit=20')).json() as Pin[]).find((p) => p.id === c.pin.id)!;
      const onTwo = (who: TestUser, method: Method, url: string, payload?: unknown) =>
        two.app.inject({ method, url, headers: who.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });
      const start = await feedPin();
      expect(await feedPin()).toEqual(start);

      expect((await onTwo(c.stranger, 'PUT', `/api/pins/${c.pin.id}/reaction`, { emoji: '👏' })).statusCode).toBe(200);
      expect((await feedPin()).reactions!.counts).toEqual({ ...start.reactions!.counts, '👏': 1 });
      expect((await onTwo(c.stranger, 'PUT', `/api/pins/${c.pin.id}/reaction`, { emoji: '❤️' })).statusCode).toBe(200);
      expect((await feedPin()).reactions!.counts).toEqual({ ...start.reactions!.counts, '❤️': 1 });
      expect((await onTwo(c.stranger, 'DELETE', `/api/pins/${c.pin.id}/reaction`)).statusCode).toBe(204);
      expect((await feedPin()).reactions!.counts).toEqual(start.reactions!.counts);

      const res = await onTwo(c.stranger, 'POST', `/api/pins/${c.pin.id}/comments`, { text: 'from two' });
      expect(res.statusCode).toBe(201);
      expect((await feedPin()).commentCount).toBe(start.commentCount! + 1);
      expect((await onTwo(c.stranger, 'DELETE', `/api/comments/${(res.json() as Comment).id}`)).statusCode).toBe(204);
      expect((await feedPin()).commentCount).toBe(start.commentCount);

      // The viewer's own reaction is theirs alone: another viewer's held page does not show it.
      expect((await onTwo(c.friend, 'PUT', `/api/pins/${c.pin.id}/reaction`, { emoji: '😂' })).statusCode).toBe(200);
      expect((await feedPin()).reactions!.mine).toBe('😂');
      const strangers = ((await call(c.stranger, 'GET', '/api/query_feed?limit=20')).json() as Pin[]).find((p) => p.id === c.pin.id)!;
      expect(strangers.reactions!.mine).toBeNull();
    } finally {
      await two.close();
    }
  });

  it('find every pin of an answer and nothing else', () => {
    const id = randomUUID();
    const body = Buffer.from(JSON.stringify([{ id, title: 'a "{\\"id\\":" b', images: [{ id: randomUUID(), url: 'x' }] }]));
    expect(pinsIn(body).map((p) => p.id)).toEqual([id]);
  });
});

describe('notifications', () => {
  it('group unread reactions on one memory, name the newest people, and start a new group once read', async () => {
    const c = await cast('3');
    await call(c.author, 'POST', '/api/notifications/read', {});
    const people = [c.friend, c.tagged, c.stranger, await t.register()];
    for (const p of people) await call(p, 'PUT', `/api/pins/${c.pin.id}/reaction`, { emoji: '😮' });
    const list = await notifications(c.author);
    // The ex-friend's reaction of the cast was read before: it stays a group of its own.
    const reactions = list.filter((n) => n.kind === 'reaction' && !n.read);
    expect(reactions).toHaveLength(1);
    expect(reactions[0]).toMatchObject({ pinId: c.pin.id, pinTitle: 'Lake day', actorCount: 4, read: false });
    expect(reactions[0]!.actors.map((a) => a._id)).toEqual([people[3]!.id, people[2]!.id, people[1]!.id]);
    expect(await unread(c.author)).toBe(1);

    // Taking a reaction back takes its person out of the group.
    await call(people[3]!, 'DELETE', `/api/pins/${c.pin.id}/reaction`);
    expect((await notifications(c.author)).find((n) => n.kind === 'reaction' && !n.read)!.actorCount).toBe(3);

    expect((await call(c.author, 'POST', '/api/notifications/read', { upTo: reactions[0]!.id })).statusCode).toBe(204);
    expect(await unread(c.author)).toBe(0);
    await call(people[3]!, 'PUT', `/api/pins/${c.pin.id}/reaction`, { emoji: '😢' });
    const again = (await notifications(c.author)).filter((n) => n.kind === 'reaction');
    expect(again.map((n) => [n.actorCount, n.read])).toEqual([
      [1, false],
      [3, true],
      [1, true],
    ]);
    // Bad input is refused.
    expect((await call(c.author, 'POST', '/api/notifications/read', { upTo: 'nope' })).statusCode).toBe(400);
  });

  it('tell a mentioned reader, never someone who may not read the memory, and hide what the receiver can no longer read', async () => {
    const c = await cast('2');
    await comment(c.friend, c.pin.id, `@${c.tagged.username} and @${c.stranger.username} look!`);
    expect((await notifications(c.tagged)).map((n) => n.kind)).toContain('mention');
    expect((await notifications(c.stranger)).filter((n) => n.pinId === c.pin.id)).toEqual([]);
    const toAuthor = (await notifications(c.author)).find((n) => n.kind === 'comment')!;
    expect(toAuthor).toMatchObject({ pinId: c.pin.id, text: expect.stringContaining('look!') });
    // Edited, the comment's notifications keep its new words, not the ones taken back.
    const said = (await call(c.friend, 'GET', `/api/pins/${c.pin.id}/comments`)).json() as Array<{ id: string }>;
    const edit = await call(c.friend, 'PATCH', `/api/comments/${said.at(-1)!.id}`, { text: `@${c.tagged.username} look at this` });
    expect(edit.statusCode, edit.body).toBe(200);
    for (const who of [c.author, c.tagged]) {
      const texts = (await notifications(who)).filter((n) => n.kind === 'comment' || n.kind === 'mention').map((n) => n.text);
      expect(texts, who.username).toEqual([`@${c.tagged.username} look at this`]);
    }
    // The tagged friend was told they were tagged; when the memory becomes private it all disappears.
    expect((await notifications(c.tagged)).map((n) => n.kind).sort()).toEqual(['mention', 'tagged']);
    const unreadBefore = await unread(c.tagged);
    expect(unreadBefore).toBe(2);
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/update_pin',
      headers: c.author.auth,
      payload: { pinId: c.pin.id, title: 'Lake day', description: c.pin.description, visibility: '1', tags: [c.tagged.id] },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await notifications(c.tagged)).toEqual([]);
    expect(await unread(c.tagged)).toBe(0);
  });

  it('tell of friend requests and acceptances', async () => {
    const [ann, ben] = [await t.register(), await t.register()];
    await call(ann, 'POST', '/api/send_request', { userId: ben.id });
    await call(ben, 'POST', '/api/accept_request', { userId: ann.id });
    expect((await notifications(ben)).map((n) => [n.kind, n.actors[0]!._id])).toEqual([['friend_request', ann.id]]);
    expect((await notifications(ann)).map((n) => [n.kind, n.actors[0]!._id])).toEqual([['friend_accepted', ben.id]]);
  });

  it('reach the receiver’s live stream', async () => {
    const c = await cast('3');
    const base = await t.listen();
    const stream = await SseClient.open(base, c.author.auth, { conversation: true });
    try {
      await comment(c.friend, c.pin.id, 'live!');
      const seen = [await stream.next(), await stream.next()];
      expect(seen.map((e) => e.event).sort()).toEqual(['conversation', 'notification']);
      expect(seen.find((e) => e.event === 'notification')!.data).toMatchObject({ kind: 'comment' });
    } finally {
      await stream.close();
    }
  });
});

describe('the conversation goes with what it belongs to', () => {
  it('a deleted memory takes its comments, reactions and notifications; a deleted account its comments and reactions', async () => {
    const c = await cast('3');
    await comment(c.stranger, c.pin.id, 'bye');
    const pinRows = async (table: 'comments' | 'pin_reactions' | 'notifications') =>
      Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).where('pin_id', '=', c.pin.id).executeTakeFirstOrThrow()).n);
    expect(await pinRows('comments')).toBeGreaterThan(0);
    const other = await createMemory(t, c.author, { visibility: '3' });
    await comment(c.stranger, other.id, 'still here?');
    await call(c.stranger, 'PUT', `/api/pins/${other.id}/reaction`, { emoji: '🔥' });
    expect((await call(c.author, 'DELETE', `/api/delete?pinId=${c.pin.id}`)).statusCode).toBe(200);
    for (const table of ['comments', 'pin_reactions', 'notifications'] as const) expect(await pinRows(table), table).toBe(0);

    const del = await call(c.stranger, 'DELETE', '/api/account', { password: c.stranger.password });
    expect(del.statusCode, del.body).toBe(204);
    const left = (await call(c.author, 'GET', `/api/pins/${other.id}`)).json() as Pin;
    expect(left.commentCount).toBe(0);
    expect(left.reactions).toEqual({ counts: {}, mine: null });
  });
});

describe('limits', () => {
  it('comments per user per minute: a clear 429', async () => {
    const c = await cast('3');
    let res;
    for (let i = 0; i < 31; i++) res = await call(c.friend, 'POST', `/api/pins/${c.pin.id}/comments`, { text: `n${i}` });
    expect(res!.statusCode).toBe(429);
    expect(res!.json().error).toMatch(/^You can comment at most 30 times a minute\. Please try again in/);
  });

  it('mentions are read from the text', () => {
    expect(mentionedNames('hi @Ana, and @ben.b. and me@mail.com @ana')).toEqual(['ana', 'ben.b']);
  });
});

/** Two app servers on one database and one Redis (as events-redis.test.ts): a comment made on one reaches the other's streams. */
describe.runIf(process.env.TEST_REDIS_URL)('live delivery across two app servers', () => {
  it('the author’s stream on server 1 hears of a comment and a reaction made through server 2', async () => {
    const prefix = `mmtest:${randomUUID()}:`;
    const env = { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: prefix };
    const one = await createTestApp(env);
    const two = await createTestApp(env, { db: one.db });
    const streams: SseClient[] = [];
    try {
      type Transport = { whenConnected(): Promise<void> };
      await Promise.all([one, two].map((s) => (s.app.ctx.events.transport as unknown as Transport).whenConnected()));
      const [author, friend] = [await one.register(), await one.register()];
      await one.befriend(author, friend);
      const pin = await createMemory(one, author, { visibility: '2' });
      const authorOn1 = await SseClient.open(await one.listen(), author.auth, { conversation: true });
      streams.push(authorOn1);
      const res = await two.app.inject({ method: 'POST', url: `/api/pins/${pin.id}/comments`, headers: friend.auth, payload: { text: 'from two' } });
      expect(res.statusCode).toBe(201);
      const first = [await authorOn1.next(), await authorOn1.next()];
      expect(first.map((e) => e.event).sort()).toEqual(['conversation', 'notification']);
      expect(first.find((e) => e.event === 'notification')!.data).toMatchObject({ kind: 'comment' });
      expect(first.find((e) => e.event === 'conversation')!.data).toEqual({ pinId: pin.id });
      await two.app.inject({ method: 'PUT', url: `/api/pins/${pin.id}/reaction`, headers: friend.auth, payload: { emoji: '❤️' } });
      const second = [await authorOn1.next(), await authorOn1.next()];
      expect(second.find((e) => e.event === 'notification')!.data).toMatchObject({ kind: 'reaction' });
      const count = (await one.app.inject({ method: 'GET', url: '/api/notifications/unread_count', headers: author.auth })).json() as { count: number };
      expect(count.count).toBe(2);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
      await two.close();
      await one.close();
    }
  });
});

describe('the export', () => {
  it('holds the user’s comments and reactions, and the comments on their memories', async () => {
    const { readZip } = await import('../../../test/fixtures/zip.ts');
    const c = await cast('3');
    const mine = await comment(c.friend, c.pin.id, 'mine to keep');
    await call(c.friend, 'PUT', `/api/pins/${c.pin.id}/reaction`, { emoji: '👏' });
    const files = await readZip((await call(c.friend, 'GET', '/api/export')).rawPayload);
    const conversation = JSON.parse(files.get('conversation.json')!.toString('utf8'));
    expect(conversation.comments).toEqual([{ id: mine.id, memoryId: c.pin.id, text: 'mine to keep', createdAt: mine.createdAt, editedAt: null }]);
    expect(conversation.reactions).toEqual([{ memoryId: c.pin.id, emoji: '👏', createdAt: expect.any(String) }]);
    const authors = JSON.parse((await readZip((await call(c.author, 'GET', '/api/export')).rawPayload)).get('conversation.json')!.toString('utf8'));
    expect(authors.commentsOnYourMemories.map((x: { by: string; text: string }) => [x.by, x.text])).toEqual([
      [c.exFriend.username, 'I was there!'],
      [c.friend.username, 'mine to keep'],
    ]);
  });
});
