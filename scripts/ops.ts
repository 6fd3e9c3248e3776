/**
 * Operator commands: `npm run ops -- <command> [args]`. They work on the same database the site
 * uses (DATABASE_URL, or the embedded one under DATA_DIR). The embedded database is opened by one
 * process at a time: while the site runs on it (its note in DATA_DIR, server/platform/site-lock.ts),
 * staff:create, backup, payment:settle, payment:chargeback and betting:* go through the site, restore refuses, and the others stop and say so.
 *
 *   migrate                              apply the release's database migrations and seed the demo content, nothing else (MIGRATE=off sites: docs/deploy.md)
 *   staff:create <email> <role> [name]   a back-office member (the first owner) and their one-time set-up link (docs/backoffice.md)
 *   site:maintenance on|off              turn the maintenance page on or off
 *   site:set <setting> <json value>      set an operator setting (e.g. timeToForceLogout 900)
 *   site:get [setting]                   show operator settings
 *   site-config:export <locale>          print a locale's site configuration document
 *   site-config:import <locale> <file>   replace it from a JSON file (validated)
 *   user:ban <login>                     block an account (its sessions end; its calls answer UserBannedException)
 *   user:unban <login>                   unblock it
 *   user:delete <login>                  mark it deleted (UserDeletedException)
 *   user:kyc-block <login> on|off        require identity verification before withdrawals
 *   ledger:verify                        recompute every balance from the postings; prove they sum to zero
 *   reports:rebuild                      empty the business report's daily rows and fold the whole ledger again (docs/reports.md)
 *   backup <file>                        one consistent copy of the embedded database, online (through the site when it runs)
 *   restore <file>                       put a backup in place of the embedded database (the site stopped; the old one kept aside)
 *   withdrawal:list [status]             withdrawals waiting for approval (or with that status)
 *   withdrawal:approve <id>              pay it out through the provider and post the reserve (up to BACKOFFICE_FOUR_EYES)
 *   withdrawal:decline <id>              decline it; the reserve returns to the player
 *   payment:settle <id> success|fail     the demo provider settles a payment left pending
 *   payment:chargeback <id> [refund]     the demo provider's card holder charges a settled deposit back, or the provider refunds it on its own (docs/payments.md, "Chargebacks")
 *   jobs:list [failed|pending]           jobs that failed for good (default) or are waiting or retrying
 *   jobs:retry <id>                      give a failed job a fresh set of attempts (docs/events.md)
 *   tournament:list                      tournaments with their window, buy-in and players
 *   tournament:create <file>             create one from a JSON file (docs/tournaments.md)
 *   tournament:end <sysname>             close a running tournament now: ranks frozen, prizes paid (both audited)
 *   campaign:list                        campaigns with their trigger, status, window and placements
 *   campaign:create <file>               create one from a JSON file (docs/promotions.md); every wrong field named
 *   campaign:pause|resume|end <sysname>  stop showing and granting it for now, again, or for good
 *   campaign:schedule <sysname> <starts_at> [ends_at|none]   move its window (ISO 8601 times)
 *   promo:list                           promo codes with their campaign, uses and expiry
 *   promo:create <code> <campaign> [max_uses|none] [expires_at|none]   a new code for a campaign
 *   promo:pause|resume|end <code>        stop accepting a code for now, again, or for good
 *   bonus:list <login>                   a player's bonuses with their wagering and why they ended
 *   cashback:run [at]                    compute (and pay the automatic) cashback for periods ended by now or `at`
 *   audit:list [subject]                 the latest operator changes (who, what, when), e.g. campaign:welcome-bonus
 *   loyalty:points <login>               a player's loyalty points (to spend, lifetime) and last movements
 *   loyalty:adjust <login> <points> <reason>   add (or, negative, take) points: an audited journal row
 *   loyalty:products                     the loyalty shop's products with price, level and state
 *   kyc:pending                          players whose identity documents wait for a review
 *   kyc:show <login> [--out <dir>]       a player's verification and documents (--out: copies of the files, for the operator)
 *   kyc:approve <login>                  approve: the player is verified, told by mail and on the site (audited)
 *   kyc:reject <login> --reason <text> [--final]   reject with a reason the player reads; new documents are asked for unless --final (audited)
 *   betting:fixture <sport> [minutes] [live]   a new demo fixture, printed as JSON (docs/betting.md)
 *   betting:odds <eventId> [percent]     move the event's open odds (first side shorter by percent)
 *   betting:suspend|open <eventId>       suspend or reopen the event's markets
 *   betting:settle <eventId> <h>-<a>     result it with that final score and settle its bets (again: a correction)
 *   betting:void <eventId>               call it off: every bet on it void
 *   rg:show <login>                      a player's responsible-gaming limits, reality check and exclusions (read only: none can be lifted)
 *   content:list                         content pages and SEO texts with locale, state and date of change
 *   content:show <slug|/path> <locale>   one entry as JSON, in the shape content:put takes back
 *   content:put <file.json|file.md>      create or update a page (slug) or SEO text (path) from a file (docs/content.md)
 *   content:publish|unpublish <slug|/path> [locale|all]   show it on the site, or take it off (a 404 then)
 *
 * Every change is written to operator_audit with the operator's name (OPERATOR, else the system user): campaigns,
 * codes, cashback runs, loyalty points, content, verification and tournaments by their modules in the same
 * transaction; the other changing commands (AUDITED_BY_OPS) right after they succeed.
 */
