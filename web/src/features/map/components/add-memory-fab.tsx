/** The visible way to add a memory (docs/product.md §2 has only the double-click, which a phone lacks). */
export function AddMemoryFab({ onAdd }: { onAdd: () => void }) {
  return (
    <button type="button" className="map-fab map-add" aria-label="Add memory" title="Add memory" onClick={onAdd}>
      <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" aria-hidden="true">
        <path d="M12 5v14M5 12h14" />
      </svg>
    </button>
  );
}
