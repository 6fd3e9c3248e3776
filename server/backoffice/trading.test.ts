import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerLimitsView, SettleAnswer, SettleEventPreviewView, SettlePreviewView, TradingBetView, TradingEventRow, TradingEventView } from '../../contract/backoffice-trading.ts';
import type { BetView } from '../../contract/betting.ts';
import { queryRows } from '../platform/db/database.ts';
import { fundPlayer, registerPlayer, type TestPlayer } from '../platform/testing/players.ts';
import { backoffice, createStaffMember, type TestStaff } from '../platform/testing/staff.ts';
import { createTestApp, type TestApp } from '../platform/testing/test-app.ts';

/**
 * Sportsbook trading from the back office: liability equal to a hand computation, a trader's
 * suspension holding against the feed and refusing bets, pinned odds and margin, settling and
 * settling again moving exactly the previewed difference through the ledger, stake limits at
 * placement, every form's bad input refused on its field with nothing written, and who may do what.
 */
let t: TestApp;
let trader: TestStaff;
let analyst: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  [trader, analyst, support] = await Promise.all([createStaffMember(t, 'trader'), createStaffMember(t, 'analyst'), createStaffMember(t, 'support')]);
}, 180_000);
afterAll(async () => {
  await t.close();
});

const auditCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from operator_audit`))[0].n;
const lastAudit = async (action: string) =>
  (await queryRows<{ subject: string; before: unknown; after: unknown; details: Record<string, unknown> }>(t.database.db, sql`select subject, before, after, details from operator_audit where action = ${action} order by id desc limit 1`))[0];

async function player(amount = 500_00n) {
  const who = await registerPlayer(t);
  await fundPlayer(t, who.uid, amount);
  return who;
}

/** A player's bet through the player API, as the site places it. */
async function place(who: TestPlayer, legs: Array<{ selection_id: number; odds: string }>, stake: string) {
  const body: Record<string, string> = { kind: legs.length > 1 ? 'accumulator' : 'single', stake, odds_change: 'ask', request_id: randomUUID() };
  legs.forEach((leg, index) => {
    body[`legs[${index}][selection_id]`] = String(leg.selection_id);
    body[`legs[${index}][odds]`] = leg.odds;
  });
  return t.call('betting/placeBet', { body, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });
}
async function placed(who: TestPlayer, legs: Array<{ selection_id: number; odds: string }>, stake: string) {
  const answer = await place(who, legs, stake);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as BetView;
}

/** A fresh football fixture whose 1x2 market has the given odds. */
async function fixture(odds: { home: number; draw: number; away: number }) {
  const event = (await t.services.betting.createFixture('football', 60, false))!;
  const match = (await t.services.betting.book.marketsOf(event.id)).find((m) => m.type === '1x2')!;
  await t.services.betting.book.updateMarkets(event.id, [{ marketId: match.id, odds }]);
  const view = (await t.services.betting.book.event(event.id, 'en'))!;
  const market = view.markets.find((m) => m.type === '1x2')!;
  const pick = (key: 'home' | 'draw' | 'away') => {
    const selection = market.selections.find((s) => s.key === key)!;
    return { selection_id: selection.id, odds: selection.odds };
  };
  return { id: event.id, marketId: market.id, pick };
}

const tradingEvent = async (id: number) => {
  const answer = await backoffice(t, 'trading/event', { query: { id: String(id) }, cookie: analyst.cookie });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as TradingEventView;
};
const main = async (who: TestPlayer) => (await t.services.ledger.balances(who.uid, 'EUR')).main;
const stakesAccount = () => t.services.ledger.houseBalance('sportsbook_stakes', 'EUR');

describe('liability', () => {
  it('equals a hand computation on a fixed set of bets, per selection, market and event', async () => {
    const f = await fixture({ home: 2150, draw: 3400, away: 3500 });
    const other = await fixture({ home: 2000, draw: 3300, away: 3600 });
    const [a, b, c, d] = await Promise.all([player(), player(), player(), player()]);
    await placed(a, [f.pick('home')], '10.00');
    await placed(b, [f.pick('draw')], '20.00');
    await placed(c, [f.pick('away')], '5.00');
    await placed(d, [f.pick('home')], '4.00');
    await placed(a, [f.pick('home'), other.pick('home')], '10.00');

    // By hand. Stakes on the market: 10 + 20 + 5 + 4 + 10 = 49.00.
    // Home: 10 x 2.15 + 4 x 2.15 + 10 x 2.15 x 2.00 = 21.50 + 8.60 + 43.00 = 73.10, less 49.00 = 24.10.
    // Draw: 20 x 3.40 = 68.00, less 49.00 = 19.00. Away: 5 x 3.50 = 17.50, less 49.00 = -31.50.
    const view = await tradingEvent(f.id);
    const market = view.markets.find((m) => m.id === f.marketId)!;
    expect(market.liability).toEqual([
      {
        currency: 'EUR',
        stakes: '49.00',
        open_bets: 5,
        worst: '24.10',
        selections: [
          { selection_id: f.pick('home').selection_id, payout: '73.10', liability: '24.10' },
          { selection_id: f.pick('draw').selection_id, payout: '68.00', liability: '19.00' },
          { selection_id: f.pick('away').selection_id, payout: '17.50', liability: '-31.50' },
        ],
      },
    ]);
    // The event: only this market has bets, so its worst case.
    expect(view.liability).toEqual([{ currency: 'EUR', amount: '24.10' }]);
    expect(view.open_bets).toBe(5);
    // The other event: the accumulator alone, 10.00 staked, 43.00 if its home side wins.
    const second = await tradingEvent(other.id);
    expect(second.liability).toEqual([{ currency: 'EUR', amount: '33.00' }]);

    // The list shows the same figure for the event.
    const list = await backoffice(t, 'trading/events', { query: { status: 'scheduled', limit: '200' }, cookie: analyst.cookie });
    const row = (list.json.data as { items: TradingEventRow[] }).items.find((item) => item.id === f.id)!;
    expect(row).toMatchObject({ open_bets: 5, liability: [{ currency: 'EUR', amount: '24.10' }], suspended: 0 });

    // Settling the home side takes the winning singles off the book; the accumulator stays open on the other event.
    const preview = (await backoffice(t, 'trading/settle-preview', { query: { market_id: String(f.marketId), result: 'winners', winners: String(f.pick('home').selection_id) }, cookie: trader.cookie })).json.data as SettlePreviewView;
    await backoffice(t, 'trading/settle', { body: { market_id: f.marketId, result: 'winners', winners: [f.pick('home').selection_id], version: preview.version }, cookie: trader.cookie });
    expect((await tradingEvent(other.id)).liability).toEqual([{ currency: 'EUR', amount: '33.00' }]);
    // The accumulator's leg here has won: it is still the book's exposure on this event (43.00 for 10.00 staked).
    expect((await tradingEvent(f.id)).liability).toEqual([{ currency: 'EUR', amount: '33.00' }]);
    expect((await tradingEvent(f.id)).open_bets).toBe(1);
  });
});

describe('a market in the trader hands', () => {
  it('suspends a market against the feed: bets are refused until the trader resumes it, each change audited', async () => {
    const f = await fixture({ home: 2150, draw: 3400, away: 3500 });
    const who = await player();
    const before = await auditCount();
    const suspended = await backoffice(t, 'trading/market-status', { body: { market_id: f.marketId, status: 'suspended' }, cookie: trader.cookie });
    expect(suspended.status, JSON.stringify(suspended.json)).toBe(200);
    expect((suspended.json.data as TradingEventView).markets.find((m) => m.id === f.marketId)).toMatchObject({ status: 'suspended', trader_suspended: true });
    expect(await auditCount()).toBe(before + 1);
    expect(await lastAudit('trading.market-suspend')).toMatchObject({ subject: `market:${f.marketId}`, before: { status: 'open' }, after: { status: 'suspended', trader_suspended: true } });

    const refused = await place(who, [f.pick('home')], '10.00');
    expect(refused.status).toBe(422);
    expect(refused.json.error?.details).toMatchObject({ code: 'MARKET_SUSPENDED' });
    expect(Object.keys(refused.json.error?.fields ?? {})).toEqual(['legs.0.selection_id']);

    // The feed's next price opens its markets: not this one.
    await t.services.betting.sink.updateMarkets(f.id, [{ marketId: f.marketId, odds: { home: 2000 }, status: 'open' }]);
    expect((await tradingEvent(f.id)).markets.find((m) => m.id === f.marketId)!.status).toBe('suspended');

    const resumed = await backoffice(t, 'trading/market-status', { body: { market_id: f.marketId, status: 'open' }, cookie: trader.cookie });
    expect(resumed.status).toBe(200);
    expect(await lastAudit('trading.market-resume')).toMatchObject({ before: { status: 'suspended' }, after: { status: 'open', trader_suspended: false } });
    const current = (await tradingEvent(f.id)).markets.find((m) => m.id === f.marketId)!.selections.find((s) => s.key === 'home')!;
    await placed(who, [{ selection_id: current.id, odds: current.odds }], '10.00');
  });

  it('pins odds the feed cannot move, and rescales a market to the trader margin', async () => {
    const f = await fixture({ home: 2150, draw: 3400, away: 3500 });
    const pinned = await backoffice(t, 'trading/market-odds', { body: { market_id: f.marketId, odds: { home: '1.95', away: '4.10' } }, cookie: trader.cookie });
    expect(pinned.status, JSON.stringify(pinned.json)).toBe(200);
    const odds = async () => Object.fromEntries((await tradingEvent(f.id)).markets.find((m) => m.id === f.marketId)!.selections.map((s) => [s.key, s.odds]));
    expect(await odds()).toEqual({ home: '1.95', draw: '3.40', away: '4.10' });
    expect(await lastAudit('trading.market-odds')).toMatchObject({ before: { odds: { home: 2.15, away: 3.5 }, odds_override: false }, after: { odds: { home: 1.95, away: 4.1 }, odds_override: true } });
    await t.services.betting.sink.updateMarkets(f.id, [{ marketId: f.marketId, odds: { home: 2500, draw: 3000, away: 3000 }, status: 'open' }]);
    expect(await odds()).toEqual({ home: '1.95', draw: '3.40', away: '4.10' });

    // Given back to the feed: its next price lands.
    expect((await backoffice(t, 'trading/market-odds', { body: { market_id: f.marketId, odds: null }, cookie: trader.cookie })).status).toBe(200);
    await t.services.betting.sink.updateMarkets(f.id, [{ marketId: f.marketId, odds: { home: 2500, draw: 3000, away: 3000 }, status: 'open' }]);
    expect(await odds()).toEqual({ home: '2.50', draw: '3.00', away: '3.00' });

    // A 10% margin: the implied chances of the odds now sum to about 110%, and so do the feed's next prices.
    const margin = await backoffice(t, 'trading/market-margin', { body: { market_id: f.marketId, margin: '10' }, cookie: trader.cookie });
    expect(margin.status, JSON.stringify(margin.json)).toBe(200);
    const implied = async () => Object.values(await odds()).reduce((sum, value) => sum + 1 / Number(value), 0);
    expect((await tradingEvent(f.id)).markets.find((m) => m.id === f.marketId)!.margin).toBe('10');
    expect(await implied()).toBeCloseTo(1.1, 2);
    await t.services.betting.sink.updateMarkets(f.id, [{ marketId: f.marketId, odds: { home: 1800, draw: 3800, away: 4600 }, status: 'open' }]);
    expect(await implied()).toBeCloseTo(1.1, 2);
    expect(Number((await odds()).home)).toBeLessThan(1.8);
  });
});

describe('margins per market type', () => {
  it('a trader sets them, audited; the feed prices the next fixture with them; an analyst reads them but cannot change them', async () => {
    const initial = await backoffice(t, 'trading/margins', { cookie: analyst.cookie });
    expect(initial.json.data).toEqual({ margins: { '1x2': '5.00', match_winner: '5.00', total: '5.00', handicap: '5.00' }, defaults: { '1x2': '5.00', match_winner: '5.00', total: '5.00', handicap: '5.00' } });
    const refused = await backoffice(t, 'trading/set-margins', { body: { '1x2': '7', match_winner: '5', total: '5', handicap: '5' }, cookie: analyst.cookie });
    expect(refused.status).toBe(403);

    const set = await backoffice(t, 'trading/set-margins', { body: { '1x2': '8', match_winner: '4.5', total: '12.25', handicap: '3' }, cookie: trader.cookie });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect((set.json.data as { margins: unknown }).margins).toEqual({ '1x2': '8.00', match_winner: '4.50', total: '12.25', handicap: '3.00' });
    expect(await lastAudit('trading.margins')).toMatchObject({
      subject: 'setting:bettingMargins',
      before: { margins: { '1x2': 5, match_winner: 5, total: 5, handicap: 5 } },
      after: { margins: { '1x2': 8, match_winner: 4.5, total: 12.25, handicap: 3 } },
    });

    // A new fixture: each open market's implied chances sum to 100% plus its type's margin (odds
    // are cut to the book's steps, so within a few tenths of a percent).
    const event = (await t.services.betting.createFixture('football', 90, false))!;
    const overround = (market: { selections: Array<{ odds: number }> }) => market.selections.reduce((sum, selection) => sum + 1000 / selection.odds, 0);
    const markets = (await t.services.betting.book.marketsOf(event.id)).filter((market) => market.status === 'open');
    const byType = (type: string) => markets.filter((market) => market.type === type);
    expect(byType('1x2').length).toBeGreaterThan(0);
    for (const market of byType('1x2')) expect(overround(market)).toBeCloseTo(1.08, 2);
    for (const market of byType('total').filter((m) => m.main)) expect(overround(market)).toBeCloseTo(1.1225, 2);
    for (const market of byType('handicap').filter((m) => m.main)) expect(overround(market)).toBeCloseTo(1.03, 2);

    // Back to the defaults for the other tests.
    await backoffice(t, 'trading/set-margins', { body: { '1x2': '5', match_winner: '5', total: '5', handicap: '5' }, cookie: trader.cookie });
  });
});

describe('settling, voiding and settling again', () => {
  it('shows the ledger difference first, then moves exactly it, once, and a stale preview is refused', async () => {
    const f = await fixture({ home: 2000, draw: 3000, away: 4000 });
    const [x, y, z] = await Promise.all([player(), player(), player()]);
    const betX = await placed(x, [f.pick('home')], '12.00');
    const betY = await placed(y, [f.pick('draw')], '10.00');
    const betZ = await placed(z, [f.pick('away')], '5.00');
    const home = f.pick('home').selection_id;
    const draw = f.pick('draw').selection_id;
    const balances = async () => ({ x: await main(x), y: await main(y), z: await main(z), house: await stakesAccount() });

    const previewOf = async (winners: number[]) => {
      const answer = await backoffice(t, 'trading/settle-preview', { query: { market_id: String(f.marketId), result: 'winners', winners: winners.join(',') }, cookie: trader.cookie });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return answer.json.data as SettlePreviewView;
    };
    // First settlement: home won. x is paid 24.00; the others' bets lose (nothing moves for them).
    const first = await previewOf([home]);
    expect(first.players).toEqual([{ user_id: x.uid, login: expect.any(String), currency: 'EUR', difference: '24.00', bets: 1 }]);
    expect(first.totals).toEqual([{ currency: 'EUR', difference: '24.00' }]);
    const start = await balances();
    const settled = await backoffice(t, 'trading/settle', { body: { market_id: f.marketId, result: 'winners', winners: [home], version: first.version }, cookie: trader.cookie });
    expect(settled.status, JSON.stringify(settled.json)).toBe(200);
    const afterFirst = await balances();
    expect(afterFirst.x - start.x).toBe(24_00n);
    expect(afterFirst.house - start.house).toBe(-24_00n);
    expect(await lastAudit('trading.settle')).toMatchObject({ subject: `market:${f.marketId}`, details: { totals: [{ currency: 'EUR', difference: '24.00' }] } });

    // Re-settlement: the draw, in fact. x gives back 24.00, y is paid 30.00: the preview says so first.
    const again = await previewOf([draw]);
    expect(again.version).toBeGreaterThan(first.version);
    expect(again.players.map((p) => [p.user_id, p.difference])).toEqual([
      [x.uid, '-24.00'],
      [y.uid, '30.00'],
    ]);
    expect(again.totals).toEqual([{ currency: 'EUR', difference: '6.00' }]);
    // Confirming the first (stale) preview's version is refused: nothing moves.
    const stale = await backoffice(t, 'trading/settle', { body: { market_id: f.marketId, result: 'winners', winners: [draw], version: first.version }, cookie: trader.cookie });
    expect(stale.status).toBe(409);
    expect(Object.keys(stale.json.error?.fields ?? {})).toEqual(['version']);
    expect(await balances()).toEqual(afterFirst);

    const resettled = await backoffice(t, 'trading/settle', { body: { market_id: f.marketId, result: 'winners', winners: [draw], version: again.version }, cookie: trader.cookie });
    expect(resettled.status, JSON.stringify(resettled.json)).toBe(200);
    expect((resettled.json.data as SettleAnswer).failed).toEqual([]);
    const afterSecond = await balances();
    // Exactly the difference, through the ledger: per player and for the house.
    expect(afterSecond.x - afterFirst.x).toBe(-24_00n);
    expect(afterSecond.y - afterFirst.y).toBe(30_00n);
    expect(afterSecond.z - afterFirst.z).toBe(0n);
    expect(afterSecond.house - afterFirst.house).toBe(-6_00n);
    expect(await lastAudit('trading.resettle')).toMatchObject({ details: { totals: [{ currency: 'EUR', difference: '6.00' }] } });
    // One ledger movement per bet and settlement version that moved money: x paid, x taken back, y paid.
    const movements = await queryRows<{ key: string }>(
      t.database.db,
      sql`select idempotency_key as key from ledger_transactions where idempotency_key in (${`bet-settle:${betX.id}:1`}, ${`bet-settle:${betX.id}:2`}, ${`bet-settle:${betY.id}:1`}, ${`bet-settle:${betY.id}:2`}, ${`bet-settle:${betZ.id}:1`}, ${`bet-settle:${betZ.id}:2`}) order by id`,
    );
    expect(movements.map((row) => row.key)).toEqual([`bet-settle:${betX.id}:1`, `bet-settle:${betX.id}:2`, `bet-settle:${betY.id}:2`]);

    // The same results again (a second click with a fresh preview): nothing to move.
    const repeat = await previewOf([draw]);
    expect(repeat.players).toEqual([]);
    expect((await backoffice(t, 'trading/settle', { body: { market_id: f.marketId, result: 'winners', winners: [draw], version: repeat.version }, cookie: trader.cookie })).status).toBe(200);
    expect(await balances()).toEqual(afterSecond);

    // Void: every stake back, whatever was paid before (y gives back 30.00 and gets 10.00).
    const voided = (await backoffice(t, 'trading/settle-preview', { query: { market_id: String(f.marketId), result: 'void' }, cookie: trader.cookie })).json.data as SettlePreviewView;
    expect(voided.players.map((p) => [p.user_id, p.difference])).toEqual([
      [y.uid, '-20.00'],
      [z.uid, '5.00'],
      [x.uid, '12.00'],
    ]);
    expect((await backoffice(t, 'trading/settle', { body: { market_id: f.marketId, result: 'void', version: voided.version }, cookie: trader.cookie })).status).toBe(200);
    const end = await balances();
    expect([end.x - afterSecond.x, end.y - afterSecond.y, end.z - afterSecond.z]).toEqual([12_00n, -20_00n, 5_00n]);
    expect(await lastAudit('trading.void')).toMatchObject({ subject: `market:${f.marketId}` });
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });

  it('settles a whole event by its score and lists its bets with every filter', async () => {
    const f = await fixture({ home: 2000, draw: 3000, away: 4000 });
    const who = await player(100_00n);
    const bet = await placed(who, [f.pick('away')], '7.50');
    const bets = async (query: Record<string, string>) => {
      const answer = await backoffice(t, 'trading/bets', { query, cookie: analyst.cookie });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return answer.json.data as { items: TradingBetView[]; total: number };
    };
    const today = new Date().toISOString().slice(0, 10);
    const found = await bets({ event_id: String(f.id), market_id: String(f.marketId), status: 'open', user_id: String(who.uid), from: today, to: today, stake_min: '7.50', stake_max: '7.50' });
    expect(found.items.map((item) => [item.id, item.user_id, item.stake, item.status])).toEqual([[bet.id, who.uid, '7.50', 'open']]);
    expect((await bets({ event_id: String(f.id), stake_min: '7.51' })).total).toBe(0);
    expect((await bets({ event_id: String(f.id), status: 'won' })).total).toBe(0);
    expect((await bets({ user_id: String(who.uid), to: '2020-01-01' })).total).toBe(0);

    // The score is previewed first: the away win pays 30.00 (7.50 at 4.00); nothing moves yet.
    const preview = async (query: Record<string, string>) => {
      const answer = await backoffice(t, 'trading/settle-event-preview', { query: { event_id: String(f.id), ...query }, cookie: trader.cookie });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return answer.json.data as SettleEventPreviewView;
    };
    const shown = await preview({ home: '0', away: '2' });
    expect(shown).toMatchObject({ event_id: f.id, outcome: { score: { home: 0, away: 2 } }, bets: 1, totals: [{ currency: 'EUR', difference: '30.00' }] });
    expect(shown.players).toEqual([{ user_id: who.uid, login: expect.any(String), currency: 'EUR', difference: '30.00', bets: 1 }]);
    expect(shown.markets).toBeGreaterThan(0);
    expect((await preview({ void: 'true' })).totals).toEqual([{ currency: 'EUR', difference: '7.50' }]);
    expect(await main(who)).toBe(100_00n - 7_50n);

    // The event changes after the preview (a price pinned): the preview's version is refused, nothing settled.
    const pinned = await backoffice(t, 'trading/market-odds', { body: { market_id: f.marketId, odds: { home: '2.50' } }, cookie: trader.cookie });
    expect(pinned.status, JSON.stringify(pinned.json)).toBe(200);
    const audits = await auditCount();
    const stale = await backoffice(t, 'trading/settle-event', { body: { event_id: f.id, home: 0, away: 2, version: shown.version }, cookie: trader.cookie });
    expect(stale.status).toBe(409);
    expect(stale.json.error?.fields).toEqual({ version: 'This event changed since the preview: look at the new figures and confirm again' });
    expect(await auditCount()).toBe(audits);
    expect((await tradingEvent(f.id)).status).not.toBe('settled');
    expect(await main(who)).toBe(100_00n - 7_50n);

    const fresh = await preview({ home: '0', away: '2' });
    expect(fresh.version).toBeGreaterThan(shown.version);
    const settled = await backoffice(t, 'trading/settle-event', { body: { event_id: f.id, home: 0, away: 2, version: fresh.version }, cookie: trader.cookie });
    expect(settled.status, JSON.stringify(settled.json)).toBe(200);
    expect(await main(who)).toBe(100_00n - 7_50n + 30_00n);
    // Settled, the same score moves nothing more, and a correction to a home win would take the 30.00 back.
    expect((await preview({ home: '0', away: '2' })).players).toEqual([]);
    expect((await preview({ home: '1', away: '0' })).totals).toEqual([{ currency: 'EUR', difference: '-30.00' }]);
    expect((await bets({ event_id: String(f.id), status: 'won' })).items.map((item) => item.return)).toEqual(['30.00']);
    expect(await lastAudit('trading.settle-event')).toMatchObject({ subject: `event:${f.id}`, after: { status: 'settled', score: { home: 0, away: 2 } } });
  });
});

describe('stake limits', () => {
  it('refuses a bet above the player maximum or above the stake factor times the book maximum, on `stake`', async () => {
    const f = await fixture({ home: 2000, draw: 3000, away: 4000 });
    const who = await player(10_000_00n);
    const limits = async (body: Record<string, unknown>) => backoffice(t, 'trading/set-player-limits', { body: { user_id: who.uid, ...body }, cookie: trader.cookie });

    // A factor of 0.001: the book's 5,000.00 becomes 5.00.
    const set = await limits({ stake_factor: '0.001', max_stake: null });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json.data).toMatchObject({ stake_factor: '0.001', max_stake: null, book_max_stake: '5000.00', effective_max_stake: '5.00' } satisfies Partial<PlayerLimitsView>);
    expect(await lastAudit('trading.player-limits')).toMatchObject({ subject: `player:${who.uid}`, before: { stake_factor: '1', max_stake: null }, after: { stake_factor: '0.001', max_stake: null } });
    const over = await place(who, [f.pick('home')], '5.01');
    expect(over.status).toBe(422);
    expect(over.json.error?.fields).toEqual({ stake: 'The maximum stake for this bet is 5.00' });
    expect(over.json.error?.details).toMatchObject({ code: 'STAKE_TOO_HIGH', max_stake: '5.00' });
    await placed(who, [f.pick('home')], '5.00');

    // The player's own maximum, below the factor's.
    expect((await limits({ stake_factor: '1', max_stake: '3.00' })).json.data).toMatchObject({ effective_max_stake: '3.00' });
    const above = await place(who, [f.pick('home')], '3.50');
    expect(above.json.error?.details).toMatchObject({ code: 'STAKE_TOO_HIGH', max_stake: '3.00' });
    expect(Object.keys(above.json.error?.fields ?? {})).toEqual(['stake']);
    await placed(who, [f.pick('home')], '3.00');

    // Lifted again: the book's maximum.
    await limits({ stake_factor: '1', max_stake: null });
    await placed(who, [f.pick('home')], '100.00');
    expect((await backoffice(t, 'trading/player-limits', { query: { user_id: String(who.uid) }, cookie: analyst.cookie })).json.data).toMatchObject({ effective_max_stake: '5000.00' });
  });
});

describe('every form by the server schemas', () => {
  it('answers bad input with 422 naming the field, and writes nothing', async () => {
    const f = await fixture({ home: 2150, draw: 3400, away: 3500 });
    const who = await player();
    const state = async () =>
      JSON.stringify([
        await tradingEvent(f.id),
        (await backoffice(t, 'trading/player-limits', { query: { user_id: String(who.uid) }, cookie: analyst.cookie })).json.data,
        (await backoffice(t, 'trading/margins', { cookie: analyst.cookie })).json.data,
      ]);
    const before = { audit: await auditCount(), state: await state() };
    const home = f.pick('home').selection_id;
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['trading/market-status', { market_id: f.marketId, status: 'closed' }, 'status'],
      ['trading/market-status', { market_id: 'x', status: 'open' }, 'market_id'],
      ['trading/market-odds', { market_id: f.marketId, odds: { home: '0.5' } }, 'odds.home'],
      ['trading/market-odds', { market_id: f.marketId, odds: { over: '2.00' } }, 'odds.over'],
      ['trading/market-odds', { market_id: f.marketId, odds: {} }, 'odds'],
      ['trading/market-margin', { market_id: f.marketId, margin: '45' }, 'margin'],
      ['trading/market-margin', { market_id: f.marketId, margin: 'lots' }, 'margin'],
      ['trading/settle', { market_id: f.marketId, result: 'winners', winners: [home], version: 'v' }, 'version'],
      ['trading/settle', { market_id: f.marketId, result: 'winners', winners: [], version: 1 }, 'winners'],
      ['trading/settle', { market_id: f.marketId, result: 'winners', winners: [999_999], version: 1 }, 'winners.0'],
      ['trading/settle', { market_id: f.marketId, result: 'maybe', version: 1 }, 'result'],
      ['trading/settle-event', { event_id: f.id, home: 1, version: 1 }, 'away'],
      ['trading/settle-event', { event_id: f.id, home: '', away: 0, version: 1 }, 'home'],
      ['trading/settle-event', { event_id: f.id, home: -1, away: 0, version: 1 }, 'home'],
      ['trading/settle-event', { event_id: f.id, home: 1, away: 0 }, 'version'],
      ['trading/set-player-limits', { user_id: who.uid, stake_factor: 'half', max_stake: null }, 'stake_factor'],
      ['trading/set-player-limits', { user_id: who.uid, stake_factor: '11', max_stake: null }, 'stake_factor'],
      ['trading/set-player-limits', { user_id: who.uid, stake_factor: '1', max_stake: '-5' }, 'max_stake'],
      ['trading/set-margins', { '1x2': '45', match_winner: '5', total: '5', handicap: '5' }, '1x2'],
      ['trading/set-margins', { '1x2': '5', match_winner: '5', total: 'lots', handicap: '5' }, 'total'],
      ['trading/set-margins', { '1x2': '5', match_winner: '5', total: '5' }, 'handicap'],
    ];
    for (const [name, body, field] of cases) {
      const answer = await backoffice(t, name, { body, cookie: trader.cookie });
      expect(answer.status, `${name} ${JSON.stringify(body)}: ${JSON.stringify(answer.json)}`).toBe(422);
      expect(answer.json.error?.type).toBe('InvalidParameterException');
      expect(Object.keys(answer.json.error?.fields ?? {}), `${name} ${JSON.stringify(body)}`).toEqual([field]);
    }
    expect(await auditCount()).toBe(before.audit);
    expect(await state()).toBe(before.state);

    // Reads too: a bad filter is named.
    for (const [query, field] of [
      [{ from: 'yesterday' }, 'from'],
      [{ stake_min: '1.234' }, 'stake_min'],
      [{ stake_min: '10', stake_max: '5' }, 'stake_max'],
      [{ status: 'pending' }, 'status'],
    ] as const) {
      const answer = await backoffice(t, 'trading/bets', { query, cookie: analyst.cookie });
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.json.error?.fields ?? {})).toEqual([field]);
    }
    // And in French for a member who reads it.
    const french = await backoffice(t, 'trading/settle', { body: { market_id: f.marketId, result: 'winners', winners: [], version: 1 }, cookie: `${trader.cookie}; bo_locale=fr` });
    expect(french.json.error?.fields).toEqual({ winners: 'Choisissez au moins une sélection gagnante, ou annulez le marché' });
    const missing = await backoffice(t, 'trading/market-status', { body: { market_id: 2_000_000_000, status: 'open' }, cookie: `${trader.cookie}; bo_locale=fr` });
    expect([missing.status, missing.json.error?.fields]).toEqual([404, { market_id: 'Marché 2000000000 introuvable' }]);
  });
});

describe('who may trade', () => {
  it('lets analysts read the book but not change it, and keeps support out', async () => {
    const f = await fixture({ home: 2150, draw: 3400, away: 3500 });
    expect((await backoffice(t, 'trading/events', { cookie: analyst.cookie })).status).toBe(200);
    const denied = await backoffice(t, 'trading/market-status', { body: { market_id: f.marketId, status: 'suspended' }, cookie: analyst.cookie });
    expect(denied.status).toBe(403);
    expect(denied.json.error?.details).toEqual({ permission: 'trading.manage' });
    expect((await backoffice(t, 'trading/events', { cookie: support.cookie })).status).toBe(403);
    expect((await tradingEvent(f.id)).markets.find((m) => m.id === f.marketId)!.status).toBe('open');
  });
});