import { readFileSync } from 'node:fs';
import { isLocale } from '../contract/locales.ts';
import { parseEnv } from '../server/platform/env.ts';
import { openDatabase } from '../server/platform/db/database.ts';
import { createSiteSettings, settingSchemas, type SettingKey } from '../server/modules/site-settings/index.ts';
import { createSiteConfigService } from '../server/modules/site-config/index.ts';
import { createLogger } from '../server/platform/logger.ts';
import { createBus, type Bus } from '../server/platform/bus/index.ts';
import { createCacheInvalidator } from '../server/platform/cache-invalidation.ts';
import { createServices } from '../server/services.ts';
import { hmacSha256 } from '../server/platform/crypto.ts';
import { resolveAppSecret } from '../server/platform/secrets.ts';
import { SIGNATURE_HEADER, signBody } from '../server/modules/payments/index.ts';
import { readSiteLock } from '../server/platform/site-lock.ts';
import { fourEyesThreshold, recordAudit } from '../server/modules/staff/index.ts';
import { migrateAndSeed, pendingMigrations } from '../server/platform/db/prepare.ts';

const [command, ...args] = process.argv.slice(2);
const env = parseEnv();

/**
 * Asks the demo provider's own back office (`/psp/demo/<path>`) through the running site, signed
 * with the provider's secret, as the provider's operators would: its callbacks must reach the
 * platform, so these commands open no database. Exits with the outcome.
 */
async function askDemoProvider(path: string, payload: Record<string, string>, done: (text: string) => string): Promise<never> {
  const secret = env.PSP_DEMO_SECRET ?? hmacSha256(resolveAppSecret(env).secret, 'psp-demo');
  const site = process.env.SITE_URL ?? `http://127.0.0.1:${env.PORT}`;
  const body = JSON.stringify(payload);
  const answer = await fetch(new URL(`/psp/demo/${path}`, site), {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, body) },
  }).catch((error: unknown) => {
    console.error(`the site at ${site} did not answer: ${String(error)}`);
    process.exit(1);
  });
  const text = await answer.text();
  console.log(answer.ok ? `${payload.payment_id}: ${done(text)}` : `${payload.payment_id}: refused (${answer.status}) ${text}`);
  process.exit(answer.ok ? 0 : 1);
}

if (command === 'payment:settle') {
  const [paymentId, outcome] = args;
  if (!paymentId || (outcome !== 'success' && outcome !== 'fail')) {
    console.error('usage: payment:settle <id> success|fail');
    process.exit(1);
  }
  await askDemoProvider('settle', { payment_id: paymentId, outcome: outcome === 'success' ? 'success' : 'failed' }, () => `settled as ${outcome}`);
}

if (command === 'payment:chargeback') {
  // The card holder's bank takes the deposit back; the provider then sends the platform its signed notice.
  const [paymentId, as] = args;
  if (!paymentId || (as !== undefined && as !== 'refund')) {
    console.error('usage: payment:chargeback <id> [refund]');
    process.exit(1);
  }
  const takenBackAs = as === 'refund' ? 'refund' : 'chargeback';
  await askDemoProvider('chargeback', { payment_id: paymentId, taken_back_as: takenBackAs }, (text) => `${takenBackAs === 'refund' ? 'refunded by the provider' : 'charged back'} (${text})`);
}

if (command?.startsWith('betting:')) {
  // The sportsbook's commands act through the running site (scripts/ops-betting.ts).
  const { runBettingCommand } = await import('./ops-betting.ts');
  process.exit(await runBettingCommand(env, command, args));
}

