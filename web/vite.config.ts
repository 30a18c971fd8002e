import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups } from './build/chunk-groups.ts';
import { firstPaintScript } from './build/first-paint-script.ts';
import { precompress } from './build/precompress.ts';
import { routePages } from './build/route-pages.ts';
import { webAppManifest } from './build/web-app-manifest.ts';

/**
 * React Router 7 names only its development files in its package exports (remix-run/react-router
 * #12532, #14102): a production build would ship its dev warnings and checks. The build takes its
 * production files, which export the same API.
 */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/[\\/]development[\\/]index\.m?js$/, '/production/index.mjs');
if (!reactRouterProduction.endsWith('/production/index.mjs')) throw new Error(`react-router moved its files: ${reactRouterProduction}`);

const chunks = chunkGroups();

// In development Vite serves the app and forwards the API to the server on :3000 (same origin in production).
export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] },
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
    chunks.plugin,
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
  build: { outDir: 'dist', sourcemap: true, rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } } },
}));
