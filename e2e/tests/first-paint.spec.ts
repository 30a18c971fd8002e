import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
// By its file: the shared package's index is for the apps' bundlers.
import { FIRST_FEED_PAGE } from '../../shared/src/first-paint.ts';
import { createMemory, createUser, expect, signIn, test } from '../fixtures.ts';
import { controlledByServiceWorker } from '../fixtures/service-worker.ts';
import { shot } from '../fixtures/shots.ts';

// docs/decisions/090-web-delivery.md, "Drawn before the JavaScript runs": each page comes drawn,
// and its one inline script (shared/src/first-paint.ts) sets the chosen colour scheme and sends a
// visitor on to the screen they end up on, before the first paint. With the app's JavaScript
// refused, what the browser shows is what it painted first.

const DARK_SHELL = 'rgb(15, 23, 42)';
const LIGHT_SHELL = 'rgb(248, 250, 252)';

/** The app's scripts never arrive: the page stays as the HTML and its inline script drew it. */
async function withoutAppScripts(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
}

/** localStorage as the app left it on an earlier visit, in place before the page's first script. */
async function stored(page: Page, items: Record<string, string>) {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, items);
}

/** Content-policy refusals the page reports (the inline script blocked, for one). */
function policyViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test.describe('the scheme chosen in Settings, on a light device', () => {
  test.use({ colorScheme: 'light', serviceWorkers: 'block' });

  test('Dark: the drawn page is dark from its first paint, the browser bar too', async ({ page }) => {
    const violations = policyViolations(page);
    await withoutAppScripts(page);
    await stored(page, { 'mm-color-scheme': 'dark' });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.locator('.app-shell')).toHaveCSS('background-color', DARK_SHELL);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#020617');
    await shot(page, 'first-paint-login-dark');

    await page.goto('/feeds');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('.app-shell')).toHaveCSS('background-color', DARK_SHELL);
    expect(violations).toEqual([]);
  });

  test('System: the device decides, as before', async ({ page }) => {
    await withoutAppScripts(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.locator('.app-shell')).toHaveCSS('background-color', LIGHT_SHELL);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f172a');
  });
});

test.describe('on a dark device', () => {
  test.use({ colorScheme: 'dark', serviceWorkers: 'block' });

  test('Light chosen in Settings: the drawn page is light from its first paint', async ({ page }) => {
    await withoutAppScripts(page);
    await stored(page, { 'mm-color-scheme': 'light' });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.locator('.app-shell')).toHaveCSS('background-color', LIGHT_SHELL);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f172a');
  });
});

test.describe('the screen drawn is the one the visitor ends up on', () => {
  test.use({ serviceWorkers: 'block' });

  test('signed in, /login draws the map screen, never the sign-in form', async ({ page }) => {
    await withoutAppScripts(page);
    await stored(page, { token: 'a-stored-token' });
    await page.goto('/login');
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Map', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Log In' })).toHaveCount(0);
    await expect(page.getByLabel('Username')).toHaveCount(0);
  });

  test('signed out, the map and the profile draw the sign-in form, without the navigation', async ({ page }) => {
    await withoutAppScripts(page);
    for (const path of ['/landing', '/profile', '/']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    }
  });

  test('with the app running, a signed-in visitor to /login lands on the map, and the app runs there', async ({ page, request }) => {
    await signIn(page, await createUser(request, 'firstpaint'));
    await page.goto('/login');
    await expect(page).toHaveURL(/\/landing$/);
    // The map screen itself, which only the app draws.
    await expect(page.locator('.map-canvas')).toBeVisible();
  });
});