// The embedded database is opened by one process at a time: with the site running on it, a
// command either goes through the site or stops here, saying so.
const runningSite = env.DATABASE_URL ? null : readSiteLock(env.DATA_DIR);
if (command === 'backup' || command === 'restore') {
  // Through the running site, or directly; restore refuses while a site runs (scripts/ops-backup.ts).
  const { runBackupCommand } = await import('./ops-backup.ts');
  process.exit(await runBackupCommand(env, command, args));
}
if (command === 'staff:create') {
  const { parseStaffCreate, staffCreateThroughSite } = await import('./ops-staff.ts');
  const parsed = parseStaffCreate(args);
  if (typeof parsed === 'string') {
    console.error(parsed);
    process.exit(1);
  }
  if (runningSite) {
    const link = await staffCreateThroughSite(env, runningSite.port, parsed).catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
    console.log(`${parsed.email} (${parsed.role}): open this one-time set-up link within 72 hours:\n${link}`);
    process.exit(0);
  }
}
if (runningSite) {
  console.error(
    `The site is running on the embedded database (pid ${runningSite.pid}, port ${runningSite.port}), which one process opens at a time.\n` +
      `Stop it first, or do this from the back office at http://localhost:${runningSite.port}/backoffice.`,
  );
  process.exit(1);
}

const database = env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: `${env.DATA_DIR}/pglite` });

if (command === 'migrate') {
  // The release step of a site whose processes run with MIGRATE=off (the Kubernetes Job): they
  // wait for it, then serve. Safe to run again: what is applied is skipped.
  try {
    const pending = database.kind === 'postgres' ? await pendingMigrations(database) : [];
    await migrateAndSeed(database);
    console.log(pending.length ? `applied ${pending.length} migration(s): ${pending.join(', ')}` : 'the database has every migration of this release');
  } finally {
    await database.close();
  }
  process.exit(0);
}

function fail(message: string): never {
  console.error(message);
  process.exitCode = 1;
  throw new Error(message);
}

let bus: Bus | undefined;

/** Changing commands whose modules write no audit row of their own (the others do, in their transaction). */
const AUDITED_BY_OPS = new Set(['site:maintenance', 'site:set', 'site-config:import', 'user:ban', 'user:unban', 'user:delete', 'user:kyc-block', 'withdrawal:approve', 'withdrawal:decline', 'jobs:retry', 'reports:rebuild']);

const isSettingKey = (value: string | undefined): value is SettingKey => !!value && Object.hasOwn(settingSchemas, value);

