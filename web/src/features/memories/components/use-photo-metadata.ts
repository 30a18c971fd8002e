import { useEffect, useState } from 'react';
import type { PhotoMetadata } from '../../../lib/photo-taken.ts';

// One reading per chosen file: the place offer and the date offer ask about the same photo.
const read = new WeakMap<File, Promise<PhotoMetadata>>();

function metadataOf(file: File): Promise<PhotoMetadata> {
  let reading = read.get(file);
  if (!reading) {
    // Loaded only when a photo is chosen: the reader is large and most visits never need it.
    reading = import('../../../lib/photo-metadata.ts').then(({ readPhotoMetadata }) => readPhotoMetadata(file));
    read.set(file, reading);
  }
  return reading;
}

/** Where and when the chosen photo was taken, read on the device (null until read, or without a photo). */
export function usePhotoMetadata(file: File | null): PhotoMetadata | null {
  const [metadata, setMetadata] = useState<{ file: File; value: PhotoMetadata } | null>(null);
  useEffect(() => {
    if (!file) return;
    let current = true;
    void metadataOf(file).then((value) => {
      if (current) setMetadata({ file, value });
    });
    return () => {
      current = false;
    };
  }, [file]);
  return file && metadata?.file === file ? metadata.value : null;
}
