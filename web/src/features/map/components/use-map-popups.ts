import type L from 'leaflet';
import { useEffect, useState } from 'react';

/**
 * Leaflet closes a popup on Escape only while the map itself has focus; a keyboard user who has
 * tabbed into the popup (Share link, Update…) gets nothing. Escape closes the open popup from
 * anywhere on the screen (not while a dialog is over it: the dialog's own Escape closes only the
 * dialog), and when the popup closes with focus inside it, focus goes back to the marker that
 * opened it instead of falling to the page's top.
 */
export function usePopupKeyboard(map: L.Map | null) {
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

/** Whether any popup is open: the hint steps aside while a popup needs the space. */
export function usePopupOpen(map: L.Map | null): boolean {
  const [popupOpen, setPopupOpen] = useState(false);
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
  return popupOpen;
}
