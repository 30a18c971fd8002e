import { describe, expect, it } from 'vitest';
import { idbPut } from '../../../lib/idb.ts';
import { readOutbox } from '../../../lib/outbox/index.ts';
import { continueImport, importKey, loadImportPlan, missingPhotos, refOf, rememberFiles, startImport, type ImportPlan } from './import-run.ts';

const file = (name: string) => new File([new Uint8Array([1, 2, 3, name.length])], name, { type: 'image/jpeg', lastModified: 1_700_000_000_000 });
const memory = (title: string, photos: File[]) => ({
  title,
  description: `${photos.length} photos`,
  latitude: 48.85,
  longitude: 2.29,
  locationName: 'Paris, France',
  happenedAt: '2024-05-10T10:00:00.000Z',
  photos: photos.map(refOf),
});

describe('creating an import', () => {
  it('keeps the plan, then hands each memory to the outbox under the id fixed in the plan', async () => {
    const a = [file('a1.jpg'), file('a2.jpg')];
    const b = [file('b1.jpg')];
    rememberFiles([...a, ...b]);
    const plan = await startImport('u1', { visibility: '1', circleId: null }, [memory('A', a), memory('B', b)]);
    await continueImport(plan);
    const kept = await loadImportPlan('u1');
    expect(kept?.memories.map((m) => m.queued)).toEqual([true, true]);
    const waiting = await readOutbox('u1');
    expect(waiting.map((i) => i.id)).toEqual(plan.memories.map((m) => m.id));
    expect(waiting[0]!.fields).toMatchObject({ title: 'A', visibility: '1', latitude: '48.85', happenedAt: '2024-05-10T10:00:00.000Z', locationName: 'Paris, France' });
    expect(waiting[0]!.files.map((f) => f.name)).toEqual(['a1.jpg', 'a2.jpg']);
    expect(waiting[0]!.fields.circleId).toBeUndefined();
  });

  it('sends each memory for the circle chosen in the review (docs/design.md §17), and none for another visibility', async () => {
    const e = [file('e1.jpg')];
    const f = [file('f1.jpg')];
    rememberFiles([...e, ...f]);
    const forFamily = await startImport('u3', { visibility: '2', circleId: 'family-circle' }, [memory('E', e)]);
    await continueImport(forFamily);
    expect((await readOutbox('u3'))[0]!.fields).toMatchObject({ title: 'E', visibility: '2', circleId: 'family-circle' });
    // A circle left behind by a change of visibility is not sent.
    const forEveryone = await startImport('u4', { visibility: '3', circleId: 'family-circle' }, [memory('F', f)]);
    await continueImport(forEveryone);
    const fields = (await readOutbox('u4'))[0]!.fields;
    expect(fields.visibility).toBe('3');
    expect(fields.circleId).toBeUndefined();
  });

  it('cut off halfway, resumes with the photos chosen again and makes only what was not handed over', async () => {
    const c = [file('c1.jpg')];
    const d = [file('d1.jpg'), file('d2.jpg')];
    // As a reload leaves it: the first memory handed over, the second not, and its files forgotten.
    const plan: ImportPlan = {
      key: importKey('u2'),
      userId: 'u2',
      visibility: '2',
      startedAt: 0,
      memories: [
        { ...memory('C', c), id: 'planned-c', queued: true },
        { ...memory('D', d), id: 'planned-d', queued: false },
      ],
    };
    await idbPut('drafts', plan);
    expect(missingPhotos(plan).map((p) => p.name)).toEqual(['d1.jpg', 'd2.jpg']);
    await continueImport(plan);
    expect(await readOutbox('u2')).toEqual([]);
    // The same photos chosen again (recognised by name, size and date), plus one that is not part of it.
    rememberFiles([file('d2.jpg'), file('d1.jpg'), file('other.jpg')]);
    expect(missingPhotos(plan)).toEqual([]);
    await continueImport(plan);
    const waiting = await readOutbox('u2');
    expect(waiting.map((i) => i.id)).toEqual(['planned-d']);
    expect(waiting[0]!.files.map((f) => f.name)).toEqual(['d1.jpg', 'd2.jpg']);
    expect((await loadImportPlan('u2'))?.memories.map((m) => m.queued)).toEqual([true, true]);
  });
});
