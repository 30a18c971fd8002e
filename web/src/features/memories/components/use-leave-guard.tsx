import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

export const LEAVE_TITLE = 'Leave this memory?';
export const LEAVE_MESSAGE = 'It is not saved yet. Your changes stay on this phone as a draft for when you come back.';

/**
 * Asks before a form with unsaved changes is left: in the app (the bottom navigation, Back) with
 * our dialog, and for a reload or a closed tab with the browser's own question.
 */
export function useLeaveGuard(dirty: boolean) {
  // Read when a navigation happens, not when the last render was: a save navigates at once.
  const guarding = useRef(dirty);
  guarding.current = dirty;
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => !released.current && guarding.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    released.current = false;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the question only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  // Saved or discarded meanwhile: a navigation held back goes on.
  useEffect(() => {
    if (!dirty && blocker.state === 'blocked') blocker.proceed();
  }, [dirty, blocker]);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={LEAVE_TITLE}
      message={LEAVE_MESSAGE}
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  /** Saved or discarded: the next navigation goes without asking. */
  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { dialog, release };
}
