import { useCallback, useEffect, useRef, useState } from 'react';
import { rememberFiles } from '../api/import-run.ts';
import { MAX_PHOTOS, sortChosen, type ChosenPhoto } from '../lib/chosen-photos.ts';
import { makeThumbnail, readMetadata } from '../lib/photo-jobs.ts';

export type Reading =
  | { phase: 'idle' }
  | { phase: 'too-many'; count: number }
  | { phase: 'reading'; done: number; total: number }
  | { phase: 'read'; photos: ChosenPhoto[]; skipped: string[] };

/**
 * Reads the chosen photos: their metadata first, one after another in the worker (the review
 * opens when that is done), then their thumbnails, which appear as they are drawn.
 */
export function useChosenPhotos() {
  const [reading, setReading] = useState<Reading>({ phase: 'idle' });
  const urls = useRef<string[]>([]);
  const generation = useRef(0);

  useEffect(
    () => () => {
      generation.current += 1;
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const choose = useCallback(async (files: File[]) => {
    if (files.length > MAX_PHOTOS) {
      setReading({ phase: 'too-many', count: files.length });
      return;
    }
    const run = (generation.current += 1);
    const { images, skipped } = sortChosen(files);
    rememberFiles(images);
    const photos: ChosenPhoto[] = [];
    setReading({ phase: 'reading', done: 0, total: images.length });
    for (const [n, file] of images.entries()) {
      const metadata = await readMetadata(file);
      if (run !== generation.current) return;
      photos.push({ key: `${n}:${file.name}`, file, takenAt: metadata.takenAt, position: metadata.position, thumb: undefined });
      setReading({ phase: 'reading', done: n + 1, total: images.length });
    }
    setReading({ phase: 'read', photos, skipped });
    for (const photo of photos) {
      const blob = await makeThumbnail(photo.file);
      if (run !== generation.current) return;
      const url = blob ? URL.createObjectURL(blob) : null;
      if (url) urls.current.push(url);
      setReading((r) => (r.phase === 'read' ? { ...r, photos: r.photos.map((p) => (p.key === photo.key ? { ...p, thumb: url } : p)) } : r));
    }
  }, []);

  const reset = useCallback(() => {
    generation.current += 1;
    setReading({ phase: 'idle' });
  }, []);

  return { reading, choose, reset };
}
