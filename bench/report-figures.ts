/**
 * How long the report's on-demand figures take (docs/reports.md, "Figures read on demand") over a
 * generated set: PLAYERS players (one in ten sent by one of 20 affiliates), ROUNDS casino movements
 * over 30 days, BONUSES bonuses with their credit and conversion movements, BETS sports bets
 * (one in twenty open). Run on PostgreSQL: `TEST_DATABASE_URL=postgres://... npx node bench/report-figures.ts`
 * (a schema of its own, dropped at the end). Prints the median and worst of five runs per query.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/platform/db/database.ts';
import { createTestDatabase } from '../server/platform/testing/test-db.ts';
import { seedDemoContent } from '../server/db/seed.ts';
import { businessReport, liabilities } from '../server/modules/reports/index.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 20_000);
const ROUNDS = Number(process.env.ROUNDS ?? 1_000_000);
const BONUSES = Number(process.env.BONUSES ?? 10_000);
const BETS = Number(process.env.BETS ?? 100_000);

const database = await createTestDatabase();
const { db } = database;
try {
  await seedDemoContent(db);
  const started = Date.now();
  console.log('seeded');
  await db.execute(sql`insert into users (password_hash, currency, locale, country_code, registered_at)
    select 'x', 'EUR', 'en', (array['FR','DE','GB','ES'])[1 + g % 4], now() - (g % 30) * interval '1 day' from generate_series(1, ${PLAYERS}) g`);
  await db.execute(sql`insert into affiliates (name, contact_email, postback_secret) select 'Partner ' || g, 'p' || g || '@example.com', 's' from generate_series(1, 20) g`);
  await db.execute(sql`insert into player_attributions (user_id, affiliate_id)
    select u.id, (select min(id) from affiliates) + u.id % 20 from users u where u.id % 10 = 0`);
  await db.execute(sql`insert into ledger_accounts (owner_type, owner_id, currency, kind, balance, tracks_balance)
    select 'player', u.id::text, 'EUR', k, 100000000, true from users u, unnest(array['main', 'bonus']) k on conflict do nothing`);
  await db.execute(sql`insert into ledger_accounts (owner_type, owner_id, currency, kind, balance, tracks_balance)
    select 'house', h, 'EUR', h, 0, false from unnest(array['game_house', 'sportsbook_stakes', 'bonus_funding', 'jackpot_pool']) h on conflict do nothing`);
  const [range] = await queryRows<{ low: number; high: number }>(db, sql`select min(id)::int as low, max(id)::int as high from users`);
  await db.execute(sql`create temporary table bench_main as select owner_id::int as user_id, id from ledger_accounts where owner_type = 'player' and kind = 'main'`);
  const [last] = await queryRows<{ id: number }>(db, sql`select coalesce(max(id), 0)::int as id from ledger_transactions`);
  const first = Number(last!.id);
  await db.execute(sql`insert into ledger_transactions (idempotency_key, content_hash, kind, metadata, created_at)
    select 'bench:' || g, 'x', case when g % 2 = 0 then 'game_bet' else 'game_win' end,
           jsonb_build_object('provider', 'croupier', 'game', 'croupier-' || (g % 50)), now() - (g % (30 * 24 * 60)) * interval '1 minute'
    from generate_series(1, ${ROUNDS}) g`);
  await db.execute(sql`insert into ledger_postings (transaction_id, account_id, amount, currency)
    select t.id, m.id, case when t.kind = 'game_bet' then -100 else 90 end, 'EUR'
    from ledger_transactions t join bench_main m on m.user_id = ${range!.low} + (t.id % ${PLAYERS}) where t.id > ${first}
    union all
    select t.id, h.id, case when t.kind = 'game_bet' then 100 else -90 end, 'EUR'
    from ledger_transactions t, ledger_accounts h where t.id > ${first} and h.owner_type = 'house' and h.owner_id = 'game_house' and h.currency = 'EUR'`);
  console.log(`rounds in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Bonuses with their credit (and, one in two, conversion) movements, keyed as the engine keys them.
  await db.execute(sql`insert into player_bonuses (user_id, source, kind, status, currency, amount, valid_days, expires_at, activated_at, campaign_id)
    select ${range!.low} + g % ${PLAYERS}, 'bench:' || g, 'bonus', case when g % 2 = 0 then 'completed' else 'active' end, 'EUR', 1000, 7, now() + interval '7 days',
           now() - (g % 30) * interval '1 day', (select min(id) from campaigns)
    from generate_series(1, ${BONUSES}) g`);
  await db.execute(sql`insert into ledger_transactions (idempotency_key, content_hash, kind, created_at)
    select 'bonus-credit:' || b.id, 'x', 'bonus_credit', b.activated_at from player_bonuses b where b.source like 'bench:%'
    union all
    select 'bonus-convert:' || b.id, 'x', 'bonus_convert', b.activated_at + interval '1 hour' from player_bonuses b where b.source like 'bench:%' and b.status = 'completed'`);
  // Each movement's two legs: credit bonus_funding → bonus, convert bonus → main.
  await db.execute(sql`create temporary table bench_moves as
    select t.id, t.kind, b.user_id from player_bonuses b join ledger_transactions t on t.idempotency_key = 'bonus-credit:' || b.id where b.source like 'bench:%'
    union all
    select t.id, t.kind, b.user_id from player_bonuses b join ledger_transactions t on t.idempotency_key = 'bonus-convert:' || b.id where b.source like 'bench:%'`);
  await db.execute(sql`insert into ledger_postings (transaction_id, account_id, amount, currency)
    select m.id, a.id, 1000, 'EUR' from bench_moves m
    join ledger_accounts a on a.owner_type = 'player' and a.owner_id = m.user_id::text and a.currency = 'EUR' and a.kind = case when m.kind = 'bonus_credit' then 'bonus' else 'main' end
    union all
    select m.id, a.id, -1000, 'EUR' from bench_moves m
    join ledger_accounts a on a.owner_type = 'house' and a.owner_id = 'bonus_funding' and a.currency = 'EUR' and a.kind = 'bonus_funding'
    where m.kind = 'bonus_credit'
    union all
    select m.id, a.id, -1000, 'EUR' from bench_moves m
    join ledger_accounts a on a.owner_type = 'player' and a.owner_id = m.user_id::text and a.currency = 'EUR' and a.kind = 'bonus'
    where m.kind = 'bonus_convert'`);
  console.log(`bonuses in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await db.execute(sql`insert into betting_bets (user_id, request_id, kind, currency, stake, funding, status, paid_main, settlement_version, placed_at, settled_at)
    select ${range!.low} + g % ${PLAYERS}, 'bench:' || g, 'single', 'EUR', 500, 'cash', case when g % 20 = 0 then 'open' when g % 3 = 0 then 'won' else 'lost' end,
           case when g % 20 <> 0 and g % 3 = 0 then 1000 else 0 end, case when g % 20 = 0 then 0 else 1 end,
           now() - (g % 30) * interval '1 day', case when g % 20 = 0 then null else now() - (g % 30) * interval '1 day' + interval '2 hours' end
    from generate_series(1, ${BETS}) g`);
  await db.execute(sql`insert into betting_bet_legs (bet_id, position, selection_id, market_id, event_id, odds)
    select b.id, 0, s.id, s.market_id, m.event_id, 2000 from betting_bets b, (select id, market_id from betting_selections order by id limit 1) s
    join betting_markets m on m.id = s.market_id where b.status = 'open'`);
  await db.execute(sql`insert into report_fold_state (name, folded_through) values ('ledger', (select max(id) from ledger_transactions))
    on conflict (name) do update set folded_through = excluded.folded_through`);
  await db.execute(sql`analyze`);
  console.log(`generated ${PLAYERS} players, ${ROUNDS} rounds, ${BONUSES} bonuses, ${BETS} bets in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const month = { from: day(-30), to: day(1), period: 'day' as const };
  const cases: Array<[string, () => Promise<unknown>]> = [
    ['total (sportsbook, bonus conversion)', () => businessReport(db, { ...month, by: 'total' })],
    ['by affiliate, 30 days', () => businessReport(db, { ...month, by: 'affiliate' })],
    ['by campaign, 30 days', () => businessReport(db, { ...month, by: 'campaign' })],
    ['by country, 30 days', () => businessReport(db, { ...month, by: 'country' })],
    ['liabilities now', () => liabilities(db)],
  ];
  for (const [name, run] of cases) {
    const times: number[] = [];
    for (let index = 0; index < 5; index++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(`${name.padEnd(40)} median ${times[2]!.toFixed(0)} ms, worst ${times[4]!.toFixed(0)} ms`);
  }
} finally {
  await database.close();
}
