import { Hono } from 'hono';
import { z } from 'zod';
import { STAFF_ROLES } from '../../contract/backoffice.ts';
import { hmacSha256 } from '../platform/crypto.ts';
import type { Logger } from '../platform/logger.ts';
import { verifySignature } from '../modules/payments/index.ts';
import type { Services } from '../services.ts';

/**
 * Ops commands that reach a running site (scripts/ops.ts) instead of opening its embedded
 * database a second time: `POST /backoffice/ops/{command}`, the body signed with a key derived
 * from APP_SECRET, which only whoever can read the site's secret (its operator, on its machine)
 * has. Each call is audited as the ops command it is.
 */
/** The key of those signatures, as the site derives it (services.backofficeOpsKey). */
export const opsKey = (appSecret: string) => hmacSha256(appSecret, 'backoffice-ops');
const staffCreate = z.object({ email: z.email().max(254), role: z.enum(STAFF_ROLES), display_name: z.string().trim().min(2).max(80), operator: z.string().min(1).max(80) });

export function backofficeOpsRoutes(deps: { services: Services; logger: Logger }) {
  const app = new Hono();
  app.post('/staff-create', async (c) => {
    c.header('Cache-Control', 'no-store');
    const raw = await c.req.text();
    const check = verifySignature(deps.services.backofficeOpsKey, raw, c.req.header('x-signature'));
    if (!check.ok) return c.json({ error: `signature ${check.reason}` }, 401);
    let parsed;
    try {
      parsed = staffCreate.safeParse(JSON.parse(raw));
    } catch {
      return c.json({ error: 'the body is not JSON' }, 400);
    }
    if (!parsed.success) return c.json({ error: parsed.error.issues.map((issue) => issue.path.join('.') || '_').join(', ') }, 422);
    const { email, role, display_name, operator } = parsed.data;
    try {
      const { member, before, after, link } = await deps.services.staff.invite({ email, role, displayName: display_name, invitedBy: null });
      await deps.services.staff.recordAudit({ actor: `ops:${operator}`, action: 'staff.invite', subject: `staff:${member.id}`, before, after, details: { via: 'ops staff:create' } });
      return c.json({ member, link });
    } catch (error) {
      deps.logger.warn({ err: error }, 'ops staff:create refused');
      return c.json({ error: error instanceof Error ? error.message : 'refused' }, 422);
    }
  });
  return app;
}
