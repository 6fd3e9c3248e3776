import { Hono } from 'hono';
import type { Verification } from './service.ts';

/**
 * What these routes read from the site's request middleware (server/http): who is asking. Named
 * here rather than imported, so the module depends on nothing above it.
 */
type RequestViewer = { Variables: { viewer: { userId: number | null; userStatus: string | null } } };

/**
 * The verification module's HTTP face besides /api: a document's file for its owner, and the
 * Sumsub webhook (raw body: the signature covers the bytes).
 */
export function verificationRoutes(verification: Verification) {
  const routes = new Hono<RequestViewer>();

  // Only the owner's cookie session gets a file; anything else is "not found", so ids reveal
  // nothing. Never cached, never sniffed into something else, downloaded rather than rendered
  // in the site's origin (a PDF opens in the browser's viewer from the download), sandboxed.
  routes.get('/file/:id', async (c) => {
    c.header('Cache-Control', 'no-store, private');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    const viewer = c.get('viewer');
    if (viewer.userId === null) return c.text('Sign in required', 401);
    if (viewer.userStatus !== 'active') return c.text('Forbidden', 403);
    const file = await verification.ownerFile(viewer.userId, c.req.param('id'));
    if (!file) return c.text('Not found', 404);
    c.header('Content-Type', file.contentType);
    const inline = c.req.query('inline') === '1' && file.contentType.startsWith('image/');
    c.header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${file.filename}"`);
    return c.body(new Uint8Array(file.bytes));
  });

  routes.post('/webhook/sumsub', async (c) => {
    const answer = await verification.sumsubWebhook(await c.req.text(), c.req.header('x-payload-digest'), c.req.header('x-payload-digest-alg'));
    return c.json(answer.body, answer.status as 200);
  });

  return routes;
}
