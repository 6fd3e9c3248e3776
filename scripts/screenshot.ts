/**
 * Screenshots of pages at phone (375 px) and desktop (1440 px) widths, for looking at what was
 * built: `npm run screenshots -- / /fr /gamehall` (server must be running; BASE_URL overrides).
 */
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const out = process.env.OUT_DIR ?? 'test-results/screenshots';
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/fr'];
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
for (const width of [375, 1440]) {
  const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const name = `${out}/${(path.replace(/[^a-z0-9]+/gi, '_') || 'root').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
    console.log(name);
  }
  await page.close();
}
await browser.close();
