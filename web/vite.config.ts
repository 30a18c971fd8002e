import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPaintScript } from './build/first-paint-script.ts';
import { precompress } from './build/precompress.ts';
import { routePages } from './build/route-pages.ts';
import { webAppManifest } from './build/web-app-manifest.ts';

// In development Vite serves the app and forwards the API to the server on :3000 (same origin in production).
export default defineConfig({
  plugins: [
    react(),
    // The scheme and the screen, set before the first paint (docs/decisions/090-web-delivery.md).
    firstPaintScript(),
    // The manifest and the service worker (docs/decisions/090-web-delivery.md).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      // lib/service-worker.ts registers it (production builds only).
      injectRegister: false,
      manifest: webAppManifest,
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: true,
      injectManifest: {
        // A classic script: module service workers are recent in some browsers.
        rollupFormat: 'iife',
        // The whole build, the per-screen pages included (build/route-pages.ts: the worker answers a
        // screen's path with its page, as the server does), so the first visit is enough to open
        // the app offline; not the source maps, nor the .br/.gz copies (the browser gets those by
        // Accept-Encoding).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.map', '**/*.br', '**/*.gz'],
      },
      devOptions: { enabled: false },
    }),
    routePages(),
    precompress(),
  ],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/update_user': 'http://localhost:3000',
    },
  },
  // Workers as ES modules (all are started with { type: 'module' }), so a worker can import() a
  // part only when it needs it: the world's tile worker loads the fine shapes from zoom 4 only.
  worker: { format: 'es' },
  build: { outDir: 'dist', sourcemap: true },
});
