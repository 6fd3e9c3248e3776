/**
 * The home page's JavaScript budget: the gzipped size of every script the page makes the
 * browser fetch up front, checked against a fixed limit.
 *
 * What counts: every <script src> and every <link rel="modulepreload"> on the server-rendered
 * home page, plus any module a same-page inline <script type="module"> imports by URL (React
 * Router's hydration script imports the route modules; today they are all modulepreloaded too,
 * so this only guards against a change in how the framework emits them). Each file is gzipped
 * on its own at level 9, as a static-compression step would, and the sizes are summed: that is
 * close to what crosses the network, and unlike raw bytes it doesn't punish readable code.
 * Not counted: the inline scripts themselves (hydration data, part of the HTML) and modules
 * loaded later with import() (route chunks on navigation, the locale bundle at hydration).
 *
 * Run alone against a running server:
 *   BASE_URL=http://127.0.0.1:3000 npx node bench/js-budget.ts
 * Exits 1 when the total is over the limit (or the page or an asset can't be fetched).
 */
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';

export const JS_BUDGET_BYTES = 170 * 1024;

export type ScriptSource = 'script-src' | 'modulepreload' | 'inline-import';

export type JsBudgetResult = {
  pageUrl: string;
  limitBytes: number;
  totalGzipBytes: number;
  totalRawBytes: number;
  withinBudget: boolean;
  files: Array<{ url: string; source: ScriptSource; rawBytes: number; gzipBytes: number }>;
  /** Script URLs on another origin: listed, not fetched (the benchmark only talks to its own server). */
  skipped: Array<{ url: string; source: ScriptSource; reason: string }>;
};

const TAG = /<(script|link)\b([^>]*)>/gi;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
// `import x from "u"`, `import * as x from "u"`, `import "u"`, `import("u")`
const IMPORT_SPECIFIER = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function parseAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) {
    attributes.set(match[1].toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/** The script URLs of an HTML document, in document order, each once, with where it was found. */
export function collectScriptUrls(html: string): Array<{ href: string; source: ScriptSource }> {
  const found: Array<{ href: string; source: ScriptSource }> = [];
  for (const match of html.matchAll(TAG)) {
    const tag = match[1].toLowerCase();
    const attributes = parseAttributes(match[2]);
    if (tag === 'script' && attributes.get('src')) found.push({ href: attributes.get('src')!, source: 'script-src' });
    if (tag === 'link' && attributes.get('href')) {
      const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('modulepreload')) found.push({ href: attributes.get('href')!, source: 'modulepreload' });
    }
  }
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = parseAttributes(match[1]);
    if (attributes.get('src') || (attributes.get('type') ?? '').toLowerCase() !== 'module') continue;
    for (const specifier of match[2].matchAll(IMPORT_SPECIFIER)) {
      found.push({ href: specifier[1] ?? specifier[2], source: 'inline-import' });
    }
  }
  const seen = new Set<string>();
  return found.filter(({ href }) => (seen.has(href) ? false : (seen.add(href), true)));
}

export async function measureJsBudget(baseUrl: string, options: { path?: string; limitBytes?: number } = {}): Promise<JsBudgetResult> {
  const pageUrl = new URL(options.path ?? '/', baseUrl).href;
  const limitBytes = options.limitBytes ?? JS_BUDGET_BYTES;
  // As a browser asks for a page (the site only treats text/html requests as documents).
  const page = await fetch(pageUrl, { headers: { accept: 'text/html' }, redirect: 'manual' });
  if (page.status !== 200) throw new Error(`GET ${pageUrl} answered ${page.status}`);
  const html = await page.text();

  const files: JsBudgetResult['files'] = [];
  const skipped: JsBudgetResult['skipped'] = [];
  const origin = new URL(pageUrl).origin;
  const seen = new Set<string>();
  for (const { href, source } of collectScriptUrls(html)) {
    const url = new URL(href, pageUrl);
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    if (url.origin !== origin) {
      skipped.push({ url: url.href, source, reason: 'other origin: not fetched' });
      continue;
    }
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`GET ${url.href} (${source}) answered ${response.status}`);
    // fetch() undoes any Content-Encoding: these are the file's own bytes.
    const body = Buffer.from(await response.arrayBuffer());
    files.push({ url: url.pathname + url.search, source, rawBytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
  }
  if (files.length === 0) throw new Error(`no scripts found on ${pageUrl}: the page or the parser changed`);

  const totalGzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const totalRawBytes = files.reduce((sum, file) => sum + file.rawBytes, 0);
  return { pageUrl, limitBytes, totalGzipBytes, totalRawBytes, withinBudget: totalGzipBytes <= limitBytes, files, skipped };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatJsBudget(result: JsBudgetResult, options: { details?: boolean } = {}): string {
  const lines: string[] = [];
  if (options.details) {
    const sorted = [...result.files].sort((a, b) => b.gzipBytes - a.gzipBytes);
    for (const file of sorted) {
      lines.push(`  ${kb(file.gzipBytes).padStart(9)} gz  ${kb(file.rawBytes).padStart(9)} raw  ${file.url} (${file.source})`);
    }
  }
  for (const skip of result.skipped) lines.push(`  WARNING not counted: ${skip.url} (${skip.source}, ${skip.reason})`);
  const verdict = result.withinBudget ? 'OK' : 'OVER BUDGET';
  const used = ((result.totalGzipBytes / result.limitBytes) * 100).toFixed(0);
  lines.push(
    `Home page JS: ${kb(result.totalGzipBytes)} gzip (${result.totalGzipBytes} B, ${kb(result.totalRawBytes)} raw, ${result.files.length} files)` +
      ` — budget ${kb(result.limitBytes)}, ${used}% used: ${verdict}`,
  );
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseUrl = process.env.BASE_URL;
  if (!baseUrl) {
    console.error('Set BASE_URL to a running server, e.g. BASE_URL=http://127.0.0.1:3000 npx node bench/js-budget.ts');
    process.exit(2);
  }
  try {
    const result = await measureJsBudget(baseUrl);
    console.log(formatJsBudget(result, { details: true }));
    process.exitCode = result.withinBudget ? 0 : 1;
  } catch (error) {
    console.error(`JS budget check failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
