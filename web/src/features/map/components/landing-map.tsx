import type L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { MapContainer } from 'react-leaflet';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { updateLocationState, type LandingState, type NewLocationState } from '../../../config/route-state.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { queuedNotice, usePendingMemories } from '../../../lib/outbox/index.ts';
import { getStoredUser, useSession } from '../../../lib/session.ts';
import { useDeletePin } from '../api/delete-pin.ts';
import { useMovePin } from '../api/move-pin.ts';
import { flyOrJump, panPopupsAtOnce, prefersReducedMotion } from '../lib/calm-motion.ts';
import { DEFAULT_ZOOM, randomFallbackCity, SEARCH_RESULT_ZOOM } from '../lib/fallback-cities.ts';
import { loadView } from '../lib/saved-view.ts';
import { prepareWorld } from '../../../lib/world-base/world-base.tsx';
import { useGeolocation, type LatLng } from '../lib/use-geolocation.ts';
import { AddMemoryFab } from './add-memory-fab.tsx';
import { DraftMarker } from './draft-marker.tsx';
import { LocateButton } from './locate-button.tsx';
import { MapControls } from './map-controls.tsx';
import { MapHint } from './map-hint.tsx';
import { MapOverlays } from './map-overlays.tsx';
import { MoveBar, MovingPin } from './move-pin.tsx';
import { OwnPosition } from './own-position.tsx';
import { PendingLayer } from './pending-layer.tsx';
import { PinLayer } from './pin-layer.tsx';
import { PinLegend } from './pin-legend.tsx';
import { ThemeTiles } from './theme-tiles.tsx';
import { useKeepView } from './use-keep-view.ts';
import { useMapItems } from './use-map-items.ts';
import { usePopupKeyboard, usePopupOpen } from './use-map-popups.ts';
import { useMapPreferences } from './use-map-preferences.ts';
import { useMapSelection } from './use-map-selection.tsx';
import { useMapToast } from './use-map-toast.ts';
import { ViewTracker, type View } from './view-tracker.tsx';
import './map.css';
import type { PlaceSearchResult } from '../../../lib/api/types.ts';

export const DELETE_FAILED = 'Failed to delete pin. Please try again.';
/** Moving saves through the update call: its failure text (docs/product.md §8). */
export const MOVE_FAILED = 'Failed to update pin';
const FOCUS_ZOOM = 15;

export function LandingMap() {
  const location = useLocation();
  const focus = (location.state as LandingState | null)?.focus;
  const geo = useGeolocation();
  const [fallback] = useState(randomFallbackCity);
  // A memory just saved opens the map on it at once; else the map comes back where it was left
  // (lib/saved-view.ts); only a first visit waits for the geolocation answer.
  const [start, setStart] = useState<{ center: LatLng; zoom: number } | null>(() => {
    if (focus) return { center: focus, zoom: FOCUS_ZOOM };
    const saved = loadView(getStoredUser()?._id);
    return saved ? { center: { lat: saved.lat, lng: saved.lng }, zoom: saved.zoom } : null;
  });
  useEffect(() => {
    if (start || geo.status === 'pending') return;
    setStart({ center: geo.status === 'granted' ? geo.position : { lat: fallback.lat, lng: fallback.lng }, zoom: DEFAULT_ZOOM });
  }, [start, geo, fallback]);

  if (!start) {
    return (
      <div className="map-screen map-loading" role="status" aria-live="polite">
        <h1 className="sr-only">Map</h1>
        <Spinner label="Finding your location" />
        <p>Finding your location…</p>
      </div>
    );
  }
  // Preloading while rendering, as react-dom's preload() does: the bundled world's shapes load
  // while the map is being built, not after (lib/world-base/tile-painter.ts).
  prepareWorld(start.zoom);
  return <MapView start={start} ownPosition={geo.status === 'granted' ? geo.position : null} locate={geo.locate} fallback={fallback} />;
}

/**
 * The map once it knows where to open. What it holds lives in hooks named for it: the look and
 * filters (use-map-preferences), what is picked (use-map-selection), what is drawn (use-map-items),
 * the passing message (use-map-toast); this component wires them to Leaflet and the buttons.
 */
