import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * The web app manifest: what a phone needs to install Memory Map as an app. The icons are
 * rendered from web/icons/*.svg by scripts/make-icons.mjs. The theme colour is the header's; the
 * app sets the page's theme-color for the chosen scheme itself (lib/color-scheme.ts).
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Memory Map',
  short_name: 'Memory Map',
  description: 'Pin memories on a map, choose who sees them, keep a friend list.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#0f172a',
  background_color: '#0f172a',
  categories: ['social', 'lifestyle'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
