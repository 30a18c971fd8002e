#!/usr/bin/env node
// `npm run audit:web`: how fast the web app reaches a phone (docs/decisions/090-web-delivery.md).
// Starts the built app on a free port with a temporary DATA_DIR, then measures
// - Lighthouse performance (mobile preset, median of 3 runs) of /login, and of /landing and
//   /feeds signed in (a user made through the API, its session put where the app keeps it);
// - the largest contentful paint of /login (Lighthouse's simulated mobile);
// - the JavaScript a first visit to /login loads, raw and compressed, and how it is sent;
// - the Cache-Control of a hashed asset;
// - a first visit on slow 3G (400 kbit/s, 400 ms round trip): time until the sign-in form shows;
// - whether Chromium finds the app installable, and whether a reload offline after one visit opens it.
// With `--reports <dir>` each Lighthouse report is kept there as JSON (where the time goes: the LCP
// element, render-blocking requests, main-thread work by script).
// With `--before <checkout>` (a built checkout of another version: its web/dist and
// server/dist) the same measures of that version come first, in the same run.
// Not part of `npm test`: Lighthouse is too slow and too noisy for a gate.
// Callbacks given to page.evaluate and addInitScript run in the page.
/* global window, document, MutationObserver */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { firstLoadJs, kb, LOGIN_JS_BUDGET_BYTES } from './lib/first-load-js.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** WebPageTest's "3G Slow": 400 kbit/s both ways, 400 ms round trip. */
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };
const PHONE = { width: 390, height: 844 };

const { values: args } = parseArgs({ options: { before: { type: 'string' }, reports: { type: 'string' }, runs: { type: 'string', default: '3' } } });
const RUNS = Number(args.runs);

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The checkout's server bundle serving its built web app, on fresh data. */
async function startServer(checkout) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mm-audit-'));
  const child = spawn(process.execPath, [path.join(checkout, 'server/dist/main.js')], {
    cwd: checkout,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.join(checkout, 'web/dist') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-5000)));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${stderr}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start in 30 s:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A user with a few memories (two with photos), so the map and the feed have something to show. */
async function seedUser(origin) {
  const password = 'secret!1';
  const res = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'auditor', email: 'auditor@example.test', password, confirmPassword: password }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const { token, user } = await res.json();
  const photo = readFileSync(path.join(ROOT, 'e2e/fixtures/photo.jpg'));
  for (let i = 0; i < 6; i++) {
    const form = new FormData();
    form.set('title', `Memory ${i + 1}`);
    form.set('description', 'An afternoon by the river, with friends and far too much cake.');
    form.set('latitude', String(51.5 + i * 0.01));
    form.set('longitude', String(-0.12 + i * 0.01));
    form.set('visibility', '3');
    form.set('locationName', 'London, United Kingdom');
    if (i < 2) form.set('image', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    const created = await fetch(`${origin}/api/create`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  }
  return { token, user };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Lighthouse's mobile preset (its default), performance only, each run in a fresh browser. */
async function lighthouseMedian(origin, route, session, label) {
  const scores = [];
  const lcps = [];
  let failed = 0;
  for (let i = 0; i < RUNS; i++) {
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage();
      if (session) {
        // docs/product.md §3: the app keeps its session in localStorage; set before its scripts run.
        await page.evaluateOnNewDocument(
          (token, user) => {
            localStorage.setItem('token', token);
            localStorage.setItem('user', user);
          },
          session.token,
          JSON.stringify(session.user),
        );
      }
      // The live-events stream never ends, so the network never goes quiet: Lighthouse would wait
      // its default 45 s for that on every run. 20 s is long past the page's last script and paint.
      const result = await lighthouse(`${origin}${route}`, { logLevel: 'error', output: 'json', onlyCategories: ['performance'], maxWaitForLoad: 20_000 }, undefined, page);
      // A run Lighthouse itself could not measure (seen: NO_NAVSTART, no navigation in its trace)
      // has no score, rather than a score of 0: it is run again, at most twice per page.
      if (result.lhr.runtimeError) {
        console.log(`    run ${i + 1} not measured (${result.lhr.runtimeError.code}); running it again`);
        if (++failed <= 2) i--;
        continue;
      }
      if (args.reports) {
        mkdirSync(args.reports, { recursive: true });
        writeFileSync(path.join(args.reports, `${label}${route.replaceAll('/', '-')}-${i + 1}.json`), JSON.stringify(result.lhr));
      }
      scores.push(Math.round(result.lhr.categories.performance.score * 100));
      lcps.push(result.lhr.audits['largest-contentful-paint'].numericValue);
    } finally {
      await browser.close();
    }
  }
  return { score: median(scores), scores, lcp: median(lcps) };
}

/** Slow 3G, empty cache: milliseconds from the navigation's start until the sign-in form is on screen. */
async function slow3gLoginForm(browser, origin) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
      await page.addInitScript(() => {
        const seen = () => {
          if (document.getElementById('login-title')) {
            window.__loginFormAt = performance.now();
            return true;
          }
          return false;
        };
        new MutationObserver((_, observer) => seen() && observer.disconnect()).observe(document, { childList: true, subtree: true });
      });
      await page.goto(`${origin}/login`, { waitUntil: 'commit', timeout: 120_000 });
      await page.waitForFunction(() => window.__loginFormAt !== undefined, undefined, { timeout: 120_000, polling: 100 });
      times.push(await page.evaluate(() => window.__loginFormAt));
    } finally {
      await context.close();
    }
  }
  return median(times);
}

