import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessReport } from '../../../contract/backoffice-reports.ts';
import type { CurrencyCode } from '../../../contract/money.ts';
import { users } from '../../db/schema.ts';
import { queryRows } from '../../platform/db/database.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { backoffice, createStaffMember, type TestStaff } from '../../platform/testing/staff.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { studioCalls } from '../studio/test-support.ts';
import { roundSumsByGame } from '../wallet/index.ts';
import { rtpWatchLine } from './index.ts';
import { periodStart } from './report.ts';

/**
 * The business report (docs/reports.md): the fold adds each ledger movement into the daily rows
 * once (again, after a failure, from two folds, or rebuilt from nothing: the same rows), leaves
 * test accounts out, and its GGR for a period equals the play accounts' own postings; the back
 * office reads it under `reports.read` and names a wrong field.
 */
let t: TestApp;
let analyst: TestStaff;
let support: TestStaff;
const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  [analyst, support] = await Promise.all([createStaffMember(t, 'analyst'), createStaffMember(t, 'support')]);
}, 180_000);
afterAll(async () => {
  await t.close();
});

type Leg = { account: { player: number; kind: 'main' | 'bonus' | 'withdrawal_hold' } | { house: 'game_house' | 'jackpot_pool' | 'bonus_funding' | 'payout_clearing' }; amount: bigint };
const transfer = (kind: string, legs: Leg[], metadata: Record<string, unknown> = {}) =>
  t.services.ledger.transfer({ key: `reports-test:${randomUUID()}`, kind, currency: 'EUR' as CurrencyCode, legs, metadata });
const round = { provider: 'croupier', game: 'croupier-plinko' };
const bet = (uid: number, amount: bigint, game = round) => transfer('game_bet', [{ account: { player: uid, kind: 'main' }, amount: -amount }, { account: { house: 'game_house' }, amount }], game);
const win = (uid: number, amount: bigint, game = round) => transfer('game_win', [{ account: { player: uid, kind: 'main' }, amount }, { account: { house: 'game_house' }, amount: -amount }], game);
const rollback = (uid: number, amount: bigint) => transfer('game_rollback', [{ account: { player: uid, kind: 'main' }, amount }, { account: { house: 'game_house' }, amount: -amount }], round);
const jackpotWin = (uid: number, amount: bigint) => transfer('jackpot_win', [{ account: { player: uid, kind: 'main' }, amount }, { account: { house: 'jackpot_pool' }, amount: -amount }], round);
const bonus = (uid: number, amount: bigint) => transfer('bonus_credit', [{ account: { player: uid, kind: 'bonus' }, amount }, { account: { house: 'bonus_funding' }, amount: -amount }]);
const cashback = (uid: number, amount: bigint) => transfer('cashback', [{ account: { player: uid, kind: 'main' }, amount }, { account: { house: 'bonus_funding' }, amount: -amount }]);
async function withdraw(uid: number, amount: bigint) {
  await transfer('withdrawal_reserve', [{ account: { player: uid, kind: 'main' }, amount: -amount }, { account: { player: uid, kind: 'withdrawal_hold' }, amount }]);
  await transfer('withdrawal_post', [{ account: { player: uid, kind: 'withdrawal_hold' }, amount: -amount }, { account: { house: 'payout_clearing' }, amount }]);
}

const fold = () => t.services.reports.foldNow({ settleMs: 0 });
const report = (query: Partial<Parameters<TestApp['services']['reports']['report']>[0]> = {}) =>
  t.services.reports.report({ from: today, to: tomorrow, period: 'day', by: 'total', currency: 'EUR', ...query });
const reportRows = async () => (await queryRows<Record<string, unknown>>(t.database.db, sql`select * from report_days order by day, currency, country, provider, game`)).map((row) => JSON.stringify(row));

