/**
 * The back office's players screens at size (docs/backoffice.md, "Players"; the issue's target:
 * player search and the player page answer under 200 ms p95 over 100,000 players and 5,000,000
 * postings).
 *
 * On PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server), in a fresh
 * schema dropped afterwards: migrations, the demo content, then players generated in bulk SQL
 * (generate_series): users with an e-mail (and most with a phone), one to three sessions each
 * with an address (one player in twenty behind an address shared by about twenty), a withdrawal
 * to an IBAN for one in ten, and one main ledger account each. Then balanced ledger movements,
 * two postings each (a deposit from the house's payment clearing, a bet to and a win from the
 * game house, in turn, so no balance ever goes below zero): about 20 movements per player and a
 * few players with about 100,000 each, 5,000,000 postings in all, the balance rows set to the sum
 * of their postings and checked by the ledger's own verify. The tables are then vacuumed and
 * analyzed, as autovacuum does after a bulk insert on a site.
 *
 * Then the calls, one at a time (latency, not throughput), through the real HTTP app in-process
 * (`app.request`, as the back office's interface calls it) with a signed-in staff member made by
 * the staff module: the search by each of its keys, with filters and sorts, and the player page's
 * reads for random players, the heavy ones included. p50/p95/p99 per case against 200 ms p95.
 *
 * Opt-in in `npm run bench` (BENCH_BACKOFFICE=1): the generation takes minutes. Alone:
 * `npx node bench/backoffice.ts`. Tunables: BENCH_BACKOFFICE_PLAYERS (100000),
 * BENCH_BACKOFFICE_POSTINGS (5000000), BENCH_BACKOFFICE_HOT (5 players of ~100,000 postings),
 * BENCH_BACKOFFICE_CALLS (300 per case), BENCH_BACKOFFICE_SCHEMA (a schema to generate into and
 * keep, or to measure again without generating when it holds the players already).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { createServices, type Services } from '../server/services.ts';
import { createHttpApp } from '../server/http/app.ts';
import { parseEnv } from '../server/platform/env.ts';
import { createLogger } from '../server/platform/logger.ts';
import { seedDemoContent } from '../server/db/seed.ts';
import { analyzeSchemaTables, queryRows, type Database } from '../server/platform/db/database.ts';
import { staffMembers } from '../server/db/schema/staff.ts';
import { createLedger } from '../server/modules/ledger/index.ts';
import { summarize } from './load.ts';
import { openBenchDatabase } from './ledger.ts';
import { DEFAULT_BENCH_DATABASE_URL } from './pgbench.ts';

export const BACKOFFICE_TARGET_P95_MS = 200;

export type BackofficeCase = { name: string; calls: number; p50: number; p95: number; p99: number; max: number; meanItems: number | null; errors: number; errorSamples: string[] };

export type BackofficeBenchResult = {
  database: 'postgres';
  data: { players: number; postings: number; transactions: number; hotPlayers: number; hotPostingsEach: number; sessions: number; contacts: number; withdrawals: number; postingsAllVisiblePercent: number };
  generation: { seconds: number; steps: Record<string, number>; reused: boolean };
  targetP95Ms: number;
  cases: BackofficeCase[];
  /** Cases whose p95 is over the target. */
  over: string[];
  problems: string[];
};

