/** 1.2 MB, 340 KB: sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** "today", "yesterday", "3 days ago", or the date: when someone was last seen. */
export function lastSeenText(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never signed in';
  const days = Math.floor((now - Date.parse(iso)) / 86_400_000);
  if (days <= 0) return 'seen today';
  if (days === 1) return 'seen yesterday';
  if (days < 30) return `seen ${days} days ago`;
  return `seen ${new Date(iso).toLocaleDateString()}`;
}
