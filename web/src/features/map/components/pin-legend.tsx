import { PIN_COLORS } from '../../../lib/pin-type.ts';

const ENTRIES = [
  { type: 'own', label: 'Yours' },
  { type: 'friend', label: "Friends'" },
  { type: 'public', label: 'Public' },
] as const;

/** What the pin colours mean (docs/product.md §4), in a line over the map's corner. */
export function PinLegend({ waiting }: { waiting: boolean }) {
  return (
    <ul className="map-legend" aria-label="Pin colours">
      {ENTRIES.map((e) => (
        <li key={e.type}>
          <span className="map-legend-dot" style={{ background: PIN_COLORS[e.type] }} aria-hidden="true" />
          {e.label}
        </li>
      ))}
      {/* Only when there is one: an amber, dashed pin is a memory still on this phone. */}
      {waiting && (
        <li>
          <span className="map-legend-dot map-legend-waiting" aria-hidden="true" />
          Waiting
        </li>
      )}
    </ul>
  );
}
