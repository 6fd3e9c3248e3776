import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db/database.ts';
import type { BetView, BettingEventsPage, EventView, MarketView, SlipSelectionView } from '../../../contract/betting.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';
import { openSecondHandle } from '../../platform/testing/test-db.ts';
import { createLedger } from '../ledger/index.ts';
import { createBetting } from './service.ts';

/**
 * The sportsbook through the API as a player lives it, and its books: placement with typed
 * refusals, settlement paid once, corrections moving exactly the difference, cash-out, betting
 * bonuses, the suspension race (PostgreSQL) and a random run that keeps the ledger balanced.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Answer = { status: number; json: { data?: unknown; error?: { type: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> } } };
const call = (who: TestPlayer | null, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}): Promise<Answer> =>
  t.call(method, { ...options, headers: who ? { cookie: who.cookie, 'x-croupier-client-ip': who.ip } : {} });

/** placeBet's form body: legs as legs[i][selection_id] / legs[i][odds], the way the client sends them. */
function betBody(input: { kind?: 'single' | 'accumulator'; legs: Array<{ selection_id: number; odds: string }>; stake?: string; odds_change?: string; bonus_id?: number; request_id?: string }) {
  const body: Record<string, string> = {
    kind: input.kind ?? (input.legs.length > 1 ? 'accumulator' : 'single'),
    stake: input.stake ?? '10.00',
    odds_change: input.odds_change ?? 'ask',
    request_id: input.request_id ?? randomUUID(),
  };
  input.legs.forEach((leg, index) => {
    body[`legs[${index}][selection_id]`] = String(leg.selection_id);
    body[`legs[${index}][odds]`] = leg.odds;
  });
  if (input.bonus_id !== undefined) body.bonus_id = String(input.bonus_id);
  return body;
}
const place = (who: TestPlayer, input: Parameters<typeof betBody>[0]) => call(who, 'betting/placeBet', { body: betBody(input) });
const placed = async (who: TestPlayer, input: Parameters<typeof betBody>[0]) => {
  const answer = await place(who, input);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as BetView;
};

const mainBalance = async (who: TestPlayer) => (await t.services.ledger.balances(who.uid, 'EUR')).main;

/** A fresh football fixture with chosen odds on its 1x2 and a quarter-line handicap. */
async function fixture(odds: { home: number; draw: number; away: number } = { home: 2150, draw: 3400, away: 3500 }) {
  const event = (await t.services.betting.createFixture('football', 60, false))!;
  const markets = await t.services.betting.book.marketsOf(event.id);
  const match = markets.find((m) => m.type === '1x2')!;
  await t.services.betting.book.updateMarkets(event.id, [{ marketId: match.id, odds }]);
  const view = (await t.services.betting.book.event(event.id, 'en'))!;
  const market = (type: MarketView['type'], line: string | null = null) => view.markets.find((m) => m.type === type && (line === null || m.line === line))!;
  const pick = (type: MarketView['type'], key: string, line: string | null = null) => {
    const selection = market(type, line).selections.find((s) => s.key === key)!;
    return { selection_id: selection.id, odds: selection.odds };
  };
  return { id: event.id, view, market, pick };
}

const settle = (eventId: number, home: number, away: number) => t.services.betting.settleEvent(eventId, { score: { home, away } });
const bet = async (who: TestPlayer, id: number) => (await call(who, 'betting/getBet', { query: { id: String(id) } })).json.data as BetView;

describe('the book', () => {
  it('lists seeded sports and events with their main markets, live first', async () => {
    const sports = (await call(null, 'betting/getSports')).json.data as { items: Array<{ key: string; live: number; upcoming: number }> };
    expect(sports.items.map((s) => s.key)).toEqual(['football', 'tennis', 'basketball']);
    expect(sports.items.every((s) => s.live >= 2 && s.upcoming >= 6)).toBe(true);
    const page = (await call(null, 'betting/getEvents', { query: { sport: 'football' } })).json.data as BettingEventsPage;
    expect(page.items[0].status).toBe('live');
    expect(page.items[0].score).toEqual({ home: 0, away: 0 });
    expect(page.items[0].markets.map((m) => m.type).sort()).toEqual(['1x2', 'handicap', 'total']);
    expect(page.items[0].markets_count).toBeGreaterThan(3);
    expect(page.competitions.length).toBeGreaterThan(0);
    const one = (await call(null, 'betting/getEvent', { query: { id: String(page.items[0].id) } })).json.data as EventView;
    expect(one.markets.length).toBe(page.items[0].markets_count);
    const french = (await t.call('betting/getEvent', { query: { id: String(page.items[0].id) }, headers: { cookie: 'i18n_locale=fr' } })).json.data as EventView;
    expect(french.markets.find((m) => m.type === '1x2')?.name).toBe('Résultat du match');
    const missing = await call(null, 'betting/getEvent', { query: { id: '999999' } });
    expect(missing.status).toBe(422);
    expect(missing.json.error?.fields?.id).toBeTruthy();
  });
});

