import { describe, expect, it } from 'vitest';
import { asUpdateOf, enqueue, inSendingOrder, outcomeOf, REFUSED_FALLBACK, retryDelay, type OutboxItem } from './outbox-item.ts';
import { newOutboxItem } from './new-item.ts';

const preview = { title: 'Beach', description: 'Sand', latitude: 1, longitude: 2, visibility: '1' as const };
const photo = (name: string) => ({ field: 'image', name, blob: new Blob([name], { type: 'image/jpeg' }) });

const create = (fields: Record<string, string> = {}, files = [photo('a.jpg')]) =>
  newOutboxItem({ kind: 'create', userId: 'u1', fields: { title: 'Beach', description: 'Sand', latitude: '1', longitude: '2', visibility: '1', ...fields }, files, preview });
const update = (pinId: string, fields: Record<string, string> = {}, files: OutboxItem['files'] = []) =>
  newOutboxItem({ kind: 'update', userId: 'u1', pinId, fields: { pinId, title: 'Beach', description: 'Sand', visibility: '1', ...fields }, files, preview });
const remove = (pinId: string) => newOutboxItem({ kind: 'delete', userId: 'u1', pinId, fields: { pinId }, preview });

describe('enqueue', () => {
  it('keeps writes to different memories in the order they were made', () => {
    const a = create();
    const b = update('server-1');
    const c = remove('server-2');
    const queue = [a, b, c].reduce<OutboxItem[]>(enqueue, []);
    expect(inSendingOrder(queue).map((i) => i.id)).toEqual([a.id, b.id, c.id]);
  });

  it('folds an edit of a memory not yet sent into its create: one request, the later text, the new photo', () => {
    const a = create({ tags: '["f1"]' });
    const queue = enqueue([a], update(a.id, { title: 'Beach at dusk', visibility: '2', happenedAt: '2024-05-01' }, [photo('b.jpg')]));
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ id: a.id, kind: 'create', method: 'POST', path: '/api/create', version: 1 });
    expect(queue[0]!.fields).toEqual({ title: 'Beach at dusk', description: 'Sand', latitude: '1', longitude: '2', visibility: '2', happenedAt: '2024-05-01' });
    expect(queue[0]!.files.map((f) => f.name)).toEqual(['b.jpg']);
  });

  it('keeps the photo of a create when the edit leaves it, and drops it when the edit removes it', () => {
    const a = create();
    expect(enqueue([a], update(a.id))[0]!.files.map((f) => f.name)).toEqual(['a.jpg']);
    const removed = enqueue([a], update(a.id, { removeImage: 'true' }))[0]!;
    expect(removed.files).toEqual([]);
    expect(removed.fields.removeImage).toBeUndefined();
  });

  it('moves a memory not yet sent when the edit moves it', () => {
    const a = create();
    expect(enqueue([a], update(a.id, { latitude: '5', longitude: '6' }))[0]!.fields).toMatchObject({ latitude: '5', longitude: '6' });
  });

  it('makes a delete of a memory not yet sent remove it: nothing goes to the server', () => {
    const a = create();
    const b = create();
    const queue = enqueue(enqueue([a, b], update(a.id, { title: 'x' })), remove(a.id));
    expect(queue.map((i) => i.id)).toEqual([b.id]);
  });

  it('replaces an earlier edit of the same server memory, keeping its photo unless the later one changes it', () => {
    const first = update('server-1', { title: 'One', happenedAt: '2020-01-01' }, [photo('p.jpg')]);
    const second = update('server-1', { title: 'Two' });
    const queue = enqueue([first], second);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ id: first.id, version: 1 });
    expect(queue[0]!.fields).toMatchObject({ pinId: 'server-1', title: 'Two', happenedAt: '2020-01-01' });
    expect(queue[0]!.files.map((f) => f.name)).toEqual(['p.jpg']);
    const third = enqueue(queue, update('server-1', { removeImage: 'true' }))[0]!;
    expect(third.files).toEqual([]);
    expect(third.fields.removeImage).toBe('true');
  });

  it('folds an edit that reorders the photos of a memory not yet sent: its files in the order keepImages gives', () => {
    const a = create({}, [photo('a.jpg'), photo('b.jpg')]);
    const edit = update(a.id, { keepImages: JSON.stringify(['new:2', 'new:0', 'new:1']) }, [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);
    const folded = enqueue([a], edit)[0]!;
    expect(folded.kind).toBe('create');
    expect(folded.files.map((f) => f.name)).toEqual(['c.jpg', 'a.jpg', 'b.jpg']);
    expect(folded.fields.keepImages).toBeUndefined();
  });

  it('lets a later edit that names its photos (keepImages) say all of them, and keeps them when the next edit leaves photos alone', () => {
    const first = update('server-1', { keepImages: JSON.stringify(['p1', 'new:0']) }, [photo('n.jpg')]);
    const second = update('server-1', { keepImages: JSON.stringify(['p2']) });
    const both = enqueue([first], second)[0]!;
    expect(both.fields.keepImages).toBe(JSON.stringify(['p2']));
    expect(both.files).toEqual([]);
    const third = enqueue([first], update('server-1', { title: 'Only text' }))[0]!;
    expect(third.fields.keepImages).toBe(JSON.stringify(['p1', 'new:0']));
    expect(third.files.map((f) => f.name)).toEqual(['n.jpg']);
  });

  it('clears a refusal when the person changes the memory again', () => {
    const a = { ...create(), problem: 'Title must be at most 100 characters' };
    expect(enqueue([a], update(a.id, { title: 'Short' }))[0]!.problem).toBeUndefined();
  });

  it('drops waiting edits of a server memory that is then deleted', () => {
    const queue = enqueue([update('server-1'), update('server-2')], remove('server-1'));
    expect(queue.map((i) => [i.kind, i.pinId])).toEqual([
      ['update', 'server-2'],
      ['delete', 'server-1'],
    ]);
  });
});