/** The period's GGR as the game accounts' own postings see it: what they took from these players' real money. */
async function playAccountsGgr(userIds: number[]): Promise<bigint> {
  const [row] = await queryRows<{ ggr: string }>(
    t.database.db,
    sql`select coalesce(sum(hp.amount), 0)::text as ggr
        from ledger_postings hp
        join ledger_accounts ha on ha.id = hp.account_id and ha.owner_type = 'house' and ha.owner_id in ('game_house', 'jackpot_pool', 'sportsbook_stakes')
        join ledger_transactions tr on tr.id = hp.transaction_id
        where tr.created_at >= ${today}::date and tr.created_at < ${tomorrow}::date and hp.currency = 'EUR'
          and exists (select 1 from ledger_postings pp join ledger_accounts pa on pa.id = pp.account_id
                      where pp.transaction_id = tr.id and pa.owner_type = 'player' and pa.kind in ('main', 'bonus', 'betting_bonus')
                        and pa.owner_id in (${sql.join(userIds.map((id) => sql`${String(id)}`), sql`, `)}))`,
  );
  return BigInt(row!.ggr);
}

describe('the fold', () => {
  let alice: number;
  let bob: number;
  let tester: number;

  it('adds each movement once, leaves test accounts out, and its GGR equals the game accounts’ postings', async () => {
    const before = await report();
    const base = before.rows[0];
    alice = (await registerPlayer(t, { tag: 'rep-alice' })).uid;
    bob = (await registerPlayer(t, { tag: 'rep-bob' })).uid;
    tester = (await registerPlayer(t, { tag: 'rep-test' })).uid;
    await t.database.db.update(users).set({ countryCode: 'FR' }).where(eq(users.id, alice));
    await t.database.db.update(users).set({ isTestAccount: true }).where(eq(users.id, tester));

    // Alice: deposits 100.00 then 50.00, bets 80.00 (one 5.00 bet rolled back), wins 30.00 and a
    // 12.00 jackpot, gets a 10.00 bonus and 2.00 cashback, withdraws 40.00.
    await fundPlayer(t, alice, 10_000n);
    await fundPlayer(t, alice, 5_000n);
    await bet(alice, 8_000n);
    await bet(alice, 500n);
    await rollback(alice, 500n);
    await win(alice, 3_000n);
    await jackpotWin(alice, 1_200n);
    await bonus(alice, 1_000n);
    await cashback(alice, 200n);
    await withdraw(alice, 4_000n);
    // Bob: deposits 20.00, bets 20.00 on another game and wins 45.00.
    await fundPlayer(t, bob, 2_000n);
    await bet(bob, 2_000n, { provider: 'croupier', game: 'croupier-keno' });
    await win(bob, 4_500n, { provider: 'croupier', game: 'croupier-keno' });
    // The test account's money never counts.
    await fundPlayer(t, tester, 99_900n);
    await bet(tester, 50_000n);
    await withdraw(tester, 1_000n);

    const first = await fold();
    expect(first.folded).toBeGreaterThan(0);
    expect((await fold()).folded).toBe(0);

    const after = (await report()).rows[0]!;
    const delta = (field: 'stakes' | 'wins' | 'refunds' | 'ggr' | 'bonus_cost' | 'cashback' | 'ngr' | 'deposits' | 'withdrawals') =>
      (Number(after[field]) - Number(base?.[field] ?? 0)).toFixed(2);
    // By hand: stakes 80 + 5 + 20 = 105; wins 30 + 12 + 45 = 87; refunds 5; GGR 105 - 87 - 5 = 13;
    // bonus cost 10; cashback 2; NGR 13 - 10 - 2 = 1; deposits 170 in 3; withdrawals 40 in 1.
    expect(delta('stakes')).toBe('105.00');
    expect(delta('wins')).toBe('87.00');
    expect(delta('refunds')).toBe('5.00');
    expect(delta('ggr')).toBe('13.00');
    expect(delta('bonus_cost')).toBe('10.00');
    expect(delta('cashback')).toBe('2.00');
    expect(delta('ngr')).toBe('1.00');
    expect(delta('deposits')).toBe('170.00');
    expect(after.deposit_count! - (base?.deposit_count ?? 0)).toBe(3);
    expect(after.first_deposits! - (base?.first_deposits ?? 0)).toBe(2);
    expect(delta('withdrawals')).toBe('40.00');
    expect(after.withdrawal_count! - (base?.withdrawal_count ?? 0)).toBe(1);
    expect(after.signups! - (base?.signups ?? 0)).toBe(2);
    expect(after.active_players! - (base?.active_players ?? 0)).toBe(2);

    // The reconciliation: the day's GGR is what the game accounts took from the real players.
    const everyone = await queryRows<{ id: number }>(t.database.db, sql`select id from users where not is_test_account`);
    const books = await playAccountsGgr(everyone.map((row) => row.id));
    expect(after.ggr).toBe((Number(books) / 100).toFixed(2));
  });

  it('splits by game and by country, each figure where it belongs', async () => {
    const byGame = await report({ by: 'game' });
    const keno = byGame.rows.find((row) => row.key === 'croupier-keno')!;
    expect(keno).toMatchObject({ stakes: '20.00', wins: '45.00', ggr: '-25.00', deposits: '0.00', signups: null, active_players: null });
    const byCountry = await report({ by: 'country' });
    const france = byCountry.rows.find((row) => row.key === 'FR')!;
    expect(france).toMatchObject({ ggr: '38.00', deposits: '150.00', first_deposits: 1, withdrawals: '40.00', signups: 1, active_players: 1, ngr: '26.00', arpu: '26.00' });
  });

  it('adds only what is new, and a rebuild from nothing gives the same rows', async () => {
    const before = await reportRows();
    await bet(bob, 300n);
    expect((await fold()).folded).toBe(1);
    const after = await reportRows();
    expect(after).not.toEqual(before);
    const plinko = (await report({ by: 'game' })).rows.find((row) => row.key === 'croupier-plinko')!;
    await t.services.reports.rebuild({ settleMs: 0 });
    expect(await reportRows()).toEqual(after);
    expect((await report({ by: 'game' })).rows.find((row) => row.key === 'croupier-plinko')).toEqual(plinko);
  });

  // The fold's horizon (docs/decisions/044): an id taken by a transaction still open is never
  // passed over, even when later ids have committed and however short the settling fallback;
  // once that transaction commits, the next fold takes it. Two sessions at once: PostgreSQL only.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('never folds past a movement still being written, and folds it once committed', async () => {
    await fold();
    const through = async () => Number((await queryRows<{ through: number }>(t.database.db, sql`select folded_through as through from report_fold_state where name = 'ledger'`))[0]!.through);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: (id: number) => void;
    const openId = new Promise<number>((resolve) => (written = resolve));
    const open = t.database.db.transaction(async (tx) => {
      await t.services.ledger.transfer({ key: `reports-test:${randomUUID()}`, kind: 'game_bet', currency: 'EUR' as CurrencyCode, legs: [{ account: { player: alice, kind: 'main' }, amount: -700n }, { account: { house: 'game_house' }, amount: 700n }], metadata: round }, tx);
      written((await queryRows<{ id: number }>(tx, sql`select max(id)::int as id from ledger_transactions`))[0]!.id);
      await held;
    });
    const early = await openId;
    await bet(bob, 900n); // a later id (another player: the open one holds Alice's balance), committed while the earlier one is not
    const plinko = async () => (await report({ by: 'game' })).rows.find((row) => row.key === 'croupier-plinko')!.stakes;
    const stakesBefore = await plinko();
    // A fold while the transaction is open, with a settling fallback far longer than the test.
    await t.services.reports.foldNow({ settleMs: 600_000 });
    expect(await through()).toBeLessThan(early);
    expect(await plinko()).toBe(stakesBefore);
    commit();
    await open;
    // Once it has committed, a fold takes both, once: at once when no other session of the role
    // has a transaction open; within the settling fallback (2 s here) when the other test files,
    // on the same database, keep one open.
    for (let attempt = 0; attempt < 50 && (await through()) <= early; attempt++) {
      await t.services.reports.foldNow({ settleMs: 2_000 });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await through()).toBeGreaterThan(early);
    expect(Number(await plinko()) - Number(stakesBefore)).toBeCloseTo(16, 2);
    await t.services.reports.foldNow({ settleMs: 600_000 });
    expect(Number(await plinko()) - Number(stakesBefore)).toBeCloseTo(16, 2);
  });

  it('folds what has just been written at once when no other transaction is open', async () => {
    const before = await reportRows();
    await bet(bob, 100n);
    // The embedded database has one session: nothing else can be writing, the settling fallback never applies.
    if (!process.env.TEST_DATABASE_URL) expect((await t.services.reports.foldNow({ settleMs: 600_000 })).folded).toBe(1);
    else await fold();
    expect(await reportRows()).not.toEqual(before);
  });

  it('counts a player once in a week and a month across folds, whole periods as cut ones', async () => {
    const weekFrom = periodStart(today, 'week');
    const monthFrom = periodStart(today, 'month');
    const plus = (day: string, days: number) => new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
    const monthTo = new Date(Date.UTC(Number(monthFrom.slice(0, 4)), Number(monthFrom.slice(5, 7)), 1)).toISOString().slice(0, 10);
    const active = async (period: 'week' | 'month', from: string, to: string) => (await report({ period, from, to })).rows[0]?.active_players ?? 0;
    // What the fold's list of player-days says, counted directly.
    const distinct = async (from: string, to: string) =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(distinct user_id)::int as n from report_active_players where currency = 'EUR' and day >= ${from}::date and day < ${to}::date`))[0]!.n;
    await fold();
    const carol = (await registerPlayer(t, { tag: 'rep-carol' })).uid;
    await fundPlayer(t, carol, 1_000n);
    await bet(carol, 100n);
    await fold();
    await bet(carol, 200n); // the same day again, another fold: no new player
    await bet(bob, 100n);
    await fold();
    // Whole periods (from the counts) and windows cut at today (the player-days) agree with the list.
    expect(await active('week', weekFrom, plus(weekFrom, 7))).toBe(await distinct(weekFrom, plus(weekFrom, 7)));
    expect(await active('month', monthFrom, monthTo)).toBe(await distinct(monthFrom, monthTo));
    expect(await active('week', today, tomorrow)).toBe(await distinct(today, tomorrow));
    expect(await active('month', today, tomorrow)).toBe(await distinct(today, tomorrow));
    // And a rebuild from nothing counts the same.
    const before = await active('month', monthFrom, monthTo);
    await t.services.reports.rebuild({ settleMs: 0 });
    expect(await active('month', monthFrom, monthTo)).toBe(before);
  });

  it('folds nothing twice when two folds run at once', async () => {
    await bet(bob, 100n);
    await bet(alice, 100n);
    const stakesBefore = (await report()).rows[0]!.stakes;
    const [one, two] = await Promise.all([fold(), fold()]);
    expect(one.folded + two.folded).toBe(2);
    expect(Number((await report()).rows[0]!.stakes) - Number(stakesBefore)).toBeCloseTo(2, 5);
  });
});

describe('the back office', () => {
  it('shows the report to an analyst, as CSV too, and keeps support out', async () => {
    const answer = await backoffice(t, 'reports/business', { query: { from: today, to: tomorrow, period: 'month', by: 'total' }, cookie: analyst.cookie });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const data = answer.json.data as BusinessReport;
    expect(data.period).toBe('month');
    expect(data.rows.find((row) => row.currency === 'EUR')?.period).toBe(`${today.slice(0, 7)}-01`);
    expect(data.folded_through).toBeGreaterThan(0);
    const csv = await backoffice(t, 'reports/business.csv', { query: { from: today, to: tomorrow, by: 'country' }, cookie: analyst.cookie });
    const file = csv.json.data as { filename: string; csv: string };
    expect(file.csv.replace('\uFEFF', '').split('\r\n')[0]).toBe(
      'period,currency,country,stakes,wins,refunds,ggr,bonus_cost,cashback,ngr,deposits,deposit_count,first_deposits,withdrawals,withdrawal_count,signups,active_players,arpu,' +
        'sports_turnover,sports_settled_stakes,sports_ggr,sports_margin,bonus_granted,bonus_converted,bonus_expired,bonus_forfeited,bonus_running,bonus_conversion',
    );
    expect(file.csv).toContain(`${today},EUR,FR,`);
    expect((await backoffice(t, 'reports/business', { query: { from: today, to: tomorrow }, cookie: support.cookie })).status).toBe(403);
  });

  it('names the wrong field', async () => {
    const backwards = await backoffice(t, 'reports/business', { query: { from: tomorrow, to: today }, cookie: analyst.cookie });
    expect(backwards.status).toBe(422);
    expect(backwards.json.error?.fields).toEqual({ to: 'Must be after the first day' });
    const noDay = await backoffice(t, 'reports/business', { query: { from: 'yesterday', to: today }, cookie: `${analyst.cookie}; bo_locale=fr` });
    expect(noDay.status).toBe(422);
    expect(noDay.json.error?.fields).toEqual({ from: 'Un jour comme 2026-11-27' });
    const tooLong = await backoffice(t, 'reports/business', { query: { from: '2024-01-01', to: today }, cookie: analyst.cookie });
    expect(tooLong.json.error?.fields).toEqual({ to: 'At most 400 days' });
  });
});

describe('the RTP watch', () => {
  const coinGame = (rounds: number, wins: number) => ({
    // Stake 1.00 each round, 2.00 back on a win: s = 100, w = 200 or 0.
    game: 'coin', currency: 'EUR', rounds,
    stakes: String(rounds * 100), wins: String(wins * 200),
    stakesSquared: String(rounds * 100 * 100), winsSquared: String(wins * 200 * 200), stakeTimesWin: String(wins * 100 * 200),
  });

  it('holds a game inside its interval, flags one outside, and says when the rounds are too few', () => {
    // 10,000 rounds paying 4,950 times: 99.00%, standard error about 1%, interval about 95.7 to 102.3.
    const fair = rtpWatchLine(coinGame(10_000, 4_950), 7, { name: 'Coin', rtp: 99 });
    expect(fair).toMatchObject({ status: 'ok', rounds: 10_000 });
    expect(fair.measured).toBeCloseTo(99, 6);
    expect(fair.low).toBeCloseTo(99 - 3.2905 * 100 * Math.sqrt(0.495 * 0.505 * 4) / 100, 1);
    expect(rtpWatchLine(coinGame(10_000, 4_950), 7, { name: 'Coin', rtp: 94 }).status).toBe('outside');
    expect(rtpWatchLine(coinGame(10_000, 4_950), 7, { name: 'Coin', rtp: 104 }).status).toBe('outside');
    expect(rtpWatchLine(coinGame(500, 400), 7, { name: 'Coin', rtp: 99 }).status).toBe('too-few-rounds');
    expect(rtpWatchLine(coinGame(10_000, 4_950), 7, undefined).status).toBe('no-declared-rtp');
  });

  it('reads the real-money rounds the wallet recorded, and the back office shows them', async () => {
    const { launch, play } = studioCalls(() => t);
    const player = await registerPlayer(t, { tag: 'rtp-watch' });
    await fundPlayer(t, player.uid, 10_000n);
    const session = await launch(player, 'croupier-limbo', 'real');
    let paid = 0n;
    for (let index = 0; index < 12; index++) {
      const round = await play(player, session.token, { amount: '1.00', target: 200 });
      expect(round.status, JSON.stringify(round.error)).toBe(200);
      paid += BigInt(String((round.data.outcome as { win: string }).win).replace('.', ''));
    }
    const sums = (await roundSumsByGame(t.database.db, new Date(Date.now() - 3_600_000))).find((row) => row.game === 'croupier-limbo')!;
    expect(sums).toMatchObject({ rounds: 12, stakes: '1200', wins: paid.toString() });
    const watch = await backoffice(t, 'reports/rtp', { cookie: analyst.cookie });
    expect(watch.status).toBe(200);
    const rows = (watch.json.data as { rows: Array<{ game: string; window_days: number; rounds: number; measured: string; declared: string; status: string }> }).rows.filter((row) => row.game === 'croupier-limbo');
    expect(rows.map((row) => row.window_days)).toEqual([1, 7, 30]);
    expect(rows[0]).toMatchObject({ rounds: 12, declared: '99.00', measured: (Number(paid) / 12).toFixed(2), status: 'too-few-rounds' });
  });
});
