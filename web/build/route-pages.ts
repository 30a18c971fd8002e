import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
// By its file, not '@memory-map/shared': see first-paint-script.ts.
import { APP_PAGES_DIR } from '../../shared/src/app-pages.ts';

/** A screen module, lazily imported by app/router.tsx: src/routes/<name>.tsx. */
const SCREEN_MODULE = /\/src\/routes\/([a-z-]+)\.tsx$/;
const ROOT_DIV = '<div id="root"></div>';
/** The app's start (main.tsx imports it once the page is painted). */
const START_MODULE = '/src/app/start.tsx';

/**
 * One page per screen beside index.html (docs/decisions/090-web-delivery.md), so a first visit
 * paints before any JavaScript runs and does not wait for the main bundle to ask for the screen:
 * - every page has the main stylesheet inline and what the app's first render draws, rendered at
 *   build time (app/prerender.tsx): the sign-in screen in pages/login.html (app/start.tsx hydrates it),
 *   the header and navigation around an empty screen in the others (app/start.tsx renders over it);
 *   pages/login.html asks for its scripts at low priority (lowPriorityScripts);
 * - pages/<screen>.html modulepreloads the screen's chunk and the chunks it imports, and preloads
 *   its CSS: the browser fetches them alongside the main bundle.
 * - every page, as index.html, runs the inline first-paint script (build/first-paint-script.ts).
 * server/src/plugins/web-app.ts sends pages/<screen>.html for /<screen> and index.html otherwise,
 * and so does the service worker from its precache on later visits (appPageFor, shared/src/app-pages.ts).
 */
export function routePages(): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  const preloads = new Map<string, { js: string[]; css: string[] }>();
  let app: { js: string[]; css: string[] } = { js: [], css: [] };
  return {
    name: 'memory-map:route-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    // After Vite's own: its CSS plugin deletes the chunks that held only CSS (a screen's
    // stylesheet), and a page that preloaded one of those would ask for a file that is not there.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
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
      // The app itself (src/app/start.tsx), which main.tsx imports once the page is painted: every
      // page preloads it with the entry, and carries its CSS inline like the entry's.
      const start = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(START_MODULE));
      if (!start) throw new Error(`no chunk for ${START_MODULE}: main.tsx must import it dynamically`);
      const entryFiles = closure(entry.fileName);
      const loaded = closure(start.fileName, new Set(entryFiles));
      const appJs = [...loaded].filter((f) => !entryFiles.has(f));
      app = { js: appJs, css: appJs.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]) };
      for (const chunk of chunks) {
        const screen = chunk.isDynamicEntry && chunk.facadeModuleId ? SCREEN_MODULE.exec(chunk.facadeModuleId)?.[1] : undefined;
        // The not-found screen has no path of its own; the sign-in screen is in the main bundle.
        if (!screen || screen === 'not-found') continue;
        const files = [...closure(chunk.fileName)].filter((f) => !loaded.has(f));
        const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        preloads.set(screen, { js: files, css });
      }
      const missing = [...preloads.values(), app].flatMap(({ js, css }) => [...js, ...css]).filter((f) => !(f in bundle));
      if (missing.length) throw new Error(`pages would preload files the build does not hold: ${missing.join(', ')}`);
      },
    },
    closeBundle: {
      sequential: true,
      async handler() {
        if (preloads.size === 0) return;
        const indexFile = path.join(outDir, 'index.html');
        const built = readFileSync(indexFile, 'utf8');
        if (!built.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV} to draw into`);
        // index.html too (every other path, and `/`): the app's chunks come with the entry.
        const index = lowPriorityScripts(withApp(built, app, base, outDir));
        writeFileSync(indexFile, index);
        const html = inlineStylesheets(index, outDir);
        const pagesDir = path.join(outDir, APP_PAGES_DIR);
        mkdirSync(pagesDir, { recursive: true });
        const prerender = await loadPrerender(root);
        const page = (name: string, head: string[], body: string) =>
          writeFileSync(path.join(pagesDir, `${name}.html`), html.replace('</head>', `${head.join('')}</head>`).replace(ROOT_DIV, `<div id="root">${body}</div>`));
        for (const [screen, { js, css }] of preloads) {
          const links = [
            ...js.map((f) => modulePreload(`${base}${f}`)),
            // The screen's CSS is for the screen, not for the drawn page: low priority like its scripts.
            ...css.map((f) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${base}${f}">`),
          ];
          page(screen, links, prerender.renderScreenShell(`/${screen}`));
        }
        const login = prerender.renderLoginScreen();
        // A render that throws on the server leaves Suspense's fallback in its place, silently.
        if (!login.includes('<form')) throw new Error('the sign-in screen drew no form: its render failed at build time');
        writeFileSync(path.join(pagesDir, 'login.html'), html.replace(ROOT_DIV, `<div id="root">${login}</div>`));
      },
    },
  };
}

/**
 * The page with the app's own chunks preloaded beside the entry, and the app's stylesheet inline
 * after the entry's, so the drawn screen is styled before any script (the app's chunk would
 * otherwise bring its CSS only once imported, after the first paint).
 */
function withApp(html: string, app: { js: string[]; css: string[] }, base: string, outDir: string): string {
  const links = app.js.map((f) => modulePreload(`${base}${f}`));
  const styles = app.css.map((f) => inlineStyle(outDir, f, base));
  return html.replace('</head>', `${links.join('')}${styles.join('')}</head>`);
}

/**
 * The main stylesheet written into the page: the first paint then waits for the page alone, not
 * for one more request (the CSP allows inline styles). The lazy screens' CSS stays in files.
 */
function inlineStylesheets(html: string, outDir: string): string {
  return html.replace(/<link rel="stylesheet"(?![^>]*disabled)[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_link, file: string) => inlineStyle(outDir, file, '/'));
}

/**
 * A stylesheet of the build, inline, and a disabled link to its file. Vite's loader of a lazy chunk
 * fetches the CSS the chunk depends on unless a stylesheet link to it is in the page, and a lazy
 * screen can depend on the main stylesheet or the app's: without the link each was fetched again
 * (and applied twice) once the app started. A disabled stylesheet is neither fetched nor applied.
 */
function inlineStyle(outDir: string, file: string, base: string): string {
  const css = readFileSync(path.join(outDir, file), 'utf8');
  if (css.includes('</')) throw new Error(`${file} cannot be inlined: it holds "</"`);
  return `<style>${css}</style><link rel="stylesheet" href="${base}${file}" disabled>`;
}

/**
 * Every page is drawn before any script runs ("Paint, then start"), so no script needs to come
 * before the page's own styles: the entry and every preloaded chunk are fetched at low priority,
 * all of them alike (a mix made Chrome hold the low ones back behind the others). Lighthouse's
 * model then no longer counts them as holding up the first paint, which made its simulated first
 * paint 0.7 s or 2.4 s from one run to the next (docs/decisions/090-web-delivery.md).
 */
function modulePreload(href: string): string {
  return `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`;
}

/** The entry script Vite writes, and any preloads of its own, at the same low priority. */
function lowPriorityScripts(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload") crossorigin (?!fetchpriority)/g, '<$1 crossorigin fetchpriority="low" ');
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