describe('asUpdateOf', () => {
  it('turns a create that changed while it was sent into an edit of the memory the server made', () => {
    const a = enqueue([create()], update('x', {}))[0]!;
    const edit = asUpdateOf({ ...a, fields: { ...a.fields, title: 'Changed' } }, 'server-9');
    expect(edit).toMatchObject({ kind: 'update', pinId: 'server-9', method: 'PUT', path: '/api/update_pin' });
    expect(edit.fields).toMatchObject({ pinId: 'server-9', title: 'Changed' });
    expect(edit.fields.latitude).toBeUndefined();
  });

  it('sends every photo of the create as the new list, so they replace the ones the first send stored', () => {
    const a = create({}, [photo('a.jpg'), photo('b.jpg')]);
    const edit = asUpdateOf(a, 'server-9');
    expect(edit.fields.keepImages).toBe(JSON.stringify(['new:0', 'new:1']));
    expect(edit.files.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(edit.fields.removeImage).toBeUndefined();
    expect(asUpdateOf(create({}, []), 'server-9').fields).toMatchObject({ keepImages: '[]', removeImage: 'true' });
  });
});

describe('outcomeOf', () => {
  it('reads every kind of answer', () => {
    expect(outcomeOf({ kind: 'create' }, 201, undefined)).toEqual({ kind: 'sent' });
    expect(outcomeOf({ kind: 'delete' }, 404, 'Memory not found')).toEqual({ kind: 'sent' });
    expect(outcomeOf({ kind: 'update' }, 404, 'Memory not found')).toEqual({ kind: 'refused', message: 'Memory not found' });
    expect(outcomeOf({ kind: 'create' }, 400, 'Title is required')).toEqual({ kind: 'refused', message: 'Title is required' });
    expect(outcomeOf({ kind: 'create' }, 413, undefined)).toEqual({ kind: 'refused', message: REFUSED_FALLBACK });
    expect(outcomeOf({ kind: 'create' }, 401, 'Unauthorized')).toEqual({ kind: 'signed-out' });
    for (const status of [0, 408, 429, 500, 503]) expect(outcomeOf({ kind: 'create' }, status, undefined)).toEqual({ kind: 'retry' });
  });

  it('waits longer after each failed try, up to ten minutes', () => {
    expect([1, 2, 3].map(retryDelay)).toEqual([5_000, 10_000, 20_000]);
    expect(retryDelay(30)).toBe(600_000);
  });
});
