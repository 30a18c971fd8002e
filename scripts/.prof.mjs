// Where the page's main thread goes on a route: a CPU profile at 4x throttling, self time by function.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
const checkout = process.argv[2] ?? '/work/main';
const route = process.argv[3] ?? '/feeds';
const port = 3900 + Math.floor(Math.random() * 90);
const dataDir = mkdtempSync(path.join(tmpdir(), 'mm-prof-'));
const child = spawn(process.execPath, [path.join(checkout, 'server/dist/main.js')], { cwd: checkout, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.join(checkout, 'web/dist') }, stdio: 'ignore' });
const origin = `http://127.0.0.1:${port}`;
for (;;) { try { if ((await fetch(`${origin}/api/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 200)); }
const password = 'secret!1';
const res = await fetch(`${origin}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'auditor', email: 'a@example.test', password, confirmPassword: password }) });
const { token, user } = await res.json();
const photo = readFileSync('/work/main/e2e/fixtures/photo.jpg');
for (let i = 0; i < 6; i++) {
  const form = new FormData();
  form.set('title', `Memory ${i + 1}`); form.set('description', 'An afternoon by the river.'); form.set('latitude', String(51.5 + i * 0.01)); form.set('longitude', String(-0.12 + i * 0.01)); form.set('visibility', '3'); form.set('locationName', 'London');
  if (i < 2) form.set('image', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  await fetch(`${origin}/api/create`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
await page.evaluateOnNewDocument((t, u) => { localStorage.setItem('token', t); localStorage.setItem('user', u); }, token, JSON.stringify(user));
const cdp = await page.createCDPSession();
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(`${origin}${route}`);
await new Promise((r) => setTimeout(r, 8000));
const { profile } = await cdp.send('Profiler.stop');
const dt = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
const self = new Map(); const byUrl = new Map();
for (const n of profile.nodes) {
  const t = (dt.get(n.id) ?? 0) / 1000;
  const f = n.callFrame; const url = f.url.split('/').pop() || '(native)';
  const key = `${f.functionName || '(anon)'} ${url}:${f.lineNumber}:${f.columnNumber}`;
  self.set(key, (self.get(key) ?? 0) + t);
  byUrl.set(url, (byUrl.get(url) ?? 0) + t);
}
import { SourceMapConsumer } from 'source-map-js';
const maps = new Map();
function original(url, line, col) {
  const file = url.split('/').pop();
  if (!file.endsWith('.js')) return null;
  if (!maps.has(file)) { try { maps.set(file, new SourceMapConsumer(JSON.parse(readFileSync(path.join(checkout, 'web/dist/assets', file + '.map'), 'utf8')))); } catch { maps.set(file, null); } }
  const m = maps.get(file);
  if (!m) return null;
  const o = m.originalPositionFor({ line: line + 1, column: col });
  return o.source ? `${o.source.replace(/^.*node_modules\//, 'nm:').replace(/^.*\/src\//, 'src/')}:${o.line} ${o.name ?? ''}` : null;
}
const bySource = new Map();
const byFile = new Map();
for (const n of profile.nodes) {
  const t = (dt.get(n.id) ?? 0) / 1000;
  const f = n.callFrame;
  const o = original(f.url, f.lineNumber, f.columnNumber);
  const key = o ?? `${f.functionName || '(anon)'} ${f.url.split('/').pop()}`;
  bySource.set(key, (bySource.get(key) ?? 0) + t);
  const file = o ? o.split(':')[0].replace(/^(nm:(@[^/]+\/)?[^/]+).*$/, '$1').replace(/^(src\/[^/]+\/[^/]+).*$/, '$1') : '(native)';
  byFile.set(file, (byFile.get(file) ?? 0) + t);
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${Math.round(v)}ms ${k}`).join('\n');
console.log('--- by url\n' + top(byUrl, 15));
console.log('--- by function\n' + top(self, 15));
console.log('--- by package/dir\n' + top(byFile, 25));
console.log('--- by original\n' + top(bySource, 40));
await browser.close();
child.kill();
