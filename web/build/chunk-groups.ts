import type { Plugin } from 'vite';

/** The app's start (main.tsx imports it once the page is painted). */
const START_MODULE = '/src/app/start.tsx';
const MAIN_MODULE = '/src/main.tsx';
/** A screen module, lazily imported by app/router.tsx: each is a chunk of its own. */
const SCREEN_MODULE = /\/src\/routes\/[a-z-]+\.tsx$/;
/** The libraries the app itself loads on every page; a shared part may use them and nothing else. */
const APP_LIBRARY = /\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/(query-core|react-query)|openapi-fetch)\//;
/** Our own code (the web app's and the shared package's), as opposed to a library's. */
const OWN_MODULE = /\/(web|shared)\/src\//;

interface ChunkGroup {
  name: string;
  test: (id: string) => boolean;
  minShareCount?: number;
}

/**
 * Fewer, larger files for a first visit (docs/decisions/090-web-delivery.md, "Few files"). Left to
 * itself, the bundler cuts the code every lazy screen shares into one small file for each set of
 * screens that uses a part: a visit to /feeds asked for 41 files, /login for 18. Over HTTP/1.1
 * (what `npm start` serves) a browser sends a server six requests at a time, so each six files
 * cost a phone one more round trip before the screen shows.
 *
 * Once the module graph is complete, the plugin sorts it into two groups for the bundler:
 * - **app**: what src/app/start.tsx reaches through static imports (React, the router, the query
 *   client, the API client…), less what main.tsx reaches (the entry must stay small, to paint
 *   first). Every page loads all of it already, so no page loads more.
 * - **screens**: our own modules that two or more screens share and that reach no library beyond
 *   the app's (React, the router, TanStack Query, openapi-fetch), directly or through our other
 *   modules. The bundler puts a captured module's imports in its group too, and zod, Leaflet or
 *   IndexedDB's library would then come to screens that have no use for them (the bundle check
 *   forbids zod on the feed and the map). Each screen loads a few kilobytes of parts it does not use.
 */
export function chunkGroups(): { plugin: Plugin; groups: ChunkGroup[] } {
  let app: Set<string> | undefined;
  let screens: Set<string> | undefined;
  const read = () => {
    if (!app || !screens) throw new Error('chunk-groups: chunks are being made before the module graph was read');
    return { app, screens };
  };
  const plugin: Plugin = {
    name: 'memory-map:chunk-groups',
    apply: 'build',
    // The module graph is complete here, and chunks are made after it.
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const startId = ids.find((id) => id.endsWith(START_MODULE));
      const mainId = ids.find((id) => id.endsWith(MAIN_MODULE));
      if (!startId || !mainId) throw new Error(`chunk-groups: ${START_MODULE} or ${MAIN_MODULE} is not in the build`);
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const reach = (from: string) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const dep of importsOf(id)) visit(dep);
        };
        visit(from);
        return seen;
      };
      const entry = reach(mainId);
      // start.tsx itself stays the chunk main.tsx imports (route-pages.ts finds the app by it).
      app = new Set([...reach(startId)].filter((id) => id !== startId && !entry.has(id)));
      const loaded = new Set([...entry, ...app, startId]);
      // A module that reaches a library beyond the app's own, directly or through any of our modules
      // (the shared package's index reaches zod), stays out: the bundler would bring that library.
      const importers = new Map<string, string[]>();
      for (const id of ids) for (const dep of importsOf(id)) importers.set(dep, [...(importers.get(dep) ?? []), id]);
      const tainted = new Set<string>();
      const taint = (id: string) => {
        if (tainted.has(id)) return;
        tainted.add(id);
        for (const importer of importers.get(id) ?? []) taint(importer);
      };
      for (const id of ids) if (id.includes('/node_modules/') && !APP_LIBRARY.test(id)) taint(id);
      const group = new Set(ids.filter((id) => OWN_MODULE.test(id) && !id.includes('/node_modules/') && !loaded.has(id) && !SCREEN_MODULE.test(id) && !tainted.has(id)));
      screens = group;
    },
  };
  return {
    plugin,
    groups: [
      { name: 'app', test: (id) => read().app.has(id) },
      // Only what two screens (or other lazy chunks) share: a part of one screen stays in its chunk.
      { name: 'screens', test: (id) => read().screens.has(id), minShareCount: 2 },
    ],
  };
}
