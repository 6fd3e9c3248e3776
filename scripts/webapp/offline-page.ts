/**
 * The branded page the service worker answers a navigation with when the network is gone, one
 * per locale. It is a static, self-contained file (inline styles, the brand mark inline) so it
 * renders from the precache alone; it runs no inline script (the CSP has none to allow): "Try
 * again" is a GET form back to the same address (it works without script), and /_offline/retry.js
 * turns it into a reload, so the address keeps its query, and reloads by itself when the browser
 * says the connection is back and the site answers.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const OFFLINE_LOCALES = ['en', 'fr'] as const;
export type OfflineLocale = (typeof OFFLINE_LOCALES)[number];

type OfflineTexts = { title: string; text: string; retry: string; home: string; hint: string };

const root = fileURLToPath(new URL('../../', import.meta.url));

export function offlineTexts(locale: OfflineLocale): OfflineTexts {
  return (JSON.parse(readFileSync(`${root}app/locales/${locale}/webapp.json`, 'utf8')) as { offline: OfflineTexts }).offline;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function offlinePageHtml(locale: OfflineLocale, texts: OfflineTexts = offlineTexts(locale)): string {
  const mark = readFileSync(`${root}public/brand/logo-mark.svg`, 'utf8').replace('<svg ', '<svg width="72" height="72" ');
  const home = locale === 'en' ? '/' : `/${locale}`;
  return `<!doctype html>
<html lang="${locale}" class="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0b0d17">
<meta name="robots" content="noindex">
<title>${escapeHtml(texts.title)} · Croupier</title>
<link rel="icon" href="/brand/logo-mark.svg" type="image/svg+xml">
<style>
*{box-sizing:border-box}
html,body{margin:0;min-height:100%;background:#0b0d17;color:#e9eaf3;font-family:Inter,"Segoe UI",system-ui,-apple-system,Arial,sans-serif}
body{display:grid;place-items:center;min-height:100vh;padding:24px;background:radial-gradient(60rem 30rem at 50% -10%,rgba(124,92,255,.28),transparent 60%),#0b0d17}
main{width:100%;max-width:440px;text-align:center;padding:40px 28px;border-radius:28px;background:rgba(20,23,40,.85);box-shadow:0 0 0 1px rgba(255,255,255,.06),0 30px 80px -20px rgba(0,0,0,.6)}
.mark{display:inline-block;filter:drop-shadow(0 10px 30px rgba(124,92,255,.45))}
.signal{margin:22px auto 0;display:flex;justify-content:center;gap:5px;align-items:flex-end;height:22px}
.signal i{display:block;width:6px;border-radius:3px;background:#3a3f5c}
.signal i:nth-child(1){height:6px;background:#ffd166}.signal i:nth-child(2){height:11px}.signal i:nth-child(3){height:16px}.signal i:nth-child(4){height:22px}
h1{margin:18px 0 10px;font-size:26px;line-height:1.2;font-weight:800;letter-spacing:.2px}
p{margin:0 0 12px;color:#a9adc6;line-height:1.55;font-size:15px}
.actions{display:flex;flex-direction:column;gap:12px;margin-top:26px}
button,a.home{display:block;width:100%;padding:14px 18px;border-radius:14px;font:inherit;font-weight:700;font-size:16px;cursor:pointer;text-decoration:none}
button{border:0;color:#1a1205;background:linear-gradient(135deg,#ffe08a,#d9951a);box-shadow:0 10px 30px -10px rgba(217,149,26,.7)}
a.home{color:#e9eaf3;background:rgba(255,255,255,.06);box-shadow:inset 0 0 0 1px rgba(255,255,255,.08)}
button:focus-visible,a.home:focus-visible{outline:3px solid #b9a6ff;outline-offset:3px}
.hint{margin-top:18px;font-size:13px;color:#7d819c}
</style>
</head>
<body>
<main data-testid="offline-page">
<span class="mark" aria-hidden="true">${mark}</span>
<div class="signal" aria-hidden="true"><i></i><i></i><i></i><i></i></div>
<h1>${escapeHtml(texts.title)}</h1>
<p>${escapeHtml(texts.text)}</p>
<div class="actions">
<form method="get"><button type="submit" data-testid="offline-retry">${escapeHtml(texts.retry)}</button></form>
<a class="home" href="${home}">${escapeHtml(texts.home)}</a>
</div>
<p class="hint">${escapeHtml(texts.hint)}</p>
</main>
<script src="/_offline/retry.js"></script>
</body>
</html>
`;
}

/** Loaded by the offline page: reload once the browser is back online. */
export const OFFLINE_RETRY_SCRIPT = [
  // "online" only says a network is up (and fires spuriously while a navigation starts): reload
  // once the site itself answers, so a reload never cancels a navigation already on its way.
  "addEventListener('online', function () { fetch('/healthz', { cache: 'no-store' }).then(function (r) { if (r.ok) location.reload(); }, function () {}); });",
  // A GET form drops the address's query (?category=live): a reload keeps it.
  "document.addEventListener('submit', function (event) { event.preventDefault(); location.reload(); });",
  '',
].join('\n');