test.describe("the feed's first page, asked by the page itself", () => {
  test.use({ serviceWorkers: 'block' });

  test("is asked before the app's scripts arrive, once: the app shows that answer rather than asking again", async ({ page, request, baseURL }) => {
    const me = await createUser(request, 'earlyfeed');
    await createMemory(request, me, { title: 'Asked early', visibility: '1' });
    await signIn(page, me);
    const asked: string[] = [];
    let feedAsked!: () => void;
    const feedWasAsked = new Promise<void>((resolve) => (feedAsked = resolve));
    page.on('request', (req) => {
      if (new URL(req.url()).pathname !== '/api/query_feed') return;
      asked.push(req.url());
      feedAsked();
    });
    // The app's scripts arrive only once the feed has been asked for: only the page can ask first.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await feedWasAsked;
      await route.continue();
    });
    // The live stream's catch-up (it may ask for the feed again) is not what this is about.
    await page.route('**/api/events', (route) => route.abort());
    await page.goto('/feeds', { waitUntil: 'commit' });
    // The memory shows only once the app's own call is answered: had it sent one, it is counted.
    await expect(page.getByRole('article', { name: 'Asked early' })).toBeVisible();
    expect(asked).toEqual([new URL(FIRST_FEED_PAGE, baseURL).href]);
  });
});

test('every page carries one inline script, the one the content policy allows by its hash', async ({ request }) => {
  for (const path of ['/', '/login', '/register', '/landing', '/feeds', '/friends', '/profile', '/new-location', '/update-location', '/add-friend', '/friend-requests', '/user-profile', '/no-such-page']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline, path).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!, 'utf8').digest('base64');
    const csp = res.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'script-src');
    expect(scriptSrc, path).toEqual(['script-src', "'self'", `'sha256-${hash}'`]);
  }
});

test.describe('the sign-in form drawn before the app runs', () => {
  test.use({ serviceWorkers: 'block' });

  /** The app's scripts held back until `release()`; the sign-ins sent, counted. */
  async function holdScripts(page: Page) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const signIns: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/profile/login')) signIns.push(req.postData() ?? '');
    });
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    // Not waiting for the load event: it waits for the held scripts.
    await page.goto('/login', { waitUntil: 'commit' });
    return { release, signIns, addresses };
  }

  test('typed and sent before the scripts arrive: the password never reaches the address bar, and the app signs in once it runs', async ({ page, request }) => {
    const me = await createUser(request, 'early');
    const { release, signIns, addresses } = await holdScripts(page);
    await page.getByLabel('Username').fill(me.username);
    await page.getByLabel('Password').fill(me.password);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('button', { name: 'Log In' }).click();
    // The browser did not send the form itself (a GET with the fields in the address).
    await expect(page).toHaveURL(/\/login$/);
    expect(addresses.filter((url) => url.includes('password'))).toEqual([]);
    await expect(page.getByLabel('Password')).toHaveValue(me.password);
    // The button shows that the sign-in is under way.
    await expect(page.getByRole('button', { name: 'Log In' })).toHaveCSS('cursor', 'progress');

    release();
    // Once the app runs it sends what was typed, once: the map opens, signed in as that user.
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.locator('.map-canvas')).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').username)).toBe(me.username);
    expect(signIns).toHaveLength(1);
    expect(addresses.filter((url) => url.includes('password'))).toEqual([]);
  });

  test('typing again after sending withdraws it: a half-typed password is never sent', async ({ page, request }) => {
    const me = await createUser(request, 'retype');
    const { release, signIns } = await holdScripts(page);
    await page.getByLabel('Username').fill(me.username);
    await page.getByLabel('Password').fill('wrong');
    await page.getByLabel('Password').press('Enter');
    await page.getByLabel('Password').fill('sec');
    release();
    // The app runs with the form as it is, and sends nothing until asked.
    await expect(page.locator('html')).toHaveAttribute('data-app-started', '');
    await expect(page.getByLabel('Password')).toHaveValue('sec');
    await page.getByLabel('Password').fill(me.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/landing$/);
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toContain(JSON.stringify(me.password));
  });
});

