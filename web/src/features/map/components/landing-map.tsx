import { MAP_ZOOM_MAX } from '@memory-map/shared';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useCallback, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { MapContainer, Marker, Pane, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useLocation, useNavigate } from 'react-router';
import { memoryPath, paths } from '../../../config/paths.ts';
import type { LandingState, NewLocationState, UpdateLocationState } from '../../../config/route-state.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { pinImages } from '../../../lib/pin-images.ts';
import { ImageViewer } from '../../../components/image-viewer.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useColorScheme } from '../../../lib/color-scheme.ts';
import { queuedNotice, usePendingMemories } from '../../../lib/outbox/index.ts';
import { getStoredUser, useSession } from '../../../lib/session.ts';
import { useDeletePin } from '../api/delete-pin.ts';
import { useMovePin } from '../api/move-pin.ts';
import { useMapPins } from '../api/map-pins.ts';
import { flyOrJump, panPopupsAtOnce, prefersReducedMotion } from '../lib/calm-motion.ts';
import { DEFAULT_ZOOM, randomFallbackCity, SEARCH_RESULT_ZOOM } from '../lib/fallback-cities.ts';
import { ownPositionIcon, pinIcon } from '../lib/icons.ts';
import { ALL_TYPES, fetchBbox, keepOpenPin, mapItemsFor, type PinItem, type TypeFilter } from '../lib/map-items.ts';
import { loadFilter, loadView, saveFilter, saveView } from '../lib/saved-view.ts';
import { GEONAMES_ATTRIBUTION, loadSavedTheme, loadTheme, saveTheme, type MapTheme } from '../lib/themes.ts';
import { useGeolocation, type LatLng } from '../lib/use-geolocation.ts';
import { WorldBase } from '../../../lib/world-base/world-base.tsx';
import { MemoryTripSelect } from '../../../components/trip-picker.tsx';
import { AddMemoryFab } from './add-memory-fab.tsx';
import { MapControls } from './map-controls.tsx';
import { MapHint } from './map-hint.tsx';
import { PinLegend } from './pin-legend.tsx';
import { MoveBar, MovingPin, type MoveState } from './move-pin.tsx';
import { PendingLayer } from './pending-layer.tsx';
import { PinLayer, type PinActions } from './pin-layer.tsx';
import { ShareSheet } from './share-sheet.tsx';
import './map.css';
import type { Pin, PlaceSearchResult } from '../../../lib/api/types.ts';

export const DELETE_FAILED = 'Failed to delete pin. Please try again.';
/** Moving saves through the update call: its failure text (docs/product.md §8). */
export const MOVE_FAILED = 'Failed to update pin';
const FOCUS_ZOOM = 15;