describe('placing bets', () => {
  let player: TestPlayer;
  beforeAll(async () => {
    player = await registerPlayer(t, { tag: 'punter' });
    await fundPlayer(t, player.uid, 100_000n);
  });

  it('places a single at the shown odds, takes the stake once, and a repeated request answers the same bet', async () => {
    const f = await fixture();
    const before = await mainBalance(player);
    const requestId = randomUUID();
    const first = await placed(player, { legs: [f.pick('1x2', 'home')], stake: '10.00', request_id: requestId });
    expect(first).toMatchObject({ kind: 'single', status: 'open', stake: '10.00', odds: '2.15', potential_return: '21.50', return: null });
    expect(first.legs[0]).toMatchObject({ odds: '2.15', market_type: '1x2', result: null });
    const again = await placed(player, { legs: [f.pick('1x2', 'home')], stake: '10.00', request_id: requestId });
    expect(again.id).toBe(first.id);
    expect(await mainBalance(player)).toBe(before - 1000n);
  });

  it('refuses with typed errors naming the field', async () => {
    const f = await fixture();
    const low = await place(player, { legs: [f.pick('1x2', 'home')], stake: '0.05' });
    expect(low.status).toBe(422);
    expect(low.json.error).toMatchObject({ type: 'InvalidParameterException', details: { code: 'STAKE_TOO_LOW', min_stake: '0.10' } });
    expect(low.json.error?.fields?.stake).toBe('The minimum stake is 0.10');
    const high = await place(player, { legs: [f.pick('1x2', 'home')], stake: '6000.00' });
    expect(high.json.error?.details).toMatchObject({ code: 'STAKE_TOO_HIGH', max_stake: '5000.00' });
    const broke = await place(player, { legs: [f.pick('1x2', 'home')], stake: '4000.00' });
    expect(broke.json.error?.details?.code).toBe('INSUFFICIENT_FUNDS');
    expect(broke.json.error?.fields?.stake).toBeTruthy();
    const unknown = await place(player, { legs: [{ selection_id: 99_999_999, odds: '2.00' }] });
    expect(unknown.json.error?.fields?.['legs.0.selection_id']).toBeTruthy();
    expect(unknown.json.error?.details?.code).toBe('SELECTION_NOT_FOUND');
    const sameEvent = await place(player, { legs: [f.pick('1x2', 'home'), f.pick('total', 'over', '2.5')] });
    expect(sameEvent.json.error?.details?.code).toBe('SAME_EVENT');
    expect(sameEvent.json.error?.fields?.['legs.1.selection_id']).toBeTruthy();
    const badOdds = await place(player, { legs: [{ ...f.pick('1x2', 'home'), odds: '2.1234' }] });
    expect(badOdds.json.error?.fields?.['legs.0.odds']).toBeTruthy();
    const badPolicy = await call(player, 'betting/placeBet', { body: { ...betBody({ legs: [f.pick('1x2', 'home')] }), odds_change: 'sometimes' } });
    expect(badPolicy.status).toBe(422);
    expect(badPolicy.json.error?.fields?.odds_change).toBeTruthy();
    const french = await t.call('betting/placeBet', { body: betBody({ legs: [f.pick('1x2', 'home')], stake: '0.05' }), headers: { cookie: `${player.cookie}; i18n_locale=fr`, 'x-croupier-client-ip': player.ip } });
    expect(french.json.error?.fields?.stake).toBe('La mise minimale est de 0.10');
    const guest = await call(null, 'betting/placeBet', { body: betBody({ legs: [f.pick('1x2', 'home')] }) });
    expect(guest.json.error?.type).toBe('AuthorizationException');
  });

  it('refuses a suspended market, and follows the odds-change policy', async () => {
    const f = await fixture();
    const seen = f.pick('1x2', 'home');
    await t.services.betting.suspend(f.id);
    const suspended = await place(player, { legs: [seen] });
    expect(suspended.json.error?.details).toMatchObject({ code: 'MARKET_SUSPENDED', selection_id: seen.selection_id });
    expect(suspended.json.error?.fields?.['legs.0.selection_id']).toBe('This market is suspended for now');
    await t.services.betting.reopen(f.id);
    // The home side shortens 10%: 2.15 -> 1.94 (others lengthen).
    await t.services.betting.moveOdds(f.id, 10);
    const asked = await place(player, { legs: [seen], odds_change: 'ask' });
    expect(asked.json.error?.details).toMatchObject({ code: 'ODDS_CHANGED', legs: [{ selection_id: seen.selection_id, odds: '1.94' }] });
    const higherOnly = await place(player, { legs: [seen], odds_change: 'higher' });
    expect(higherOnly.json.error?.details?.code).toBe('ODDS_CHANGED');
    const any = await placed(player, { legs: [seen], odds_change: 'any' });
    expect(any.odds).toBe('1.94');
    const away = f.pick('1x2', 'away');
    const higher = await placed(player, { legs: [away], odds_change: 'higher' });
    expect(higher.odds).toBe('3.85');
    // The slip reads the current odds.
    const slip = (await call(null, 'betting/getSlip', { query: { ids: `${seen.selection_id},${away.selection_id}` } })).json.data as { items: SlipSelectionView[] };
    expect(slip.items.map((s) => [s.odds, s.available])).toEqual([['1.94', true], ['3.85', true]]);
  });
});

