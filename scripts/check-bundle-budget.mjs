#!/usr/bin/env node
// Fails when the sign-in screen's first load carries more JavaScript than its budget or comes in
// more than a few files, when the map's or the feed's first load or the live stream's client
// carries zod, or when a page fetches a script at more than low priority
// (docs/decisions/090-web-delivery.md). Run by `npm test` after the build; reads web/dist.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chunksOf, filesWithZod, firstLoadJs, kb, LOGIN_JS_BUDGET_BYTES, withStaticImports } from './lib/first-load-js.mjs';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'web', 'dist'));
const js = firstLoadJs(dist);
const verdict = js.brotli <= LOGIN_JS_BUDGET_BYTES ? 'within' : 'OVER';
console.log(`/login first-load JavaScript: ${kb(js.brotli)} brotli (${kb(js.gzip)} gzip, ${kb(js.raw)} raw) — ${verdict} the ${kb(LOGIN_JS_BUDGET_BYTES)} budget`);
for (const file of js.files) console.log(`  ${file}`);
let failed = false;
if (js.brotli > LOGIN_JS_BUDGET_BYTES) {
  console.error('Keep the sign-in screen lean: load the rest with import() where it is needed (see the decision record).');
  failed = true;
}
// The app's code comes in one file (web/build/chunk-groups.ts): over HTTP/1.1 a browser asks a server
// six requests at a time, and each file past six costs a phone a round trip before the app starts.
// The entry, the bundler's runtime, the app, and start.tsx itself.
const MAX_LOGIN_SCRIPTS = 4;
if (js.files.length > MAX_LOGIN_SCRIPTS) {
  console.error(`/login's first load fetches ${js.files.length} scripts (at most ${MAX_LOGIN_SCRIPTS}): the app's modules were cut into several files again; see web/build/chunk-groups.ts.`);
  failed = true;
}
// Screens that only read answers have no use for zod: a schema module imported for one of its
// constants builds all its schemas at load, so such constants live in zod-free modules.
for (const page of ['index.html', 'pages/landing.html', 'pages/feeds.html']) {
  const withZod = filesWithZod(dist, firstLoadJs(dist, page).files);
  if (withZod.length === 0) continue;
  console.error(`${page}: its first load carries zod (${withZod.join(', ')}). Import constants from zod-free modules of the shared package, and load zod with import() where a form needs it.`);
  failed = true;
}
// The live stream opens on every signed-in screen once it is up, inside the time a phone's first
// screen is measured by: its client checks events with the schema only when one comes.
const stream = chunksOf(dist, 'src/lib/live-events.ts');
const streamWithZod = filesWithZod(dist, withStaticImports(dist, stream));
if (stream.length === 0) {
  console.error('The live stream client (src/lib/live-events.ts) is in no chunk: has it moved? Point this check at it.');
  failed = true;
} else if (streamWithZod.length > 0) {
  console.error(`The live stream's client loads zod (${streamWithZod.join(', ')}): load the event schema with import() when an event comes (lib/live-event-check.ts).`);
  failed = true;
}
// Every page is drawn before its scripts run, so none of them may compete with the page's styles.
const pages = ['index.html', ...readdirSync(path.join(dist, 'pages')).filter((f) => f.endsWith('.html')).map((f) => `pages/${f}`)];
for (const page of pages) {
  const eager = (readFileSync(path.join(dist, page), 'utf8').match(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g) ?? []).filter((tag) => !tag.includes('fetchpriority="low"'));
  if (eager.length === 0) continue;
  console.error(`${page}: ${eager.length} script(s) without fetchpriority="low", e.g. ${eager[0]}`);
  failed = true;
}
if (failed) process.exit(1);
