import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  text: string;
  kind: 'info' | 'error';
}

/**
 * A message that clears itself after `durationMs` (docs/product.md §9: error toast and info message 3 s).
 * Showing a new message restarts the clock.
 */
export function useTimedMessage(durationMs = 3000) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (text: string, kind: TimedMessage['kind'] = 'info') => {
      clearTimeout(timer.current);
      setMessage({ text, kind });
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show };
}
