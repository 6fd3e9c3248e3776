/**
 * The business reports at size (docs/reports.md; issue 30's targets: the report over 10,000,000
 * rounds and 1,000,000 players under 1 s p95, and the rollups under 5 s p99 behind the ledger
 * while the wallet is under load).
 *
 * Part 1, size. On PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local
 * server), in a fresh schema dropped afterwards: migrations, the demo content, then in bulk SQL
 * (generate_series, as bench/backoffice.ts does) a year of play: players signed up over two years
 * in ten countries (one in 500 a test account), and rounds as the seamless wallet writes them
 * into the ledger: a `game_bet` movement (player main → game_house) with the provider, game and
 * round in its metadata, and for a third of the rounds a `game_win` (game_house → player; a losing
 * round's zero win moves no money, as in the wallet); each player's deposit (payment_clearing →
 * main) before their first round, big enough for what they lose. Ids follow time, as on a site.
 * The balances are set to the sums of their postings and checked by the ledger's verify; the
 * tables vacuumed and analyzed as autovacuum would. What is not generated: the wallet's own journal
 * (wallet_transactions) and its sessions, which no report reads.
 *
 * Then the real fold (server/modules/reports/fold.ts, `rebuildReports`, its production batch)
 * over the whole ledger: rows folded per second. Then, one call at a time, the report as the back
 * office asks for it (`services.reports.report`: days over a month, weeks over a quarter, months
 * over a year, each total and split by country, provider and game, periods drawn at random) and
 * the live dashboard (`services.reports.liveDashboard`, the queues included), p50/p95/p99 per
 * case, against a trivial query's p95 measured in the same run (`select 1` on the same pool).
 *
 * Part 2, lag: the wallet bench's rig (bench/wallet.ts: signed bet + win over the wallet's HTTP
 * API, 16 concurrent rounds over 100 players, the job runner on) with the fold job every second
 * (REPORTS_FOLD_CRON) and the settling fallback at 10 s. A sampler reads the newest committed
 * ledger id every 50 ms and when the fold's watermark passes it; the lag is the time between.
 *
 * Opt-in in `npm run bench` (BENCH_REPORTS=1; the generation takes minutes). Alone:
 * `npx node bench/reports.ts`. Tunables: BENCH_REPORTS_PLAYERS (1000000), BENCH_REPORTS_ROUNDS
 * (10000000), BENCH_REPORTS_CALLS (30 per case), BENCH_REPORTS_LAG_MS (20000),
 * BENCH_REPORTS_SCHEMA (a schema to generate into and keep, or to measure again without
 * generating when it holds the rounds already), BENCH_REPORTS_PARTS (size,lag).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { ReportDimension, ReportPeriod } from '../contract/backoffice-reports.ts';
import { createServices, type Services } from '../server/services.ts';
import { parseEnv } from '../server/platform/env.ts';
import { createLogger } from '../server/platform/logger.ts';
import { seedDemoContent } from '../server/db/seed.ts';
import { queryRows } from '../server/platform/db/database.ts';
import { createLedger } from '../server/modules/ledger/index.ts';
import { rebuildReports } from '../server/modules/reports/index.ts';
import { summarize } from './load.ts';
import { openBenchDatabase } from './ledger.ts';
import { bulkLedgerStart, intFromEnv, random, rawClient, timed } from './backoffice.ts';
import { DEFAULT_BENCH_DATABASE_URL } from './pgbench.ts';
import { openWalletRig } from './wallet.ts';

export const REPORTS_TARGET_P95_MS = 1000;
export const REPORTS_TARGET_LAG_P99_MS = 5000;

type Latency = { calls: number; p50: number; p95: number; p99: number; max: number };
export type ReportsCase = Latency & { name: string; meanRows: number; vsBaselineP95: number };

export type ReportsBenchResult = {
  database: 'postgres';
  size: {
    data: { players: number; rounds: number; transactions: number; postings: number; reportDays: number; activePlayerDays: number; days: number };
    generation: { seconds: number; steps: Record<string, number>; reused: boolean };
    fold: { seconds: number; transactions: number; transactionsPerSecond: number; postingsPerSecond: number; batch: number } | null;
    baseline: Latency;
    cases: ReportsCase[];
    over: string[];
  } | null;
  lag: {
    cron: string;
    settleMs: number;
    durationMs: number;
    rounds: number;
    roundsPerSecond: number;
    samples: number;
    lagMs: { p50: number; p99: number; max: number };
  } | null;
  problems: string[];
};

const COUNTRIES = ['FR', 'DE', 'GB', 'ES', 'IT', 'BE', 'CA', 'PT', 'NL', 'IE'];
/** The rounds' span: a year up to a few minutes ago (today's rows are the live dashboard's). */
const DAYS = 365;

