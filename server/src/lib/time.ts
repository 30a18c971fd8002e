/** Times are stored as ISO 8601 UTC text in both databases: portable, readable, and sortable as text. */
export function nowIso(): string {
  return new Date().toISOString();
}
