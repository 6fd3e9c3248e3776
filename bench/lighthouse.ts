/**
 * `npm run lighthouse`: Lighthouse (SEO, best practices, accessibility, performance) on the
 * production build, in Debian's Chromium, headless, for the home page, the game hall, a game
 * page and a content page, mobile emulation (Lighthouse's default). Fails when SEO or best
 * practices fall under 95 on any page. Writes bench/results/lighthouse.json; docs/performance.md
 * records the figures.
 *
 * Starts its own server (bench/server.ts: fresh embedded database, free port); BASE_URL points
 * it at a running one instead. CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuild, startServer, type RunningServer } from './server.ts';

export const LIGHTHOUSE_PAGES = ['/', '/gamehall', '/game/golden-croupier', '/terms'];
export const LIGHTHOUSE_MINIMUM = { seo: 95, 'best-practices': 95 } as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export type LighthouseResult = {
  url: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Audits that cost points in the two gated categories, for fixing. */
  failing: string[];
};

export async function runLighthouse(baseUrl: string, pages = LIGHTHOUSE_PAGES): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results: LighthouseResult[] = [];
  try {
    for (const page of pages) {
      const url = `${baseUrl}${page}`;
      const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories, audits } = run.lhr;
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)])) as LighthouseResult['scores'];
      const gated = new Set(['seo', 'best-practices'].flatMap((id) => categories[id]?.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id) ?? []));
      const failing = [...gated].filter((id) => audits[id] && audits[id].score !== null && audits[id].score < 1).map((id) => `${id}: ${audits[id].title}`);
      results.push({ url: page, scores, failing });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

export function formatLighthouse(results: LighthouseResult[]): string {
  const lines = ['page | performance | accessibility | best practices | SEO', '--- | --- | --- | --- | ---'];
  for (const result of results) {
    const s = result.scores;
    lines.push(`${result.url} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo}`);
    for (const audit of result.failing) lines.push(`  - ${audit}`);
  }
  return lines.join('\n');
}

export const belowMinimum = (results: LighthouseResult[]) =>
  results.filter((result) => result.scores.seo < LIGHTHOUSE_MINIMUM.seo || result.scores['best-practices'] < LIGHTHOUSE_MINIMUM['best-practices']);

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  let server: RunningServer | null = null;
  let baseUrl = process.env.BASE_URL;
  if (!baseUrl) {
    ensureBuild(root);
    server = await startServer({ root, readyTimeoutMs: 120_000 });
    baseUrl = server.baseUrl;
  }
  try {
    const results = await runLighthouse(baseUrl);
    console.log(formatLighthouse(results));
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    writeFileSync(path.join(root, 'bench/results/lighthouse.json'), `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
    const low = belowMinimum(results);
    if (low.length) {
      console.error(`Below ${LIGHTHOUSE_MINIMUM.seo} in SEO or best practices: ${low.map((result) => result.url).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
  }
}
