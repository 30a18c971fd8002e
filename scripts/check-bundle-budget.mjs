#!/usr/bin/env node
// Fails when the sign-in screen's first load carries more JavaScript than its budget
// (docs/decisions/090-web-delivery.md). Run by `npm test` after the build; reads web/dist.
import path from 'node:path';
import { firstLoadJs, kb, LOGIN_JS_BUDGET_BYTES } from './lib/first-load-js.mjs';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'web', 'dist'));
const js = firstLoadJs(dist);
const verdict = js.brotli <= LOGIN_JS_BUDGET_BYTES ? 'within' : 'OVER';
console.log(`/login first-load JavaScript: ${kb(js.brotli)} brotli (${kb(js.gzip)} gzip, ${kb(js.raw)} raw) — ${verdict} the ${kb(LOGIN_JS_BUDGET_BYTES)} budget`);
for (const file of js.files) console.log(`  ${file}`);
if (js.brotli > LOGIN_JS_BUDGET_BYTES) {
  console.error('Keep the sign-in screen lean: load the rest with import() where it is needed (see the decision record).');
  process.exit(1);
}
