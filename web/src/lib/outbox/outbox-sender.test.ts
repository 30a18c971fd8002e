import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeXHR } from '../../../test/fake-xhr.ts';
import { ApiError } from '../api-client.ts';
import { newOutboxItem } from './new-item.ts';
import { flushOutbox, submitWrite } from './outbox-sender.ts';
import { readOutbox } from './outbox-store.ts';

/** The outbox as the forms use it: kept first, sent at once when it can be, later when it cannot. */
const preview = { title: 'Beach', description: 'Sand', latitude: 1, longitude: 2, visibility: '1' as const };
const item = () =>
  newOutboxItem({
    kind: 'create',
    userId: 'u1',
    fields: { title: 'Beach', description: 'Sand', latitude: '1', longitude: '2', visibility: '1' },
    files: [{ field: 'image', name: 'a.jpg', blob: new Blob(['x'], { type: 'image/jpeg' }) }],
    preview,
  });

function signIn() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify({ _id: 'u1', username: 'ann' }));
}
const offline = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!value);

afterEach(() => vi.unstubAllGlobals());

describe('submitWrite', () => {
  it('offline: keeps the memory with its photo and sends nothing; back online it goes with its Idempotency-Key and leaves the outbox', async () => {
    signIn();
    const XHR = installFakeXHR();
    offline(true);
    const write = item();
    expect(await submitWrite(write)).toEqual({ kind: 'queued' });
    expect(XHR.sent).toHaveLength(0);
    expect((await readOutbox('u1')).map((i) => i.files[0]!.name)).toEqual(['a.jpg']);

    offline(false);
    const round = flushOutbox();
    await waitFor(() => expect(XHR.sent).toHaveLength(1));
    expect(XHR.sent[0]!.headers['idempotency-key']).toBe(write.id);
    expect(XHR.sent[0]!.fields()).toMatchObject({ title: 'Beach', image: 'file:a.jpg' });
    XHR.sent[0]!.respond(201, { id: 'server-1' });
    await round;
    expect(await readOutbox('u1')).toEqual([]);
  });

  it('online: sends at once and answers the pin; a refusal is thrown for the form and not kept', async () => {
    signIn();
    const XHR = installFakeXHR();
    const sent = submitWrite(item());
    await waitFor(() => expect(XHR.sent).toHaveLength(1));
    XHR.sent[0]!.respond(201, { id: 'server-1' });
    expect(await sent).toEqual({ kind: 'sent', data: { id: 'server-1' } });

    const refused = submitWrite(item());
    await waitFor(() => expect(XHR.sent).toHaveLength(2));
    XHR.sent[1]!.respond(400, { error: 'Title is required' });
    await expect(refused).rejects.toEqual(new ApiError(400, 'Title is required'));
    expect(await readOutbox('u1')).toEqual([]);
  });
});

describe('flushOutbox', () => {
  it('keeps a memory the server refuses, with its sentence, and sends the next one', async () => {
    signIn();
    const XHR = installFakeXHR();
    offline(true);
    const first = item();
    const second = item();
    await submitWrite(first);
    await submitWrite(second);
    offline(false);
    const round = flushOutbox();
    await waitFor(() => expect(XHR.sent).toHaveLength(1));
    XHR.sent[0]!.respond(400, { error: 'You can only tag your friends' });
    await waitFor(() => expect(XHR.sent).toHaveLength(2));
    expect(XHR.sent[1]!.headers['idempotency-key']).toBe(second.id);
    XHR.sent[1]!.respond(201, { id: 's2' });
    await round;
    const left = await readOutbox('u1');
    expect(left.map((i) => [i.id, i.problem])).toEqual([[first.id, 'You can only tag your friends']]);
  });

  it('stops at a server error or no answer, keeps the order, and tries again later', async () => {
    signIn();
    const XHR = installFakeXHR();
    offline(true);
    const first = item();
    await submitWrite(first);
    await submitWrite(item());
    offline(false);
    const round = flushOutbox();
    await waitFor(() => expect(XHR.sent).toHaveLength(1));
    XHR.sent[0]!.respond(503);
    await round;
    expect(XHR.sent).toHaveLength(1);
    const left = await readOutbox('u1');
    expect(left).toHaveLength(2);
    expect(left[0]).toMatchObject({ id: first.id, attempts: 1 });
    expect(left[0]!.problem).toBeUndefined();
    expect(left[0]!.nextTryAt).toBeGreaterThan(Date.now());
  });

  it('waits for a sign-in after a 401, losing nothing', async () => {
    signIn();
    const XHR = installFakeXHR();
    offline(true);
    await submitWrite(item());
    offline(false);
    const round = flushOutbox();
    await waitFor(() => expect(XHR.sent).toHaveLength(1));
    XHR.sent[0]!.respond(401, { error: 'Unauthorized' });
    await round;
    expect(await readOutbox('u1')).toHaveLength(1);
  });

  it("sends nobody else's writes", async () => {
    signIn();
    const XHR = installFakeXHR();
    offline(true);
    await submitWrite({ ...item(), userId: 'someone-else' });
    offline(false);
    await flushOutbox();
    expect(XHR.sent).toHaveLength(0);
  });
});
