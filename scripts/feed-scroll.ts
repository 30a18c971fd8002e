/**
 * node --import tsx scripts/feed-scroll.ts [--memories 300] [--cpu 6] [--runs 2] [--before <web dist>]
 *
 * How smooth a long Feed scrolls on a slow phone: starts the built app (`npm run build` first)
 * on a fresh database, gives one user N memories (every third with a photo), opens the Feed in
 * Chromium at 390×844 and lets infinite scroll load them all, then scrolls top to bottom at
 * 60 px a frame with the CPU slowed down `--cpu` times. `--before` names another build's
 * `web/dist` (a checkout of main, built): each run then measures that build and this one in turn,
 * on the same data and server. Prints frame times (median, p95, frames over 50 ms), the
 * renderer's style, layout and script time over the scroll, and how many cards were in the DOM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { parseArgs } from './lib/args.ts';
import { freePort, startNodeServer } from './lib/bench-process.ts';
import { makePhoto, multipartBody } from './lib/photo.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

const args = parseArgs(process.argv.slice(2), { memories: 300, cpu: 6, runs: 2, before: '' });

interface ScrollResult {
  frames: number;
  medianMs: number;
  p95Ms: number;
  over50: number;
  layoutMs: number;
  styleMs: number;
  scriptMs: number;
  /** Cards in the DOM at the end of the scroll: all of them in a plain list, a window of them in a windowed one. */
  cardsInDom: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

async function scrollThrough(page: Page, cpu: number): Promise<ScrollResult> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.evaluate(`document.querySelector('.app-main').scrollTo(0, 0)`);
  await page.waitForTimeout(500);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const metric = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return { layout: get('LayoutDuration'), style: get('RecalcStyleDuration'), script: get('ScriptDuration') };
  };
  const before = await metric();
  // Page code as strings: tsx would wrap named functions for its stack traces (which the page
  // cannot run), and scripts/ is type-checked without the DOM's types.
  const frames = (await page.evaluate(`new Promise((resolve) => {
    const main = document.querySelector('.app-main');
    const deltas = [];
    let last = performance.now();
    const step = (now) => {
      deltas.push(now - last);
      last = now;
      const end = main.scrollHeight - main.clientHeight;
      if (main.scrollTop >= end - 1) return resolve(deltas.slice(1));
      main.scrollTop = Math.min(end, main.scrollTop + 60);
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  })`)) as number[];
  const after = await metric();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const cardsInDom = await page.locator('.feed-item').count();
  await cdp.detach();
  return {
    frames: frames.length,
    medianMs: percentile(frames, 50),
    p95Ms: percentile(frames, 95),
    over50: frames.filter((f) => f > 50).length,
    layoutMs: (after.layout - before.layout) * 1000,
    styleMs: (after.style - before.style) * 1000,
    scriptMs: (after.script - before.script) * 1000,
    cardsInDom,
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mm-feed-scroll-'));
  const builds = [
    ...(args.before ? [{ name: `before (${args.before})`, dist: path.resolve(args.before) }] : []),
    { name: 'this checkout', dist: path.join(ROOT, 'web', 'dist') },
  ];
  const start = async (dist: string) =>
    startNodeServer(
      path.join(ROOT, 'server', 'dist', 'main.js'),
      { PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: dist, LOG_LEVEL: 'warn', NODE_ENV: 'production', TRUST_PROXY: 'true' },
      { cwd: ROOT, readyPath: '/api/health', timeoutMs: 60_000 },
    );
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const { token, user } = await seed(await start(builds[0]!.dist));
    const rows: Array<ScrollResult & { build: string }> = [];
    for (let run = 0; run < args.runs; run++) {
      for (const build of builds) {
        const server = await start(build.dist);
        try {
          // A fresh context each time: no service worker or cache of the other build.
          const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
          await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)}); localStorage.setItem('user', ${JSON.stringify(JSON.stringify(user))});`);
          const page = await context.newPage();
          await page.goto(`${server.url}/feeds`);
          await page.locator('.feed-item').first().waitFor();
          // Let infinite scroll load every page: its sentinel goes once there is no next page.
          for (let guard = 0; guard < 400 && (await page.locator('.infinite-scroll').count()) > 0; guard++) {
            await page.evaluate(`document.querySelector('.app-main').scrollTop = 1e9`);
            await page.waitForTimeout(300);
          }
          await page.waitForTimeout(2000);
          rows.push({ build: build.name, ...(await scrollThrough(page, args.cpu)) });
          await context.close();
        } finally {
          await server.stop();
        }
      }
    }
    console.log(`${args.memories} memories; CPU slowed ${args.cpu}×; scrolling 60 px a frame, ${args.runs} runs each`);
    console.table(
      rows.map((r) => ({
        build: r.build,
        frames: r.frames,
        'median ms': r.medianMs.toFixed(1),
        'p95 ms': r.p95Ms.toFixed(1),
        '>50 ms': r.over50,
        'style ms': r.styleMs.toFixed(0),
        'layout ms': r.layoutMs.toFixed(0),
        'script ms': r.scriptMs.toFixed(0),
        'cards in DOM': r.cardsInDom,
      })),
    );
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One user and friends with `args.memories` memories between them; the server is stopped after. */
async function seed(server: Awaited<ReturnType<typeof startNodeServer>>) {
  try {
    const base = server.url;
    const password = 'secret!1';
    const register = async (name: string, n: number) => {
      const res = await fetch(`${base}/api/register`, {
        method: 'POST',
        // Sign-ups are limited per address: each from its own.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${n}.1` },
        body: JSON.stringify({ username: name, email: `${name}@example.test`, password, confirmPassword: password }),
      });
      if (res.status !== 201) throw new Error(`register ${name}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { token: string; user: { _id: string } };
    };
    const call = (token: string, route: string, body: unknown) =>
      fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const { token, user } = await register('scroller', 0);
    // Memories are limited to 60 a minute per author: friends write most of the feed.
    const PER_AUTHOR = 50;
    const authors = [{ token, user }];
    for (let a = 1; a * PER_AUTHOR < args.memories; a++) {
      const friend = await register(`friend${a}`, a);
      await call(token, '/api/send_request', { userId: friend.user._id });
      await call(friend.token, '/api/accept_request', { userId: user._id });
      authors.push(friend);
    }
    const photo = await makePhoto(1600, 1200);
    for (let i = 0; i < args.memories; i++) {
      const author = authors[Math.floor(i / PER_AUTHOR)]!;
      const fields = {
        title: `Memory ${i + 1}`,
        description: `Day ${i + 1}: a long walk along the river, coffee at the corner, and the light at dusk over the old bridge. `.repeat(1 + (i % 3)),
        latitude: String(50 + (i % 50) / 100),
        longitude: String(14 + (i % 70) / 100),
        visibility: author === authors[0] ? String(1 + (i % 3)) : '2',
        locationName: 'Somewhere, Nowhere',
      };
      const body = multipartBody(fields, i % 3 === 0 ? { name: 'image', filename: 'p.jpg', type: 'image/jpeg', data: photo } : undefined);
      const res = await fetch(`${base}/api/create`, { method: 'POST', headers: { 'content-type': body.contentType, authorization: `Bearer ${author.token}` }, body: body.body });
      if (res.status !== 201) throw new Error(`create ${i}: ${res.status} ${await res.text()}`);
    }
    return { token, user };
  } finally {
    await server.stop();
  }
}

await main();
