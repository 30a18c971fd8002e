import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createMemory, createUser, logIn, makeFriends, signIn, test, expect } from '../fixtures.ts';
import { freshSpot, grantLocation, marker, openMap, popup } from '../fixtures/map.ts';

/*
 * Keyboard use of every dialog and overlay: Tab goes round inside a dialog, Escape closes the
 * topmost thing only, and focus goes back to what opened it. Private and friends-only memories.
 */

const PHOTO = path.join(import.meta.dirname, '../fixtures/photo.jpg');

/** What has focus, by its accessible name (or text), and whether it is inside the open dialog. */
async function focused(page: Page): Promise<{ name: string; inDialog: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const name = el?.getAttribute('aria-label') || el?.textContent?.trim() || el?.tagName || '';
    return { name, inDialog: !!el?.closest('dialog[open]') };
  });
}

/** Tab twice round the dialog's controls (and Shift+Tab once back): focus never leaves it and the round closes. */
async function expectTabCycles(page: Page, controls: string[]) {
  const seen: string[] = [];
  for (let i = 0; i < controls.length * 2; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    expect(now.inDialog, `Tab ${i + 1} left the dialog for "${now.name}"`).toBe(true);
    seen.push(now.name);
  }
  // Started on controls[0]: each Tab moves one on, wrapping at the end.
  const expected = Array.from({ length: controls.length * 2 }, (_, i) => controls[(i + 1) % controls.length]!);
  expect(seen).toEqual(expected);
  await page.keyboard.press('Shift+Tab');
  expect(await focused(page)).toEqual({ name: controls[controls.length - 1], inDialog: true });
  await page.keyboard.press('Tab');
  expect(await focused(page)).toEqual({ name: controls[0], inDialog: true });
}

async function expectFocusOn(locator: Locator) {
  await expect(locator).toBeFocused();
}

test('map: Escape closes the controls panel, then a popup, then each dialog over it, and focus returns each time', async ({ page, context, request }) => {
  const here = freshSpot();
  const me = await createUser(request, 'keys');
  await createMemory(request, me, {
    title: 'Lighthouse steps',
    description: 'Two hundred steps and a gale at the top.',
    visibility: '1',
    latitude: here.lat + 0.004,
    longitude: here.lng,
    imagePath: PHOTO,
  });
  await grantLocation(context, here);
  await signIn(page, me);
  await openMap(page);
  const pin = marker(page, 'Lighthouse steps');
  await expect(pin).toBeVisible();

  // The controls panel: opened from its button by keyboard, closed by Escape from inside it.
  const fab = page.getByRole('button', { name: 'Map controls' });
  await fab.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Map controls' });
  await expect(panel).toBeVisible();
  await panel.getByRole('searchbox', { name: 'Search location' }).focus();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expectFocusOn(page.getByRole('button', { name: 'Map controls' }));

  // A popup: opened from its marker by keyboard, Escape from a button inside it closes it.
  await pin.focus();
  await page.keyboard.press('Enter');
  const p = popup(page, 'Lighthouse steps');
  await expect(p).toBeVisible();
  await p.getByRole('button', { name: 'Share link' }).focus();
  await page.keyboard.press('Escape');
  await expect(p).toHaveCount(0);
  await expectFocusOn(pin);

  // The image viewer over the popup: Escape closes the viewer only.
  await page.keyboard.press('Enter');
  await expect(p).toBeVisible();
  const openImage = p.getByRole('button', { name: 'View Lighthouse steps full size' });
  await openImage.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: 'Lighthouse steps' });
  await expect(viewer).toBeVisible();
  await expectFocusOn(viewer.getByRole('button', { name: 'Close image' }));
  await expectTabCycles(page, ['Close image']);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(p).toBeVisible();
  await expectFocusOn(openImage);

  // The delete confirm: starts on Cancel, Tab goes round its two buttons, Escape cancels.
  const del = p.getByRole('button', { name: 'Delete' });
  await del.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete Memory' });
  await expect(confirm).toBeVisible();
  await expectFocusOn(confirm.getByRole('button', { name: 'Cancel' }));
  await expectTabCycles(page, ['Cancel', 'Delete']);
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(p).toBeVisible();
  await expectFocusOn(del);
  // The memory is still there: Escape cancelled.
  await page.keyboard.press('Escape');
  await expect(p).toHaveCount(0);
  await expect(pin).toBeVisible();
});

test('the Tag Friends dialog keeps Tab inside, closes on Escape and gives focus back to its button', async ({ page, context, request }) => {
  const here = freshSpot();
  const me = await createUser(request, 'tagkeys');
  const pal = await createUser(request, 'tagpal');
  await makeFriends(request, me, pal);
  await grantLocation(context, here);
  await signIn(page, me);
  await openMap(page);
  await page.locator('.map-canvas').dblclick({ position: { x: 150, y: 330 } });
  await page.getByRole('button', { name: 'Add memory' }).click();
  const tag = page.getByRole('button', { name: 'Tag Friends' });
  await tag.focus();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Tag Friends' });
  await expect(modal.getByRole('button', { name: pal.username })).toBeVisible();
  await expectFocusOn(modal.getByRole('button', { name: 'Done' }));
  await expectTabCycles(page, ['Done', pal.username]);
  // Space on a friend toggles them; the form behind stays as it was.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(modal.getByRole('button', { name: pal.username })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expectFocusOn(tag);
  await expect(page.getByRole('list', { name: 'Tagged friends' })).toContainText(pal.username);
});

test('Profile: the logout confirm and the delete-account dialog trap Tab, close on Escape and restore focus', async ({ page, request }) => {
  const me = await createUser(request, 'profkeys');
  await signIn(page, me);
  await page.goto('/profile');
  const logout = page.getByRole('button', { name: 'Logout' });
  await logout.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Do you want to sign out?' });
  await expect(confirm).toBeVisible();
  await expectFocusOn(confirm.getByRole('button', { name: 'Cancel' }));
  await expectTabCycles(page, ['Cancel', 'Logout']);
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expectFocusOn(logout);
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('button', { name: 'Settings' }).click();
  const open = page.getByRole('button', { name: 'Delete account' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expectFocusOn(dialog.getByLabel('Your password'));
  await expectTabCycles(page, ['INPUT', 'Cancel', 'Delete my account']);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expectFocusOn(open);
  // Nothing was deleted: the account still signs in.
  const res = await logIn(request, me);
  expect(res.status()).toBe(200);
});
