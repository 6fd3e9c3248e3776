import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessReport, BusinessReportRow, ReportLiability } from '../../../contract/backoffice-reports.ts';
import type { CurrencyCode } from '../../../contract/money.ts';
import { campaigns, users } from '../../db/schema.ts';
import { queryRows } from '../../platform/db/database.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { backoffice, createStaffMember, type TestStaff } from '../../platform/testing/staff.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';

/**
 * The report's figures that are not folded (docs/reports.md): the sportsbook's turnover, margin
 * and open liability, the jackpot and loyalty liabilities, what became of the bonus money granted,
 * and the splits by campaign and by affiliate, each against a hand computation on a fixed set of
 * players, a test account among them that must never count.
 */
let t: TestApp;
let analyst: TestStaff;
const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
const EUR = 'EUR' as CurrencyCode;
const tag = randomUUID().slice(0, 8);
const partner = `Partner ${tag}`;
const campaignA = `figures-a-${tag}`;
const campaignB = `figures-b-${tag}`;

let ann: number;
let bob: number;
let tester: number;
let before: { liabilities: ReportLiability | undefined };

beforeAll(async () => {
  t = await createTestApp();
  analyst = await createStaffMember(t, 'analyst');
}, 180_000);
afterAll(async () => {
  await t.close();
});

const move = (kind: string, legs: Parameters<TestApp['services']['ledger']['transfer']>[0]['legs'], key = `figures:${randomUUID()}`, metadata: Record<string, unknown> = {}) =>
  t.services.ledger.transfer({ key, kind, currency: EUR, legs, metadata });

