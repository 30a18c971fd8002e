import type { Plugin } from 'vite';
// By its file, not '@memory-map/shared': Vite bundles the config's own files, but leaves a package
// to Node, which cannot load the shared package's TypeScript source.
import { FIRST_PAINT_SCRIPT } from '../../shared/src/first-paint.ts';

/** Where index.html wants the script: after the theme-color meta, which the script sets. */
const MARKER = '<!-- first-paint-script -->';

/**
 * Writes the pages' first script (shared/src/first-paint.ts) into index.html, in development and
 * in the build, and so into every page the build draws from it (build/route-pages.ts). The server
 * allows exactly this text by its hash (server/src/plugins/security-headers.ts): it is written
 * as it is, never transformed.
 */
export function firstPaintScript(): Plugin {
  return {
    name: 'memory-map:first-paint-script',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(MARKER)) throw new Error(`index.html has no ${MARKER}`);
        if (/<\/|<!--/.test(FIRST_PAINT_SCRIPT)) throw new Error('the first-paint script cannot sit inside <script>: it holds "</" or "<!--"');
        // A function, so `$` patterns in the script are never read as replacement patterns.
        return html.replace(MARKER, () => `<script>${FIRST_PAINT_SCRIPT}</script>`);
      },
    },
  };
}
