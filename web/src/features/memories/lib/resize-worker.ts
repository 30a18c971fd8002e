/**
 * Shrinks a photo off the main thread (resize-photo.ts): decoded with its EXIF orientation
 * applied, drawn at most `longest` px on its longest side, encoded as JPEG. Answers null when the
 * browser cannot decode the file, and the page then sends the original.
 */
// The web project's types are the page's (DOM); in a worker postMessage takes no target origin.
const reply = (message: unknown) => (self as unknown as { postMessage(m: unknown): void }).postMessage(message);

interface Job {
  file: Blob;
  longest: number;
  quality: number;
}

self.onmessage = async (e: MessageEvent<Job>) => {
  const { file, longest, quality } = e.data;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, longest / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    // A transparent PNG would turn black as JPEG: paint it on white first.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    reply({ blob, width, height, scaled: scale < 1 });
  } catch {
    reply(null);
  }
};
