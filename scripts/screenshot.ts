/**
 * Screenshots of pages at phone (375 px) and desktop (1440 px) widths, for looking at what was
 * built: `npm run screenshots -- / /fr /gamehall` (server must be running; BASE_URL overrides).
 * `REGISTER=1` first signs up a fresh player (a unique e-mail, password secret12) so pages
 * behind sign-in (/profile/...) can be looked at too.
 */
import { chromium, type BrowserContext } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const out = process.env.OUT_DIR ?? 'test-results/screenshots';
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/fr'];
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });

let storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
if (process.env.REGISTER === '1') {
  const context = await browser.newContext();
  const email = `shot-${Date.now()}@example.com`;
  const answer = await context.request.post(`${base}/api/register`, {
    form: { email, password: 'secret12', password_confirmation: 'secret12', terms: '1' },
  });
  if (!answer.ok()) throw new Error(`register failed: ${answer.status()} ${await answer.text()}`);
  console.log(`signed up as ${email}`);
  storageState = await context.storageState();
  await context.close();
}

for (const width of [375, 1440]) {
  const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 }, storageState });
  const page = await context.newPage();
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const name = `${out}/${(path.replace(/[^a-z0-9]+/gi, '_') || 'root').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
    console.log(name);
  }
  await context.close();
}
await browser.close();
