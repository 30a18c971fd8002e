// What JavaScript a first visit to the sign-in screen downloads, read from the built app: the
// scripts index.html loads or preloads, and every chunk those import statically (a screen's own
// chunk, imported with import(), loads only when that screen opens). Sizes are of the brotli and
// gzip copies the build wrote (web/build/precompress.ts), i.e. what travels.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** docs/decisions/090-web-delivery.md: all of the sign-in screen's JavaScript, compressed. */
export const LOGIN_JS_BUDGET_BYTES = 120 * 1024;

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g;

function compressedSize(file, ext, compress) {
  return existsSync(file + ext) ? statSync(file + ext).size : compress(readFileSync(file)).length;
}

/** `files` (paths in `distDir`) and every chunk they import statically, as paths in `distDir`. */
export function withStaticImports(distDir, files) {
  const seen = new Set();
  const queue = files.map((f) => path.join(distDir, f));
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) queue.push(path.join(path.dirname(file), m[1]));
  }
  return [...seen].map((f) => path.relative(distDir, f));
}

/** The chunks built from the source file `source` (a path ending such as 'src/lib/live-events.ts'). */
export function chunksOf(distDir, source) {
  const assets = path.join(distDir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js.map'))
    .filter((f) => JSON.parse(readFileSync(path.join(assets, f), 'utf8')).sources.some((s) => s.endsWith(source)))
    .map((f) => path.join('assets', f.replace(/\.map$/, '')));
}

/**
 * `page`: index.html (what /login gets), or a screen's drawn page such as pages/landing.html.
 * @returns {{ files: string[], raw: number, brotli: number, gzip: number }}
 */
export function firstLoadJs(distDir, page = 'index.html') {
  const html = readFileSync(path.join(distDir, page), 'utf8');
  const entry = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1].replace(/^\//, ''));
  const files = withStaticImports(distDir, entry).map((f) => path.join(distDir, f));
  const sum = (f) => files.reduce((s, file) => s + f(file), 0);
  return {
    files: files.map((f) => path.relative(distDir, f)),
    raw: sum((f) => statSync(f).size),
    brotli: sum((f) => compressedSize(f, '.br', brotliCompressSync)),
    gzip: sum((f) => compressedSize(f, '.gz', (b) => gzipSync(b, { level: 9 }))),
  };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The first-load files among `files` that carry zod, read from their source maps (the build
 * writes one beside each chunk). Zod is 23 KB brotli and ~60–90 ms of evaluation on a phone.
 */
export function filesWithZod(distDir, files) {
  return files.filter((file) => {
    const map = path.join(distDir, `${file}.map`);
    return existsSync(map) && JSON.parse(readFileSync(map, 'utf8')).sources.some((source) => source.includes('node_modules/zod/'));
  });
}
