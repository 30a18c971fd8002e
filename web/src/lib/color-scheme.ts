import { COLOR_SCHEME_KEY, THEME_COLORS } from '@memory-map/shared';
import { useSyncExternalStore } from 'react';

/**
 * Light, dark, or whatever the device says (prefers-color-scheme), chosen in Settings and kept on
 * this device. The CSS does the rest: global.css holds a dark set of the colour tokens that applies
 * under prefers-color-scheme: dark unless data-theme="light" is set on <html>, and always with
 * data-theme="dark".
 *
 * Every page applies the stored choice once already, before its first paint, with an inline script
 * (shared/src/first-paint.ts, same key and same effect: first-paint.test.ts compares them); this
 * module applies it again when the app starts and whenever it changes.
 */
export type ColorSchemeChoice = 'light' | 'dark' | 'system';
export type ColorScheme = 'light' | 'dark';

export { COLOR_SCHEME_KEY };

export function loadColorSchemeChoice(): ColorSchemeChoice {
  try {
    const v = localStorage.getItem(COLOR_SCHEME_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

const darkQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

export function resolveColorScheme(choice: ColorSchemeChoice): ColorScheme {
  if (choice !== 'system') return choice;
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** Puts the choice on <html> (before the first render too, so the app never flashes the other scheme). */
export function applyColorScheme(choice: ColorSchemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[resolveColorScheme(choice)]);
}

const listeners = new Set<() => void>();
let current: ColorSchemeChoice = typeof window === 'undefined' ? 'system' : loadColorSchemeChoice();

function notify() {
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const query = darkQuery();
  const onChange = () => {
    applyColorScheme(current);
    listener();
  };
  query?.addEventListener?.('change', onChange);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener?.('change', onChange);
  };
}

export function setColorSchemeChoice(choice: ColorSchemeChoice): void {
  current = choice;
  try {
    if (choice === 'system') localStorage.removeItem(COLOR_SCHEME_KEY);
    else localStorage.setItem(COLOR_SCHEME_KEY, choice);
  } catch {
    // Private mode or full storage: the choice lasts for this visit.
  }
  applyColorScheme(choice);
  notify();
}

/** The person's choice and the scheme in force now (the device's, for 'system'). */
export function useColorScheme(): { choice: ColorSchemeChoice; scheme: ColorScheme; setChoice: (c: ColorSchemeChoice) => void } {
  const choice = useSyncExternalStore(subscribe, () => current, () => 'system' as const);
  const scheme = useSyncExternalStore(
    subscribe,
    () => resolveColorScheme(current),
    () => 'light' as const,
  );
  return { choice, scheme, setChoice: setColorSchemeChoice };
}
