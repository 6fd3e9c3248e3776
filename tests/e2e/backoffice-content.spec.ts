import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createStaff, shootBackoffice } from './backoffice-support.ts';

/**
 * The content screens in Chromium (docs/backoffice.md, "Content"): a marketing member writes a
 * new page, sees it in the live preview as the site draws it, saves it (players still get a
 * 404), publishes it (a guest's very next request shows it: the guest-page cache was cleared),
 * saves a change with an uploaded image (players keep the old text until it is published),
 * publishes it, compares the two versions and rolls back (players get the old text again).
 */

test.describe.configure({ timeout: 360_000 });
// Each step waits on a server shared with other work on a 2-core machine: screens may take seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

/** What a guest gets at /{slug} right now: the status and the page's text (no retry: the first answer counts). */
async function guestPage(request: APIRequestContext, slug: string) {
  const response = await request.get(`/${slug}`, { headers: { accept: 'text/html' } });
  return { status: response.status(), html: await response.text(), cache: response.headers()['x-page-cache'] };
}

async function fillMarkdown(page: Page, text: string) {
  const area = page.getByRole('textbox', { name: 'Text (markdown)' });
  await area.fill(text);
}

test('a content edit is previewed, published for players, and rolled back', async ({ browser, playwright }) => {
  const slug = `house-rules-${Date.now().toString(36)}`;
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await createStaff(page, 'marketing');
  // A guest of its own, with no cookie jar shared with the member.
  const guest = await playwright.request.newContext({ baseURL: page.url().replace(/\/backoffice.*$/, '') });

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Content' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await expect(page.getByTestId('bo-content-list')).toContainText('Terms and conditions');
  await shootBackoffice(page, 'content-list');

  // A new page: its editor, with the live preview drawn by the site's own components.
  await page.getByLabel('Slug or path').fill(slug);
  await page.getByRole('button', { name: 'Open the editor' }).click();
  await expect(page.getByText('New entry: nothing is saved yet.')).toBeVisible();
  await page.getByLabel('Title').fill('House rules');
  await page.getByLabel('Description').fill('How we play fair at Croupier');
  await fillMarkdown(page, '## Fair play\n\nOne account per player.\n\n- Bets settle as placed\n- Winnings are paid in full');
  const preview = page.getByTestId('bo-content-preview');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('House rules');
  await expect(preview.getByRole('heading', { level: 2, name: 'Fair play' })).toBeVisible();
  await expect(preview).toContainText('Winnings are paid in full');
  // A bad title is named by the server, and nothing is saved.
  await page.getByLabel('Title').fill('');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Field is required')).toBeVisible();
  await page.getByLabel('Title').fill('House rules');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved as version 1')).toBeVisible();
  // A draft is never shown to players.
  expect((await guestPage(guest, slug)).status).toBe(404);

  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(page.getByText('Version 1 is live')).toBeVisible();
  const first = await guestPage(guest, slug);
  expect(first.status).toBe(200);
  expect(first.html).toContain('One account per player.');
  // The page is now shared between guests for a moment (decision 012): the second request is a hit.
  expect((await guestPage(guest, slug)).cache).toBe('hit');

  // A change with an image: previewed live, saved as a draft players do not see.
  const png = await sharp({ create: { width: 480, height: 200, channels: 3, background: { r: 245, g: 184, b: 46 } } })
    .withExif({ IFD0: { Artist: 'SECRET-PHOTOGRAPHER' } })
    .png()
    .toBuffer();
  await fillMarkdown(page, '## Fair play\n\nOne account per household.\n\n- Bets settle as placed\n- Winnings are paid in full');
  await page.getByRole('textbox', { name: 'Text (markdown)' }).press('Control+End');
  await page.getByTestId('bo-content-image-input').setInputFiles({ name: 'golden-chip.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image uploaded and inserted (480×200, metadata removed).')).toBeVisible();
  const picture = preview.getByRole('img', { name: 'golden-chip' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(480);
  await expect(preview).toContainText('One account per household.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved as version 2')).toBeVisible();
  await expect(page.getByTestId('bo-content-status')).toHaveText('Live: version 1 · Version 2 is saved but not live.');
  const whileDraft = await guestPage(guest, slug);
  expect(whileDraft.html).toContain('One account per player.');
  expect(whileDraft.html).not.toContain('household');
  await shootBackoffice(page, 'content-editor');

  await page.getByRole('button', { name: 'Publish version 2' }).click();
  await expect(page.getByText('Version 2 is live')).toBeVisible();
  // The very next guest request shows it: the publish cleared the shared guest pages.
  const second = await guestPage(guest, slug);
  expect(second.cache).not.toBe('hit');
  expect(second.html).toContain('One account per household.');
  expect(second.html).toMatch(/<img[^>]+src="\/content-images\/[A-Za-z0-9_-]{43}\.png"/);
  const src = /src="(\/content-images\/[^"]+)"/.exec(second.html)![1];
  const served = await guest.get(src);
  expect(served.headers()['content-type']).toBe('image/png');
  expect((await served.body()).includes('SECRET-PHOTOGRAPHER')).toBe(false);

  // History: the two versions compared, then a rollback to the first.
  await page.getByRole('tab', { name: 'History' }).click();
  const versions = page.getByTestId('bo-content-versions');
  await expect(versions.getByRole('row')).toHaveCount(3);
  const diff = page.getByTestId('bo-content-diff');
  await expect(diff.locator('.bo-diff-del').first()).toContainText('One account per player.');
  await expect(diff.locator('.bo-diff-add').first()).toContainText('One account per household.');
  await shootBackoffice(page, 'content-history');
  page.once('dialog', (dialog) => void dialog.accept());
  await versions.getByRole('row').filter({ hasText: 'v1' }).getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByText('Version 1 restored as version 3, live now.')).toBeVisible();
  const rolledBack = await guestPage(guest, slug);
  expect(rolledBack.html).toContain('One account per player.');
  expect(rolledBack.html).not.toContain('household');
  await expect(versions.getByRole('row').filter({ hasText: 'v3' })).toContainText('rollback to v1');

  await guest.dispose();
  await context.close();
});
