import path from 'node:path';
import { createMemory, createUser, expect, signIn, test } from '../fixtures.ts';

const PHOTO = path.join(import.meta.dirname, '../fixtures/photo.jpg');

/** How far a card's top sits below the top of the app's scroller, in px. */
function topInScroller(page: import('@playwright/test').Page, title: string) {
  return page.getByRole('article', { name: title }).evaluate((card) => {
    const main = document.querySelector('.app-main')!;
    return Math.round(card.getBoundingClientRect().top - main.getBoundingClientRect().top);
  });
}

test('Back to the Feed returns to the memory it was left at; a tab tap starts at the top', async ({ page, request }) => {
  const me = await createUser(request, 'scrollback');
  // Private memories (no other test's counts change), twelve of them, every other with a photo: several screens tall.
  for (let i = 1; i <= 12; i++) {
    await createMemory(request, me, { title: `Walk ${i}`, description: `Along the river, part ${i}.`, visibility: '1', imagePath: i % 2 ? PHOTO : undefined });
  }
  await signIn(page, me);
  await page.goto('/feeds');
  // Newest first: 'Walk 7' sits well below the first screen.
  const card = page.getByRole('article', { name: 'Walk 7' });
  await card.scrollIntoViewIfNeeded();
  await page.locator('.app-main').evaluate((main) => {
    const target = main.querySelector('[aria-label="Walk 7"]')!;
    main.scrollTop += target.getBoundingClientRect().top - main.getBoundingClientRect().top - 40;
  });
  await expect.poll(() => topInScroller(page, 'Walk 7')).toBe(40);
  const scrolled = await page.locator('.app-main').evaluate((main) => main.scrollTop);
  expect(scrolled).toBeGreaterThan(800);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Friends' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
  // A new screen starts at its top, not at the Feed's depth.
  expect(await page.locator('.app-main').evaluate((main) => main.scrollTop)).toBe(0);

  await page.goBack();
  await expect(card).toBeVisible();
  await expect.poll(() => topInScroller(page, 'Walk 7')).toBe(40);

  // The Feed tab is a new visit: the top.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
  await expect(page.getByRole('article', { name: 'Walk 12' })).toBeVisible();
  expect(await page.locator('.app-main').evaluate((main) => main.scrollTop)).toBe(0);
});
