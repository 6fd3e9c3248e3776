/**
 * Draws the web app's icons (public/brand/icon-*.png, apple-touch-icon.png) from the brand mark
 * (public/brand/logo-mark.svg) by rendering it in Chromium, so they stay the same picture:
 *
 *   npx node scripts/generate-webapp-icons.ts
 *
 * - icon-192.png, icon-512.png ("any"): the mark as it is, rounded corners transparent.
 * - icon-maskable-512.png ("maskable"): full-bleed violet with the ring and C inside the central
 *   80 % safe zone, since launchers crop it to a circle, squircle or square.
 * - apple-touch-icon.png (180): full-bleed too, iOS rounds the corners itself and shows black
 *   behind transparency.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const brand = fileURLToPath(new URL('../public/brand/', import.meta.url));
const mark = readFileSync(`${brand}logo-mark.svg`, 'utf8');

/** The mark without its rounded tile: the gradients, ring and C, drawn on a full square. */
function fullBleed(scale: number): string {
  const inner = mark
    .replace(/<svg[^>]*>/, '')
    .replace('</svg>', '')
    .replace(/<rect[^>]*\/>/, '');
  const offset = 32 - 32 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c5cff"/><stop offset="1" stop-color="#3b1fb8"/></linearGradient></defs>
<rect width="64" height="64" fill="url(#bg)"/>
<g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g>
</svg>`;
}

const ICONS: Array<{ file: string; size: number; svg: string }> = [
  { file: 'icon-192.png', size: 192, svg: mark },
  { file: 'icon-512.png', size: 512, svg: mark },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.72) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.9) },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
for (const icon of ICONS) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.screenshot({ path: `${brand}${icon.file}`, omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
  await page.close();
  console.log(`public/brand/${icon.file}`);
}
await browser.close();
