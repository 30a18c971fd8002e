import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject, type TouchEventHandler } from 'react';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last. The browser
 * alone would send focus out to its own toolbar between rounds (the page behind stays inert
 * either way); a phone user with a keyboard expects the round to close inside the dialog.
 */
function wrapTab(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const inside = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  const first = inside[0];
  const last = inside[inside.length - 1];
  if (!first || !last) return;
  if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  }
}

export interface ModalDialogProps {
  /** Escape, a tap on the backdrop, or the browser closing the dialog. Ignore it while busy. */
  onDismiss: () => void;
  /** What gets focus when it opens (the safe choice of a confirm, the field to fill). */
  initialFocus?: RefObject<HTMLElement | null>;
  role?: 'dialog' | 'alertdialog';
  labelledBy?: string;
  describedBy?: string;
  label?: string;
  /** Classes of the full-screen layer behind the panel (`dialog-backdrop`, `image-viewer`). */
  className?: string;
  /** Swipes over the whole layer (the image viewer's paging). */
  onTouchStart?: TouchEventHandler<HTMLDialogElement>;
  onTouchEnd?: TouchEventHandler<HTMLDialogElement>;
  children: ReactNode;
}

/**
 * Every modal of the app: a native <dialog> opened with showModal(), rendered only while open.
 *
 * Why the native element rather than a div with aria-modal and our own key handling: showModal()
 * makes everything outside the dialog inert, so Tab, a screen reader's virtual cursor and a
 * mouse cannot reach the page behind (a real trap, also for what React renders later; wrapTab
 * closes the Tab round);
 * it puts the dialog in the top layer above Leaflet's panes and toasts with no z-index race; and
 * Escape becomes the dialog's `cancel` event, which fires only for the topmost modal, so Escape in
 * the image viewer over a map popup closes the viewer and nothing else. What it leaves to us:
 * which element gets focus first (React's autoFocus runs before showModal()), and giving focus
 * back to the opener when the dialog closes by unmounting.
 *
 * The <dialog> itself is the full-screen layer (styled by `className`), so a click whose target
 * is the dialog element is a click on the backdrop around the panel.
 */
export function ModalDialog(props: ModalDialogProps) {
  const { onDismiss, initialFocus, role = 'dialog', labelledBy, describedBy, label, className, onTouchStart, onTouchEnd, children } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const dismissRef = useRef(onDismiss);
  useLayoutEffect(() => {
    dismissRef.current = onDismiss;
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    // React decides when the dialog closes: the browser's own closing is turned into a request.
    const onCancel = (e: Event) => {
      e.preventDefault();
      dismissRef.current();
    };
    // Chrome lets a second Escape close a dialog whose cancel was refused without a user gesture.
    const onClose = () => dismissRef.current();
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
      if (dialog.open) dialog.close();
      // The opener may be gone (a popup closed, the screen changed): then focus stays where it falls.
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
    // Opened once per mount; the initial-focus ref is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-label={label}
      onKeyDown={wrapTab}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      onClick={(e) => {
        if (e.target === e.currentTarget) dismissRef.current();
      }}
    >
      {children}
    </dialog>
  );
}
