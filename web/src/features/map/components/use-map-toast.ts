import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LandingState } from '../../../config/route-state.ts';

export interface MapToast {
  text: string;
  kind: 'error' | 'info';
}

/**
 * The map's one passing message. An error goes after 3 s; a notice (a memory kept on the phone
 * to upload later) stays 6 s, long enough to read a sentence.
 */
export function useMapToast() {
  const [toast, setToast] = useState<MapToast | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const showToast = useCallback((text: string, kind: MapToast['kind'] = 'error') => {
    clearTimeout(timer.current);
    setToast({ text, kind });
    timer.current = setTimeout(() => setToast(null), kind === 'info' ? 6000 : 3000);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A line handed over by the screen before, shown once: it is taken out of the history entry,
  // so Back to the map does not show it again.
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as LandingState | null)?.notice;
  useEffect(() => {
    if (!notice) return;
    showToast(notice, 'info');
    navigate(location.pathname, { replace: true, state: { ...(location.state as LandingState), notice: undefined } satisfies LandingState });
  }, [notice, showToast, navigate, location.pathname, location.state]);

  return { toast, showToast };
}
