import { Hono } from 'hono';
import type { MailboxEntry } from '../platform/messaging/index.ts';
import { hasControlCharacters } from '../api/control-characters.ts';

type Mailbox = { list(to?: string, limit?: number): Promise<MailboxEntry[]> };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The demo mailbox, mounted only while some channel has no real transport: what the site would
 * have e-mailed or texted, newest first. HTML for people, JSON (?to=address) for tests and tools.
 */
export function createDevMailboxRoutes(mailbox: Mailbox) {
  const routes = new Hono();
  // An address with a NUL byte would reach the database, which refuses it: no such address.
  routes.use(async (c, next) => {
    if (hasControlCharacters(c.req.query('to') ?? '')) {
      return c.json({ error: { type: 'InvalidParameterException', message: 'Invalid parameter: to', fields: { to: 'Wrong symbols in text' } } }, 422);
    }
    return next();
  });
  routes.get('/mailbox.json', async (c) => {
    const to = c.req.query('to')?.trim().toLowerCase();
    const entries = await mailbox.list(to || undefined);
    c.header('Cache-Control', 'no-store');
    return c.json(entries.map(({ to: recipient, subject, text, code, sent_at, channel }) => ({ to: recipient, channel, subject, text, code, sent_at })));
  });
  routes.get('/mailbox', async (c) => {
    const entries = await mailbox.list(c.req.query('to')?.trim().toLowerCase() || undefined);
    const rows = entries
      .map(
        (entry) => `<article><header><strong>${escapeHtml(entry.subject)}</strong><span>${escapeHtml(entry.channel)} to ${escapeHtml(entry.to)} · ${escapeHtml(entry.sent_at)}</span></header>${entry.code ? `<p class="code">${escapeHtml(entry.code)}</p>` : ''}<pre>${escapeHtml(entry.text)}</pre></article>`,
      )
      .join('');
    c.header('Cache-Control', 'no-store');
    // The page's CSP applies a style element only with the response's nonce (security-headers.ts).
    const nonce = (c.get as (key: string) => string | undefined)('nonce') ?? '';
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Demo mailbox · Croupier</title><style nonce="${nonce}">
body{font-family:system-ui,sans-serif;background:#0b0d17;color:#eceef7;max-width:760px;margin:2rem auto;padding:0 1rem}
h1{font-size:1.4rem}p.note{color:#9aa1bd}article{background:#151927;border:1px solid #2a3049;border-radius:12px;padding:1rem;margin:1rem 0}
header{display:flex;flex-direction:column;gap:.25rem}header span{color:#9aa1bd;font-size:.85rem}.code{font-size:1.6rem;letter-spacing:.3em;color:#ffd25a;margin:.5rem 0}
pre{white-space:pre-wrap;font-family:inherit;color:#c9cde0}</style></head><body><h1>Demo mailbox</h1>
<p class="note">No real e-mail or SMS transport is configured, so messages land here, newest first.</p>${rows || '<p class="note">No messages yet.</p>'}</body></html>`);
  });
  return routes;
}
