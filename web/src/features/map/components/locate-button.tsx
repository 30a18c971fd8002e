/** The round button that brings the map back to where the person stands. */
export function LocateButton({ onLocate }: { onLocate: () => void }) {
  return (
    <button type="button" className="map-fab map-locate" aria-label="center to your location" title="center to your location" onClick={onLocate}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
        <circle cx="12" cy="12" r="7" />
        <circle cx="12" cy="12" r="2.5" fill="currentColor" />
        <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
      </svg>
    </button>
  );
}