/** A sports bet as the betting module writes it: the bet's row and its stake movement, then (settled) its pay-out movement. */
async function sportsBet(uid: number, stake: bigint, odds: number[], settled?: { status: 'won' | 'lost'; paid: bigint }) {
  const selections = await queryRows<{ id: number; market_id: number; event_id: number }>(t.database.db, sql`select s.id, s.market_id, m.event_id from betting_selections s join betting_markets m on m.id = s.market_id order by s.id limit ${odds.length}`);
  const [bet] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into betting_bets (user_id, request_id, kind, currency, stake, funding, status, paid_main, settlement_version, settled_at)
        values (${uid}, ${randomUUID()}, ${odds.length > 1 ? 'accumulator' : 'single'}, 'EUR', ${stake.toString()}::bigint, 'cash', ${settled?.status ?? 'open'},
                ${(settled?.paid ?? 0n).toString()}::bigint, ${settled ? 1 : 0}, ${settled ? sql`now()` : null})
        returning id`,
  );
  for (const [position, value] of odds.entries()) {
    const selection = selections[position]!;
    await t.database.db.execute(
      sql`insert into betting_bet_legs (bet_id, position, selection_id, market_id, event_id, odds) values (${bet!.id}, ${position}, ${selection.id}, ${selection.market_id}, ${selection.event_id}, ${value})`,
    );
  }
  await move('sportsbook_bet', [{ account: { player: uid, kind: 'main' }, amount: -stake }, { account: { house: 'sportsbook_stakes' }, amount: stake }], `bet:${bet!.id}`, { bet: bet!.id });
  if (settled && settled.paid > 0n) {
    await move('sportsbook_settle', [{ account: { player: uid, kind: 'main' }, amount: settled.paid }, { account: { house: 'sportsbook_stakes' }, amount: -settled.paid }], `bet-settle:${bet!.id}:1`, { bet: bet!.id });
  }
}

/** A bonus of a campaign granted and started as the promotions engine does it (its credit movement), optionally ended. */
async function bonus(uid: number, campaignId: number, amount: bigint, end?: 'completed' | 'expired' | 'forfeited', spend = 0n) {
  const promotions = t.services.promotions.engine;
  await t.database.db.transaction(async (tx) => {
    const { bonus: row } = await promotions.grant(tx, {
      userId: uid,
      campaignId,
      currency: EUR,
      source: `figures:${randomUUID()}`,
      reward: { type: 'fixed_bonus', amount: amount.toString(), multiplier: 1, max_bet: null, days: 7 },
      titles: { en: 'Figures bonus' },
      now: new Date(),
      activateNow: true,
    });
    expect(row.status).toBe('active');
    if (spend > 0n) {
      await t.services.ledger.transfer(
        { key: `figures:${randomUUID()}`, kind: 'game_bet', currency: EUR, legs: [{ account: { player: uid, kind: 'bonus' }, amount: -spend }, { account: { house: 'game_house' }, amount: spend }], metadata: { provider: 'croupier', game: 'croupier-plinko' } },
        tx,
      );
    }
    if (end) await promotions.finish(tx, row, end, 'figures test', new Date());
  });
}

const report = async (query: Record<string, string>) => {
  const answer = await backoffice(t, 'reports/business', { query: { from: today, to: tomorrow, period: 'day', currency: 'EUR', ...query }, cookie: analyst.cookie });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as BusinessReport;
};
const row = (data: BusinessReport, key = '') => data.rows.find((each) => each.key === key) as BusinessReportRow;

describe('figures beside the folded ones', () => {
  it('sets up a fixed set of players', async () => {
    before = { liabilities: (await report({})).liabilities.find((line) => line.currency === 'EUR') };
    ann = (await registerPlayer(t, { tag: 'fig-ann' })).uid;
    bob = (await registerPlayer(t, { tag: 'fig-bob' })).uid;
    tester = (await registerPlayer(t, { tag: 'fig-test' })).uid;
    await t.database.db.update(users).set({ countryCode: 'FR' }).where(eq(users.id, ann));
    await t.database.db.update(users).set({ isTestAccount: true }).where(eq(users.id, tester));
    const [affiliate] = await queryRows<{ id: number }>(t.database.db, sql`insert into affiliates (name, contact_email, postback_secret) values (${partner}, 'partner@example.com', 'secret') returning id`);
    await t.database.db.execute(sql`insert into player_attributions (user_id, affiliate_id) values (${ann}, ${affiliate!.id}), (${tester}, ${affiliate!.id})`);
    const [a, b] = await t.database.db
      .insert(campaigns)
      .values([campaignA, campaignB].map((sysname) => ({ sysname, currency: 'EUR', trigger: 'manual' as const, reward: { type: 'fixed_bonus', amount: '1000', multiplier: 1, max_bet: null, days: 7 } })))
      .returning({ id: campaigns.id });

    // Ann (FR, sent by the partner): deposits 100.00; a 10.00 sports single at 2.50 won (25.00 paid);
    // a 10.00 bonus of A wagered and converted whole; then 6.00 of B, 1.00 of it staked on a slot
    // and the 5.00 left forfeited.
    await fundPlayer(t, ann, 10_000n);
    await sportsBet(ann, 1_000n, [2_500], { status: 'won', paid: 2_500n });
    await bonus(ann, a!.id, 1_000n, 'completed');
    await bonus(ann, b!.id, 600n, 'forfeited', 100n);
    // Bob (no partner): a 20.00 single at 1.80 lost; an accumulator of 4.00 at 2.00 × 1.50 open
    // (12.00 if it wins); 20.00 of A expired unplayed; 8.00 of B still running.
    await fundPlayer(t, bob, 5_000n);
    await sportsBet(bob, 2_000n, [1_800], { status: 'lost', paid: 0n });
    await sportsBet(bob, 400n, [2_000, 1_500]);
    await bonus(bob, a!.id, 2_000n, 'expired');
    await bonus(bob, b!.id, 800n);
    // The test account does all of it too, and never counts.
    await fundPlayer(t, tester, 50_000n);
    await sportsBet(tester, 10_000n, [3_000]);
    await sportsBet(tester, 5_000n, [2_000], { status: 'won', paid: 10_000n });
    await bonus(tester, a!.id, 5_000n, 'completed');
    // The jackpot pools take 3.00 from the house; Ann holds 1,234 loyalty points, the tester 5,000.
    await move('jackpot_contribution', [{ account: { house: 'game_house' }, amount: -300n }, { account: { house: 'jackpot_pool' }, amount: 300n }]);
    for (const [uid, points] of [[ann, 1_234], [tester, 5_000]] as const) {
      await t.database.db.execute(sql`insert into loyalty_accounts (user_id) values (${uid}) on conflict do nothing`);
      await t.database.db.execute(sql`insert into loyalty_points (user_id, key, kind, milli_points) values (${uid}, ${`adjust:${randomUUID()}`}, 'adjust', ${points * 1000})`);
    }
    await t.services.reports.foldNow({ settleMs: 0 });
  });

  it('shows the sportsbook’s turnover and margin, and what became of the bonus money granted', async () => {
    const total = row(await report({}));
    // By hand: turnover 10 + 20 + 4 = 34.00; settled 10 + 20 = 30.00, paid 25.00, kept 5.00, margin 5 / 30.
    expect(total).toMatchObject({ sports_turnover: '34.00', sports_settled_stakes: '30.00', sports_ggr: '5.00', sports_margin: '16.67' });
    // Granted 10 + 6 + 20 + 8 = 44.00; converted 10.00; expired 20.00; forfeited 5.00; one still running; 10 / 44.
    expect(total).toMatchObject({ bonus_granted: '44.00', bonus_converted: '10.00', bonus_expired: '20.00', bonus_forfeited: '5.00', bonus_running: 1, bonus_conversion: '22.73' });
    // The folded bonus cost counts the same movements: credits 44.00 − forfeits 25.00 = 19.00.
    expect(total.bonus_cost).toBe('19.00');
    const france = row(await report({ by: 'country' }), 'FR');
    expect(france).toMatchObject({ sports_turnover: '10.00', sports_ggr: '-15.00', sports_margin: '-150.00', bonus_granted: '16.00', bonus_conversion: '62.50' });
    // Per game, the sportsbook and the bonuses are no game's.
    const perGame = await report({ by: 'game' });
    expect(row(perGame, 'croupier-plinko')).toMatchObject({ stakes: '1.00', sports_turnover: null, bonus_granted: null });
  });

  it('splits by campaign: each campaign’s bonuses, their cost and conversion, and no play figure', async () => {
    const data = await report({ by: 'campaign' });
    // A: 10.00 + 20.00 granted, 20.00 came back on expiry; B: 6.00 + 8.00 granted, 5.00 forfeited.
    expect(row(data, campaignA)).toMatchObject({ bonus_cost: '10.00', cashback: '0.00', bonus_granted: '30.00', bonus_converted: '10.00', bonus_expired: '20.00', bonus_conversion: '33.33', stakes: null, ggr: null, ngr: null, deposits: null });
    expect(row(data, campaignB)).toMatchObject({ bonus_cost: '9.00', bonus_granted: '14.00', bonus_converted: '0.00', bonus_forfeited: '5.00', bonus_running: 1, bonus_conversion: '0.00', sports_turnover: null });
  });

  it('splits by affiliate from the ledger with the fold’s definitions, the test account left out', async () => {
    const partnerRow = row(await report({ by: 'affiliate' }), partner);
    // Ann: stakes 10 (sports) + 1 (slot, bonus money) = 11.00; wins 25.00; GGR −14.00; bonus cost
    // 10 + 6 − 5 = 11.00; NGR −25.00; deposits 100.00, her first; one sign-up, one active player.
    expect(partnerRow).toMatchObject({
      stakes: '11.00', wins: '25.00', ggr: '-14.00', bonus_cost: '11.00', cashback: '0.00', ngr: '-25.00', deposits: '100.00', deposit_count: 1, first_deposits: 1,
      signups: 1, active_players: 1, arpu: '-25.00', sports_turnover: '10.00', bonus_granted: '16.00', bonus_converted: '10.00', bonus_forfeited: '5.00',
    });
    // The affiliate's money is the total's: Ann's movements folded as the report's total counts them.
    const byCountry = row(await report({ by: 'country' }), 'FR');
    expect({ ggr: byCountry.ggr, ngr: byCountry.ngr, deposits: byCountry.deposits }).toEqual({ ggr: partnerRow.ggr, ngr: partnerRow.ngr, deposits: partnerRow.deposits });
  });

  it('shows what the house owes now: open bets, jackpot pools, loyalty points at the shop’s rate', async () => {
    const data = await report({});
    const now = data.liabilities.find((line) => line.currency === 'EUR')!;
    const was = before.liabilities;
    const delta = (field: 'sports_open_stakes' | 'sports_potential_payout' | 'sports_open_liability' | 'jackpot_pools' | 'loyalty_value') =>
      (Number(now[field]) - Number(was?.[field] ?? 0)).toFixed(2);
    // Bob's open accumulator: 4.00 staked, 4 × 2.00 × 1.50 = 12.00 if it wins, 8.00 beyond the stake.
    expect(now.sports_open_bets - (was?.sports_open_bets ?? 0)).toBe(1);
    expect(delta('sports_open_stakes')).toBe('4.00');
    expect(delta('sports_potential_payout')).toBe('12.00');
    expect(delta('sports_open_liability')).toBe('8.00');
    expect(delta('jackpot_pools')).toBe('3.00');
    // The demo shop's best money per point in EUR: a 50.00 bonus for 3,500 points (the 5.00 one
    // costs 500, a worse rate); Ann's 1,234 points are worth 1,234 × 5,000 / 3,500 = 1,762.86 cents, 17.62.
    expect(now.loyalty_rate).toMatchObject({ points: 3_500, buys: '50.00' });
    expect(now.loyalty_points - (was?.loyalty_points ?? 0)).toBe(1_234);
    expect(delta('loyalty_value')).toBe('17.62');
    // The pools' ledger balance is what the jackpots module's audit compares with the pools.
    const [books] = await queryRows<{ balance: string }>(
      t.database.db,
      sql`select coalesce(sum(p.amount), 0)::text as balance from ledger_postings p join ledger_accounts a on a.id = p.account_id where a.owner_type = 'house' and a.owner_id = 'jackpot_pool' and a.currency = 'EUR'`,
    );
    expect(now.jackpot_pools).toBe((Number(books!.balance) / 100).toFixed(2));
  });

  it('exports the new figures as CSV, the liabilities under the periods', async () => {
    const csv = await backoffice(t, 'reports/business.csv', { query: { from: today, to: tomorrow, by: 'campaign', currency: 'EUR' }, cookie: analyst.cookie });
    const lines = (csv.json.data as { csv: string }).csv.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe(
      'period,currency,campaign,stakes,wins,refunds,ggr,bonus_cost,cashback,ngr,deposits,deposit_count,first_deposits,withdrawals,withdrawal_count,signups,active_players,arpu,' +
        'sports_turnover,sports_settled_stakes,sports_ggr,sports_margin,bonus_granted,bonus_converted,bonus_expired,bonus_forfeited,bonus_running,bonus_conversion',
    );
    expect(lines).toContain(`${today},EUR,${campaignA},,,,,10.00,0.00,,,,,,,,,,,,,,30.00,10.00,20.00,0.00,0,33.33`);
    const header = lines.findIndex((line) => line.startsWith('liabilities_at '));
    expect(lines[header]).toMatch(/,currency,sports_open_bets,sports_open_stakes,sports_potential_payout,sports_open_liability,jackpot_pools,loyalty_points,loyalty_value$/);
    expect(lines[header + 1]).toMatch(/^,EUR,\d+,/);
  });
});
