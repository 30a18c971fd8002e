import { vi } from 'vitest';

/** The device's colour scheme as `matchMedia('(prefers-color-scheme: dark)')` reports it (jsdom has none). */
export function prefersDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: dark && query.includes('dark'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