describe('settlement', () => {
  let player: TestPlayer;
  beforeAll(async () => {
    player = await registerPlayer(t, { tag: 'settler' });
    await fundPlayer(t, player.uid, 100_000n);
  });

  it('pays an accumulator once, however often the result is published', async () => {
    const a = await fixture({ home: 2150, draw: 3400, away: 3500 });
    const b = await fixture({ home: 1900, draw: 3400, away: 4000 });
    const c = await fixture({ home: 1570, draw: 4000, away: 5500 });
    const start = await mainBalance(player);
    const acca = await placed(player, { legs: [a.pick('1x2', 'home'), b.pick('1x2', 'home'), c.pick('1x2', 'home')], stake: '10.00' });
    expect(acca).toMatchObject({ kind: 'accumulator', odds: '6.413', potential_return: '64.13' });
    await settle(a.id, 2, 0);
    await settle(b.id, 1, 0);
    expect((await bet(player, acca.id)).status).toBe('open');
    await settle(c.id, 3, 1);
    await settle(c.id, 3, 1);
    await settle(a.id, 2, 0);
    const settled = await bet(player, acca.id);
    expect(settled).toMatchObject({ status: 'won', return: '64.13', settlement_version: 1 });
    expect(settled.legs.map((leg) => leg.result)).toEqual(['won', 'won', 'won']);
    expect(await mainBalance(player)).toBe(start - 1000n + 6413n);
  });

  it('recomputes an accumulator with a void leg, and settles a lost one at once', async () => {
    const a = await fixture({ home: 2150, draw: 3400, away: 3500 });
    const b = await fixture({ home: 1900, draw: 3400, away: 4000 });
    const c = await fixture({ home: 1570, draw: 4000, away: 5500 });
    const withVoid = await placed(player, { legs: [a.pick('1x2', 'home'), b.pick('1x2', 'home'), c.pick('1x2', 'home')], stake: '10.00' });
    const d = await fixture();
    const e = await fixture();
    const losing = await placed(player, { legs: [d.pick('1x2', 'home'), e.pick('1x2', 'home')], stake: '5.00' });
    await settle(d.id, 0, 1);
    expect((await bet(player, losing.id)).status).toBe('lost');
    await settle(a.id, 1, 0);
    await t.services.betting.settleEvent(b.id, { cancelled: true });
    await settle(c.id, 2, 0);
    // 10 x 2.15 x 1.57 = 33.755 -> 33.75.
    expect(await bet(player, withVoid.id)).toMatchObject({ status: 'won', return: '33.75' });
  });

  it('a correction reverses and re-pays exactly the difference', async () => {
    const f = await fixture();
    const start = await mainBalance(player);
    const home = await placed(player, { legs: [f.pick('1x2', 'home')], stake: '10.00' });
    const draw = await placed(player, { legs: [f.pick('1x2', 'draw')], stake: '10.00' });
    await settle(f.id, 1, 0);
    expect(await mainBalance(player)).toBe(start - 2000n + 2150n);
    // The result is corrected to 1-1: the home bet's €21.50 comes back, the draw's €34.00 is paid.
    await settle(f.id, 1, 1);
    expect(await bet(player, home.id)).toMatchObject({ status: 'lost', return: '0.00', settlement_version: 2 });
    expect(await bet(player, draw.id)).toMatchObject({ status: 'won', return: '34.00', settlement_version: 2 });
    expect(await mainBalance(player)).toBe(start - 2000n + 3400n);
    // And back again: exactly the reverse.
    await settle(f.id, 1, 0);
    expect(await mainBalance(player)).toBe(start - 2000n + 2150n);
    const postings = await t.services.ledger.postingsOf(player.uid, 'main', 'EUR');
    const ofBet = postings.filter((p) => ['sportsbook_settle', 'sportsbook_resettle'].includes(p.kind));
    expect(ofBet.slice(-5).map((p) => p.amount)).toEqual([2150n, -2150n, 3400n, 2150n, -3400n]);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });

  it('settles Asian quarter lines as half won and half lost', async () => {
    const f = await fixture();
    const line = f.view.markets.find((m) => m.type === 'handicap' && Number(m.line) % 0.5 !== 0)!;
    const home = line.selections.find((s) => s.key === 'home')!;
    const away = line.selections.find((s) => s.key === 'away')!;
    const onHome = await placed(player, { legs: [{ selection_id: home.id, odds: home.odds }], stake: '10.00' });
    const onAway = await placed(player, { legs: [{ selection_id: away.id, odds: away.odds }], stake: '10.00' });
    // A final score on the whole line next to the quarter line: one half pushes, the other is decided.
    const l = Number(line.line);
    const whole = Number.isInteger(l - 0.25) ? l - 0.25 : l + 0.25;
    const diff = -whole;
    await settle(f.id, Math.max(diff, 0), Math.max(-diff, 0));
    const results = [(await bet(player, onHome.id)).status, (await bet(player, onAway.id)).status].sort();
    expect(results).toEqual(['half_lost', 'half_won']);
    const halfLost = (await bet(player, onHome.id)).status === 'half_lost' ? onHome : onAway;
    expect((await bet(player, halfLost.id)).return).toBe('5.00');
  });

  it('cashes out an open single at stake x locked odds / current odds less 5%', async () => {
    const f = await fixture();
    const single = await placed(player, { legs: [f.pick('1x2', 'home')], stake: '10.00' });
    expect(single.cash_out).toEqual({ available: true, amount: '9.50' });
    await t.services.betting.moveOdds(f.id, 20);
    // 10 x 2.15 / 1.72 x 0.95 = 11.875 -> 11.87.
    const offer = (await bet(player, single.id)).cash_out!;
    expect(offer).toEqual({ available: true, amount: '11.87' });
    const moved = await call(player, 'betting/cashOut', { body: { bet_id: String(single.id), amount: '9.50' } });
    expect(moved.json.error?.details).toMatchObject({ code: 'CASHOUT_CHANGED', amount: '11.87' });
    const before = await mainBalance(player);
    const done = (await call(player, 'betting/cashOut', { body: { bet_id: String(single.id), amount: '11.87' } })).json.data as BetView;
    expect(done).toMatchObject({ status: 'cashed_out', return: '11.87' });
    expect(await mainBalance(player)).toBe(before + 1187n);
    await settle(f.id, 3, 0);
    expect(await bet(player, single.id)).toMatchObject({ status: 'cashed_out', return: '11.87' });
    const again = await call(player, 'betting/cashOut', { body: { bet_id: String(single.id), amount: '11.87' } });
    expect(again.json.error?.details?.code).toBe('CASHOUT_UNAVAILABLE');
  });
});

