import path from 'node:path';
import { createMemory, createUser, expect, signIn, test } from '../fixtures.ts';
import { scrollToCard, scrollToEnd } from '../fixtures/feed.ts';

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
  await scrollToCard(page, 'Walk 7');
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

test('a long feed, scrolled far down, comes back at the same card; its later pages still load', async ({ page, request }) => {
  test.setTimeout(90_000);
  const me = await createUser(request, 'longscroll');
  // Three pages of private memories, every third with a photo (cards of different heights).
  for (let i = 1; i <= 45; i++) {
    await createMemory(request, me, { title: `Day ${i}`, description: `Notes of day ${i}.`, visibility: '1', imagePath: i % 3 ? undefined : PHOTO });
  }
  await signIn(page, me);
  await page.goto('/feeds');
  // 'Day 8' is on the third page: the second and third load on the way down.
  await scrollToCard(page, 'Day 8');
  await page.locator('.app-main').evaluate((main) => {
    const target = main.querySelector('[aria-label="Day 8"]')!;
    main.scrollTop += target.getBoundingClientRect().top - main.getBoundingClientRect().top - 60;
  });
  await expect.poll(() => topInScroller(page, 'Day 8')).toBe(60);
  // Windowed: the cards far above are not in the page.
  await expect(page.getByRole('article', { name: 'Day 45' })).toHaveCount(0);
  expect(await page.getByRole('article').count()).toBeLessThan(20);
  await expect(page.getByRole('article', { name: 'Day 8', exact: true })).toHaveAttribute('aria-posinset', '38');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Friends' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('article', { name: 'Day 8', exact: true })).toBeVisible();
  await expect.poll(() => topInScroller(page, 'Day 8')).toBe(60);

  // On to the end: the first memory, last of 45.
  await scrollToCard(page, 'Day 1');
  await expect(page.getByRole('article', { name: 'Day 1', exact: true })).toHaveAttribute('aria-posinset', '45');
  // At the very end (other tests' public memories may follow ours) the list has asked for every
  // page and knows its count: the last card is the last of them all.
  await scrollToEnd(page);
  const last = page.getByRole('article').last();
  const count = Number(await last.getAttribute('aria-setsize'));
  expect(count).toBeGreaterThanOrEqual(45);
  await expect(last).toHaveAttribute('aria-posinset', String(count));
});
