import { Hono } from 'hono';
import { z } from 'zod';
import { SPORTS } from '../../../contract/betting.ts';
import { SIGNATURE_HEADER, verifySignature } from '../payments/index.ts';
import type { Betting } from './service.ts';

/**
 * `POST /platform/betting/command`: the operator's hand on the book (scripts/ops-betting.ts),
 * through the running site so it works with the embedded database that one process holds. The
 * body is signed like the demo provider's callbacks (X-Signature over the raw body) with the
 * secret `betting-ops` derived from APP_SECRET; anything unsigned is refused.
 */
const eventId = z.coerce.number().int().min(1).max(2_147_483_647);
export const bettingCommandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('fixture'), sport: z.enum(SPORTS), minutes: z.number().int().min(0).max(10_080).default(30), live: z.boolean().default(false) }),
  z.object({ command: z.literal('odds'), event_id: eventId, percent: z.number().int().min(1).max(90).default(10) }),
  z.object({ command: z.literal('suspend'), event_id: eventId }),
  z.object({ command: z.literal('open'), event_id: eventId }),
  z.object({ command: z.literal('settle'), event_id: eventId, home: z.number().int().min(0).max(999), away: z.number().int().min(0).max(999) }),
  z.object({ command: z.literal('void'), event_id: eventId }),
]);
export type BettingCommand = z.infer<typeof bettingCommandSchema>;

export async function runBettingCommand(betting: Betting, command: BettingCommand): Promise<unknown> {
  switch (command.command) {
    case 'fixture':
      return betting.createFixture(command.sport, command.minutes, command.live);
    case 'odds':
      return betting.moveOdds(command.event_id, command.percent);
    case 'suspend':
      await betting.suspend(command.event_id);
      return betting.book.event(command.event_id, 'en');
    case 'open':
      await betting.reopen(command.event_id);
      return betting.book.event(command.event_id, 'en');
    case 'settle':
      return betting.settleEvent(command.event_id, { score: { home: command.home, away: command.away } });
    case 'void':
      return betting.settleEvent(command.event_id, { cancelled: true });
  }
}

export function bettingRoutes(betting: Betting, secret: string) {
  const app = new Hono();
  app.post('/command', async (c) => {
    const raw = await c.req.text();
    if (!verifySignature(secret, raw, c.req.header(SIGNATURE_HEADER)).ok) return c.json({ error: 'invalid signature' }, 401);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return c.json({ error: 'body is not JSON' }, 400);
    }
    const parsed = bettingCommandSchema.safeParse(body);
    if (!parsed.success) return c.json({ error: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') }, 422);
    let result: unknown;
    try {
      result = await runBettingCommand(betting, parsed.data);
    } catch (error) {
      return c.json({ error: (error as Error).message }, 409);
    }
    if (result === null || result === undefined) return c.json({ error: 'no such event' }, 404);
    c.header('Cache-Control', 'no-store');
    return c.json(result);
  });
  return app;
}
