import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';

/** Where the pages go inside the build; the server picks one by the path asked for. */
export const PAGES_DIR = 'pages';
/** A screen module, lazily imported by app/router.tsx: src/routes/<name>.tsx. */
const SCREEN_MODULE = /\/src\/routes\/([a-z-]+)\.tsx$/;
const ROOT_DIV = '<div id="root"></div>';

/**
 * One page per screen beside index.html (docs/decisions/090-web-delivery.md), so a first visit
 * paints before any JavaScript runs and does not wait for the main bundle to ask for the screen:
 * - every page has the main stylesheet inline and what the app's first render draws, rendered at
 *   build time (app/prerender.tsx): the sign-in screen in pages/login.html (main.tsx hydrates it),
 *   the header and navigation around an empty screen in the others (main.tsx renders over it);
 *   pages/login.html asks for its scripts at low priority (lowPriorityScripts);
 * - pages/<screen>.html modulepreloads the screen's chunk and the chunks it imports, and preloads
 *   its CSS: the browser fetches them alongside the main bundle.
 * server/src/plugins/web-app.ts sends pages/<screen>.html for /<screen> and index.html otherwise
 * (and the service worker's cached index.html serves every screen offline).
 */
export function routePages(): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  const preloads = new Map<string, { js: string[]; css: string[] }>();
  return {
    name: 'memory-map:route-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      // What index.html loads already: the entry and everything it imports statically.
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, seen);
        return seen;
      };
      const loaded = closure(entry.fileName);
      for (const chunk of chunks) {
        const screen = chunk.isDynamicEntry && chunk.facadeModuleId ? SCREEN_MODULE.exec(chunk.facadeModuleId)?.[1] : undefined;
        // The not-found screen has no path of its own; the sign-in screen is in the main bundle.
        if (!screen || screen === 'not-found') continue;
        const files = [...closure(chunk.fileName)].filter((f) => !loaded.has(f));
        const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        preloads.set(screen, { js: files, css });
      }
    },
    closeBundle: {
      sequential: true,
      async handler() {
        if (preloads.size === 0) return;
        const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        if (!index.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV} to draw into`);
        const html = inlineStylesheets(index, outDir);
        const pagesDir = path.join(outDir, PAGES_DIR);
        mkdirSync(pagesDir, { recursive: true });
        const prerender = await loadPrerender(root);
        const page = (name: string, head: string[], body: string) =>
          writeFileSync(path.join(pagesDir, `${name}.html`), html.replace('</head>', `${head.join('')}</head>`).replace(ROOT_DIV, `<div id="root">${body}</div>`));
        for (const [screen, { js, css }] of preloads) {
          const links = [
            ...js.map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
            ...css.map((f) => `<link rel="preload" as="style" crossorigin href="${base}${f}">`),
          ];
          page(screen, links, prerender.renderScreenShell(`/${screen}`));
        }
        writeFileSync(
          path.join(pagesDir, 'login.html'),
          lowPriorityScripts(html).replace(ROOT_DIV, `<div id="root">${prerender.renderLoginScreen()}</div>`),
        );
      },
    },
  };
}

/**
 * The main stylesheet written into the page: the first paint then waits for the page alone, not
 * for one more request (the CSP allows inline styles). The lazy screens' CSS stays in files.
 */
function inlineStylesheets(html: string, outDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_link, file: string) => {
    const css = readFileSync(path.join(outDir, file), 'utf8');
    if (css.includes('</')) throw new Error(`${file} cannot be inlined: it holds "</"`);
    return `<style>${css}</style>`;
  });
}

/**
 * The sign-in page is drawn whole without JavaScript, so its scripts need not come before anything
 * else: low fetch priority says so (to the browser, and to Lighthouse's model of what holds up the
 * first paint). Not on the other pages: there the screen itself needs the scripts, and Chrome holds
 * low-priority requests back while higher ones are under way (measured: the main bundle's chunks
 * waited for the screen's, and the feed's first request came 250 ms later).
 */
function lowPriorityScripts(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload") crossorigin /g, '<$1 crossorigin fetchpriority="low" ');
}

type Prerender = { renderLoginScreen: () => string; renderScreenShell: (pathname: string) => string };

/** src/app/prerender.tsx, loaded through Vite (it imports TypeScript, CSS and the shared package). */
async function loadPrerender(root: string): Promise<Prerender> {
  const server = await createServer({ root, configFile: false, logLevel: 'error', server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom' });
  try {
    return (await server.ssrLoadModule('/src/app/prerender.tsx')) as Prerender;
  } finally {
    await server.close();
  }
}