type View = { bbox: [number, number, number, number]; zoom: number };

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
  return <MapView start={start} ownPosition={geo.status === 'granted' ? geo.position : null} locate={geo.locate} fallback={fallback} />;
}

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
  const { user } = useSession();
  const [map, setMap] = useState<L.Map | null>(null);
  const { scheme } = useColorScheme();
  // Until a theme is chosen here, the map follows the app: Voyager when light, Dark when dark.
  const [chosenTheme, setTheme] = useState<MapTheme | null>(loadSavedTheme);
  const theme = chosenTheme ?? loadTheme(scheme);
  const [filter, setFilterState] = useState<TypeFilter>(() => loadFilter(user?._id, ALL_TYPES));
  const setFilter = (next: TypeFilter) => {
    setFilterState(next);
    saveFilter(user?._id, next);
  };
  const [view, setView] = useState<View | null>(null);
  const [draft, setDraft] = useState<LatLng | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'update' | 'delete'; pin: Pin } | null>(null);
  const [fullImage, setFullImage] = useState<{ pin: Pin; index: number } | null>(null);
  const [toast, setToast] = useState<{ text: string; kind: 'error' | 'info' } | null>(null);
  const [controlsOpen, setControlsOpen] = useState(false);
  const [popupOpen, setPopupOpen] = useState(false);
  const [openPin, setOpenPin] = useState<PinItem | null>(null);
  const toastTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const ownDotRef = useRef<L.Marker>(null);
  const deletePin = useDeletePin();
  const movePin = useMovePin();
  const [move, setMove] = useState<MoveState | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const closeConfirm = useCallback(() => setConfirm(null), []);
  const [sharing, setSharing] = useState<Pin | null>(null);
  const closeImage = useCallback(() => setFullImage(null), []);

  const showToast = useCallback((text: string, kind: 'error' | 'info' = 'error') => {
    clearTimeout(toastTimer.current);
    setToast({ text, kind });
    toastTimer.current = setTimeout(() => setToast(null), kind === 'info' ? 6000 : 3000);
  }, []);
  useEffect(() => () => clearTimeout(toastTimer.current), []);

  // A line handed over by the screen before (a memory kept on the phone to upload later), shown once.
  const location = useLocation();
  const notice = (location.state as LandingState | null)?.notice;
  useEffect(() => {
    if (!notice) return;
    showToast(notice, 'info');
    navigate(location.pathname, { replace: true, state: { ...(location.state as LandingState), notice: undefined } satisfies LandingState });
  }, [notice, showToast, navigate, location.pathname, location.state]);

  const pending = usePendingMemories();
  // "Show on map" (feed, a profile): that memory's popup opens once the map draws it.
  const [toOpen, setToOpen] = useState(() => (location.state as LandingState | null)?.openPin);

  // The hint steps aside while a popup or the controls panel needs the space.
  useEffect(() => {
    if (!map) return;
    const opened = () => setPopupOpen(true);
    const closed = () => setPopupOpen(false);
    map.on('popupopen', opened);
    map.on('popupclose', closed);
    return () => {
      map.off('popupopen', opened);
      map.off('popupclose', closed);
    };
  }, [map]);
  usePopupKeyboard(map);
  useKeepView(map, user?._id);
  useEffect(() => (map ? panPopupsAtOnce(map) : undefined), [map]);

  const types = (['own', 'friend', 'public'] as const).filter((t) => filter[t]).join(',');
  const pinsQuery = useMapPins(
    view && types ? { bbox: fetchBbox(view.bbox, view.zoom), zoom: Math.max(0, Math.min(MAP_ZOOM_MAX, Math.round(view.zoom))), types } : null,
  );
  const data = pinsQuery.data;
  const zoom = view?.zoom;
  const userId = user?._id;
  const drawn = useMemo(
    () => (data && zoom !== undefined && types ? mapItemsFor(data, userId, filter, zoom) : []),
    [data, zoom, types, userId, filter],
  );
  const shownItems = useMemo(() => keepOpenPin(drawn, openPin, filter), [drawn, openPin, filter]);
  // The pin being moved is drawn once, as the draggable one.
  // A memory whose delete waits in the outbox is gone for its author already.
  const items = useMemo(
    () => shownItems.filter((i) => i.kind !== 'pin' || (i.pin.id !== move?.pin.id && !pending.deleting.has(i.pin.id))),
    [shownItems, move, pending.deleting],
  );
  const moveTo = useCallback((at: LatLng) => {
    setMoveError(null);
    setMove((m) => (m ? { ...m, at } : m));
  }, []);

  const actions: PinActions = useMemo(
    () => ({
      onUpdate: (pin) => setConfirm({ kind: 'update', pin }),
      onDelete: (pin) => setConfirm({ kind: 'delete', pin }),
      onMove: (pin) => {
        setMoveError(null);
        setMove({ pin, at: { lat: pin.latitude, lng: pin.longitude } });
      },
      onOpenImage: (pin, index) => setFullImage({ pin, index }),
      onShare: (pin) => setSharing(pin),
      onOpen: (pin) => navigate(memoryPath(pin.id)),
      renderOwnExtra: (pin) => <MemoryTripSelect pinId={pin.id} tripId={pin.tripId ?? null} />,
      onPopupOpen: (item) => {
        setOpenPin(item);
        setToOpen((id) => (id === item.pin.id ? undefined : id));
      },
      onPopupClose: (pinId) => setOpenPin((open) => (open?.pin.id === pinId ? null : open)),
    }),
    [navigate],
  );

  function addMemoryAt(at: LatLng) {
    navigate(paths.newLocation, { state: { lat: at.lat, lng: at.lng, fromMap: true, visibility: '1' } satisfies NewLocationState });
  }

  function chooseTheme(next: MapTheme) {
    setTheme(next);
    saveTheme(next);
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
          setMove(null);
          setOpenPin(null);
        },
        onError: (err) => setMoveError(errorText(err, MOVE_FAILED)),
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
      setConfirm(null);
      const state: UpdateLocationState = {
        id: pin.id,
        title: pin.title,
        imageUrl: pin.imageUrl,
        images: pinImages(pin),
        description: pin.description,
        tags: pin.tags,
        visibility: pin.visibility,
        circleId: pin.circle?.id ?? null,
        tripId: pin.tripId ?? null,
        taggedFriends: pin.taggedFriends,
        locationName: pin.locationName,
        latitude: pin.latitude,
        longitude: pin.longitude,
        happenedAt: pin.happenedAt,
      };
      navigate(paths.updateLocation, { state });
      return;
    }
    deletePin.mutate(pin, {
      onSuccess: (result) => {
        map?.closePopup();
        setOpenPin(null);
        setConfirm(null);
        const queued = queuedNotice(result, 'deleted');
        if (queued) showToast(queued, 'info');
      },
      onError: () => {
        setConfirm(null);
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
        <TileLayer
          key={theme.id}
          url={theme.url}
          attribution={theme.attribution}
          subdomains={theme.subdomains || 'abc'}
          maxZoom={theme.maxZoom}
          maxNativeZoom={theme.maxZoom}
          errorTileUrl={BLANK_TILE}
          // Through CORS, so the service worker may keep the tile (service-worker/tile-cache.ts).
          crossOrigin
          className={`map-tiles map-tiles-${theme.id}`}
        />
        <WorldBase tone={theme.id === 'voyager' ? 'light' : 'dark'} />
        <GeoNamesAttribution />
        <ViewTracker onChange={setView} />
        <PinLayer items={items} actions={actions} openId={toOpen} />
        {filter.own && <PendingLayer items={pending.creates} />}
        {ownPosition && <OwnPosition position={ownPosition} markerRef={ownDotRef} />}
        {move ? (
          <MovingPin move={move} onMove={moveTo} />
        ) : (
          <DraftMarker draft={draft} onDraft={setDraft} onAdd={addMemoryAt} />
        )}
      </MapContainer>

      {move && (
        <MoveBar
          move={move}
          saving={movePin.isPending}
          error={moveError}
          onSave={saveMove}
          onCancel={() => {
            setMove(null);
            setMoveError(null);
          }}
        />
      )}

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
        onThemeChange={chooseTheme}
        onPlaceChosen={flyToPlace}
        open={controlsOpen}
        onOpenChange={setControlsOpen}
      />

      <button type="button" className="map-fab map-locate" aria-label="center to your location" title="center to your location" onClick={() => void centerOnMe()}>
        <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <circle cx="12" cy="12" r="7" />
          <circle cx="12" cy="12" r="2.5" fill="currentColor" />
          <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
        </svg>
      </button>

      {pinsQuery.isFetching && (
        <div className="map-fetching" role="status" aria-label="Loading memories">
          <Spinner label="Loading memories" />
        </div>
      )}

      <ConfirmDialog
        open={confirm?.kind === 'update'}
        title="Update Memory"
        message="Are you sure you want to update this pin?"
        confirmLabel="Update"
        onConfirm={confirmAction}
        onCancel={closeConfirm}
      />
      <ConfirmDialog
        open={confirm?.kind === 'delete'}
        title="Delete Memory"
        message="Are you sure you want to delete this pin?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deletePin.isPending}
        danger
        onConfirm={confirmAction}
        onCancel={closeConfirm}
      />
      {sharing && <ShareSheet pin={sharing} onClose={() => setSharing(null)} />}
      {fullImage && pinImages(fullImage.pin).length > 0 && (
        <ImageViewer
          sources={pinImages(fullImage.pin).map((i) => i.url)}
          start={fullImage.index}
          alt={fullImage.pin.title}
          onClose={closeImage}
        />
      )}
      {toast && (
        <div className={toast.kind === 'error' ? 'toast error map-toast' : 'toast map-toast'} role={toast.kind === 'error' ? 'alert' : 'status'}>
          {toast.text}
        </div>
      )}
    </div>
  );
}

/**
 * Leaflet closes a popup on Escape only while the map itself has focus; a keyboard user who has
 * tabbed into the popup (Share link, Update…) gets nothing. Escape closes the open popup from
 * anywhere on the screen (not while a dialog is over it: the dialog's own Escape closes only the
 * dialog), and when the popup closes with focus inside it, focus goes back to the marker that
 * opened it instead of falling to the page's top.
 */
function usePopupKeyboard(map: L.Map | null) {
  useEffect(() => {
    if (!map) return;
    let opener: HTMLElement | null = null;
    let open: L.Popup | null = null;
    const opened = (e: L.PopupEvent) => {
      open = e.popup;
      const active = document.activeElement;
      opener = active instanceof HTMLElement && map.getContainer().contains(active) && !e.popup.getElement()?.contains(active) ? active : null;
    };
    const closed = (e: L.PopupEvent) => {
      if (open === e.popup) open = null;
      const active = document.activeElement;
      const focusLost = !active || active === document.body || e.popup.getElement()?.contains(active);
      if (focusLost && opener?.isConnected) opener.focus({ preventScroll: true });
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || !open || document.querySelector('dialog[open]')) return;
      e.preventDefault();
      map.closePopup(open);
    };
    map.on('popupopen', opened);
    map.on('popupclose', closed);
    document.addEventListener('keydown', onKey);
    return () => {
      map.off('popupopen', opened);
      map.off('popupclose', closed);
      document.removeEventListener('keydown', onKey);
    };
  }, [map]);
}