describe('betting bonuses from the slip', () => {
  it('plays a free bet from the betting bonus balance and pays only the winnings; an odds boost adds to the winnings', async () => {
    const player = await registerPlayer(t, { tag: 'bonus' });
    await fundPlayer(t, player.uid, 10_000n);
    const grant = (source: string, reward: Parameters<typeof t.services.promotions.grant>[1]['reward']) =>
      t.services.database.db.transaction((tx) => t.services.promotions.grant(tx, { userId: player.uid, currency: 'EUR', source, reward, titles: { en: 'Test' }, activateNow: true, now: new Date() }));
    const freeBet = (await grant(`test-free-bet:${player.uid}`, { type: 'betting_bonus', kind: 'free_bet', amount: '500', days: 7 })).bonus;
    const boost = (await grant(`test-boost:${player.uid}`, { type: 'betting_bonus', kind: 'odds_boost', boost_percent: 20, days: 7 })).bonus;
    for (const bonus of [freeBet, boost]) if (bonus.status === 'available') await call(player, 'bettingBonuses/activate', { body: { bonus_id: String(bonus.id) } });
    expect((await call(player, 'betting/getBalance')).json.data).toEqual({ currency: 'EUR', main: '100.00', betting_bonus: '5.00', total: '105.00' });

    const f = await fixture({ home: 3000, draw: 3400, away: 2400 });
    const free = await placed(player, { legs: [f.pick('1x2', 'home')], bonus_id: freeBet.id });
    expect(free).toMatchObject({ funding: 'free_bet', stake: '5.00', potential_return: '10.00', bonus: { kind: 'free_bet' } });
    const reused = await place(player, { legs: [f.pick('1x2', 'draw')], bonus_id: freeBet.id });
    expect(reused.json.error?.details?.code).toBe('BONUS_NOT_USABLE');
    expect(reused.json.error?.fields?.bonus_id).toBeTruthy();
    const boosted = await placed(player, { legs: [f.pick('1x2', 'home')], stake: '10.00', bonus_id: boost.id });
    expect(boosted).toMatchObject({ odds: '3.40', potential_return: '34.00', bonus: { kind: 'odds_boost', boost_percent: 20 } });
    expect((await call(player, 'betting/getBalance')).json.data).toMatchObject({ main: '90.00', betting_bonus: '0.00' });
    await settle(f.id, 2, 0);
    expect((await call(player, 'betting/getBalance')).json.data).toMatchObject({ main: '134.00' });
    expect(await bet(player, free.id)).toMatchObject({ status: 'won', return: '10.00' });
  });
});

