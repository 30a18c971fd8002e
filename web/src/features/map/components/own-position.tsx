import type L from 'leaflet';
import type { Ref } from 'react';
import { Marker, Pane, Popup } from 'react-leaflet';
import { ownPositionIcon } from '../lib/icons.ts';
import type { LatLng } from '../lib/use-geolocation.ts';

/**
 * Above the shapes (400) and below the pins (600). People pin memories where they stand, so pins
 * and bubbles often sit on the dot: they are the content, and their counts stay readable and
 * tappable. Where the dot is covered, the 'center to your location' button opens its popup.
 */
const OWN_POSITION_PANE = 'ownPositionPane';
const OWN_POSITION_Z = 550;

/** The viewer's own position, a dot whose popup says where it is. */
export function OwnPosition({ position, markerRef }: { position: LatLng; markerRef: Ref<L.Marker> }) {
  return (
    <Pane name={OWN_POSITION_PANE} style={{ zIndex: OWN_POSITION_Z }}>
      <Marker ref={markerRef} position={[position.lat, position.lng]} icon={ownPositionIcon()} title="Your Location" alt="Your Location" keyboard>
        <Popup pane="popupPane">
          <div className="map-own-popup">
            <strong>Your Location</strong>
            <span>
              {position.lat.toFixed(5)}, {position.lng.toFixed(5)}
            </span>
          </div>
        </Popup>
      </Marker>
    </Pane>
  );
}
