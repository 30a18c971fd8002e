import { createMemory, createUser, expect, makeFriends, signIn, test } from '../fixtures.ts';
import { freshSpot, grantLocation, marker, openMap } from '../fixtures/map.ts';

/** Circles (docs/design.md §17): made from Friends, chosen in the memory form, reaching only their members. */
test('make a circle, post to it: a member sees it, a friend outside it does not', async ({ page, context, browser, request }) => {
  const me = await createUser(request, 'circler');
  const member = await createUser(request, 'kin');
  const outside = await createUser(request, 'pal');
  await makeFriends(request, me, member);
  await makeFriends(request, me, outside);
  // Something both friends see, so an empty feed can be told from one still loading.
  await createMemory(request, me, { title: 'For all my friends', visibility: '2' });

  await signIn(page, me);
  await page.goto('/friends');
  await page.getByRole('button', { name: 'New circle' }).click();
  const editor = page.getByRole('dialog', { name: 'New circle' });
  await editor.getByLabel('Name').fill('Family');
  await editor.getByRole('checkbox', { name: member.username }).check();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);
  const circles = page.getByRole('list', { name: 'Circles' });
  await expect(circles).toContainText('Family');
  await expect(circles).toContainText('1 person');

  const spot = freshSpot();
  await grantLocation(context, spot);
  await openMap(page);
  await page.locator('.map-canvas').dblclick({ position: { x: 150, y: 330 } });
  await page.getByRole('button', { name: 'Add memory' }).click();
  await page.getByLabel('Title').fill('Sunday lunch');
  await page.getByLabel('Description').fill('Grandma made too much food again.');
  await page.getByLabel('Visibility').selectOption({ label: 'Family' });
  const created = page.waitForResponse((r) => r.url().endsWith('/api/create'));
  await page.getByRole('button', { name: 'Save Memory' }).click();
  expect((await created).status()).toBe(201);
  await expect(marker(page, 'Sunday lunch')).toBeVisible();
  await page.goto('/feeds');
  await expect(page.getByRole('article', { name: 'Sunday lunch' })).toContainText('Your Memory (Family)');

  for (const [who, sees] of [
    [member, true],
    [outside, false],
  ] as const) {
    const other = await browser.newContext();
    const theirs = await other.newPage();
    await signIn(theirs, who);
    await theirs.goto('/feeds');
    await expect(theirs.getByRole('article', { name: 'For all my friends' })).toBeVisible();
    if (sees) await expect(theirs.getByRole('article', { name: 'Sunday lunch' })).toContainText('Friend Memory');
    else await expect(theirs.getByRole('article', { name: 'Sunday lunch' })).toHaveCount(0);
    await other.close();
  }
});