/** Chromium's own installability verdict (the one Lighthouse used to report), and the manifest link. */
async function installability(browser, origin) {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.locator('#login-title').waitFor();
    const manifest = await page.locator('link[rel="manifest"]').count();
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito profiles, where Chromium installs nothing.
    const errors = installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
    if (manifest === 0) return 'no: no manifest';
    return errors.length === 0 ? 'yes' : `no: ${errors.join(', ')}`;
  } finally {
    await context.close();
  }
}

/** One visit online, then a reload without a network: does the sign-in form come back? */
async function offlineReload(browser, origin) {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.locator('#login-title').waitFor();
    const controlled = await page
      .evaluate(
        () =>
          new Promise((resolve) => {
            if (!('serviceWorker' in navigator)) return resolve(false);
            setTimeout(() => resolve(Boolean(navigator.serviceWorker.controller)), 15_000);
            void navigator.serviceWorker.ready.then(() => {
              if (navigator.serviceWorker.controller) resolve(true);
              navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true));
            });
          }),
      )
      .catch(() => false);
    await context.setOffline(true);
    await page.reload({ timeout: 15_000 }).catch(() => {});
    const opened = await page
      .locator('#login-title')
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (opened) return 'the app opens';
    const text = ((await page.locator('body').textContent().catch(() => '')) ?? '').trim();
    return `${text ? 'an error page' : 'a blank page'}${controlled ? '' : ' (no service worker took control)'}`;
  } finally {
    await context.close();
  }
}

/** How the first script of the page is sent: its encoding and caching. */
async function assetHeaders(origin, dist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const src = /<script[^>]*\ssrc="([^"]+)"/.exec(html)[1];
  const res = await fetch(`${origin}${src}`, { headers: { 'accept-encoding': 'br, gzip' } });
  await res.arrayBuffer();
  return { encoding: res.headers.get('content-encoding') ?? 'none (uncompressed)', cacheControl: res.headers.get('cache-control') ?? '(none)' };
}

async function audit(checkout, label) {
  console.log(`\n▶ ${label}: ${checkout}`);
  const dist = path.join(checkout, 'web/dist');
  const server = await startServer(checkout);
  try {
    const session = await seedUser(server.origin);
    const js = firstLoadJs(dist);
    const headers = await assetHeaders(server.origin, dist);
    console.log('  Lighthouse /login …');
    const login = await lighthouseMedian(server.origin, '/login', null, label);
    console.log(`    ${login.scores.join(', ')}`);
    console.log('  Lighthouse /landing …');
    const landing = await lighthouseMedian(server.origin, '/landing', session, label);
    console.log(`    ${landing.scores.join(', ')}`);
    console.log('  Lighthouse /feeds …');
    const feeds = await lighthouseMedian(server.origin, '/feeds', session, label);
    console.log(`    ${feeds.scores.join(', ')}`);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    try {
      console.log('  slow 3G, installability, offline reload …');
      const slow3g = await slow3gLoginForm(browser, server.origin);
      const installable = await installability(browser, server.origin);
      const offline = await offlineReload(browser, server.origin);
      return {
        'Lighthouse performance /login · /landing · /feeds (median of 3)': `${login.score} · ${landing.score} · ${feeds.score}`,
        'LCP /login (simulated mobile)': `${(login.lcp / 1000).toFixed(1)} s`,
        'JavaScript on first load of /login': `${kb(js.raw)} raw, ${kb(js.gzip)} gzip, ${kb(js.brotli)} brotli; sent as ${headers.encoding}`,
        'cache headers of hashed assets': headers.cacheControl,
        'first visit on slow 3G: login form shown': `${(slow3g / 1000).toFixed(1)} s`,
        'install as an app': installable,
        'reload offline after the first visit': offline,
      };
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

const GOALS = {
  'Lighthouse performance /login · /landing · /feeds (median of 3)': '≥ 95 · ≥ 95 · ≥ 95 (issue 24)',
  'LCP /login (simulated mobile)': '≤ 2.0 s',
  'JavaScript on first load of /login': `≤ ${kb(LOGIN_JS_BUDGET_BYTES)} compressed`,
  'cache headers of hashed assets': 'immutable, one year',
  'first visit on slow 3G: login form shown': '≤ 4 s',
  'install as an app': 'yes',
  'reload offline after the first visit': 'the app opens',
};

const before = args.before ? await audit(path.resolve(args.before), 'before') : null;
const now = await audit(ROOT, 'now');

const columns = ['measure', ...(before ? ['before'] : []), 'today', 'goal'];
const rows = Object.keys(GOALS).map((m) => [m, ...(before ? [before[m]] : []), now[m], GOALS[m]]);
console.log(`\n| ${columns.join(' | ')} |\n|${columns.map(() => ' --- ').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
