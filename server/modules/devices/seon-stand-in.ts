import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * A local stand-in for SEON's fraud API, for tests and demos (docs/devices.md). It speaks the v2
 * shapes: a JSON POST with the license key in `X-API-KEY`; an answer `{ success, error, data }`
 * whose data holds SEON's transaction id, its state (APPROVE, REVIEW, DECLINE), the fraud score
 * and the rules that applied; a missing or wrong key is refused with 401 and SEON's error code.
 *
 * Its scoring is a fixed table so tests can predict it: a sign-up or deposit that came with an
 * agent session scores 10 (APPROVE), one without scores 40 (REVIEW, "no device data"), an e-mail
 * on `fraud.example` scores 95 (DECLINE). Levers: `down` (every request answers 503), `delayMs`
 * (answers that late), `requests` (every body received, for the test to read).
 */
export function createSeonStandIn(options: { apiKey: string }) {
  const requests: Array<Record<string, unknown>> = [];
  const state = { down: false, delayMs: 0 };
  const app = new Hono();

  app.post('*', async (c) => {
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.down) return c.json({ success: false, error: { code: '5000', message: 'Service unavailable' } }, 503);
    const key = c.req.header('x-api-key');
    if (!key) return c.json({ success: false, error: { code: '2001', message: 'Missing license key.' } }, 401);
    if (key !== options.apiKey) return c.json({ success: false, error: { code: '2002', message: 'Invalid license key.' } }, 401);
    let body: Record<string, unknown>;
    try {
      body = (await c.req.json()) as Record<string, unknown>;
    } catch {
      return c.json({ success: false, error: { code: '1006', message: 'Invalid input json.' } }, 400);
    }
    if (!body || typeof body !== 'object' || !Object.keys(body).length) return c.json({ success: false, error: { code: '1000', message: 'Empty request body.' } }, 400);
    requests.push(body);
    const rules: Array<{ id: string; name: string; operation: string; score: number }> = [];
    let score = 10;
    if (typeof body.email === 'string' && body.email.endsWith('@fraud.example')) {
      score = 95;
      rules.push({ id: 'E101', name: 'Email domain on a blocklist', operation: '+', score: 85 });
    } else if (!body.session) {
      score = 40;
      rules.push({ id: 'D001', name: 'No device data', operation: '+', score: 30 });
    }
    const decision = score >= 80 ? 'DECLINE' : score >= 30 ? 'REVIEW' : 'APPROVE';
    return c.json({
      success: true,
      error: {},
      data: { id: randomBytes(6).toString('hex'), state: decision, fraud_score: score, applied_rules: rules, calculation_time: 12, seon_id: 1 },
    });
  });

  let server: ServerType | null = null;
  return {
    app,
    state,
    requests,
    /** Listens on 127.0.0.1 (a free port unless given); answers the URL for SEON_API_URL. */
    async start(port = 0) {
      await new Promise<void>((resolve) => {
        server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve());
      });
      return { apiUrl: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/SeonRestService/fraud-api/v2/` };
    },
    async stop() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
  };
}

export type SeonStandIn = ReturnType<typeof createSeonStandIn>;
