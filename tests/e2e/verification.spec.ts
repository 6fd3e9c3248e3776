import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail, waitForMail } from './auth-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';
import { idPhoto, withdraw } from './verification-support.ts';
import { startTwoProcesses, type TwoProcesses } from './two-processes.ts';

/**
 * Identity verification from end to end (docs/verification.md), on a site of its own (two
 * processes, one PostgreSQL, so operator commands run beside it) with withdrawals gated on an
 * approved verification (kycWithdrawalThreshold 0): a player's withdrawal is refused and the
 * verification popup opens; on the verification page a file that is not an image is refused, the
 * documents are uploaded and sent; an operator approves with `ops kyc:approve`; the open page says
 * verified at once (the live channel), the mail says so too, and the same withdrawal goes through.
 */

const SHOTS = process.env.VERIFICATION_SHOTS_DIR ?? '/tmp/croupier-verification-shots';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

test('a player uploads documents, an operator approves, the withdrawal that was refused goes through', async ({ browser }) => {
  test.setTimeout(480_000);
  const site = await startTwoProcesses({ name: 'verification' });
  try {
    site.ops('site:set', 'kycWithdrawalThreshold', '0');
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    const email = uniqueEmail('kyc');
    await registerByApi(page.request, email, PASSWORD, site.base);
    await depositThroughDemo(page, '50', site.base);

    await withdraw(page, site.base, '20');
    await expect(page.getByTestId('withdraw-alert')).toHaveAttribute('data-type', 'KycWithdrawalException');
    const popup = page.getByTestId('verification-popup');
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('verification-status')).toHaveAttribute('data-status', 'not_started');
    await popup.getByTestId('verification-popup-open').click();
    await expect(page).toHaveURL(/\/profile\/verification$/);
    await expect(page.getByTestId('verification-status-label')).toHaveText('Not verified');
    await expect(page.getByTestId('verification-submit')).toBeDisabled();

    // A page renamed .jpg is refused by the server, and the player is told why under the slot.
    await page.getByTestId('verification-file-identity_front').setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await expect(page.getByTestId('verification-error-identity_front')).toHaveText('Upload a JPEG, PNG or PDF file', { timeout: 20_000 });

    await page.getByTestId('verification-file-identity_front').setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: await idPhoto() });
    await expect(page.getByTestId('verification-doc-identity_front')).toHaveAttribute('data-doc-status', 'draft');
    await expect(page.getByTestId('verification-error-identity_front')).toHaveCount(0);
    await page.getByTestId('verification-file-proof_of_address').setInputFiles({ name: 'electricity-bill.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByTestId('verification-doc-proof_of_address')).toContainText('electricity-bill.pdf');
    await page.getByTestId('verification-submit').click();
    await expect(page.getByTestId('verification-status')).toHaveAttribute('data-status', 'pending');
    await expect(page.getByTestId('verification-status-label')).toHaveText('Under review');

    // The refusal now says the documents are being reviewed.
    const pendingPage = await context.newPage();
    await withdraw(pendingPage, site.base, '20');
    await expect(pendingPage.getByTestId('withdraw-alert')).toContainText('Your documents are being reviewed');
    await pendingPage.close();

    expect(site.ops('kyc:pending')).toContain(email);
    expect(site.ops('kyc:approve', email)).toContain('verified');

    // The open page hears of it live: no reload.
    await expect(page.getByTestId('verification-status')).toHaveAttribute('data-status', 'approved', { timeout: 15_000 });
    await expect(page.getByText('Your identity is verified: withdrawals are open')).toBeVisible();
    expect((await waitForMail(page.request, email, /Your identity is verified/, { base: site.base })).text).toContain('/profile/verification');
    expect(site.ops('audit:list')).toContain('kyc:approve');

    await withdraw(page, site.base, '20');
    await expect(page.getByTestId('withdrawal-requested')).toContainText('€20.00');
    await expect(page.getByTestId('header-balance-amount')).toHaveText('30.00 EUR');
    await context.close();
  } finally {
    await site.stop();
  }
});

/** Puts a fresh player in a status through the API and the operator commands. */
async function playerIn(site: TwoProcesses, request: APIRequestContext, status: 'not_started' | 'pending' | 'resubmission' | 'rejected' | 'approved') {
  const email = uniqueEmail(`kyc-${status}`);
  await registerByApi(request, email, PASSWORD, site.base);
  if (status === 'not_started') return email;
  const upload = async (kind: string, name: string, mimeType: string, buffer: Buffer) => {
    const answer = await request.post(`${site.base}/api/verification/upload`, { multipart: { kind, file: { name, mimeType, buffer } } });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  await upload('identity_front', 'passport.jpg', 'image/jpeg', await idPhoto());
  await upload('proof_of_address', 'bank-statement.pdf', 'application/pdf', PDF);
  expect((await request.post(`${site.base}/api/setUserOnVerification`, { form: {} })).ok()).toBe(true);
  if (status === 'approved') site.ops('kyc:approve', email);
  if (status === 'resubmission') site.ops('kyc:reject', email, '--reason', 'The photo of your passport is blurred: please take it again in good light');
  if (status === 'rejected') site.ops('kyc:reject', email, '--reason', 'The document does not match your account details', '--final');
  return email;
}

test('the verification page in each status at 375 and 1440 px (screenshots)', async ({ browser }) => {
  test.setTimeout(480_000);
  mkdirSync(SHOTS, { recursive: true });
  const site = await startTwoProcesses({ name: 'verification-shots' });
  try {
    site.ops('site:set', 'kycWithdrawalThreshold', '2000');
    for (const status of ['not_started', 'pending', 'resubmission', 'rejected', 'approved'] as const) {
      for (const width of [375, 1440]) {
        const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 }, reducedMotion: 'reduce' });
        const page = await context.newPage();
        await playerIn(site, page.request, status);
        for (const locale of width === 375 || status === 'resubmission' ? ['', '/fr'] : ['']) {
          await gotoHydrated(page, `${site.base}${locale}/profile/verification`);
          await expect(page.getByTestId('verification-status')).toHaveAttribute('data-status', status);
          await page.screenshot({ path: `${SHOTS}/verification-${status}${locale ? '-fr' : ''}-${width}.png`, fullPage: true });
        }
        await context.close();
      }
    }
  } finally {
    await site.stop();
  }
});
