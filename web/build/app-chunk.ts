import type { Plugin } from 'vite';

/** The app's start (main.tsx imports it once the page is painted). */
const START_MODULE = '/src/app/start.tsx';
const MAIN_MODULE = '/src/main.tsx';

/**
 * The app's code in one file rather than seventeen (docs/decisions/090-web-delivery.md, "One file
 * for the app"). Every page loads src/app/start.tsx and all it imports statically; left to itself,
 * the bundler cut that into a dozen small files (React, the router, the query client, paths, the
 * API client…), one for each set of lazy screens that also uses a part. Every visit asked for all
 * of them, and over HTTP/1.1 (what `npm start` serves) a browser opens six connections to a server:
 * seventeen requests are three round trips more than one.
 *
 * The plugin notes the modules start.tsx reaches through static imports, less those main.tsx reaches
 * (they belong to the entry, which must stay small to paint first), and the returned `group` puts them
 * in one chunk. The set is the same code every page already loaded, so no page loads more.
 */
export function appChunk(): { plugin: Plugin; group: { name: string; test: (id: string) => boolean } } {
  let appModules: Set<string> | undefined;
  const plugin: Plugin = {
    name: 'memory-map:app-chunk',
    apply: 'build',
    // The module graph is complete here, and chunks are made after it.
    buildEnd(error) {
      if (error) return;
      const find = (suffix: string) => [...this.getModuleIds()].find((id) => id.endsWith(suffix));
      const startId = find(START_MODULE);
      const mainId = find(MAIN_MODULE);
      if (!startId || !mainId) throw new Error(`app-chunk: ${START_MODULE} or ${MAIN_MODULE} is not in the build`);
      const reach = (from: string) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
        };
        visit(from);
        return seen;
      };
      const entry = reach(mainId);
      // start.tsx itself stays the chunk main.tsx imports (route-pages.ts finds the app by it).
      appModules = new Set([...reach(startId)].filter((id) => id !== startId && !entry.has(id)));
    },
  };
  return {
    plugin,
    group: {
      name: 'app',
      test: (id) => {
        if (!appModules) throw new Error('app-chunk: chunks are being made before the module graph was read');
        return appModules.has(id);
      },
    },
  };
}
