import { createMemory, createUser, expect, signIn, test } from '../fixtures.ts';
import { expectAccessible } from '../fixtures/axe.ts';
import { controlledByServiceWorker } from '../fixtures/service-worker.ts';
import { shot } from '../fixtures/shots.ts';

// docs/decisions/090-web-delivery.md: the app installs as an app, and after one visit with a
// network it opens without one.

test('after one visit online, the sign-in screen and the next screens open offline', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeEnabled();
  // A screen not opened yet: its chunk came with the first visit too.
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await context.setOffline(false);
});

test('signed in, a reload without a network opens the feed with what was saved', async ({ page, context, request }) => {
  const user = await createUser(request, 'offline');
  // Private: other specs count public memories.
  await createMemory(request, user, { title: 'Saved for the train', visibility: '1' });
  await signIn(page, user);
  await page.goto('/feeds');
  await expect(page.getByRole('article', { name: 'Saved for the train' })).toBeVisible();
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline — showing your saved memories.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Saved for the train' })).toBeVisible();
  await context.setOffline(false);
});

test('the app is installable: a linked manifest with its icons, and nothing Chromium objects to', async ({ page }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: 'Memory Map', short_name: 'Memory Map', start_url: '/', display: 'standalone', theme_color: '#0f172a' });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of icons) {
    const png = await page.request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
  }

  await controlledByServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are incognito profiles, where Chromium installs nothing: that one is the
  // browser's, not the app's.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});

test.describe('before the first visit has finished', () => {
  // No service worker yet: what a first visit is until its install has precached the build.
  test.use({ serviceWorkers: 'block' });

  test('a screen whose code has not come yet says, offline, that it needs a connection the first time, and opens once online', async ({ page, context }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    // The page is drawn before the app runs: until the app has taken it over, Register is a plain
    // link the browser follows itself (offline: its own error page, as a busy CI run saw).
    await expect(page.locator('html[data-app-started]')).toBeAttached();
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'This screen needs a connection' })).toBeVisible();
    await expect(
      page.getByText('The first time you open it, this screen has to load from the internet. Connect and try again; after that it opens offline too.'),
    ).toBeVisible();
    await shot(page, 'screen-needs-connection');
    await expectAccessible(page, 'screen needs a connection (light)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'screen-needs-connection-dark');
    await expectAccessible(page, 'screen needs a connection (dark)');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toHaveText("You're still offline. Try again once you're connected.");

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  });
});
