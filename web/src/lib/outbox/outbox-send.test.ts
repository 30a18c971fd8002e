import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeXHR } from '../../../test/fake-xhr.ts';
import { newOutboxItem } from './new-item.ts';
import { onOutboxSentElsewhere, sendDue } from './outbox-send.ts';
import { submitWrite } from './outbox-sender.ts';
import { addToOutbox, putOutboxItem, readOutbox } from './outbox-store.ts';

/** The sending both the page and the service worker run (outbox-send.ts). */
const preview = { title: 'Beach', description: 'Sand', latitude: 1, longitude: 2, visibility: '1' as const };
const item = () =>
  newOutboxItem({ kind: 'create', userId: 'u1', fields: { title: 'Beach', description: 'Sand', latitude: '1', longitude: '2', visibility: '1' }, preview });

/** Web Locks with some names held by "another context" (a tab, the service worker). */
function locksHeldElsewhere(held: (name: string) => boolean) {
  const request = (name: string, _options: LockOptions, task: (lock: Lock | null) => unknown) =>
    Promise.resolve(task(held(name) ? null : ({ name, mode: 'exclusive' } as Lock)));
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
});

describe('sendDue', () => {
  it("as the worker: sends what waits even before the page's retry delay is over, and stops at a sign-out", async () => {
    const XHR = installFakeXHR();
    const first = item();
    const second = item();
    await addToOutbox(first);
    await addToOutbox(second);
    await putOutboxItem({ ...(await readOutbox('u1'))[0]!, attempts: 3, nextTryAt: Date.now() + 60_000 });

    let signedIn = true;
    const round = sendDue({ userId: 'u1', token: 'tok', stillSignedIn: () => signedIn, keepRetryDelays: false });
    await waitFor(() => expect(XHR.sent).toHaveLength(1));
    expect(XHR.sent[0]!.headers).toMatchObject({ authorization: 'Bearer tok', 'idempotency-key': first.id });
    signedIn = false;
    XHR.sent[0]!.respond(201, { id: 's1' });
    expect(await round).toEqual({ kind: 'done' });
    expect(XHR.sent).toHaveLength(1);
    expect((await readOutbox('u1')).map((i) => i.id)).toEqual([second.id]);
  });

  it('as the page: waits out a retry delay and says until when', async () => {
    installFakeXHR();
    const waiting = { ...item(), attempts: 1, nextTryAt: Date.now() + 5_000 };
    await addToOutbox(waiting);
    expect(await sendDue({ userId: 'u1', token: 'tok', stillSignedIn: () => true, keepRetryDelays: true })).toEqual({ kind: 'waiting', at: waiting.nextTryAt });
  });

  it('sends nothing while another context runs a round', async () => {
    const XHR = installFakeXHR();
    await addToOutbox(item());
    locksHeldElsewhere((name) => name === 'mm-outbox-send');
    expect(await sendDue({ userId: 'u1', token: 'tok', stillSignedIn: () => true, keepRetryDelays: false })).toEqual({ kind: 'elsewhere' });
    expect(XHR.sent).toHaveLength(0);
  });
});

describe('two senders', () => {
  it('a form does not send an item the worker is sending: it stays for the worker to finish', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify({ _id: 'u1', username: 'ann' }));
    const XHR = installFakeXHR();
    const write = item();
    locksHeldElsewhere((name) => name === `mm-outbox-item:${write.id}`);
    expect(await submitWrite(write)).toEqual({ kind: 'queued' });
    expect(XHR.sent).toHaveLength(0);
    expect((await readOutbox('u1')).map((i) => i.id)).toEqual([write.id]);
  });

  it('tells this tab when another tab or the worker sent a memory, so it refreshes', async () => {
    const heard = vi.fn();
    onOutboxSentElsewhere(heard);
    const worker = new BroadcastChannel('mm-outbox-sent');
    worker.postMessage('sent');
    await waitFor(() => expect(heard).toHaveBeenCalledOnce());
    worker.close();
  });
});