type GenerateOptions = { players: number; rounds: number };

/** Everything generated in bulk on one connection of the bench schema; answers seconds per step. */
async function generate(client: pg.PoolClient, options: GenerateOptions, log: (line: string) => void): Promise<Record<string, number>> {
  const steps: Record<string, number> = {};
  const step = async (name: string, text: string) => {
    const started = performance.now();
    await client.query(text);
    steps[name] = (steps[name] ?? 0) + (performance.now() - started) / 1000;
  };
  // A bulk load: asynchronous commits, and the foreign keys' per-row triggers off for this session
  // (session_replication_role, superuser): the ledger's verify checks the books afterwards.
  await client.query(`set synchronous_commit = off; set work_mem = '512MB'; set maintenance_work_mem = '1GB'; set session_replication_role = replica`);
  const n = options.players;
  const countries = `array[${COUNTRIES.map((code) => `'${code}'`).join(',')}]`;
  await step(
    'users',
    `insert into users (password_hash, currency, locale, country_code, status, is_verified, is_test_account, registered_at, password_changed_at)
     select 'bench', 'EUR', 'en', (${countries})[1 + (g * 7) % 10], 'active', g % 3 = 0, g % 500 = 0,
       now() - interval '2 years' + (g * (interval '2 years' / ${n})), now() - interval '2 years' + (g * (interval '2 years' / ${n}))
     from generate_series(1, ${n}) g order by g;
     insert into ledger_accounts (owner_type, owner_id, currency, kind, balance, tracks_balance)
       values ('house', 'payment_clearing', 'EUR', 'payment_clearing', 0, false), ('house', 'game_house', 'EUR', 'game_house', 0, false)
       on conflict do nothing;
     create temp table bench_players as
       select u.id, row_number() over (order by u.id)::int - 1 as g from users u where u.password_hash = 'bench';
     insert into ledger_accounts (owner_type, owner_id, currency, kind, balance, tracks_balance, created_at)
     select 'player', p.id::text, 'EUR', 'main', 0, true, u.registered_at from bench_players p join users u on u.id = p.id order by p.g;
     create temp table bench_accounts as
       select p.g, a.id as account from bench_players p
       join ledger_accounts a on a.owner_type = 'player' and a.owner_id = p.id::text and a.currency = 'EUR' and a.kind = 'main';
     create unique index on bench_accounts (g); analyze bench_accounts`,
  );
  // The catalogue's games (the demo content) with their providers: what the rounds name.
  await step(
    'rounds',
    `create temp table bench_games as select row_number() over (order by id)::int - 1 as i, sysname, provider from games order by id limit 40;
     analyze bench_games`,
  );
  const [{ games }] = (await client.query<{ games: number }>(`select count(*)::int as games from bench_games`)).rows;
  if (games === 0) throw new Error('no games in the demo content');
  // Round r: its time spread evenly over the year, a player (a few play a lot: the square makes
  // low numbers likelier), a game, a stake of 1.00 to 50.00, and for one round in three a win of
  // 2.8 times the stake (about 93% paid back).
  await step(
    'rounds',
    `create temp table bench_rounds as
       select r, now() - interval '${DAYS} days' - interval '5 minutes' + r * (interval '${DAYS} days' / ${options.rounds}) as at,
         floor(${n} * power(((r::bigint * 2654435761) % 1000003) / 1000003.0, 2))::int as g,
         ((r::bigint * 40503) % ${games})::int as game,
         (100 + ((r::bigint * 7919) % 50) * 100)::bigint as stake,
         case when r % 3 = 0 then ((100 + ((r::bigint * 7919) % 50) * 100) * 28 / 10)::bigint else 0 end as win
       from generate_series(1, ${options.rounds}) r;
     create temp table bench_first as
       select g, min(at) as at, greatest(sum(stake - win), 0) + 5000 as amount from bench_rounds group by g`,
  );
  // Every movement in time order: its id is its rank (ids follow time on a site too).
  await step(
    'movements',
    `create temp table bench_moves as
       select row_number() over (order by at, r, leg)::int as rn, * from (
         select r, at, 1 as leg, g, game, stake as amount from bench_rounds
         union all select r, at + interval '2 seconds', 2, g, game, win from bench_rounds where win > 0
         union all select 0, at - interval '1 minute', 0, g, null, amount from bench_first
       ) m;
     create unique index on bench_moves (rn); analyze bench_moves`,
  );
  const { total, tbase, pbase, clearing, house } = await bulkLedgerStart(client);
  log(`  ${total.toLocaleString('en')} ledger movements to write`);
  // leg 0 a deposit, 1 a bet, 2 a win; the player's side of each (the house's is its opposite).
  const playerSide = `(case m.leg when 1 then -m.amount else m.amount end)`;
  const batch = 1_000_000;
  for (let from = 0; from < total; from += batch) {
    const range = `m.rn > ${from} and m.rn <= ${from + batch}`;
    await step(
      'transactions',
      `insert into ledger_transactions (id, idempotency_key, content_hash, kind, metadata, created_at)
       select ${tbase} + m.rn,
         case m.leg when 0 then 'payment:bench-' || m.g else 'wallet:' || gm.provider || ':' || m.r || case m.leg when 1 then ':bet' else ':win' end end,
         md5(m.rn::text), case m.leg when 0 then 'deposit' when 1 then 'game_bet' else 'game_win' end,
         case m.leg when 0 then jsonb_build_object('payment', 'bench-' || m.g)
           else jsonb_build_object('provider', gm.provider, 'transaction', m.r || case m.leg when 1 then ':bet' else ':win' end, 'round', 'r' || m.r,
                                   'game', gm.sysname, 'mode', 'real') end,
         m.at
       from bench_moves m left join bench_games gm on gm.i = m.game where ${range} order by m.rn`,
    );
    await step(
      'postings',
      `insert into ledger_postings (id, transaction_id, account_id, amount, currency)
       select ${pbase} + 2 * m.rn - 1 + l.leg, ${tbase} + m.rn,
         case when l.leg = 1 then a.account when m.leg = 0 then ${clearing} else ${house} end,
         case when l.leg = 1 then ${playerSide} else -${playerSide} end, 'EUR'
       from bench_moves m join bench_accounts a on a.g = m.g, (values (0), (1)) l(leg) where ${range} order by 1`,
    );
    log(`  ${Math.min(from + batch, total).toLocaleString('en')} / ${total.toLocaleString('en')} movements`);
  }
  await step(
    'balances',
    `update ledger_accounts a set balance = s.balance
       from (select b.account, sum(case m.leg when 1 then -m.amount else m.amount end) as balance from bench_moves m join bench_accounts b on b.g = m.g group by b.account) s
       where a.id = s.account;
     select setval(pg_get_serial_sequence('ledger_transactions', 'id'), (select max(id) from ledger_transactions));
     select setval(pg_get_serial_sequence('ledger_postings', 'id'), (select max(id) from ledger_postings))`,
  );
  await client.query(`drop table bench_moves, bench_rounds, bench_first, bench_accounts, bench_players, bench_games`);
  // What autovacuum does after a bulk insert on a site (this server runs with it off); the
  // commits above were asynchronous: flushed first, so the visibility map can be set.
  await client.query(`set synchronous_commit = on; set session_replication_role = origin; checkpoint`);
  await step('vacuum', `vacuum (analyze) users, ledger_accounts, ledger_transactions, ledger_postings`);
  return steps;
}

