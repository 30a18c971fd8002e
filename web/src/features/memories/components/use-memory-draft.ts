import { useEffect, useRef, useState } from 'react';
import { clearDraft, loadDraft, saveDraft, type MemoryDraft } from '../../../lib/drafts.ts';

const WRITE_DELAY_MS = 300;

/**
 * Keeps a memory form's entry as a draft on the device (lib/drafts.ts): restored once when the form
 * opens (`restore` gets it, unless the person already typed), written shortly after each change and
 * when the page goes away. `key` null: no draft (no one signed in).
 */
export function useMemoryDraft(key: string | null, current: Omit<MemoryDraft, 'key' | 'savedAt'>, touched: boolean, restore: (draft: MemoryDraft) => void) {
  const [restored, setRestored] = useState(false);
  const latest = useRef({ current, touched, key });
  latest.current = { current, touched, key };
  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  useEffect(() => {
    if (!key) return;
    let live = true;
    void loadDraft(key).then((draft) => {
      if (!live || !draft || latest.current.touched) return;
      restoreRef.current(draft);
      setRestored(true);
    });
    return () => {
      live = false;
    };
  }, [key]);

  useEffect(() => {
    if (!key || !touched) return;
    const timer = setTimeout(() => void saveDraft({ ...current, key, savedAt: Date.now() }), WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, touched, current]);

  // A reload or a closed tab within the write delay still keeps the last keystrokes.
  useEffect(() => {
    const flush = () => {
      const { key: k, touched: t, current: c } = latest.current;
      if (k && t) void saveDraft({ ...c, key: k, savedAt: Date.now() });
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    // beforeunload comes early enough for IndexedDB to finish (pagehide is often too late for an
    // asynchronous write); a phone switching apps only hides the page, and may then drop it.
    window.addEventListener('beforeunload', flush);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('beforeunload', flush);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, []);

  return {
    restored,
    /** The memory was saved or the draft discarded. */
    clear: async () => {
      setRestored(false);
      if (key) await clearDraft(key);
    },
  };
}
