import { expect as baseExpect, test } from '@playwright/test';
import { gotoHydrated } from './support.ts';

/**
 * The support page and the built-in live chat (docs/support-chat.md): a guest writes in the chat,
 * an operator answers from the console in another browser, the guest sees it live; with the panel
 * closed the unread badge counts it; the contact form reaches the support mailbox.
 */
// Two browsers and a live stream on a shared, busy machine: more patience than the default.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const OPERATOR_TOKEN = 'e2e-operator-token-e2e-operator-token-0001';

test('a guest chats with an operator live, and the unread badge counts answers while the panel is closed', async ({ page, browser }) => {
  const text = `Where is my deposit? ${Date.now()}`;
  await gotoHydrated(page, '/');
  await page.getByTestId('chat-launcher').click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel).toBeVisible();
  await panel.getByTestId('chat-input').fill(text);
  await panel.getByTestId('chat-send').click();
  await expect(panel.getByTestId('chat-message').filter({ hasText: text })).toHaveAttribute('data-author', 'visitor');

  // The operator, in a browser of their own.
  const operatorContext = await browser.newContext();
  const desk = await operatorContext.newPage();
  await gotoHydrated(desk, '/support/console');
  await desk.getByLabel(/Your name/).fill('Anna');
  await desk.locator('#operator-token').fill(OPERATOR_TOKEN);
  await desk.getByTestId('operator-submit').click();
  const conversation = desk.getByTestId('console-conversation').filter({ hasText: text.slice(0, 20) });
  await expect(conversation).toBeVisible();
  await expect(conversation.getByTestId('console-unread')).toHaveText('1');
  await conversation.click();
  await expect(desk.getByTestId('console-messages')).toContainText(text);
  await desk.getByTestId('console-reply').fill('Hello! Let me check that for you.');
  await desk.getByTestId('console-send').click();

  // The guest sees the answer without reloading.
  await expect(panel.getByTestId('chat-message').filter({ hasText: 'Hello! Let me check that for you.' })).toHaveAttribute('data-author', 'operator');
  await expect(panel).toContainText('Anna');

  // Panel closed: the next answer shows as an unread badge on the launcher, live.
  await panel.getByTestId('chat-close').click();
  await expect(page.getByTestId('chat-launcher')).toBeVisible();
  await expect(page.getByTestId('chat-unread')).toHaveCount(0);
  await desk.getByTestId('console-reply').fill('Your deposit is confirmed.');
  await desk.getByTestId('console-send').click();
  await expect(page.getByTestId('chat-unread')).toHaveText('1');

  // History on reopen, in another page load, and the badge clears once read.
  await gotoHydrated(page, '/promotions');
  await expect(page.getByTestId('chat-unread')).toHaveText('1');
  await page.getByTestId('chat-launcher').click();
  await expect(page.getByTestId('chat-panel').getByTestId('chat-message')).toHaveCount(3);
  await page.getByTestId('chat-close').click();
  await expect(page.getByTestId('chat-unread')).toHaveCount(0);

  await operatorContext.close();
});

test('the chat badge is hidden on the betting and game routes', async ({ page }) => {
  await gotoHydrated(page, '/gamehall');
  await expect(page.getByTestId('chat-launcher')).toBeVisible();
  await gotoHydrated(page, '/betting');
  await expect(page.getByTestId('chat-launcher')).toHaveCount(0);
});

test('the contact form checks each field, then its message arrives in the support mailbox', async ({ page }) => {
  await gotoHydrated(page, '/fr/support');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assistance');
  await page.getByTestId('contact-submit').click();
  const form = page.getByTestId('contact-form');
  await expect(form.getByTestId('field-error')).toHaveCount(4);
  await expect(form.getByTestId('field-error').first()).toHaveText('Ce champ est obligatoire');

  const marker = `Retrait bloqué ${Date.now()}`;
  await page.locator('#contact-name').fill('Camille Martin');
  await page.locator('#contact-email').fill('camille@example.com');
  await page.locator('#contact-topic').selectOption('withdrawal');
  await page.locator('#contact-message').fill(`${marker} depuis deux jours.`);
  await page.getByTestId('contact-submit').click();
  await expect(page.getByTestId('contact-sent')).toContainText('camille@example.com');
  const reference = (await page.getByTestId('contact-sent').textContent())!.match(/S-\d{6}/)![0];

  const mails = (await (await page.request.get('/_dev/mailbox.json?to=support%40croupier.local')).json()) as { subject: string; text: string }[];
  const mail = mails.find((entry) => entry.subject.includes(reference));
  expect(mail?.text).toContain(marker);
  expect(mail?.text).toContain('camille@example.com');
});

test('the support page carries FAQPage structured data', async ({ page }) => {
  await page.goto('/support');
  const records = await page.locator('script[type="application/ld+json"]').allTextContents();
  const faq = records.map((text) => JSON.parse(text || '{}')).flat().find((record) => record['@type'] === 'FAQPage');
  expect(faq?.mainEntity.length).toBeGreaterThanOrEqual(12);
  expect(faq?.mainEntity[0].name).toBe('How do I make a deposit?');
});