const benchEnv = (extra: Record<string, string> = {}) =>
  parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'bench-secret-bench-secret-bench-secret-00', JOBS: 'off', ...extra });

/** Calls `work` `calls` times after 3 unmeasured ones; latency per call, one at a time. */
async function measure(calls: number, work: (index: number) => Promise<number>): Promise<Latency & { meanRows: number }> {
  const latencies: number[] = [];
  let rows = 0;
  for (let i = 0; i < 3 + calls; i++) {
    const started = performance.now();
    const count = await work(i);
    if (i < 3) continue;
    latencies.push(performance.now() - started);
    rows += count;
  }
  const summary = summarize(latencies);
  return { calls: latencies.length, p50: summary.p50, p95: summary.p95, p99: summary.p99, max: summary.max, meanRows: rows / Math.max(1, latencies.length) };
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

async function runSize(options: { players: number; rounds: number; calls: number; schema?: string; log: (line: string) => void }): Promise<{ size: NonNullable<ReportsBenchResult['size']>; problems: string[] }> {
  const { log } = options;
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const { database, cleanup } = await openBenchDatabase({ url, schema: options.schema });
  let services: Services | undefined;
  try {
    const problems: string[] = [];
    const started = performance.now();
    const [{ existing, folded }] = await queryRows<{ existing: number; folded: number }>(
      database.db,
      sql`select (select count(*)::int from users where password_hash = 'bench') as existing, (select count(*)::int from report_days) as folded`,
    );
    let steps: Record<string, number> = {};
    let fold: NonNullable<ReportsBenchResult['size']>['fold'] = null;
    if (existing === 0) {
      await seedDemoContent(database.db);
      log(`Generating ${options.players.toLocaleString('en')} players and ${options.rounds.toLocaleString('en')} rounds...`);
      const client = await rawClient(database);
      try {
        steps = await generate(client, options, log);
      } finally {
        client.release();
      }
      const { problems: books } = await timed(steps, 'verify', () => createLedger(database.db).verify());
      problems.push(...books.map((problem) => `ledger: ${problem}`));
      log(`  generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    } else {
      log(`Measuring again on the ${existing.toLocaleString('en')} players already generated in this schema.`);
    }
    const generationSeconds = (performance.now() - started) / 1000;
    if (folded === 0) {
      // The real fold over the whole ledger, in its production batches (each its own transaction).
      // The settling fallback is short: nothing writes this schema's ledger any more, and on a
      // shared server other databases' sessions of the same role would otherwise hold each
      // horizon for the production fallback's minute (decision 044).
      log('  folding with the real fold...');
      const batch = 50_000;
      const folding = performance.now();
      const result = await rebuildReports(database.db, { batch, settleMs: 1_000 });
      const seconds = (performance.now() - folding) / 1000;
      const [{ postings }] = await queryRows<{ postings: number }>(database.db, sql`select count(*)::int as postings from ledger_postings`);
      fold = { seconds, transactions: result.folded, transactionsPerSecond: result.folded / seconds, postingsPerSecond: postings / seconds, batch };
      log(`  folded ${result.folded.toLocaleString('en')} movements in ${seconds.toFixed(0)} s`);
      await database.db.execute(sql`vacuum (analyze) report_days, report_active_players, report_active_counts, report_minutes`);
    }
    const [data] = await queryRows<NonNullable<ReportsBenchResult['size']>['data']>(
      database.db,
      sql`select (select count(*)::int from users where password_hash = 'bench') as players,
        (select count(*)::int from ledger_transactions where kind = 'game_bet') as rounds,
        (select count(*)::int from ledger_transactions) as transactions, (select count(*)::int from ledger_postings) as postings,
        (select count(*)::int from report_days) as "reportDays", (select count(*)::int from report_active_players) as "activePlayerDays",
        (select count(distinct day)::int from report_days) as days`,
    );

    services = await createServices({ database, env: benchEnv(), logger: createLogger('silent'), buildId: 'bench' });
    const reports = services.reports;
    const rng = random(20261128);
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const baseline = await measure(options.calls * 4, async () => {
      await database.db.execute(sql`select 1`);
      return 1;
    });
    log(`  baseline select 1: p95 ${baseline.p95.toFixed(2)} ms`);
    // The windows an operator asks for: a month of days, a quarter of weeks, a year of months,
    // each ending on a random day of the year folded.
    const windows: Array<{ period: ReportPeriod; days: number }> = [
      { period: 'day', days: 31 },
      { period: 'week', days: 91 },
      { period: 'month', days: 365 },
    ];
    const cases: ReportsCase[] = [];
    for (const window of windows) {
      for (const by of ['total', 'country', 'provider', 'game'] as ReportDimension[]) {
        const name = `report: ${window.period}s over ${window.days} days, ${by}`;
        const result = await measure(options.calls, async () => {
          const end = today + DAY_MS - rng.int(0, window.period === 'month' ? 30 : DAYS - window.days) * DAY_MS;
          const report = await reports.report({ from: isoDay(end - window.days * DAY_MS), to: isoDay(end), period: window.period, by });
          if (!report.rows.length) throw new Error(`${name}: no rows`);
          return report.rows.length;
        });
        cases.push({ name, ...result, vsBaselineP95: result.p95 / baseline.p95 });
        log(`  ${name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms (${result.meanRows.toFixed(0)} rows)`);
      }
    }
    const live = await measure(options.calls, async () => (await reports.liveDashboard()).currencies.length);
    cases.push({ name: 'live dashboard (with the queues)', ...live, vsBaselineP95: live.p95 / baseline.p95 });
    log(`  live dashboard: p50 ${live.p50.toFixed(1)} ms, p95 ${live.p95.toFixed(1)} ms`);
    return {
      size: {
        data,
        generation: { seconds: generationSeconds, steps, reused: existing > 0 },
        fold,
        baseline: { calls: baseline.calls, p50: baseline.p50, p95: baseline.p95, p99: baseline.p99, max: baseline.max },
        cases,
        over: cases.filter((row) => row.p95 >= REPORTS_TARGET_P95_MS).map((row) => row.name),
      },
      problems,
    };
  } finally {
    await services?.close();
    await cleanup();
  }
}

/**
 * The wallet bench's load with the fold job every second; the lag from a ledger id's commit (the
 * sampler saw it) to the fold's watermark passing it (the sampler saw that).
 */
async function runLag(options: { durationMs: number; log: (line: string) => void }): Promise<{ lag: NonNullable<ReportsBenchResult['lag']>; problems: string[] }> {
  const cron = '* * * * * *';
  const settleMs = 10_000;
  // A database of its own, as a site has: the fold's horizon looks at the open transactions of
  // its database, and this server's other databases' work (other benches, tests) is not the site's.
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const name = `bench_reports_lag_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const saved = process.env.BENCH_DATABASE_URL;
  process.env.BENCH_DATABASE_URL = url.toString();
  let rig: Awaited<ReturnType<typeof openWalletRig>> | undefined;
  try {
    rig = await openWalletRig({ env: { REPORTS_FOLD_CRON: cron, REPORTS_FOLD_SETTLE_MS: String(settleMs) } });
  } finally {
    if (saved === undefined) delete process.env.BENCH_DATABASE_URL;
    else process.env.BENCH_DATABASE_URL = saved;
    if (!rig) await dropDatabase(admin, name);
  }
  const { database, services, tokens, round } = rig;
  const problems: string[] = [];
  try {
    // What the rig's funding wrote is folded first: the lag is measured on the rounds.
    await services.reports.foldNow();
    services.jobs.start();
    const seen: Array<{ id: number; at: number }> = [];
    const lags: number[] = [];
    let stop = false;
    let stopAt = 0;
    let rounds = 0;
    const sampler = (async () => {
      let next = 0;
      while (!stop || next < seen.length) {
        const [row] = await queryRows<{ id: number | null; through: number | null }>(
          database.db,
          sql`select (select max(id) from ledger_transactions)::int as id, (select folded_through from report_fold_state where name = 'ledger') as through`,
        );
        const at = performance.now();
        if (!stop && row?.id && (seen.length === 0 || row.id > seen[seen.length - 1].id)) seen.push({ id: row.id, at });
        const through = Number(row?.through ?? 0);
        while (next < seen.length && seen[next].id <= through) lags.push(at - seen[next++].at);
        if (stop && performance.now() - stopAt > 30_000) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = performance.now();
    const until = started + options.durationMs;
    await Promise.all(
      Array.from({ length: 16 }, async (_, worker) => {
        for (let iteration = 0; performance.now() < until; iteration++) {
          await round(tokens[(worker * 7 + iteration) % tokens.length]);
          rounds++;
        }
      }),
    );
    const playedMs = performance.now() - started;
    stop = true;
    stopAt = performance.now();
    await sampler;
    await services.jobs.stop();
    await services.jobs.drain();
    if (lags.length < seen.length) problems.push(`${seen.length - lags.length} of ${seen.length} sampled movements not folded 30 s after the load`);
    const summary = summarize(lags);
    options.log(`  rollup lag under the wallet's load: p50 ${summary.p50.toFixed(0)} ms, p99 ${summary.p99.toFixed(0)} ms over ${lags.length} samples`);
    return {
      lag: {
        cron,
        settleMs,
        durationMs: playedMs,
        rounds,
        roundsPerSecond: rounds / (playedMs / 1000),
        samples: lags.length,
        lagMs: { p50: summary.p50, p99: summary.p99, max: summary.max },
      },
      problems,
    };
  } finally {
    await rig.close();
    await dropDatabase(admin, name);
  }
}

async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

export async function runReportsBench(
  options: { players?: number; rounds?: number; calls?: number; lagMs?: number; schema?: string; parts?: string[]; log?: (line: string) => void } = {},
): Promise<ReportsBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const parts = options.parts ?? (process.env.BENCH_REPORTS_PARTS || 'size,lag').split(',');
  const problems: string[] = [];
  let size: ReportsBenchResult['size'] = null;
  let lag: ReportsBenchResult['lag'] = null;
  if (parts.includes('size')) {
    const measured = await runSize({
      players: options.players ?? intFromEnv('BENCH_REPORTS_PLAYERS', 1_000_000),
      rounds: options.rounds ?? intFromEnv('BENCH_REPORTS_ROUNDS', 10_000_000),
      calls: Math.max(5, options.calls ?? intFromEnv('BENCH_REPORTS_CALLS', 30)),
      schema: options.schema ?? (process.env.BENCH_REPORTS_SCHEMA || undefined),
      log,
    });
    size = measured.size;
    problems.push(...measured.problems);
  }
  if (parts.includes('lag')) {
    log('Rollup lag under the wallet bench load...');
    const measured = await runLag({ durationMs: options.lagMs ?? intFromEnv('BENCH_REPORTS_LAG_MS', 20_000), log });
    lag = measured.lag;
    problems.push(...measured.problems);
  }
  return { database: 'postgres', size, lag, problems };
}

const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

export function formatReportsBench(result: ReportsBenchResult): string {
  const lines: string[] = [];
  const { size, lag } = result;
  if (size) {
    const { data } = size;
    lines.push(
      `Reports at size (postgres): ${data.players.toLocaleString('en')} players, ${data.rounds.toLocaleString('en')} rounds ` +
        `(${data.transactions.toLocaleString('en')} ledger movements, ${data.postings.toLocaleString('en')} postings) over ${data.days} days; ` +
        `folded into ${data.reportDays.toLocaleString('en')} day rows and ${data.activePlayerDays.toLocaleString('en')} active-player days`,
    );
    const steps = Object.entries(size.generation.steps).map(([name, seconds]) => `${name} ${seconds.toFixed(0)} s`).join(', ');
    lines.push(size.generation.reused ? '  data generated by an earlier run (BENCH_REPORTS_SCHEMA)' : `  generated in ${size.generation.seconds.toFixed(0)} s: ${steps}`);
    if (size.fold) {
      lines.push(
        `  the fold (batches of ${size.fold.batch.toLocaleString('en')}): ${size.fold.transactions.toLocaleString('en')} movements in ${size.fold.seconds.toFixed(0)} s = ` +
          `${fmt(size.fold.transactionsPerSecond, 0)} movements/s (${fmt(size.fold.postingsPerSecond, 0)} postings/s)`,
      );
    }
    lines.push(`  one call at a time; baseline select 1 p95 ${fmt(size.baseline.p95, 2)} ms`, '');
    const header = ['case', 'calls', 'p50 ms', 'p95 ms', 'p99 ms', 'rows', 'p95 x base', 'p95 < 1 s'];
    const rows = size.cases.map((row) => [row.name, String(row.calls), fmt(row.p50), fmt(row.p95), fmt(row.p99), fmt(row.meanRows, 0), fmt(row.vsBaselineP95, 0), row.p95 < REPORTS_TARGET_P95_MS ? 'yes' : 'NO']);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
    lines.push(line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line), '');
    lines.push(size.over.length ? `  VERDICT: ${size.over.length} case(s) at or over 1 s p95: ${size.over.join(', ')}` : '  VERDICT: every case under 1 s p95');
  }
  if (lag) {
    lines.push(
      `Rollup lag under the wallet bench's load (fold every second, REPORTS_FOLD_CRON='${lag.cron}', settle fallback ${lag.settleMs} ms): ` +
        `${lag.rounds.toLocaleString('en')} rounds in ${(lag.durationMs / 1000).toFixed(0)} s (${fmt(lag.roundsPerSecond, 0)}/s); ` +
        `commit to folded p50 ${fmt(lag.lagMs.p50, 0)} ms, p99 ${fmt(lag.lagMs.p99, 0)} ms, max ${fmt(lag.lagMs.max, 0)} ms over ${lag.samples} samples ` +
        `${lag.lagMs.p99 < REPORTS_TARGET_LAG_P99_MS ? '(target p99 < 5 s: met)' : '(target p99 < 5 s: NOT MET)'}`,
    );
  }
  if (result.problems.length) lines.push(`  problems: ${result.problems.join('; ')}`);
  return lines.join('\n');
}

/** Whether the run met its targets (p95 under 1 s for every case, lag p99 under 5 s). */
export const reportsBenchOver = (result: ReportsBenchResult): string[] => [
  ...(result.size?.over ?? []),
  ...(result.lag && result.lag.lagMs.p99 >= REPORTS_TARGET_LAG_P99_MS ? [`rollup lag p99 ${result.lag.lagMs.p99.toFixed(0)} ms`] : []),
];

if (import.meta.url === `file://${process.argv[1]}`) {
  // The lag part opens the wallet bench's rig, which reads the database from the environment.
  process.env.BENCH_DATABASE_URL ??= process.env.TEST_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
  const result = await runReportsBench();
  console.log('\n' + formatReportsBench(result));
  if (reportsBenchOver(result).length || result.problems.length) process.exitCode = 1;
}
