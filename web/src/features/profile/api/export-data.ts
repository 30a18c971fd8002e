import { apiDownload, type Download } from '../../../lib/api-client.ts';

/** GET /api/export: the zip of everything the user owns, with the bytes received reported as it comes. */
export function downloadMyData(onProgress: (bytes: number) => void, signal?: AbortSignal): Promise<Download> {
  return apiDownload('/api/export', { fallbackName: 'memory-map-export.zip', onProgress, signal });
}

/** Hands a downloaded file to the browser, which saves it like any download. */
export function saveFile({ blob, filename }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading it by now; the copy in memory can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** 1.2 MB, 340 KB: sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
