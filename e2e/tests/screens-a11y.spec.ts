import path from 'node:path';
import { authHeaders, createMemory, createUser, expect, makeFriends, signIn, test } from '../fixtures.ts';
import { expectAccessible } from '../fixtures/axe.ts';
import { freshSpot, grantLocation, marker, openMap, popup } from '../fixtures/map.ts';
import { shot } from '../fixtures/shots.ts';

/*
 * axe-core on every route of web/src/config/paths.ts (and the server's share page), in the
 * states that matter: an error shown, an empty list, a popup or dialog open. Friends-only and
 * private memories only, so the feed's public counts elsewhere are not touched.
 */

const PHOTO = path.join(import.meta.dirname, '../fixtures/photo.jpg');

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test(`signed-out screens and the share page pass axe-core (${colorScheme})`, async ({ page, request, browser }) => {
      // Screens load as chunks of their own: scan once the screen, not the loading dots, is there.
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
      await expectAccessible(page, 'login');
      await page.getByLabel('Username').fill('nobody-here');
      await page.getByLabel('Password').fill('wrong!1');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectAccessible(page, 'login with an error');
      await shot(page, `a11y-${colorScheme}-login-error`);

      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
      await expectAccessible(page, 'register');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please fill out all fields.');
      await expectAccessible(page, 'register with an error');
      await shot(page, `a11y-${colorScheme}-register-error`);

      await page.goto('/nowhere');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, 'not found');

      const me = await createUser(request, 'a11yshare');
      const memory = await createMemory(request, me, { title: 'Shared dune', visibility: '1', imagePath: PHOTO });
      const made = await request.post(`/api/pins/${memory.id}/share`, { data: { expiresInDays: 1 }, headers: authHeaders(me) });
      expect(made.status()).toBe(201);
      const { url } = (await made.json()) as { url: string };
      const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme });
      const g = await guest.newPage();
      await g.goto(new URL(url).pathname);
      await expect(g.getByRole('heading', { name: 'Shared dune' })).toBeVisible();
      await expectAccessible(g, 'share page');
      await shot(g, `a11y-${colorScheme}-share`);
      await request.delete(`/api/pins/${memory.id}/share`, { headers: authHeaders(me) });
      await g.goto(new URL(url).pathname);
      await expect(g.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
      await expectAccessible(g, 'share page gone');
      await guest.close();
    });

    test(`the map, its popup, its controls and the memory forms pass axe-core (${colorScheme})`, async ({ page, context, request }) => {
      // A dozen states, each scanned by axe: longer than one flow.
      test.setTimeout(120_000);
      const here = freshSpot();
      const me = await createUser(request, 'a11ymap');
      const friend = await createUser(request, 'a11ypal');
      await makeFriends(request, me, friend);
      await createMemory(request, me, {
        title: 'Quiet harbour',
        description: 'Boats knocking together in the dark.',
        visibility: '2',
        latitude: here.lat + 0.005,
        longitude: here.lng,
        tags: [friend.id],
        imagePath: PHOTO,
      });
      await grantLocation(context, here);
      await signIn(page, me);
      await openMap(page);
      await expect(marker(page, 'Quiet harbour')).toBeVisible();
      await expectAccessible(page, 'map');

      await page.getByRole('button', { name: 'Map controls' }).click();
      await expect(page.getByRole('region', { name: 'Map controls' })).toBeVisible();
      await expectAccessible(page, 'map controls open');
      await shot(page, `a11y-${colorScheme}-map-controls`);
      await page.getByRole('button', { name: 'Close map controls' }).click();

      await marker(page, 'Quiet harbour').click();
      const p = popup(page, 'Quiet harbour');
      await expect(p).toBeVisible();
      await expectAccessible(page, 'map with a popup');
      await p.getByRole('button', { name: 'Share link' }).click();
      const sheet = page.getByRole('dialog', { name: 'Share this memory' });
      await expect(sheet.getByText('Not shared')).toBeVisible();
      await expectAccessible(page, 'share sheet');
      await shot(page, `a11y-${colorScheme}-share-sheet`);
      await sheet.getByRole('button', { name: 'Done' }).click();
      await expect(sheet).toHaveCount(0);

      await p.getByRole('button', { name: 'View Quiet harbour full size' }).click();
      await expect(page.getByRole('dialog', { name: 'Quiet harbour' })).toBeVisible();
      await expectAccessible(page, 'image viewer');
      await page.getByRole('button', { name: 'Close image' }).click();

      await p.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectAccessible(page, 'delete confirm');
      await shot(page, `a11y-${colorScheme}-delete-confirm`);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

      await p.getByRole('button', { name: 'Update' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Update' }).click();
      await expect(page.getByRole('heading', { name: 'Update Memory' })).toBeVisible();
      await expectAccessible(page, 'update memory');
      await shot(page, `a11y-${colorScheme}-update`);

      await page.goto('/new-location');
      await expect(page.getByRole('link', { name: 'Go to Map' })).toBeVisible();
      await expectAccessible(page, 'create without a spot');

      await page.goto('/landing');
      await expect(marker(page, 'Quiet harbour')).toBeVisible();
      await page.locator('.map-canvas').dblclick({ position: { x: 120, y: 520 } });
      await page.getByRole('button', { name: 'Add memory' }).click();
      await expect(page.getByRole('heading', { name: 'Create Memory' })).toBeVisible();
      await page.getByRole('button', { name: 'Save Memory' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please fill out all fields.');
      await expectAccessible(page, 'create with an error');
      await page.getByRole('button', { name: 'Tag Friends' }).click();
      await expect(page.getByRole('dialog', { name: 'Tag Friends' })).toBeVisible();
      await expectAccessible(page, 'tag friends dialog');
      await shot(page, `a11y-${colorScheme}-tag-friends`);
    });

    // Empty and full in two tests: nine axe scans in one took 66 s of 90 s beside another gate.
    test(`the feed, friends and requests, empty, pass axe-core (${colorScheme})`, async ({ page, request }) => {
      test.setTimeout(90_000);
      const loner = await createUser(request, 'a11yloner');
      const stranger = await createUser(request, 'a11ystranger');
      const lonely = page;
      await signIn(lonely, loner);
      for (const [route, name] of [
        ['/feeds', 'feed empty'],
        ['/friends', 'friends empty'],
        ['/friend-requests', 'friend requests empty'],
        ['/add-friend', 'add friend'],
      ] as const) {
        await lonely.goto(route);
        await expect(lonely.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(lonely.locator('.loading-dots')).toHaveCount(0);
        await expectAccessible(lonely, name);
        await shot(lonely, `a11y-${colorScheme}-${name.replaceAll(' ', '-')}`);
      }
      await lonely.getByRole('searchbox', { name: 'Search users' }).fill(stranger.username);
      await expect(lonely.getByRole('button', { name: `Send friend request to ${stranger.username}` })).toBeVisible();
      await expectAccessible(lonely, 'add friend results');
    });

    test(`the feed, friends and requests, full, pass axe-core (${colorScheme})`, async ({ page, request }) => {
      test.setTimeout(90_000);
      const me = await createUser(request, 'a11yfeed');
      const friend = await createUser(request, 'a11ybuddy');
      const asker = await createUser(request, 'a11yasker');
      await makeFriends(request, me, friend);
      await request.post('/api/send_request', { data: { userId: me.id }, headers: authHeaders(asker) });
      await createMemory(request, me, { title: 'Lantern walk', description: 'Paper lanterns along the canal.', visibility: '2', tags: [friend.id], imagePath: PHOTO });
      await createMemory(request, me, { title: 'Kept to myself', visibility: '1' });
      const mine = page;
      await signIn(mine, me);
      for (const [route, name] of [
        ['/feeds', 'feed'],
        ['/friends', 'friends'],
        ['/friend-requests', 'friend requests'],
      ] as const) {
        await mine.goto(route);
        await expect(mine.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(mine.locator('.loading-dots')).toHaveCount(0);
        await expectAccessible(mine, name);
        await shot(mine, `a11y-${colorScheme}-${name.replaceAll(' ', '-')}`);
      }
      await mine.goto('/feeds');
      await mine.getByRole('searchbox', { name: 'Search memories' }).fill('lantern canal');
      await expect(mine.getByRole('article', { name: 'Lantern walk' }).locator('mark')).not.toHaveCount(0);
      await expectAccessible(mine, 'feed search');
      await mine.getByRole('searchbox', { name: 'Search memories' }).fill('zzzqqq');
      await expect(mine.getByRole('article')).toHaveCount(0);
      await expectAccessible(mine, 'feed search without results');
      await shot(mine, `a11y-${colorScheme}-feed-no-results`);
    });

    test(`the profile screens, their panels and dialogs pass axe-core (${colorScheme})`, async ({ page, request }) => {
      test.setTimeout(90_000);
      const me = await createUser(request, 'a11yme');
      const loner = await createUser(request, 'a11yother');
      await signIn(page, me);
      await page.goto('/profile');
      await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
      await expectAccessible(page, 'profile');
      await shot(page, `a11y-${colorScheme}-profile`);

      await page.getByRole('button', { name: 'Change profile picture' }).click();
      await page.getByRole('button', { name: 'Upload' }).click();
      await expect(page.getByRole('alert')).toHaveText('Choose an image to upload');
      await expectAccessible(page, 'profile picture with an error');
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByLabel('Username').fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('alert')).toHaveText('Username cannot be empty');
      await expectAccessible(page, 'edit profile with an error');
      await shot(page, `a11y-${colorScheme}-edit-profile-error`);
      await page.getByRole('button', { name: 'Back' }).click();

      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
      await expectAccessible(page, 'settings');
      await shot(page, `a11y-${colorScheme}-settings`);
      await page.getByRole('button', { name: 'Back to Profile' }).click();

      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectAccessible(page, 'logout confirm');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/user-profile');
      await expect(page.getByRole('heading', { name: 'Edit User Profile' })).toBeVisible();
      await expectAccessible(page, 'user profile');
      // Someone else's id: the server refuses.
      await page.getByLabel('User ID').fill(loner.id);
      await page.getByLabel('First Name').fill('Not');
      await page.getByLabel('Last Name').fill('Me');
      await page.getByRole('button', { name: 'Update Profile' }).click();
      await expect(page.getByRole('alert')).toHaveText('Update failed!');
      await expectAccessible(page, 'user profile with an error');
      await shot(page, `a11y-${colorScheme}-user-profile-error`);
    });
  });
}
