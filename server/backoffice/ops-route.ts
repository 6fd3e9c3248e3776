import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { STAFF_ROLES } from '../../contract/backoffice.ts';
import { hmacSha256 } from '../platform/crypto.ts';
import type { Logger } from '../platform/logger.ts';
import { verifySignature } from '../modules/payments/index.ts';
import type { Services } from '../services.ts';
import { takeBackup } from '../platform/db/backup.ts';

/**
 * Ops commands that reach a running site (scripts/ops.ts) instead of opening its embedded
 * database a second time: `POST /backoffice/ops/{command}`, the body signed with a key derived
 * from APP_SECRET, which only whoever can read the site's secret (its operator, on its machine)
 * has. Each call is audited as the ops command it is.
 */
/** The key of those signatures, as the site derives it (services.backofficeOpsKey). */
export const opsKey = (appSecret: string) => hmacSha256(appSecret, 'backoffice-ops');
const backup = z.object({ operator: z.string().min(1).max(80) });
const staffCreate = z.object({ email: z.email().max(254), role: z.enum(STAFF_ROLES), display_name: z.string().trim().min(2).max(80), operator: z.string().min(1).max(80) });

export function backofficeOpsRoutes(deps: { services: Services; logger: Logger }) {
  const app = new Hono();

  /** The command's body, checked against its signature and `schema`; or the answer refusing it. */
  async function signedBody<T>(c: Context, schema: z.ZodType<T>): Promise<{ ok: true; body: T } | { ok: false; refusal: Response }> {
    c.header('Cache-Control', 'no-store');
    const raw = await c.req.text();
    const check = verifySignature(deps.services.backofficeOpsKey, raw, c.req.header('x-signature'));
    if (!check.ok) return { ok: false, refusal: c.json({ error: `signature ${check.reason}` }, 401) };
    let parsed;
    try {
      parsed = schema.safeParse(JSON.parse(raw));
    } catch {
      return { ok: false, refusal: c.json({ error: 'the body is not JSON' }, 400) };
    }
    if (!parsed.success) return { ok: false, refusal: c.json({ error: parsed.error.issues.map((issue) => issue.path.join('.') || '_').join(', ') }, 422) };
    return { ok: true, body: parsed.data };
  }

  app.post('/staff-create', async (c) => {
    const request = await signedBody(c, staffCreate);
    if (!request.ok) return request.refusal;
    const { email, role, display_name, operator } = request.body;
    try {
      const { member, before, after, link } = await deps.services.staff.invite({ email, role, displayName: display_name, invitedBy: null });
      await deps.services.staff.recordAudit({ actor: `ops:${operator}`, action: 'staff.invite', subject: `staff:${member.id}`, before, after, details: { via: 'ops staff:create' } });
      return c.json({ member, link });
    } catch (error) {
      deps.logger.warn({ err: error }, 'ops staff:create refused');
      return c.json({ error: error instanceof Error ? error.message : 'refused' }, 422);
    }
  });
  // `ops backup` while the site holds the embedded database: the site takes the copy and sends
  // the file's bytes; the command writes them where the operator asked.
  app.post('/backup', async (c) => {
    const request = await signedBody(c, backup);
    if (!request.ok) return request.refusal;
    const { database } = deps.services;
    if (database.raw.kind !== 'pglite') return c.json({ error: 'this site runs on PostgreSQL: back it up with its own tools (docs/operations.md)' }, 409);
    const file = await takeBackup(database.raw.client);
    const { operator } = request.body;
    await deps.services.staff.recordAudit({ actor: `ops:${operator}`, action: 'ops.backup', subject: 'database', details: { via: 'ops backup', bytes: file.byteLength } });
    deps.logger.info({ bytes: file.byteLength, operator }, 'backup taken for ops backup');
    return c.body(file as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/octet-stream' });
  });
  return app;
}
