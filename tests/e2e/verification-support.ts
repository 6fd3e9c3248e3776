import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { gotoHydrated } from './support.ts';

/** What the identity-verification journeys share: a document photo to upload and a withdrawal to ask for. */

/** A photo of an identity card, drawn here (a JPEG the inspector takes as honest). */
export const idPhoto = () =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 36, g: 80, b: 140 } } })
    .composite([{ input: Buffer.from('<svg width="640" height="400"><rect x="40" y="60" width="180" height="240" rx="16" fill="#d7c29a"/><rect x="260" y="90" width="320" height="28" rx="6" fill="#e8eef8"/><rect x="260" y="150" width="260" height="22" rx="6" fill="#c9d5ea"/></svg>'), top: 0, left: 0 }])
    .jpeg()
    .toBuffer();

/** Asks for a bank-transfer withdrawal of `amount` on the cashier page of the site at `base`. */
export async function withdraw(page: Page, base: string, amount: string) {
  await gotoHydrated(page, `${base}/cashier/withdraw`);
  await page.getByTestId('amount-input').fill(amount);
  await page.getByTestId('requisite-iban').fill('FR1420041010050500013M02606');
  await page.getByTestId('requisite-account_holder').fill('Ann Lee');
  await page.getByTestId('withdraw-submit').click();
}