test('a first visit fetches each file once, and none of the stylesheets the page carries inline', async ({ browser, request }) => {
  const me = await createUser(request, 'onceonly');
  for (const path of ['/feeds', '/landing', '/friends', '/profile']) {
    // A browser of its own for each visit: nothing cached, and no request of another page's.
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await signIn(page, me);
      const fetched: string[] = [];
      page.on('request', (req) => void fetched.push(new URL(req.url()).pathname));
      const res = await page.goto(path);
      const html = await res!.text();
      // The screen has started (the drawn shell's empty screen has no heading): whatever its start
      // loads has been asked for.
      await expect(page.locator('main h1').first()).toBeAttached();
      const assets = fetched.filter((p) => p.startsWith('/assets/'));
      expect(assets.length, path).toBeGreaterThan(5);
      expect(assets.filter((p, i) => assets.indexOf(p) !== i), `${path}: fetched twice`).toEqual([]);
      // No stylesheet fetched is one the page already carries inline (compared by content).
      const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!.trim());
      expect(inline.length, path).toBeGreaterThan(0);
      const again: string[] = [];
      for (const css of assets.filter((p) => p.endsWith('.css'))) {
        if (inline.includes((await request.get(css).then((r) => r.text())).trim())) again.push(css);
      }
      expect(again, `${path}: inline stylesheets fetched`).toEqual([]);
    } finally {
      await context.close();
    }
  }
});

test('after one visit, the service worker answers a screen with its drawn page, as the server does', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await controlledByServiceWorker(page);

  for (const [path, file] of [
    ['/feeds', '/pages/feeds.html'],
    ['/Friends/', '/pages/friends.html'],
    ['/register', '/pages/register.html'],
    ['/no-such-page', '/index.html'],
  ] as const) {
    const res = await page.goto(path);
    expect(res?.fromServiceWorker(), path).toBe(true);
    // The server's copy, fetched past the worker.
    expect(await res?.text(), path).toBe(await (await page.request.get(file)).text());
  }

  // And without a network: the same page, from the precache.
  const feedsPage = await (await page.request.get('/pages/feeds.html')).text();
  await context.setOffline(true);
  const offline = await page.goto('/feeds');
  expect(offline?.fromServiceWorker()).toBe(true);
  expect(await offline?.text()).toBe(feedsPage);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await context.setOffline(false);
});

test('a token the server no longer accepts: /login goes on to the map, which ends the session and comes back to the sign-in form, once', async ({ page }) => {
  // Stored once, as an earlier visit left it (not again on each page the redirect loads).
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('token', 'no-longer-valid');
    localStorage.setItem('user', JSON.stringify({ _id: 'gone', username: 'gone', profilePicture: '/media/default-avatar.svg' }));
  });
  const documents: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) documents.push(new URL(frame.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(documents).toContain('/landing');
  // No loop: the form stays, and no further page is loaded.
  const loaded = documents.length;
  await page.waitForTimeout(1000);
  expect(documents.length).toBe(loaded);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
});

/** Errors the page itself reports: uncaught exceptions and console errors from our own origin. */
function pageErrors(page: Page, origin: string): string[] {
  const seen: string[] = [];
  page.on('pageerror', (error) => seen.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    // Map tiles come from another origin, and this machine has no internet: their failures are not ours.
    if (message.type() === 'error' && message.location().url.startsWith(origin)) seen.push(`${page.url()}: ${message.text()}`);
  });
  return seen;
}

test('no screen reports an error on a cold load, signed out or signed in', async ({ browser, request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const signedOut = await browser.newContext();
  const visitor = await signedOut.newPage();
  const visitorErrors = pageErrors(visitor, origin);
  for (const path of ['/login', '/register', '/forgot-password', '/landing']) {
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    // The app has taken the page over (data-app-started, app/first-render-mark.tsx), so hydration has happened.
    await expect(visitor.locator('html[data-app-started]')).toBeAttached();
  }
  expect(visitorErrors).toEqual([]);
  await signedOut.close();

  const signedInContext = await browser.newContext();
  const member = await signedInContext.newPage();
  const memberErrors = pageErrors(member, origin);
  await signIn(member, await createUser(request, 'coldload'));
  for (const path of ['/landing', '/feeds', '/friends', '/profile']) {
    await member.goto(path);
    await expect(member.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(member.locator('html[data-app-started]')).toBeAttached();
  }
  expect(memberErrors).toEqual([]);
  await signedInContext.close();
});
