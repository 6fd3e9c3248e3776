import { expect as baseExpect, test } from '@playwright/test';
import { registerByApi } from './auth-support.ts';
import { createStaff, shootBackoffice as shoot } from './backoffice-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * The support chat in the back office (docs/backoffice.md): a support member has the screen open;
 * a signed-in player writes in the site's chat; the conversation shows up live with the player's
 * balance and last deposit beside it; the member answers and the player sees it, signed with the
 * member's name, without reloading; the player's next message reaches the open conversation live.
 */

// Two browsers and two live streams on a shared, busy machine: more patience than the default.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 150_000 });

test('a player chats with a support member of the back office, live both ways, with the player context beside it', async ({ page, browser }) => {
  const stamp = Date.now();
  const email = `chat.player.${stamp}@example.com`;
  await registerByApi(page.request, email);
  await depositThroughDemo(page, '25');

  // The support member, signed in to the back office in a browser of their own, on the chat screen.
  const staffContext = await browser.newContext();
  const desk = await staffContext.newPage();
  const member = await createStaff(desk, 'support');
  const memberName = (await desk.locator('.bo-who strong').first().textContent())?.trim() ?? '';
  expect(memberName).toMatch(/^support \d+$/);
  await desk.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Support chat' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Support chat' })).toBeVisible();
  expect(member.role).toBe('support');

  // The player writes from the site.
  const question = `My deposit of 25 does not show ${stamp}`;
  await gotoHydrated(page, '/');
  await page.getByTestId('chat-launcher').click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel).toBeVisible();
  await panel.getByTestId('chat-input').fill(question);
  await panel.getByTestId('chat-send').click();
  await expect(panel.getByTestId('chat-message').filter({ hasText: question })).toHaveAttribute('data-author', 'visitor');

  // It arrives in the back office without a reload, unread.
  const conversation = desk.getByTestId('bo-conversation').filter({ hasText: question.slice(0, 30) });
  await expect(conversation).toBeVisible();
  await expect(conversation.getByTestId('bo-unread')).toHaveText('1');
  await conversation.click();
  await expect(desk.getByTestId('bo-messages')).toContainText(question);
  await expect(conversation.getByTestId('bo-unread')).toHaveCount(0);

  // The player's context beside it: balance and the deposit just made.
  const context = desk.getByTestId('bo-player-context');
  await expect(context).toContainText(email);
  await expect(context.getByTestId('bo-balance-main')).toHaveText('25.00 EUR');
  await expect(context).toContainText('Last deposits');
  await expect(context).toContainText('success');

  // A canned answer, then the member's own words.
  await desk.getByLabel('Insert a canned answer').selectOption({ label: 'Greeting' });
  await expect(desk.getByLabel('Answer', { exact: true })).toHaveValue(/thank you for contacting Croupier support/);
  await desk.getByLabel('Answer', { exact: true }).fill('I can see your deposit of 25 EUR: it is on your balance.');
  await desk.getByRole('button', { name: 'Send' }).click();
  await expect(desk.getByTestId('bo-messages')).toContainText('I can see your deposit of 25 EUR');

  // The player sees it live, with the member's name.
  const answer = panel.getByTestId('chat-message').filter({ hasText: 'I can see your deposit of 25 EUR' });
  await expect(answer).toHaveAttribute('data-author', 'operator');
  await expect(panel).toContainText(memberName);

  // The player's next message reaches the open conversation live, and stays read there.
  await panel.getByTestId('chat-input').fill(`Thank you! ${stamp}`);
  await panel.getByTestId('chat-send').click();
  await expect(desk.getByTestId('bo-messages')).toContainText(`Thank you! ${stamp}`);
  await expect(conversation.getByTestId('bo-unread')).toHaveCount(0);
  await shoot(desk, 'support-chat');

  // Canned answers: one added, in the list at once.
  await desk.getByRole('tab', { name: 'Canned answers' }).click();
  await desk.getByRole('button', { name: 'Add a canned answer' }).click();
  await desk.getByLabel('Title', { exact: true }).fill('Deposit on its way');
  await desk.getByLabel('Text', { exact: true }).fill('Your deposit is confirmed by the provider and will show within minutes.');
  await desk.getByRole('button', { name: 'Save' }).click();
  await expect(desk.getByTestId('bo-canned').filter({ hasText: 'Deposit on its way' })).toBeVisible();
  await shoot(desk, 'support-canned');

  await staffContext.close();
});

test('a manager switches maintenance and edits the site configuration with a review of the changes, then rolls it back', async ({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await createStaff(page, 'manager');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Settings' }).click();
  const maintenance = page.getByTestId('bo-maintenance');
  await expect(maintenance).toContainText('The site is open');

  // Maintenance on: the player API is closed, the back office still answers.
  await page.getByRole('button', { name: 'Turn maintenance on' }).click();
  await expect(maintenance).toContainText('The site is under maintenance');
  expect((await page.request.get('/api/chat/get')).status()).toBe(503);
  await page.reload();
  await expect(maintenance).toContainText('The site is under maintenance');
  await shoot(page, 'settings');
  await page.getByRole('button', { name: 'Turn maintenance off' }).click();
  await expect(maintenance).toContainText('The site is open');
  expect((await page.request.get('/api/chat/get')).status()).toBe(200);

  // The configuration form, generated from the schema: a bad number is named by its path.
  await page.getByRole('tab', { name: 'Site configuration' }).click();
  await page.locator('[data-section="functionalSettings"] > summary').click();
  const interval = page.getByLabel('countSecondsForInterval', { exact: true });
  await interval.fill('-5');
  await expect(page.getByTestId('bo-config-errors')).toContainText('functionalSettings.settingsForUpdBalance.countSecondsForInterval');
  await expect(page.getByRole('button', { name: /Review/ })).toBeDisabled();
  await interval.fill('45');
  await page.locator('[data-section="seo"] > summary').click();
  const title = `Croupier — live tables ${Date.now()}`;
  await page.locator('[data-section="seo"]').getByLabel('title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Review 2 changes' }).click();
  const diff = page.getByTestId('bo-diff');
  await expect(diff).toContainText('seo.default.title');
  await expect(diff).toContainText(title);
  await expect(diff).toContainText('functionalSettings.settingsForUpdBalance.countSecondsForInterval');
  await shoot(page, 'site-config-review');
  await page.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(page.getByText('Saved as version 2.')).toBeVisible();
  const served = (await (await page.request.get('/nfx/cms-config/en')).json()) as { seo: { default: { title: string } } };
  expect(served.seo.default.title).toBe(title);

  // Roll back to the seeded document (version 1): a new version, the title as it was.
  const versions = page.getByTestId('bo-versions');
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await versions.getByRole('listitem').filter({ hasText: 'v1' }).getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByTestId('bo-diff')).toContainText('seo.default.title');
  await page.getByRole('button', { name: 'Roll back to this' }).click();
  await expect(page.getByText('Version 1 restored as version 3.')).toBeVisible();
  await expect(versions.getByRole('listitem')).toHaveCount(3);
  const restored = (await (await page.request.get('/nfx/cms-config/en')).json()) as { seo: { default: { title: string } } };
  expect(restored.seo.default.title).not.toBe(title);
  await shoot(page, 'site-config');
});
