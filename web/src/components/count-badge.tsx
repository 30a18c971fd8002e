/** The red count of docs/product.md §2: '9+' above 9, hidden at 0. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" aria-label={`${count} ${label}`}>
      {count > 9 ? '9+' : count}
    </span>
  );
}
