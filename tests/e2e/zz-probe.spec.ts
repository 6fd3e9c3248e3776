import { test } from '@playwright/test';
import { SAMPLES, inFrench } from './route-table.ts';
test('console sweep', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  let current = '';
  page.on('pageerror', (e) => errors.push(`${current} pageerror ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${current} ${m.type()} ${m.text().slice(0, 200)}`); });
  for (const samples of Object.values(SAMPLES)) for (const [p] of samples) for (const path of [p, inFrench(p)]) {
    current = path;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  console.log(errors.join('\n'));
});