function MapView({
  start,
  ownPosition,
  locate,
  fallback,
}: {
  start: { center: LatLng; zoom: number };
  ownPosition: LatLng | null;
  locate: () => Promise<LatLng | null>;
  fallback: LatLng;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const [map, setMap] = useState<L.Map | null>(null);
  const { theme, setTheme, filter, setFilter } = useMapPreferences(user?._id);
  const [view, setView] = useState<View | null>(null);
  const [draft, setDraft] = useState<LatLng | null>(null);
  const [controlsOpen, setControlsOpen] = useState(false);
  const ownDotRef = useRef<L.Marker>(null);
  const deletePin = useDeletePin();
  const movePin = useMovePin();
  const { toast, showToast } = useMapToast();
  const pending = usePendingMemories();
  const selection = useMapSelection((location.state as LandingState | null)?.openPin);
  const { confirm, move, setOpenPin } = selection;
  const { items, fetching } = useMapItems({ view, filter, userId: user?._id, openPin: selection.openPin, moving: move?.pin, deleting: pending.deleting });

  // The hint steps aside while a popup or the controls panel needs the space.
  const popupOpen = usePopupOpen(map);
  usePopupKeyboard(map);
  useKeepView(map, user?._id);
  useEffect(() => (map ? panPopupsAtOnce(map) : undefined), [map]);

  function addMemoryAt(at: LatLng) {
    navigate(paths.newLocation, { state: { lat: at.lat, lng: at.lng, fromMap: true, visibility: '1' } satisfies NewLocationState });
  }

  function flyToPlace(place: PlaceSearchResult) {
    if (map) flyOrJump(map, [place.lat, place.lon], SEARCH_RESULT_ZOOM, 0.8);
  }

  async function centerOnMe() {
    const here = (await locate()) ?? ownPosition;
    if (!here) showToast('Your location is not available');
    // The dot lies under any pins on the same spot; arriving opens its popup, so 'Your Location'
    // is always one tap away. (Listened for first: a jump without animation arrives at once.)
    if (here) map?.once('moveend', () => ownDotRef.current?.openPopup());
    if (map) flyOrJump(map, here ? [here.lat, here.lng] : [fallback.lat, fallback.lng], DEFAULT_ZOOM, 0.8);
  }

  function saveMove() {
    if (!move) return;
    movePin.mutate(
      { pin: move.pin, latitude: move.at.lat, longitude: move.at.lng },
      {
        onSuccess: () => {
          selection.endMove();
          setOpenPin(null);
        },
        onError: (err) => selection.setMoveError(errorText(err, MOVE_FAILED)),
      },
    );
  }

  // The popup of the pin being moved would float where the pin was.
  useEffect(() => {
    if (move) map?.closePopup();
  }, [move, map]);

  function confirmAction() {
    if (!confirm) return;
    const { pin } = confirm;
    if (confirm.kind === 'update') {
      selection.closeConfirm();
      // The update screen reads the memory by its id from the cache; the rest is handed over too,
      // as docs/product.md §2 says, for when the cache no longer has it.
      navigate(paths.updateLocation, { state: updateLocationState(pin) });
      return;
    }
    // The dialog stays open, saying "Deleting...", until the server has answered.
    deletePin.mutate(pin, {
      onSuccess: (result) => {
        map?.closePopup();
        setOpenPin(null);
        selection.closeConfirm();
        const queued = queuedNotice(result, 'deleted');
        if (queued) showToast(queued, 'info');
      },
      onError: () => {
        selection.closeConfirm();
        showToast(DELETE_FAILED);
      },
    });
  }

  return (
    <div className={`map-screen map-screen-${theme.id}`}>
      {/* The screen's one h1: the map has no visible title, the bottom nav's 'Map' tab is it. */}
      <h1 className="sr-only">Map</h1>
      <MapContainer
        ref={setMap}
        className="map-canvas"
        center={[start.center.lat, start.center.lng]}
        zoom={start.zoom}
        doubleClickZoom={false}
        // Less motion when the device asks for it: zooms change at once rather than glide.
        zoomAnimation={!prefersReducedMotion()}
        markerZoomAnimation={!prefersReducedMotion()}
        fadeAnimation={!prefersReducedMotion()}
        worldCopyJump
        minZoom={2}
        zoomControl
      >
        <ThemeTiles theme={theme} />
        <ViewTracker onChange={setView} />
        <PinLayer items={items} actions={selection.actions} openId={selection.toOpen} />
        {filter.own && <PendingLayer items={pending.creates} />}
        {ownPosition && <OwnPosition position={ownPosition} markerRef={ownDotRef} />}
        {move ? <MovingPin move={move} onMove={selection.moveTo} /> : <DraftMarker draft={draft} onDraft={setDraft} onAdd={addMemoryAt} />}
      </MapContainer>

      {move && <MoveBar move={move} saving={movePin.isPending} error={selection.moveError} onSave={saveMove} onCancel={selection.endMove} />}

      <MapHint hidden={popupOpen || controlsOpen || !!move} />
      {!move && <PinLegend waiting={pending.creates.length > 0} />}
      {/* One 'Add memory' at a time: while a dropped marker offers it, the button steps aside. */}
      {!move && !draft && (
        <AddMemoryFab
          onAdd={() => {
            const c = map?.getCenter();
            addMemoryAt(c ? { lat: c.lat, lng: c.wrap().lng } : start.center);
          }}
        />
      )}

      <MapControls
        filter={filter}
        onFilterChange={setFilter}
        theme={theme}
        onThemeChange={setTheme}
        onPlaceChosen={flyToPlace}
        open={controlsOpen}
        onOpenChange={setControlsOpen}
      />

      <LocateButton onLocate={() => void centerOnMe()} />

      {fetching && (
        <div className="map-fetching" role="status" aria-label="Loading memories">
          <Spinner label="Loading memories" />
        </div>
      )}

      <MapOverlays
        confirm={confirm}
        deleting={deletePin.isPending}
        onConfirm={confirmAction}
        onCancelConfirm={selection.closeConfirm}
        sharing={selection.sharing}
        onCloseShare={selection.closeShare}
        fullImage={selection.fullImage}
        onCloseImage={selection.closeImage}
        toast={toast}
      />
    </div>
  );
}