export function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got ${raw}`);
  return value;
}

/** A seeded PRNG (mulberry32): the same calls from run to run. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(items: T[]) => items[Math.floor(next() * items.length)] };
}

const FIRST = ['olivia', 'liam', 'emma', 'noah', 'ava', 'lucas', 'mia', 'hugo', 'lea', 'louis', 'chloe', 'jules', 'ines', 'adam', 'zoe', 'arthur', 'lina', 'paul', 'sara', 'leo'];
const LAST = ['martin', 'bernard', 'dubois', 'thomas', 'robert', 'richard', 'petit', 'durand', 'leroy', 'moreau', 'smith', 'jones', 'brown', 'taylor', 'wilson', 'muller', 'schmidt', 'garcia', 'rossi', 'silva'];
const ADJECTIVES = ['Lucky', 'Golden', 'Silver', 'Wild', 'Royal', 'Happy', 'Brave', 'Swift', 'Clever', 'Mighty', 'Red', 'Blue', 'Jolly', 'Sly', 'Bold', 'Cosmic'];
const NOUNS = ['Ace', 'Joker', 'Queen', 'King', 'Tiger', 'Fox', 'Dragon', 'Star', 'Wolf', 'Eagle', 'Shark', 'Panda', 'Rider', 'Spinner', 'Dealer', 'Seven'];
const COUNTRIES = ['FR', 'DE', 'GB', 'ES', 'IT', 'BE', 'CA', 'PT', 'NL', 'IE'];
const pgArray = (items: string[]) => `array[${items.map((item) => `'${item}'`).join(',')}]`;

type GenerateOptions = { players: number; postings: number; hot: number };

/** Everything generated in bulk on one connection of the bench schema; answers seconds per step. */
async function generate(client: pg.PoolClient, options: GenerateOptions, log: (line: string) => void): Promise<Record<string, number>> {
  const steps: Record<string, number> = {};
  const step = async (name: string, text: string) => {
    const started = performance.now();
    await client.query(text);
    steps[name] = (steps[name] ?? 0) + (performance.now() - started) / 1000;
  };
  await client.query(`set synchronous_commit = off; set work_mem = '256MB'; set maintenance_work_mem = '512MB'`);
  const n = options.players;
  // Three years of sign-ups, the oldest first.
  await step(
    'users',
    `insert into users (password_hash, fakename, currency, locale, country_code, status, is_verified, is_test_account, registered_at, password_changed_at)
     select 'bench',
       case when g % 10 = 0 then null else (${pgArray(ADJECTIVES)})[1 + g % 16] || (${pgArray(NOUNS)})[1 + (g / 16) % 16] || (g % 1000)::text end,
       'EUR', case when g % 4 = 0 then 'fr' else 'en' end,
       (${pgArray(COUNTRIES)})[1 + (g * 7) % 10],
       case when g % 97 = 0 then 'deleted' when g % 50 = 0 then 'banned' else 'active' end,
       g % 3 = 0, g % 500 = 0,
       now() - interval '3 years' + (g * (interval '3 years' / ${n})),
       now() - interval '3 years' + (g * (interval '3 years' / ${n}))
     from generate_series(1, ${n}) g order by g`,
  );
  await step('users', `create temp table bench_players as select id, row_number() over (order by id)::int as g, registered_at from users where password_hash = 'bench'; create unique index on bench_players (g); analyze bench_players`);
  await step(
    'contacts',
    `insert into contacts (user_id, type, value, is_login, is_confirmed, created_at)
     select id, 'email', (${pgArray(FIRST)})[1 + g % 20] || '.' || (${pgArray(LAST)})[1 + (g / 20) % 20] || g::text || '@' || (array['example.com','mail.test','post.example','inbox.test','example.org'])[1 + (g / 400) % 5],
       true, g % 7 <> 0, registered_at
     from bench_players order by g;
     insert into contacts (user_id, type, value, phone_country_code, is_login, is_confirmed, created_at)
     select id, 'phone', '+336' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'), 'FR', false, true, registered_at
     from bench_players where g % 5 <> 0 order by g`,
  );
  await step(
    'sessions',
    `insert into sessions (user_id, token_hash, created_at, last_seen_at, idle_expires_at, absolute_expires_at, revoked_at, ip, user_agent)
     select p.id, md5('bench:' || p.g || ':' || s), p.registered_at + s * interval '5 days', p.registered_at + s * interval '5 days' + interval '1 hour',
       p.registered_at + s * interval '5 days' + interval '90 minutes', p.registered_at + s * interval '5 days' + interval '30 days', null,
       case when p.g % 20 = 0 then '100.64.0.' || ((p.g / 20) % 250)
            else (20 + p.g % 180) || '.' || ((p.g / 180) % 256) || '.' || ((p.g / 46080) * 4 + s) || '.' || (1 + (p.g * 13) % 250) end,
       (array['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0'])[1 + (p.g + s) % 3]
     from bench_players p, generate_series(1, 1 + p.g % 3) s order by p.g, s`,
  );
  await step(
    'withdrawals',
    `insert into payments (public_id, user_id, direction, method, provider, amount, currency, status, requisites, created_at, updated_at)
     select 'bench-w-' || g, id, 'withdrawal', 'bank_transfer', 'demo', 5000, 'EUR', 'approved',
       jsonb_build_object('iban', 'FR76' || lpad(((g / 20) * 20)::text, 23, '0')), registered_at + interval '10 days', registered_at + interval '10 days'
     from bench_players where g % 10 = 0 order by g`,
  );
  await step(
    'accounts',
    `insert into ledger_accounts (owner_type, owner_id, currency, kind, balance, tracks_balance)
       values ('house', 'payment_clearing', 'EUR', 'payment_clearing', 0, false), ('house', 'game_house', 'EUR', 'game_house', 0, false)
       on conflict do nothing;
     insert into ledger_accounts (owner_type, owner_id, currency, kind, balance, tracks_balance, created_at)
     select 'player', id::text, 'EUR', 'main', 0, true, registered_at from bench_players order by g;
     create temp table bench_counts as
       select a.id as account, p.g, case when p.g % ${Math.max(1, Math.floor(n / options.hot))} = 7 then 0 else ((p.g::bigint * 2654435761) % 41)::int end as n,
              p.g % ${Math.max(1, Math.floor(n / options.hot))} = 7 as hot
       from bench_players p join ledger_accounts a on a.owner_type = 'player' and a.owner_id = p.id::text and a.currency = 'EUR' and a.kind = 'main'`,
  );
  // The hot players share what the others leave of the movements (two postings each).
  const moves = Math.floor(options.postings / 2);
  await step(
    'movements',
    `with others as (select coalesce(sum(n), 0) as taken from bench_counts where not hot),
          hot as (select account, row_number() over (order by account) as i, count(*) over () as k from bench_counts where hot)
     update bench_counts c set n = greatest(0, (${moves} - o.taken) / h.k + case when h.i = 1 then (${moves} - o.taken) % h.k else 0 end)
     from others o, hot h where c.account = h.account;
     create temp table bench_moves as
       select row_number() over (order by (k - 0.5)::float8 / c.n, c.account)::int as rn, c.account, k
       from bench_counts c, generate_series(1, c.n) k;
     create unique index on bench_moves (rn); analyze bench_moves`,
  );
  const { total, tbase, pbase, clearing, house } = await bulkLedgerStart(client);
  // Movement k of a player: a deposit of 30.00, a bet of 10.00, a win of 5.00, in turn.
  const amount = `(case m.k % 3 when 1 then 3000 when 2 then -1000 else 500 end)`;
  const batch = 250_000;
  for (let from = 0; from < total; from += batch) {
    const range = `m.rn > ${from} and m.rn <= ${from + batch}`;
    await step(
      'transactions',
      `insert into ledger_transactions (id, idempotency_key, content_hash, kind, metadata, created_at)
       select ${tbase} + m.rn, 'bench:' || m.rn, encode(sha256(m.rn::text::bytea), 'hex'),
         case m.k % 3 when 1 then 'deposit' when 2 then 'game_bet' else 'game_win' end,
         case m.k % 3 when 1 then jsonb_build_object('payment', m.rn) else jsonb_build_object('provider', 'croupier', 'game', 'croupier-roulette', 'round', (m.rn + 2) / 3) end,
         now() - interval '3 years' + m.rn * (interval '3 years' / ${total})
       from bench_moves m where ${range} order by m.rn`,
    );
    await step(
      'postings',
      `insert into ledger_postings (id, transaction_id, account_id, amount, currency)
       select ${pbase} + 2 * m.rn - 1 + l.leg, ${tbase} + m.rn,
         case when l.leg = 1 then m.account when m.k % 3 = 1 then ${clearing} else ${house} end,
         case when l.leg = 1 then ${amount} else -${amount} end, 'EUR'
       from bench_moves m, (values (0), (1)) l(leg) where ${range} order by 1`,
    );
    log(`  ${Math.min(from + batch, total).toLocaleString('en')} / ${total.toLocaleString('en')} movements`);
  }
  await step(
    'balances',
    `update ledger_accounts a set balance = s.balance
       from (select m.account, sum(${amount}) as balance from bench_moves m group by m.account) s where a.id = s.account;
     select setval(pg_get_serial_sequence('ledger_transactions', 'id'), (select max(id) from ledger_transactions));
     select setval(pg_get_serial_sequence('ledger_postings', 'id'), (select max(id) from ledger_postings))`,
  );
  // What autovacuum does after a bulk insert on a site (this server runs with it off): the
  // visibility map (index-only scans) and the planner's statistics. A page is only marked
  // all-visible once its rows' commits are flushed (they were asynchronous above): flush first,
  // and vacuum again what a first pass left unmarked.
  await client.query(`set synchronous_commit = on; checkpoint`);
  await step('vacuum', `vacuum (analyze) users, contacts, sessions, payments, ledger_accounts, ledger_transactions, ledger_postings`);
  const unmarked = async () =>
    (await client.query<{ n: number }>(`select count(*)::int as n from pg_class where oid in ('ledger_postings'::regclass, 'ledger_transactions'::regclass) and relallvisible < relpages * 0.9`)).rows[0].n;
  for (let pass = 0; pass < 2 && (await unmarked()) > 0; pass++) await step('vacuum', `vacuum (analyze) ledger_transactions, ledger_postings`);
  await client.query(`drop table bench_moves, bench_counts, bench_players`);
  return steps;
}

/**
 * Where a bulk load of `bench_moves` (one row per movement, `rn` from 1) starts: how many rows,
 * the ledger's highest ids so far, and the EUR house accounts the movements post against.
 */
export async function bulkLedgerStart(client: pg.PoolClient): Promise<{ total: number; tbase: number; pbase: number; clearing: number; house: number }> {
  const [{ total }] = (await client.query<{ total: number }>(`select count(*)::int as total from bench_moves`)).rows;
  const [bases] = (
    await client.query<{ tbase: number; pbase: number; clearing: number; house: number }>(
      `select (select coalesce(max(id), 0) from ledger_transactions)::int as tbase, (select coalesce(max(id), 0) from ledger_postings)::int as pbase,
         (select id from ledger_accounts where owner_type = 'house' and owner_id = 'payment_clearing' and currency = 'EUR') as clearing,
         (select id from ledger_accounts where owner_type = 'house' and owner_id = 'game_house' and currency = 'EUR') as house`,
    )
  ).rows;
  return { total, ...bases };
}

type Sample = { id: number; email: string; phone: string | null; fakename: string | null; ip: string; iban: string | null };

export async function runBackofficeBench(
  options: { players?: number; postings?: number; hot?: number; calls?: number; schema?: string; log?: (line: string) => void } = {},
): Promise<BackofficeBenchResult> {
  const generateOptions: GenerateOptions = {
    players: options.players ?? intFromEnv('BENCH_BACKOFFICE_PLAYERS', 100_000),
    postings: options.postings ?? intFromEnv('BENCH_BACKOFFICE_POSTINGS', 5_000_000),
    hot: Math.max(1, options.hot ?? intFromEnv('BENCH_BACKOFFICE_HOT', 5)),
  };
  const callsPerCase = Math.max(10, options.calls ?? intFromEnv('BENCH_BACKOFFICE_CALLS', 300));
  const log = options.log ?? ((line: string) => console.log(line));
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const { database, cleanup } = await openBenchDatabase({ url, schema: options.schema ?? (process.env.BENCH_BACKOFFICE_SCHEMA || undefined) });
  let services: Services | undefined;
  try {
    const problems: string[] = [];
    const started = performance.now();
    const [{ existing }] = await queryRows<{ existing: number }>(database.db, sql`select count(*)::int as existing from users where password_hash = 'bench'`);
    let steps: Record<string, number> = {};
    if (existing === 0) {
      await seedDemoContent(database.db);
      log(`Generating ${generateOptions.players.toLocaleString('en')} players and ${generateOptions.postings.toLocaleString('en')} postings...`);
      const client = await rawClient(database);
      try {
        steps = await generate(client, generateOptions, log);
      } finally {
        client.release();
      }
      await analyzeSchemaTables(database.db);
      const { problems: books } = await timed(steps, 'verify', () => createLedger(database.db).verify());
      problems.push(...books.map((problem) => `ledger: ${problem}`));
    } else {
      log(`Measuring again on the ${existing.toLocaleString('en')} players already generated in this schema.`);
    }
    const generationSeconds = (performance.now() - started) / 1000;
    const [data] = await queryRows<BackofficeBenchResult['data']>(
      database.db,
      sql`select (select count(*)::int from users where password_hash = 'bench') as players,
        (select count(*)::int from ledger_postings) as postings, (select count(*)::int from ledger_transactions) as transactions,
        (select count(*)::int from sessions) as sessions, (select count(*)::int from contacts) as contacts,
        (select count(*)::int from payments where direction = 'withdrawal') as withdrawals, 0 as "hotPlayers", 0 as "hotPostingsEach",
        (select round(100.0 * relallvisible / greatest(relpages, 1))::int from pg_class where oid = 'ledger_postings'::regclass) as "postingsAllVisiblePercent"`,
    );
    // The players with the most postings (the hot ones) and a sample of everyone.
    const hot = await queryRows<{ user_id: number; postings: number }>(
      database.db,
      sql`select a.owner_id::int as user_id, count(*)::int as postings from ledger_postings p join ledger_accounts a on a.id = p.account_id
          where a.owner_type = 'player' group by a.owner_id having count(*) > 100 order by 2 desc limit 20`,
    );
    data.hotPlayers = hot.length;
    data.hotPostingsEach = hot.length ? Math.round(hot.reduce((sum, row) => sum + row.postings, 0) / hot.length) : 0;
    const samples = await queryRows<Sample>(
      database.db,
      sql`select u.id, (select value from contacts c where c.user_id = u.id and c.type = 'email' limit 1) as email,
          (select value from contacts c where c.user_id = u.id and c.type = 'phone' limit 1) as phone, u.fakename,
          (select ip from sessions s where s.user_id = u.id order by s.id desc limit 1) as ip,
          (select requisites ->> 'iban' from payments p where p.user_id = u.id and p.requisites ? 'iban' limit 1) as iban
        from users u where u.password_hash = 'bench' and u.id % 37 = 0 order by u.id limit 2000`,
    );
    if (!samples.length || !hot.length) throw new Error('no generated players to ask for');

    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'bench-secret-bench-secret-bench-secret-00', JOBS: 'off' });
    const logger = createLogger('silent');
    services = await createServices({ database, env, logger, buildId: 'bench' });
    const app = createHttpApp({ services, env, logger });
    const ip = '10.97.0.1';
    const call = async (name: string, query: Record<string, string>, body?: Record<string, unknown>, cookie?: string) => {
      const address = new URL(`/backoffice/api/${name}`, 'http://localhost');
      for (const [key, value] of Object.entries(query)) address.searchParams.set(key, value);
      const headers: Record<string, string> = { 'x-croupier-client-ip': ip };
      if (cookie) headers.cookie = cookie;
      if (body) Object.assign(headers, { 'content-type': 'application/json', origin: 'http://localhost' });
      const response = await app.request(address.toString(), { method: body ? 'POST' : 'GET', headers, body: body ? JSON.stringify(body) : undefined });
      const json = (await response.json()) as { data?: unknown; error?: { message: string } };
      return { status: response.status, json, cookie: response.headers.getSetCookie().find((value) => value.startsWith('bo_sid='))?.split(';')[0] ?? null };
    };
    const cookie = await signedInStaff(services, database, call);

    const rng = random(20261127);
    const withPhone = samples.filter((row) => row.phone);
    const withName = samples.filter((row) => row.fakename);
    const withIban = samples.filter((row) => row.iban);
    const hotIds = hot.map((row) => row.user_id);
    const anyPlayer = () => (rng.next() < 0.1 ? rng.pick(hotIds) : rng.pick(samples).id);
    const spacedPhone = (phone: string) => `${phone.slice(0, 3)} ${phone.slice(3, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 8)} ${phone.slice(8, 10)}`;
    const cases: Array<{ name: string; endpoint: string; query: () => Record<string, string> }> = [
      // An e-mail by its beginning: the name part alone (a few hundred players) or with the first digits.
      {
        name: 'search: e-mail prefix',
        endpoint: 'players/search',
        query: () => {
          const email = rng.pick(samples).email;
          const at = email.search(/\d/);
          return { q: rng.next() < 0.5 ? email.slice(0, at) : email.slice(0, at + 2) };
        },
      },
      // The shortest text: one letter, the beginning of thousands of e-mails and display names.
      { name: 'search: one letter', endpoint: 'players/search', query: () => ({ q: rng.pick(['a', 'l', 'm', 's', 'j']) }) },
      { name: 'search: id', endpoint: 'players/search', query: () => ({ q: String(rng.pick(samples).id) }) },
      { name: 'search: phone as typed', endpoint: 'players/search', query: () => ({ q: spacedPhone(rng.pick(withPhone).phone!) }) },
      { name: 'search: display name prefix', endpoint: 'players/search', query: () => ({ q: rng.pick(withName).fakename!.slice(0, rng.int(5, 12)).toLowerCase() }) },
      { name: 'search: address', endpoint: 'players/search', query: () => ({ q: rng.pick(samples).ip }) },
      { name: 'search: IBAN', endpoint: 'players/search', query: () => ({ q: rng.pick(withIban).iban!.replace(/(.{4})/g, '$1 ').trim() }) },
      {
        name: 'search: filters + sort, no text',
        endpoint: 'players/search',
        query: () => ({
          country: rng.pick(COUNTRIES),
          status: rng.pick(['active', 'active', 'banned']),
          verified: rng.pick(['yes', 'no', '']),
          sort: rng.pick(['registered_at', 'fakename', 'id', 'country', 'status']),
          dir: rng.pick(['asc', 'desc']),
          page: String(rng.int(1, 5)),
        }),
      },
      {
        name: 'search: text + filters + sort',
        endpoint: 'players/search',
        query: () => ({ q: rng.pick(FIRST), status: 'active', registered_from: '2024-01-01', sort: rng.pick(['fakename', 'registered_at']), dir: rng.pick(['asc', 'desc']) }),
      },
      { name: 'players/get', endpoint: 'players/get', query: () => ({ id: String(anyPlayer()) }) },
      { name: 'ledger: first page', endpoint: 'players/ledger', query: () => ({ id: String(rng.pick(samples).id) }) },
      { name: 'ledger: first page, hot player', endpoint: 'players/ledger', query: () => ({ id: String(rng.pick(hotIds)) }) },
      {
        name: 'ledger: deep page, hot player',
        endpoint: 'players/ledger',
        query: () => {
          const player = rng.pick(hot);
          const last = Math.max(1, Math.ceil(player.postings / 50));
          return { id: String(player.user_id), page: String(rng.int(Math.ceil(last / 2), last)) };
        },
      },
      { name: 'sessions', endpoint: 'players/sessions', query: () => ({ id: String(anyPlayer()) }) },
      { name: 'linked accounts', endpoint: 'players/linked', query: () => ({ id: String(anyPlayer()) }) },
      { name: 'payments', endpoint: 'players/payments', query: () => ({ id: String(anyPlayer()) }) },
    ];

    const results: BackofficeCase[] = [];
    for (const item of cases) {
      const latencies: number[] = [];
      const errorSamples: string[] = [];
      let errors = 0;
      let items = 0;
      let counted = 0;
      const warmup = 10;
      for (let i = 0; i < warmup + callsPerCase; i++) {
        const query = item.query();
        const t0 = performance.now();
        const answer = await call(item.endpoint, query, undefined, cookie);
        const elapsed = performance.now() - t0;
        if (answer.status !== 200) {
          errors++;
          if (errorSamples.length < 3) errorSamples.push(`${answer.status} ${JSON.stringify(query)}: ${answer.json.error?.message ?? ''}`);
          continue;
        }
        if (i < warmup) continue;
        latencies.push(elapsed);
        const data = answer.json.data as { items?: unknown[] } | unknown[] | null;
        const rows = Array.isArray(data) ? data.length : Array.isArray(data?.items) ? data.items.length : null;
        if (rows !== null) {
          items += rows;
          counted++;
        }
      }
      const summary = summarize(latencies);
      const result: BackofficeCase = {
        name: item.name,
        calls: latencies.length,
        p50: summary.p50,
        p95: summary.p95,
        p99: summary.p99,
        max: summary.max,
        meanItems: counted ? items / counted : null,
        errors,
        errorSamples,
      };
      results.push(result);
      log(`  ${item.name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms${errors ? `, ${errors} errors` : ''}`);
      if (errors) problems.push(`${item.name}: ${errors} failed calls, e.g. ${errorSamples.join('; ')}`);
    }
    return {
      database: 'postgres',
      data,
      generation: { seconds: generationSeconds, steps, reused: existing > 0 },
      targetP95Ms: BACKOFFICE_TARGET_P95_MS,
      cases: results,
      over: results.filter((row) => row.p95 >= BACKOFFICE_TARGET_P95_MS).map((row) => row.name),
      problems,
    };
  } finally {
    await services?.close();
    await cleanup();
  }
}

export async function timed<T>(steps: Record<string, number>, name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    steps[name] = (performance.now() - started) / 1000;
  }
}

/** One connection of the bench's pool, for the bulk statements (this bench and bench/reports.ts need PostgreSQL). */
export async function rawClient(database: Database): Promise<pg.PoolClient> {
  if (database.raw.kind !== 'postgres') throw new Error('this bench needs PostgreSQL');
  return database.raw.pool.connect();
}

type Call = (name: string, query: Record<string, string>, body?: Record<string, unknown>, cookie?: string) => Promise<{ status: number; json: { data?: unknown; error?: { message: string } }; cookie: string | null }>;

/** A support member invited by the staff module and set up through the set-up link's two steps (server/platform/testing/staff.ts). */
async function signedInStaff(services: Services, database: Database, call: Call): Promise<string> {
  const email = `bench.${randomBytes(4).toString('hex')}@staff.example`;
  const { link, member } = await services.staff.invite({ email, role: 'support', displayName: 'Bench support', invitedBy: null });
  const token = new URL(link).hash.replace('#token=', '');
  const started = await call('auth/setup-password', {}, { token, password: `bench-password-${randomBytes(6).toString('hex')}` });
  if (started.status !== 200) throw new Error(`staff set-up failed: ${JSON.stringify(started.json)}`);
  const [row] = await database.db.select({ secret: staffMembers.totpSecret }).from(staffMembers).where(eq(staffMembers.id, member.id));
  const confirmed = await call('auth/setup-confirm', {}, { token, code: await services.staff.totp.code(row.secret!, Date.now()) });
  if (confirmed.status !== 200 || !confirmed.cookie) throw new Error(`staff set-up failed: ${JSON.stringify(confirmed.json)}`);
  return confirmed.cookie;
}

const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

export function formatBackofficeBench(result: BackofficeBenchResult): string {
  const { data } = result;
  const header = ['case', 'calls', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'rows', 'p95 < 200'];
  const rows = result.cases.map((row) => [
    row.name,
    String(row.calls),
    fmt(row.p50),
    fmt(row.p95),
    fmt(row.p99),
    fmt(row.max),
    row.meanItems === null ? '-' : fmt(row.meanItems, 0),
    row.p95 < result.targetP95Ms ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const steps = Object.entries(result.generation.steps)
    .map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`)
    .join(', ');
  return [
    `Back office at size (postgres): ${data.players.toLocaleString('en')} players, ${data.postings.toLocaleString('en')} postings ` +
      `(${data.transactions.toLocaleString('en')} transactions; ${data.hotPlayers} players with ~${data.hotPostingsEach.toLocaleString('en')} each), ` +
      `${data.contacts.toLocaleString('en')} contacts, ${data.sessions.toLocaleString('en')} sessions, ${data.withdrawals.toLocaleString('en')} withdrawals; ` +
      `postings' pages all-visible: ${data.postingsAllVisiblePercent}%`,
    result.generation.reused ? '  data generated by an earlier run (BENCH_BACKOFFICE_SCHEMA)' : `  generated in ${result.generation.seconds.toFixed(0)} s: ${steps}`,
    '  one call at a time through the back-office HTTP app in-process, a signed-in staff member:',
    '',
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map(line),
    '',
    result.over.length
      ? `  VERDICT: ${result.over.length} case(s) at or over ${result.targetP95Ms} ms p95: ${result.over.join(', ')}`
      : `  VERDICT: every case under ${result.targetP95Ms} ms p95`,
    ...(result.problems.length ? [`  problems: ${result.problems.join('; ')}`] : []),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runBackofficeBench();
  console.log('\n' + formatBackofficeBench(result));
  if (result.over.length || result.problems.length) process.exitCode = 1;
}
