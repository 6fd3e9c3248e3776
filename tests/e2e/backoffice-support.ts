import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import type { StaffRole } from '../../contract/backoffice.ts';
import { sharedServerEnv } from './shared-server.ts';

/**
 * Back-office members for journeys, made the way an operator makes them: `npm run ops --
 * staff:create` (which reaches the running e2e site, since the site holds its embedded database)
 * prints a set-up link; the member opens it, chooses a password, reads the authenticator key off
 * the page and confirms a code computed from it, as an authenticator app would.
 */
export type E2EStaff = { email: string; password: string; role: StaffRole; secret: string; lastStep: number };

let counter = 0;

/** The next code the member may use: a step after the last one used (the server refuses replays). */
async function nextCode(member: E2EStaff): Promise<string> {
  const step = Math.max(Math.floor(Date.now() / 30_000), member.lastStep + 1);
  // One step ahead of the clock is within the accepted drift; further, wait for the clock.
  const wait = step * 30_000 - 30_000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
  member.lastStep = step;
  return generate({ secret: member.secret, epoch: step * 30 });
}

export function createStaffLink(role: StaffRole, name?: string): { email: string; link: string } {
  counter++;
  const email = `${role}.${counter}.${Date.now()}@staff.example`;
  const ops = spawnSync(process.execPath, ['scripts/ops.ts', 'staff:create', email, role, name ?? `${role} ${counter}`], {
    env: { ...process.env, ...sharedServerEnv(), LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (ops.status !== 0) throw new Error(`staff:create failed: ${ops.stderr}${ops.stdout}`);
  const link = /https?:\/\/\S+#token=\S+/.exec(ops.stdout)?.[0];
  if (!link) throw new Error(`no set-up link in: ${ops.stdout}`);
  return { email, link: link.replace(/^https?:\/\/[^/]+/, '') };
}

/** Follows a set-up link in the page to the end: the member is then signed in on that page. */
export async function completeSetup(page: Page, link: string, email: string, role: StaffRole): Promise<E2EStaff> {
  const password = `e2e-password-${Date.now()}-${counter}`;
  await page.goto(link);
  await page.getByLabel(/Choose a password|Choisissez un mot de passe/).fill(password);
  await page.getByRole('button', { name: /Continue|Continuer/ }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const member: E2EStaff = { email, password, role, secret, lastStep: 0 };
  await page.getByLabel(/Code from the app|Code de l’application/).fill(await nextCode(member));
  await page.getByRole('button', { name: /Confirm|Confirmer/ }).click();
  await expect(page.getByRole('list', { name: /recovery codes|codes de secours/i }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('link', { name: /open the back office|ouvrir le back office/ }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  return member;
}

/** A new member of `role`, set up and signed in on `page`. */
export async function createStaff(page: Page, role: StaffRole): Promise<E2EStaff> {
  const { email, link } = createStaffLink(role);
  return completeSetup(page, link, email, role);
}

/** Signs a member in on `page` (a fresh browser context, or after signing out). */
export async function signInStaff(page: Page, member: E2EStaff): Promise<void> {
  await page.goto('/backoffice/sign-in');
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel(/^Password|Mot de passe/).fill(member.password);
  await page.getByRole('button', { name: /Continue|Continuer/ }).click();
  await page.getByLabel('Code').fill(await nextCode(member));
  await page.getByRole('button', { name: /Sign in|Se connecter/ }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
}

/**
 * Screenshots for docs/backoffice.md at 1024 and 1440 px, the page left at 1440. By default under
 * test-results, so a test run leaves the tree clean; BACKOFFICE_SHOTS_DIR=docs/backoffice refreshes
 * the docs. The window is as tall as the page (the side bar is one window high), up to 2400 px;
 * `settleMs` gives a PDF viewer time to paint again after a resize.
 */
export async function shootBackoffice(page: Page, name: string, settleMs = 300): Promise<void> {
  const dir = process.env.BACKOFFICE_SHOTS_DIR ?? 'test-results/backoffice-shots';
  mkdirSync(dir, { recursive: true });
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(settleMs);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height: Math.min(2400, Math.max(900, height)) });
    await page.waitForTimeout(settleMs);
    await page.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
