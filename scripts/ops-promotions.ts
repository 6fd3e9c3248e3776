/**
 * Operator commands of promotions (see the header of scripts/ops.ts): campaigns, promo codes, a
 * player's bonuses, the cashback run and the audit trail. Every change goes through
 * createPromotionsAdmin, which writes operator_audit in the change's own transaction.
 */
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import type { Database } from '../server/platform/db/database.ts';
import type { Env } from '../server/platform/env.ts';
import { createLogger } from '../server/platform/logger.ts';
import { createServices } from '../server/services.ts';
import { createCashback, createPromotionsAdmin } from '../server/modules/promotions/index.ts';
import { createLedger } from '../server/modules/ledger/index.ts';

/** An ISO 8601 time, or the command fails naming the argument. */
function time(value: string | undefined, name: string, fail: (message: string) => never): Date {
  const date = value ? new Date(value) : new Date(Number.NaN);
  if (!value || Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value)) fail(`${name}: an ISO 8601 time like 2026-12-01T00:00:00Z`);
  return date;
}

export async function runPromotionsCommand(database: Database, env: Env, command: string, args: string[], fail: (message: string) => never): Promise<void> {
  const db = database.db;
  const actor = process.env.OPERATOR || userInfo().username;
  const cashback = createCashback({ db, ledger: createLedger(db) });
  const admin = createPromotionsAdmin(db, { actor, cashback });
  const [first, second, third, fourth] = args;

  switch (command) {
    case 'campaign:list': {
      for (const row of await admin.listCampaigns()) {
        const window = `${row.startsAt.toISOString()} -> ${row.endsAt?.toISOString() ?? 'open'}`;
        console.log(`${row.id}  ${row.sysname}  ${row.trigger}  ${row.status}  ${row.currency}  ${window}  [${row.placements.join(', ')}]`);
      }
      return;
    }
    case 'campaign:create': {
      if (!first) fail('usage: campaign:create <file.json>');
      const created = await admin.createCampaign(JSON.parse(readFileSync(first, 'utf8')));
      console.log(`campaign ${created.id} created: /promotions/${created.sysname}`);
      return;
    }
    case 'campaign:pause':
    case 'campaign:resume':
    case 'campaign:end': {
      if (!first) fail(`usage: ${command} <sysname>`);
      const status = command === 'campaign:pause' ? 'paused' : command === 'campaign:resume' ? 'active' : 'ended';
      await admin.setCampaign(first, { status });
      console.log(`${first} is now ${status}`);
      return;
    }
    case 'campaign:schedule': {
      if (!first) fail('usage: campaign:schedule <sysname> <starts_at> [ends_at|none]');
      const startsAt = time(second, 'starts_at', fail);
      const endsAt = third === undefined || third === 'none' ? null : time(third, 'ends_at', fail);
      if (endsAt && endsAt <= startsAt) fail('ends_at: must be after starts_at');
      await admin.setCampaign(first, { startsAt, endsAt });
      console.log(`${first} runs ${startsAt.toISOString()} -> ${endsAt?.toISOString() ?? 'until ended'}`);
      return;
    }
    case 'promo:list': {
      for (const row of await admin.listCodes()) {
        console.log(`${row.code}  ${row.campaign}  ${row.status}  ${row.uses}/${row.maxUses ?? '∞'} uses  expires ${row.expiresAt?.toISOString() ?? 'never'}`);
      }
      return;
    }
    case 'promo:create': {
      if (!first || !second) fail('usage: promo:create <code> <campaign> [max_uses|none] [expires_at|none]');
      const maxUses = third === undefined || third === 'none' ? null : Number(third);
      const expiresAt = fourth === undefined || fourth === 'none' ? null : time(fourth, 'expires_at', fail).toISOString();
      const created = await admin.createCode({ code: first, campaign: second, max_uses: maxUses, expires_at: expiresAt });
      console.log(`promo code ${created.code} created for ${second}`);
      return;
    }
    case 'promo:pause':
    case 'promo:resume':
    case 'promo:end': {
      if (!first) fail(`usage: ${command} <code>`);
      const status = command === 'promo:pause' ? 'paused' : command === 'promo:resume' ? 'active' : 'ended';
      await admin.setCode(first, status);
      console.log(`${first.toUpperCase()} is now ${status}`);
      return;
    }
    case 'bonus:list': {
      if (!first) fail('usage: bonus:list <login>');
      const services = await createServices({ database, env, logger: createLogger('warn') });
      const uid = await services.accounts.uidOf(first);
      await services.close();
      if (uid === null) fail(`no account with the login ${first}`);
      const rows = await admin.playerBonusList(uid);
      if (!rows.length) console.log(`${first} has no bonuses`);
      for (const row of rows) {
        console.log(`${row.id}  ${row.kind}  ${row.status}  ${row.amount}  wagered ${row.wagering}  expires ${row.expiresAt}  ${row.source}${row.finish ? `  (${row.finish})` : ''}`);
      }
      return;
    }
    case 'cashback:run': {
      const at = first ? time(first, 'at', fail) : undefined;
      const created = await admin.runCashback(at);
      console.log(`${created} cashback(s) computed`);
      return;
    }
    case 'audit:list': {
      for (const row of await admin.auditTrail(first)) {
        console.log(`${row.createdAt.toISOString()}  ${row.actor}  ${row.action}  ${row.subject}  ${JSON.stringify(row.details)}`);
      }
      return;
    }
  }
}