try {
  await database.migrate();
  // Writes reach the running web processes' caches through the bus at once (not after their time limit).
  bus = await createBus({ database, redisUrl: env.REDIS_URL, namespace: env.BUS_NAMESPACE });
  const invalidator = createCacheInvalidator({ bus });
  const settings = createSiteSettings(database.db, { invalidator });
  const configs = createSiteConfigService(database.db, { invalidator });
  switch (command) {
    case 'staff:create': {
      const { parseStaffCreate, staffCreateInDatabase } = await import('./ops-staff.ts');
      const parsed = parseStaffCreate(args);
      if (typeof parsed === 'string') fail(parsed);
      console.log(`${parsed.email} (${parsed.role}): open this one-time set-up link within 72 hours:\n${await staffCreateInDatabase(database, env, parsed)}`);
      break;
    }
    case 'site:maintenance': {
      if (args[0] !== 'on' && args[0] !== 'off') fail('usage: site:maintenance on|off');
      await settings.set('maintenance', args[0] === 'on');
      console.log(`maintenance ${args[0]}`);
      break;
    }
    case 'site:set': {
      const [key, raw] = args;
      if (!isSettingKey(key) || raw === undefined) fail(`usage: site:set <${Object.keys(settingSchemas).join('|')}> <json value>`);
      await settings.set(key, JSON.parse(raw) as never);
      console.log(`${key} = ${JSON.stringify(await settings.get(key))}`);
      break;
    }
    case 'site:get': {
      const keys = args[0] ? [args[0]] : Object.keys(settingSchemas);
      for (const key of keys) {
        if (!isSettingKey(key)) fail(`unknown setting ${key}`);
        console.log(`${key} = ${JSON.stringify(await settings.get(key))}`);
      }
      break;
    }
    case 'site-config:export': {
      if (!isLocale(args[0])) fail('usage: site-config:export en|fr');
      console.log(JSON.stringify(await configs.get(args[0]), null, 2));
      break;
    }
    case 'site-config:import': {
      const [locale, file] = args;
      if (!isLocale(locale) || !file) fail('usage: site-config:import en|fr <file.json>');
      await configs.put(locale, JSON.parse(readFileSync(file, 'utf8')));
      console.log(`site configuration for ${locale} replaced`);
      break;
    }
    case 'user:ban':
    case 'user:unban':
    case 'user:delete': {
      if (!args[0]) fail(`usage: ${command} <login>`);
      const status = command === 'user:ban' ? 'banned' : command === 'user:delete' ? 'deleted' : 'active';
      const services = await createServices({ database, env, logger: createLogger('warn') });
      const uid = await services.accounts.setStatus(args[0], status);
      await services.close();
      console.log(`account ${uid} (${args[0]}) is now ${status}`);
      break;
    }
    case 'user:kyc-block': {
      if (!args[0] || (args[1] !== 'on' && args[1] !== 'off')) fail('usage: user:kyc-block <login> on|off');
      const services = await createServices({ database, env, logger: createLogger('warn') });
      const uid = await services.accounts.setFlags(args[0], { isKycBlockEnabled: args[1] === 'on' });
      await services.close();
      console.log(`account ${uid}: KYC block ${args[1]}`);
      break;
    }
    case 'withdrawal:list':
    case 'withdrawal:approve':
    case 'withdrawal:decline': {
      const services = await createServices({ database, env, logger: createLogger('warn') });
      try {
        if (command === 'withdrawal:list') {
          const rows = await services.payments.listWithdrawals(args[0] ?? 'requested');
          if (!rows.length) console.log('no withdrawals');
          for (const row of rows) console.log(`${row.id}  uid ${row.uid}  ${row.amount.amount} ${row.amount.currency}  ${row.method}  ${row.status}  ${row.created_at}`);
        } else if (command === 'withdrawal:approve') {
          if (!args[0]) fail('usage: withdrawal:approve <id>');
          // Four eyes cannot be had from one shell: above BACKOFFICE_FOUR_EYES the command
          // approves nothing and sends the operator to the back office, where two members do.
          const above = (currency: string) => fourEyesThreshold(env.BACKOFFICE_FOUR_EYES, currency);
          const result = await services.payments.approveWithdrawalBy(args[0], { fourEyes: { above, approve: async () => ({ approvers: [], added: false }) } });
          if (result.outcome === 'waiting') {
            fail(`${args[0]}: above BACKOFFICE_FOUR_EYES (${env.BACKOFFICE_FOUR_EYES} ${result.payment.currency}): two members approve it in the back office (/backoffice/withdrawals); nothing was paid`);
          }
          console.log(`${args[0]}: ${result.outcome === 'paid' ? 'paid out' : `declined: ${result.reason}`}`);
        } else if (command === 'withdrawal:decline') {
          if (!args[0]) fail('usage: withdrawal:decline <id>');
          await services.payments.declineWithdrawal(args[0]);
          console.log(`${args[0]}: declined, the reserve is back on the player's balance`);
        }
      } finally {
        await services.close();
      }
      break;
    }
    case 'ledger:verify': {
      const { createLedger } = await import('../server/modules/ledger/index.ts');
      const report = await createLedger(database.db).verify();
      console.log(`${report.accounts} accounts, ${report.transactions} transactions, ${report.postings} postings`);
      if (report.problems.length) fail(`ledger does NOT hold:\n${report.problems.join('\n')}`);
      console.log('ledger holds: every balance equals its postings, every transaction and the whole ledger sum to zero');
      break;
    }
    case 'reports:rebuild': {
      const { rebuildReports } = await import('../server/modules/reports/index.ts');
      const started = Date.now();
      const result = await rebuildReports(database.db);
      console.log(`report rows rebuilt: ${result.folded} ledger transactions folded (through #${result.through}) in ${Date.now() - started} ms`);
      break;
    }
    case 'jobs:list': {
      const which = args[0] ?? 'failed';
      if (which !== 'failed' && which !== 'pending') fail('usage: jobs:list [failed|pending]');
      const { listJobs } = await import('../server/platform/jobs/index.ts');
      const rows = await listJobs(database.db, which);
      if (rows.length === 0) console.log(`no ${which} jobs`);
      for (const row of rows) {
        console.log(`${row.id}  ${row.key}  attempts ${row.attempts}/${row.max_attempts}  ${which === 'failed' ? `failed ${row.failed_at}` : `due ${row.run_at}`}${row.last_error ? `\n    ${row.last_error}` : ''}`);
      }
      break;
    }
    case 'jobs:retry': {
      const id = Number(args[0]);
      if (!Number.isSafeInteger(id) || id <= 0) fail('usage: jobs:retry <id>');
      const { retryJob } = await import('../server/platform/jobs/index.ts');
      if (!(await retryJob(database.db, id))) fail(`job ${id} is not a failed job`);
      console.log(`job ${id} will run again shortly`);
      break;
    }
    case 'tournament:list':
    case 'tournament:create':
    case 'tournament:end': {
      const { createLedger } = await import('../server/modules/ledger/index.ts');
      const { createTournaments, createTournamentAdmin } = await import('../server/modules/tournaments/index.ts');
      const { createPublicNames } = await import('../server/modules/accounts/index.ts');
      const { createLogger: logger } = await import('../server/platform/logger.ts');
      const { createPromotions } = await import('../server/modules/promotions/index.ts');
      const { userInfo } = await import('node:os');
      const ledger = createLedger(database.db);
      // Bonus-money prizes are granted through the promotions module, in the finishing transaction.
      const promotions = createPromotions({ db: database.db, ledger, logger: logger('warn') });
      const service = createTournaments({ db: database.db, ledger, logger: logger('warn'), publicNames: createPublicNames(database.db), grantBonus: promotions.grant });
      // Audited under OPERATOR, else the system user.
      const admin = createTournamentAdmin(database.db, service, { actor: process.env.OPERATOR || userInfo().username });
      if (command === 'tournament:list') {
        for (const row of await admin.list()) {
          const state = row.finishedAt ? 'finished' : row.startsAt > new Date() ? 'upcoming' : row.endsAt <= new Date() ? 'ended, not finished yet' : 'running';
          console.log(`${row.id}  ${row.sysname}  ${state}  ${row.startsAt.toISOString()} -> ${row.endsAt.toISOString()}  ${row.scoring}  buy-in ${row.buyIn} ${row.currency}  ${row.players} players`);
        }
      } else if (command === 'tournament:create') {
        if (!args[0]) fail('usage: tournament:create <file.json>');
        const created = await admin.create(JSON.parse(readFileSync(args[0], 'utf8')));
        console.log(`tournament ${created.id} created: /tournaments/${created.sysname}`);
      } else {
        if (!args[0]) fail('usage: tournament:end <sysname>');
        if (!(await admin.endNow(args[0]))) fail(`no running tournament ${args[0]}`);
        console.log(`${args[0]} ended: ranks frozen, prizes paid`);
      }
      break;
    }
    case 'campaign:list':
    case 'campaign:create':
    case 'campaign:pause':
    case 'campaign:resume':
    case 'campaign:end':
    case 'campaign:schedule':
    case 'promo:list':
    case 'promo:create':
    case 'promo:pause':
    case 'promo:resume':
    case 'promo:end':
    case 'bonus:list':
    case 'cashback:run':
    case 'audit:list': {
      const { runPromotionsCommand } = await import('./ops-promotions.ts');
      await runPromotionsCommand(database, env, command, args, fail);
      break;
    }
    case 'kyc:pending':
    case 'kyc:show':
    case 'kyc:approve':
    case 'kyc:reject': {
      const { runVerificationCommand } = await import('./ops-verification.ts');
      await runVerificationCommand(database, env, command, args, fail);
      break;
    }
    case 'rg:show': {
      const { runResponsibleGamingCommand } = await import('./ops-responsible-gaming.ts');
      await runResponsibleGamingCommand(database, env, args, fail);
      break;
    }
    case 'loyalty:points':
    case 'loyalty:adjust':
    case 'loyalty:products': {
      const { runLoyaltyCommand } = await import('./ops-loyalty.ts');
      await runLoyaltyCommand(database, env, command, args, fail);
      break;
    }
    case 'content:list':
    case 'content:show':
    case 'content:put':
    case 'content:publish':
    case 'content:unpublish': {
      const { runContentCommand } = await import('./ops-content.ts');
      await runContentCommand(database, env, command, args, fail);
      break;
    }
    default:
      fail(`unknown command ${command ?? '(none)'}: see the header of scripts/ops.ts`);
  }
  // Commands whose modules do not write their own audit row get one here, so every change an
  // operator makes from the command line is in the trail (docs/backoffice.md).
  if (AUDITED_BY_OPS.has(command)) {
    const { userInfo } = await import('node:os');
    await recordAudit(database.db, { actor: `ops:${process.env.OPERATOR || userInfo().username}`, action: `ops.${command}`, subject: args[0] ?? '-', details: { args } });
  }
} catch (error) {
  if (process.exitCode !== 1) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
} finally {
  await bus?.close();
  await database.close();
}
