import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Page } from '@playwright/test';
import { authHeaders, createMemory, createUser, expect, signIn, test } from '../fixtures.ts';
import { gotoLive, openAs } from '../fixtures/live.ts';
import { shot } from '../fixtures/shots.ts';

/**
 * Live events in the browser: two people, each in their own browser context, see each other's
 * request, its acceptance and each other's memories appear without reloading. With a Redis for
 * tests (TEST_REDIS_URL, as in CI) the second person uses a second app server, started here on the
 * same data and Redis: the events cross between the servers. Without one both use the one server.
 */

const REPO = path.resolve(import.meta.dirname, '../..');

/** A second app server: the built bundle, the same DATA_DIR (SQLite, photos, secret) and Redis. */
async function startSecondServer(): Promise<{ base: string; process: ChildProcess }> {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(REPO, 'server/dist/main.js')], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR!,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_PREFIX: process.env.E2E_REDIS_PREFIX!,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
      WORKERS: '1',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (c: string) => stderr.push(c));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the second server exited (${code}):\n${stderr.join('')}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(line);
      if (match) resolve({ base: match[1]!, process: child });
    });
  });
}

const row = (page: Page, username: string) => page.getByRole('listitem').filter({ hasText: username });
const friendsTab = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Friends/ });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('two people see a request, its acceptance and memories appear live', async ({ page, browser, request, baseURL }) => {
  const second = process.env.TEST_REDIS_URL ? await startSecondServer() : null;
  try {
    const ann = await createUser(request, 'liveann');
    const ben = await createUser(request, 'liveben');
    // Ann on the first server; Ben on the second when there is one.
    await signIn(page, ann);
    const benPage = await openAs(browser, second?.base ?? baseURL!, ben);

    await gotoLive(benPage, '/friend-requests');
    await expect(benPage.getByText('No pending friend requests')).toBeVisible();

    // Ann sends the request in the app.
    await gotoLive(page, '/add-friend');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(ben.username);
    await row(page, ben.username).getByRole('button', { name: `Send friend request to ${ben.username}` }).click();
    await page.getByRole('alertdialog', { name: 'Send Friend Request' }).getByRole('button', { name: 'Send Request' }).click();

    // Ben, without reloading: a toast, the request in the list, the badge on the Friends tab.
    await expect(toast(benPage, `${ann.username} sent you a friend request`)).toBeVisible();
    await expect(row(benPage, ann.username)).toContainText(ann.email);
    await expect(friendsTab(benPage).locator('.count-badge')).toHaveText('1');
    await shot(benPage, 'live-request-toast-and-badge');

    // Ben accepts; Ann hears of it where she is.
    await row(benPage, ann.username).getByRole('button', { name: `Accept ${ann.username}` }).click();
    await expect(toast(page, `${ben.username} accepted your friend request`)).toBeVisible();
    await shot(page, 'live-accepted-toast');
    await expect(friendsTab(benPage).locator('.count-badge')).toHaveCount(0);

    // Ann reads her feed; Ben posts a friends-only memory (on his server): it appears for her.
    await gotoLive(page, '/feeds');
    await createMemory(benPage.request, ben, { title: 'Live from the lake', visibility: '2' });
    await expect(page.getByRole('heading', { name: 'Live from the lake' })).toBeVisible();
    await shot(page, 'live-feed-memory');

    // On the map, a friend's new memory makes the map ask for its pins again. (Which address it
    // asks is the map's business: /api/map today, /api/query_map_pins on the server.)
    const isPins = (url: string) => /^\/api\/(map|query_map_pins)$/.test(new URL(url).pathname);
    const firstPins = page.waitForResponse((r) => isPins(r.url()));
    await gotoLive(page, '/landing');
    await firstPins;
    const asksAgain = page.waitForRequest((r) => isPins(r.url()));
    const pin = await createMemory(benPage.request, ben, { title: 'Second swim', visibility: '3' });
    await asksAgain;

    // Deleted: it leaves Ann's feed without a reload.
    await gotoLive(page, '/feeds');
    await expect(page.getByRole('heading', { name: 'Second swim' })).toBeVisible();
    const del = await benPage.request.delete('/api/delete', { data: { pinId: pin.id }, headers: authHeaders(ben) });
    expect(del.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Second swim' })).toHaveCount(0);
    await benPage.context().close();
  } finally {
    second?.process.kill('SIGTERM');
  }
});
