import { useState } from 'react';

const HINT_KEY = 'mm-map-hint-dismissed';

/** A phone or tablet: a finger, not a mouse, is the main pointer (there is no double-click). */
function isTouchScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * The hint of docs/product.md §2, in its words; on a touch screen it goes on to say how a finger
 * does it (a double tap, or the + button), since a phone has no double-click.
 */
export function MapHint({ hidden }: { hidden: boolean }) {
  const [visible, setVisible] = useState(() => localStorage.getItem(HINT_KEY) !== '1');
  const [touch] = useState(isTouchScreen);
  if (!visible || hidden) return null;
  return (
    <div className="map-hint" role="note">
      <span>
        Double-click to add memory
        {touch && <span className="map-hint-touch"> Double-tap or press +</span>}
      </span>
      <button
        type="button"
        className="map-hint-close"
        aria-label="Dismiss hint"
        onClick={() => {
          setVisible(false);
          localStorage.setItem(HINT_KEY, '1');
        }}
      >
        ×
      </button>
    </div>
  );
}