describe('the money holds', () => {
  it('postings sum to zero after a random run of bets, results and corrections', async () => {
    const players = await Promise.all([0, 1, 2].map(() => registerPlayer(t, { tag: 'random' })));
    for (const p of players) await fundPlayer(t, p.uid, 1_000_000n);
    const events = await Promise.all([0, 1, 2, 3].map(() => fixture()));
    const picks = events.flatMap((f) => [f.pick('1x2', 'home'), f.pick('1x2', 'draw'), f.pick('1x2', 'away'), f.pick('total', 'over', '2.5'), f.pick('total', 'under', '2.25')].map((pick) => ({ ...pick, event: f.id })));
    const action = fc.oneof(
      fc.record({ type: fc.constant('bet' as const), player: fc.nat(2), legs: fc.uniqueArray(fc.nat(picks.length - 1), { minLength: 1, maxLength: 3 }), stake: fc.integer({ min: 10, max: 5000 }) }),
      fc.record({ type: fc.constant('result' as const), event: fc.nat(3), home: fc.nat(3), away: fc.nat(3) }),
      fc.record({ type: fc.constant('void' as const), event: fc.nat(3) }),
      fc.record({ type: fc.constant('cashout' as const), player: fc.nat(2) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 25 }), async (actions) => {
        for (const step of actions) {
          if (step.type === 'bet') {
            const legs = step.legs.map((i) => picks[i]);
            if (new Set(legs.map((leg) => leg.event)).size !== legs.length) continue;
            const current = (await call(null, 'betting/getSlip', { query: { ids: legs.map((leg) => leg.selection_id).join(',') } })).json.data as { items: SlipSelectionView[] };
            await place(players[step.player], { legs: current.items.map((s) => ({ selection_id: s.selection_id, odds: s.odds })), stake: (step.stake / 100).toFixed(2), odds_change: 'any' });
          } else if (step.type === 'result') {
            await settle(events[step.event].id, step.home, step.away);
          } else if (step.type === 'void') {
            await t.services.betting.settleEvent(events[step.event].id, { cancelled: true });
          } else {
            const open = (await call(players[step.player], 'betting/getBets', { query: { status: 'open' } })).json.data as { items: BetView[] };
            const offer = open.items.find((b) => b.cash_out?.available);
            if (offer) await call(players[step.player], 'betting/cashOut', { body: { bet_id: String(offer.id), amount: offer.cash_out!.amount! } });
          }
        }
        const check = await t.services.ledger.verify();
        expect(check.problems).toEqual([]);
        // The house's stakes account holds exactly the stakes taken less everything the bets paid back.
        const stakes = await t.services.ledger.houseBalance('sportsbook_stakes', 'EUR');
        const [books] = await queryRows<{ held: string }>(t.services.database.db, sql`select (coalesce(sum(stake), 0) - coalesce(sum(paid_main + paid_bonus), 0))::text as held from betting_bets where currency = 'EUR'`);
        expect(stakes).toBe(BigInt(books.held));
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('the suspension race (PostgreSQL)', () => {
  it('a bet raced against a suspension lands at the shown odds or is refused, never at other odds', async () => {
    const other = await openSecondHandle(t.database);
    if (!other) throw new Error('PostgreSQL expected');
    // A second process's sportsbook on the same database: the feed suspends and moves odds there.
    const feedSide = createBetting({ db: other.db, ledger: createLedger(other.db), publish: async () => undefined, playerCurrency: async () => 'EUR' });
    try {
      const players = await Promise.all(Array.from({ length: 8 }, () => registerPlayer(t, { tag: 'racer' })));
      for (const p of players) await fundPlayer(t, p.uid, 100_000n);
      for (let round = 0; round < 5; round += 1) {
        const f = await fixture();
        const seen = f.pick('1x2', 'home');
        const bets = players.map((p) => place(p, { legs: [seen], stake: '1.00', odds_change: 'ask' }));
        const suspension = (async () => {
          await feedSide.suspend(f.id);
          await feedSide.moveOdds(f.id, 0);
          const markets = await feedSide.book.marketsOf(f.id);
          const match = markets.find((m) => m.type === '1x2')!;
          await feedSide.book.updateMarkets(f.id, [{ marketId: match.id, odds: { home: 1500 }, status: 'open' }]);
        })();
        const answers = await Promise.all([...bets, suspension.then(() => null)]);
        for (const answer of answers) {
          if (!answer) continue;
          if (answer.status === 200) expect((answer.json.data as BetView).legs[0].odds).toBe(seen.odds);
          else expect(['MARKET_SUSPENDED', 'ODDS_CHANGED']).toContain(answer.json.error?.details?.code);
        }
        // Every bet stored on this event carries the shown odds.
        const stored = await queryRows<{ odds: number }>(t.services.database.db, sql`select distinct odds from betting_bet_legs where event_id = ${f.id}`);
        for (const row of stored) expect(Number(row.odds)).toBe(2150);
      }
      expect((await t.services.ledger.verify()).problems).toEqual([]);
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('the operator commands (through the site, signed)', () => {
  it('creates a fixture, moves its odds and settles it; unsigned or malformed commands are refused', async () => {
    const { bettingCommand } = await import('../../../scripts/ops-betting.ts');
    const { hmacSha256 } = await import('../../platform/crypto.ts');
    const { resolveAppSecret } = await import('../../platform/secrets.ts');
    const { SIGNATURE_HEADER, signBody } = await import('../payments/index.ts');
    const secret = hmacSha256(resolveAppSecret(t.env).secret, 'betting-ops');
    const send = async (command: string, args: string[], sign = true) => {
      const body = bettingCommand(command, args);
      if (typeof body === 'string') return { status: 0, json: body as unknown };
      const text = JSON.stringify(body);
      const response = await t.app.request('http://localhost/platform/betting/command', {
        method: 'POST',
        body: text,
        headers: { 'content-type': 'application/json', ...(sign ? { [SIGNATURE_HEADER]: signBody(secret, text) } : {}) },
      });
      return { status: response.status, json: (await response.json()) as unknown };
    };
    expect((await send('betting:fixture', ['football', '60'], false)).status).toBe(401);
    expect((await send('betting:settle', ['12', 'two-one'])).json).toMatch(/usage/);
    expect((await send('betting:fixture', ['cricket'])).status).toBe(422);
    const created = await send('betting:fixture', ['tennis', 'live']);
    expect(created.status).toBe(200);
    const event = created.json as EventView;
    expect(event).toMatchObject({ sport: 'tennis', status: 'live' });
    const before = event.markets.find((m) => m.type === 'match_winner')!.selections[0].odds;
    const moved = (await send('betting:odds', [String(event.id), '20'])).json as EventView;
    expect(moved.markets.find((m) => m.type === 'match_winner')!.selections[0].odds).not.toBe(before);
    expect(((await send('betting:suspend', [String(event.id)])).json as EventView).markets.every((m) => m.status === 'suspended')).toBe(true);
    expect(((await send('betting:open', [String(event.id)])).json as EventView).markets.every((m) => m.status === 'open')).toBe(true);
    expect((await send('betting:settle', [String(event.id), '2-1'])).status).toBe(200);
    const settled = (await t.services.betting.book.event(event.id, 'en'))!;
    expect(settled).toMatchObject({ status: 'settled', score: { home: 2, away: 1 } });
    expect(settled.markets.find((m) => m.type === 'match_winner')!.selections.map((s) => s.result)).toEqual(['won', 'lost']);
    expect((await send('betting:void', ['99999999'])).status).toBe(404);
  });
});

describe('the demo feed', () => {
  it('schedules fixtures, turns one live at kick-off, moves its odds, ends it and settles its bets', async () => {
    let clock = new Date(Date.now() + 30 * 86_400_000);
    const published: string[] = [];
    const feedBook = createBetting({
      db: t.database.db,
      ledger: t.services.ledger,
      publish: async (_topic, message) => void published.push(message.type),
      playerCurrency: async () => 'EUR',
      now: () => clock,
    });
    await feedBook.feed.tick(feedBook.sink, clock);
    const running = await feedBook.book.runningEvents();
    expect(running.filter((row) => row.status === 'scheduled' && row.sport === 'football').length).toBeGreaterThanOrEqual(8);
    const upcoming = running.filter((row) => row.status === 'scheduled' && row.startsAt > clock && row.sport === 'football');
    expect(upcoming.length).toBeGreaterThanOrEqual(1);
    const first = upcoming.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
    const player = await registerPlayer(t, { tag: 'feed' });
    await fundPlayer(t, player.uid, 10_000n);
    const view = (await feedBook.book.event(first.id, 'en'))!;
    const home = view.markets.find((m) => m.type === '1x2')!.selections[0];
    const single = await placed(player, { legs: [{ selection_id: home.id, odds: home.odds }], stake: '10.00' });

    clock = new Date(first.startsAt.getTime() + 1000);
    await feedBook.feed.tick(feedBook.sink, clock);
    const live = (await feedBook.book.event(first.id, 'en'))!;
    expect(live).toMatchObject({ status: 'live', score: { home: 0, away: 0 } });
    expect(live.clock?.label).toBe("1'");
    const versionAtKickOff = live.markets[0].version;
    clock = new Date(first.startsAt.getTime() + 10 * 60_000);
    await feedBook.feed.tick(feedBook.sink, clock);
    clock = new Date(first.startsAt.getTime() + 10 * 60_000 + 20_000);
    await feedBook.feed.tick(feedBook.sink, clock);
    const midway = (await feedBook.book.event(first.id, 'en'))!;
    expect(midway.clock?.minute).toBeGreaterThanOrEqual(45);
    expect(midway.markets[0].version).toBeGreaterThan(versionAtKickOff);
    expect(published).toContain('betting.odds');
    expect(published).toContain('betting.event');

    clock = new Date(first.startsAt.getTime() + 21 * 60_000);
    await feedBook.feed.tick(feedBook.sink, clock);
    const ended = (await feedBook.book.event(first.id, 'en'))!;
    expect(ended.status).toBe('settled');
    expect(ended.markets.every((m) => m.status === 'settled')).toBe(true);
    const result = await bet(player, single.id);
    expect(result.status).toBe((ended.score!.home > ended.score!.away ? 'won' : 'lost'));
  }, 60_000);
});