/** Remembers where the map is each time it settles (lib/saved-view.ts). */
function useKeepView(map: L.Map | null, userId: string | undefined) {
  useEffect(() => {
    if (!map) return;
    const keep = () => {
      const c = map.getCenter();
      saveView(userId, { lat: c.lat, lng: c.lng, zoom: map.getZoom() });
    };
    map.on('moveend', keep);
    return () => {
      map.off('moveend', keep);
    };
  }, [map, userId]);
}

/** A transparent pixel stands in for a tile that cannot load: no broken-image icons, nothing else breaks. */
const BLANK_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

function GeoNamesAttribution() {
  const map = useMap();
  useEffect(() => {
    map.attributionControl?.addAttribution(GEONAMES_ATTRIBUTION);
    return () => {
      map.attributionControl?.removeAttribution(GEONAMES_ATTRIBUTION);
    };
  }, [map]);
  return null;
}

/** Reports the visible area after the map settles, debounced so a drag asks the server once. */
function ViewTracker({ onChange }: { onChange: (view: View) => void }) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const map = useMapEvents({
    moveend: () => schedule(),
    zoomend: () => schedule(),
    resize: () => schedule(),
  });
  const report = useCallback(() => {
    const b = map.getBounds();
    onChange({ bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() });
  }, [map, onChange]);
  function schedule() {
    clearTimeout(timer.current);
    timer.current = setTimeout(report, 250);
  }
  useEffect(() => {
    report();
    return () => clearTimeout(timer.current);
  }, [report]);
  return null;
}

