/**
 * `npm run ops -- staff:create <email> <role> [display name]`: a back-office member (the first
 * owner, typically) and their one-time set-up link, printed. With the site running on the
 * embedded database, the command asks the site (a call signed with the site's secret); otherwise
 * it writes to the database itself. Audited either way as this ops command.
 */
import { userInfo } from 'node:os';
import { STAFF_ROLES, type StaffRole } from '../contract/backoffice.ts';
import type { Env } from '../server/platform/env.ts';
import type { Database } from '../server/platform/db/database.ts';
import { createLogger } from '../server/platform/logger.ts';
import { createServices } from '../server/services.ts';
import { resolveAppSecret } from '../server/platform/secrets.ts';
import { signBody } from '../server/modules/payments/index.ts';
import { opsKey } from '../server/backoffice/ops-route.ts';

type Args = { email: string; role: StaffRole; displayName: string; operator: string };

export function parseStaffCreate(args: string[]): Args | string {
  const [email, role, ...name] = args;
  if (!email || !STAFF_ROLES.includes(role as StaffRole)) return `usage: staff:create <email> <${STAFF_ROLES.join('|')}> [display name]`;
  const displayName = name.join(' ').trim() || email.split('@')[0];
  return { email, role: role as StaffRole, displayName, operator: process.env.OPERATOR ?? userInfo().username };
}

/** Through the running site at `port`: answers the set-up link. */
export async function staffCreateThroughSite(env: Env, port: number, args: Args): Promise<string> {
  const body = JSON.stringify({ email: args.email, role: args.role, display_name: args.displayName, operator: args.operator });
  const answer = await fetch(`http://127.0.0.1:${port}/backoffice/ops/staff-create`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-signature': signBody(opsKey(resolveAppSecret(env).secret), body) },
  });
  const json = (await answer.json()) as { link?: string; error?: string };
  if (!answer.ok || !json.link) throw new Error(`the site refused: ${json.error ?? answer.status}`);
  return json.link;
}

/** Straight into the database (the site is stopped, or runs on PostgreSQL). */
export async function staffCreateInDatabase(database: Database, env: Env, args: Args): Promise<string> {
  const services = await createServices({ database, env, logger: createLogger('warn') });
  try {
    const { member, before, after, link } = await services.staff.invite({ email: args.email, role: args.role, displayName: args.displayName, invitedBy: null });
    await services.staff.recordAudit({ actor: `ops:${args.operator}`, action: 'staff.invite', subject: `staff:${member.id}`, before, after, details: { via: 'ops staff:create' } });
    return link;
  } finally {
    await services.close();
  }
}