/**
 * Above the shapes (400) and below the pins (600). People pin memories where they stand, so pins
 * and bubbles often sit on the dot: they are the content, and their counts stay readable and
 * tappable. Where the dot is covered, the 'center to your location' button opens its popup.
 */
const OWN_POSITION_PANE = 'ownPositionPane';
const OWN_POSITION_Z = 550;

function OwnPosition({ position, markerRef }: { position: LatLng; markerRef: Ref<L.Marker> }) {
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

/** Double-click (or a long press) drops a marker offering 'Add memory'; a single click clears it. */
function DraftMarker({ draft, onDraft, onAdd }: { draft: LatLng | null; onDraft: (at: LatLng | null) => void; onAdd: (at: LatLng) => void }) {
  const markerRef = useRef<L.Marker>(null);
  useMapEvents({
    dblclick: (e) => onDraft({ lat: e.latlng.lat, lng: e.latlng.lng }),
    contextmenu: (e) => onDraft({ lat: e.latlng.lat, lng: e.latlng.lng }),
    click: () => onDraft(null),
  });
  useEffect(() => {
    if (draft) markerRef.current?.openPopup();
  }, [draft]);
  if (!draft) return null;
  return (
    <Marker ref={markerRef} position={[draft.lat, draft.lng]} icon={pinIcon('draft')} title="New memory" zIndexOffset={1000}>
      <Popup className="map-draft-popup" closeButton={false} autoClose={false} closeOnClick={false} minWidth={180}>
        <div className="map-draft">
          <span className="map-draft-coords">
            {draft.lat.toFixed(5)}, {draft.lng.toFixed(5)}
          </span>
          <button type="button" className="btn btn-primary btn-block" onClick={() => onAdd(draft)}>
            Add memory
          </button>
        </div>
      </Popup>
    </Marker>
  );
}
