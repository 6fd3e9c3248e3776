import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';
import { campaigns, playerBonuses } from '../../db/schema.ts';

/**
 * The bonus state machine under random interleavings (fast-check; a failure prints the shrunk
 * sequence of steps). Each run plays two fresh players through deposits with and without an
 * offer, fixed bonuses granted and activated, bets on games of different wagering weights (some
 * above the bonus's maximum bet), wins and rollbacks of earlier bets, expiry, forfeit, withdrawals
 * that burn the bonus, and drains of the job runner (where a wagered bonus is converted: each bet
 * counts its own wagering as it is placed, decision 015).
 *
 * A model of each player (what the wallet, the cashier and the bonus engine promise) predicts
 * every answer, balance and bonus; after every step the test checks that the ledger holds, that no
 * balance is negative, that wagering never goes back nor past its requirement, that a bonus only
 * moves along the allowed transitions, and that each player's money is what flowed in and out.
 */

const PLAYERS = 2;
/** Sequences per test run (BONUS_MACHINE_RUNS=200 explores longer). */
const RUNS = Number(process.env.BONUS_MACHINE_RUNS ?? 20);

// --- steps -----------------------------------------------------------------------------------------

const player = fc.integer({ min: 0, max: PLAYERS - 1 });
/**
 * Which earlier bet or bonus: counted from the latest, mostly one of the last two (with bonusBet,
 * among the bets that drew bonus money when there are some).
 */
const pick = fc.oneof(fc.constant(0), fc.constant(1), fc.nat({ max: 1000 }));
const depositStep = fc.record({ kind: fc.constant('deposit' as const), p: player, euros: fc.integer({ min: 10, max: 40 }), offer: fc.constantFrom('none', 'welcome', 'reload') });
const step = fc.oneof(
  { weight: 2, arbitrary: depositStep },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('grant' as const),
      p: player,
      amount: fc.integer({ min: 100, max: 3000 }),
      multiplier: fc.constantFrom(0, 1, 2, 5),
      maxBet: fc.option(fc.integer({ min: 100, max: 1500 }), { nil: null }),
      days: fc.integer({ min: 1, max: 14 }),
      activate: fc.oneof(fc.constant(true), fc.boolean()),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('activate' as const), p: player, pick }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      p: player,
      amount: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 500 }) }, { weight: 1, arbitrary: fc.integer({ min: 501, max: 4000 }) }),
      game: fc.constantFrom(0, 1, 2),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('spend' as const), p: player }) },
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant('win' as const), p: player, pick, bonusBet: fc.boolean(), amount: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5000 })) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rollback' as const), p: player, pick, bonusBet: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('expire' as const), p: player, pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('forfeit' as const), p: player, pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), p: player, euros: fc.integer({ min: 10, max: 80 }), burn: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('drain' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wagerOut' as const), p: player }) },
);
/** A run: each player deposits first (with an offer or not), then anything in any order. */
const sequence = fc
  .tuple(fc.tuple(...Array.from({ length: PLAYERS }, () => fc.constantFrom('none', 'none', 'welcome'))), fc.integer({ min: 10, max: 40 }), fc.array(step, { minLength: 5, maxLength: 30 }))
  .map(([openings, euros, rest]) => [...openings.map((offer, p) => ({ kind: 'deposit' as const, p, euros, offer })), ...rest]);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** The games played: a slot, a table game and an instant game, whose stakes count 100%, 20% and 50%. */
const GAMES = [
  { sysname: 'golden-croupier', weight: 100n },
  { sysname: 'croupier-roulette', weight: 20n },
  { sysname: 'croupier-dice', weight: 50n },
] as const;

// --- the model -------------------------------------------------------------------------------------

type Status = 'available' | 'active' | 'completed' | 'expired' | 'forfeited' | 'removed';
const ALLOWED: Record<Status, Status[]> = {
  available: ['available', 'active', 'expired', 'removed'],
  active: ['active', 'completed', 'expired', 'forfeited'],
  completed: ['completed'],
  expired: ['expired'],
  forfeited: ['forfeited'],
  removed: ['removed'],
};

type ModelBonus = { id: number; status: Status; amount: bigint; required: bigint; done: bigint; maxBet: bigint | null; activatedAt: number | null };
type Table = { token: string; game: string };
type ModelBet = { id: string; table: Table; amount: bigint; bonusDrawn: bigint; bonusId: number | null; accepted: boolean; rolledBack: boolean };
type Flows = { deposits: bigint; credits: bigint; bets: bigint; wins: bigint; refunds: bigint; forfeits: bigint };
type ModelPlayer = {
  who: TestPlayer;
  main: bigint;
  bonus: bigint;
  hold: bigint;
  flows: Flows;
  bonuses: Map<number, ModelBonus>;
  bets: ModelBet[];
  deposited: boolean;
  offersTaken: Set<string>;
  withdrawals: number;
  tables: Map<string, Table>;
};

/** How often the interesting branches were taken (printed after the random runs). */
const seen = new Map<string, number>();
const saw = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);

const latest = <T>(list: T[], pick: number): T => list[list.length - 1 - (pick % list.length)];
const betsOf = (m: ModelPlayer, bonusBet: boolean) => {
  const drew = m.bets.filter((bet) => bet.bonusDrawn > 0n);
  return bonusBet && drew.length ? drew : m.bets;
};
const activeOf = (m: ModelPlayer) => [...m.bonuses.values()].find((bonus) => bonus.status === 'active') ?? null;

/** Ends the active bonus: its whole balance becomes main money (completed) or returns to the house. */
function finish(m: ModelPlayer, bonus: ModelBonus, outcome: 'completed' | 'expired' | 'forfeited') {
  saw(`${outcome}${m.bonus > 0n ? ' with money left' : ' with nothing left'}`);
  if (outcome === 'completed') m.main += m.bonus;
  else m.flows.forfeits += m.bonus;
  m.bonus = 0n;
  bonus.status = outcome;
}

function activate(m: ModelPlayer, bonus: ModelBonus, clock: number) {
  bonus.status = 'active';
  bonus.activatedAt = clock;
  m.bonus += bonus.amount;
  m.flows.credits += bonus.amount;
  if (bonus.required === 0n) finish(m, bonus, 'completed');
}

/** A payout on a bet (win or rollback): its bonus share goes where the bet's bonus stands now. */
function payOut(m: ModelPlayer, bet: ModelBet, payout: bigint) {
  const share = bet.bonusDrawn > 0n ? (payout * bet.bonusDrawn) / bet.amount : 0n;
  const status = bet.bonusId === null ? undefined : m.bonuses.get(bet.bonusId)?.status;
  m.main += payout - share;
  if (share > 0n) saw(`bonus share of a payout, bonus ${status}`);
  if (share > 0n && status === 'active') m.bonus += share;
  else if (share > 0n && status === 'completed') m.main += share;
  return share > 0n && status !== 'active' && status !== 'completed' ? payout - share : payout;
}

/**
 * A bet counts its weighted stake towards the active bonus as it is placed (never past the
 * requirement); the conversion waits for the job runner (drained).
 */
function wagered(m: ModelPlayer, amount: bigint, weight: bigint) {
  const bonus = activeOf(m);
  if (!bonus) return;
  const next = bonus.done + (amount * weight) / 100n;
  bonus.done = next > bonus.required ? bonus.required : next;
}

/** What a drain does to a player: an active bonus whose wagering is done is converted. */
function drained(m: ModelPlayer) {
  const bonus = activeOf(m);
  if (bonus && bonus.done >= bonus.required) {
    saw('wagering completed by the runner');
    finish(m, bonus, 'completed');
  }
}

// --- the test app --------------------------------------------------------------------------------

let t: TestApp;
let offers: Record<'welcome' | 'reload', { id: number; percent: bigint; cap: bigint; min: bigint; multiplier: bigint; maxBet: bigint }>;

beforeAll(async () => {
  t = await createTestApp({ PSP_DEMO_SECRET: 'psp-test-secret-psp-test-secret-0123456' });
  const read = async (sysname: string) => {
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.sysname, sysname));
    const reward = row.reward as { percent: number; cap: string; min_deposit: string; multiplier: number; max_bet: string };
    return { id: row.id, percent: BigInt(reward.percent), cap: BigInt(reward.cap), min: BigInt(reward.min_deposit), multiplier: BigInt(reward.multiplier), maxBet: BigInt(reward.max_bet) };
  };
  offers = { welcome: await read('welcome-bonus'), reload: await read('weekend-reload') };
});
afterAll(async () => {
  await t.close();
});

const call = (who: TestPlayer, method: string, body: Record<string, string>) => t.call(method, { body, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });
const drainJobs = () => t.services.jobs.drain();

/** Asks the API to activate or remove one of the player's bonuses (by pick); null when they have none. */
async function askAbout(m: ModelPlayer, pick: number, method: 'bonuses/activate' | 'bonuses/remove') {
  const ids = [...m.bonuses.keys()];
  if (!ids.length) return null;
  const bonus = m.bonuses.get(latest(ids, pick))!;
  return { bonus, answer: await call(m.who, method, { bonus_id: String(bonus.id) }) };
}

async function bonusRows(players: ModelPlayer[]) {
  const rows = await t.database.db
    .select()
    .from(playerBonuses)
    .where(inArray(playerBonuses.userId, players.map((m) => m.who.uid)));
  return new Map(rows.map((row) => [row.id, row]));
}
type BonusRows = Awaited<ReturnType<typeof bonusRows>>;

/** One run: fresh players, the steps in order, every invariant after every step. */
async function play(steps: Step[]) {
  const players: ModelPlayer[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    players.push({
      who: await registerPlayer(t, { tag: `machine${i}` }),
      main: 0n,
      bonus: 0n,
      hold: 0n,
      flows: { deposits: 0n, credits: 0n, bets: 0n, wins: 0n, refunds: 0n, forfeits: 0n },
      bonuses: new Map(),
      bets: [],
      deposited: false,
      offersTaken: new Set(),
      withdrawals: 0,
      tables: new Map(),
    });
  }
  /** Orders activations and bets (a bet counts for a bonus activated before it). */
  let clock = 0;
  let rows: BonusRows = new Map();

  const newBonus = async (m: ModelPlayer, campaignId: number) => {
    const [row] = (await t.database.db.select().from(playerBonuses).where(eq(playerBonuses.userId, m.who.uid))).filter((bonus) => bonus.campaignId === campaignId);
    expect(row, `a bonus of campaign ${campaignId}`).toBeDefined();
    return row;
  };

  async function tableOf(m: ModelPlayer, game: string): Promise<Table> {
    let table = m.tables.get(game);
    if (!table) {
      const session = await t.services.wallet.openSession({ game, mode: 'real', userId: m.who.uid }, 'en');
      table = { token: session.token, game };
      m.tables.set(game, table);
    }
    return table;
  }
  const request = (table: Table) => ({ provider: 'croupier', request_uuid: randomUUID(), user: table.token, game: table.game, currency: 'EUR' });

  async function bet(m: ModelPlayer, amount: bigint, gameIndex: number) {
    const game = GAMES[gameIndex];
    const table = await tableOf(m, game.sysname);
    const id = randomUUID();
    const answer = await t.services.wallet.handle('bet', { ...request(table), transaction_uuid: id, round_id: `r-${id}`, amount: Number(amount) });
    const active = activeOf(m);
    const record: ModelBet = { id, table, amount, bonusDrawn: 0n, bonusId: null, accepted: false, rolledBack: false };
    m.bets.push(record);
    if (active && active.maxBet !== null && amount > active.maxBet) {
      saw('bet above the maximum');
      return expect(answer.status).toBe('RS_ERROR_BET_LIMIT_EXCEEDED');
    }
    if (amount > m.main + (active ? m.bonus : 0n)) return expect(answer.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect(answer.status).toBe('RS_OK');
    record.accepted = true;
    if (amount > m.main) {
      saw(m.main > 0n ? 'bet split between main and bonus' : 'bet on bonus money only');
      record.bonusDrawn = amount - m.main;
      record.bonusId = active!.id;
      m.bonus -= record.bonusDrawn;
      m.main = 0n;
    } else m.main -= amount;
    m.flows.bets += amount;
    wagered(m, amount, game.weight);
    // The game sees main and bonus money together.
    expect(answer.balance).toBe(Number(m.main + m.bonus));
  }

  async function win(m: ModelPlayer, target: ModelBet, amount: bigint) {
    const answer = await t.services.wallet.handle('win', {
      ...request(target.table),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: target.id,
      round_id: `r-${target.id}`,
      amount: Number(amount),
    });
    // A bet that was refused (no money, above the bonus's maximum) has no round to win.
    if (!target.accepted) {
      saw('win on a refused bet');
      return expect(answer.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    }
    if (target.rolledBack) return expect(answer.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(answer.status).toBe('RS_OK');
    m.flows.wins += payOut(m, target, amount);
  }

  async function drain() {
    await drainJobs();
    for (const m of players) drained(m);
  }

  const expectError = (answer: { status: number; json: { error?: { type: string } } }, type: string) => {
    expect(answer.status, JSON.stringify(answer.json)).not.toBe(200);
    expect(answer.json.error?.type, JSON.stringify(answer.json)).toBe(type);
  };

  const run: { [K in Step['kind']]: (step: Extract<Step, { kind: K }>) => Promise<unknown> } = {
    async deposit({ p, euros, offer }) {
      const m = players[p];
      // The runner works continuously in production: wagering due before the deposit is done first.
      await drain();
      const amount = BigInt(euros) * 100n;
      const terms = offer === 'none' ? null : offers[offer];
      const started = await call(m.who, 'cashier/makedeposit', { method: 'card', amount: String(euros), campaign_offer_id: String(terms?.id ?? -1) });
      const eligible =
        offer === 'none' ||
        (offer === 'welcome' && !m.deposited && !m.offersTaken.has(offer)) ||
        (offer === 'reload' && m.deposited && !m.offersTaken.has(offer) && amount >= terms!.min);
      if (!eligible) return expectError(started, 'InvalidParameterException');
      expect(started.status, JSON.stringify(started.json)).toBe(200);
      const form = new FormData();
      form.set('outcome', 'success');
      expect((await t.app.request(`${TEST_ORIGIN}${(started.json.data as { redirect_url: string }).redirect_url}`, { method: 'POST', body: form })).status).toBe(303);
      m.main += amount;
      m.flows.deposits += amount;
      m.deposited = true;
      // The offer's bonus is granted by the deposit event's handler: at once when no other runs.
      await drain();
      if (!terms) return;
      m.offersTaken.add(offer);
      const row = await newBonus(m, terms.id);
      const match = (amount * terms.percent) / 100n;
      const value = match < terms.cap ? match : terms.cap;
      const bonus: ModelBonus = { id: row.id, status: 'available', amount: value, required: value * terms.multiplier, done: 0n, maxBet: terms.maxBet, activatedAt: null };
      m.bonuses.set(row.id, bonus);
      saw(`deposit offer ${offer}${activeOf(m) ? ' waiting (another runs)' : ''}`);
      if (!activeOf(m)) activate(m, bonus, ++clock);
    },

    async grant({ p, amount, multiplier, maxBet, days, activate: andActivate }) {
      const m = players[p];
      const { bonus: row } = await t.database.db.transaction((tx) =>
        t.services.promotions.grant(tx, {
          userId: m.who.uid,
          currency: 'EUR',
          source: `machine:${randomUUID()}`,
          reward: { type: 'fixed_bonus', amount: String(amount), multiplier, max_bet: maxBet === null ? null : String(maxBet), days },
          titles: { en: 'Machine bonus' },
          now: new Date(),
        }),
      );
      m.bonuses.set(row.id, {
        id: row.id,
        status: 'available',
        amount: BigInt(amount),
        required: BigInt(amount * multiplier),
        done: 0n,
        maxBet: maxBet === null ? null : BigInt(maxBet),
        activatedAt: null,
      });
      if (andActivate) await run.activate({ kind: 'activate', p, pick: 0 });
    },

    async activate({ p, pick }) {
      const m = players[p];
      const asked = await askAbout(m, pick, 'bonuses/activate');
      if (!asked) return;
      const { bonus, answer } = asked;
      if (bonus.status !== 'available' || activeOf(m)) return expectError(answer, 'InvalidParameterException');
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      activate(m, bonus, ++clock);
    },

    bet: ({ p, amount, game }) => bet(players[p], BigInt(amount), game),

    async win({ p, pick, bonusBet, amount }) {
      const m = players[p];
      if (m.bets.length) await win(m, latest(betsOf(m, bonusBet), pick), BigInt(amount));
    },

    async rollback({ p, pick, bonusBet }) {
      const m = players[p];
      if (!m.bets.length) return;
      const target = latest(betsOf(m, bonusBet), pick);
      const answer = await t.services.wallet.handle('rollback', {
        ...request(target.table),
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: target.id,
        round_id: `r-${target.id}`,
      });
      expect(answer.status).toBe('RS_OK');
      if (!target.accepted || target.rolledBack) return;
      target.rolledBack = true;
      m.flows.refunds += payOut(m, target, target.amount);
    },

    async expire({ p, pick }) {
      const m = players[p];
      const open = [...m.bonuses.values()].filter((bonus) => bonus.status === 'available' || bonus.status === 'active');
      // Without an open bonus: a run of the job now, which must end nothing of these players.
      const at = open.length ? new Date(rows.get(latest(open, pick).id)!.expiresAt.getTime() + 1000) : new Date(Date.now() + 60_000);
      // Other players' leftovers may be due too: run until a pass ends fewer than its limit.
      while ((await t.database.db.transaction((tx) => t.services.promotions.expireDue(tx, at))) >= 500);
      for (const q of players) {
        for (const bonus of q.bonuses.values()) {
          if (rows.get(bonus.id)!.expiresAt > at) continue;
          if (bonus.status === 'available') bonus.status = 'expired';
          else if (bonus.status === 'active' && bonus.done >= bonus.required) {
            // Wagered in time, its conversion not run yet: the player earned it.
            saw('wagering completed by the expiry job');
            finish(q, bonus, 'completed');
          } else if (bonus.status === 'active') finish(q, bonus, 'expired');
        }
      }
    },

    async forfeit({ p, pick }) {
      const m = players[p];
      const asked = await askAbout(m, pick, 'bonuses/remove');
      if (!asked) return;
      const { bonus, answer } = asked;
      if (bonus.status !== 'available' && bonus.status !== 'active') return expectError(answer, 'InvalidParameterException');
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      if (bonus.status === 'available') bonus.status = 'removed';
      else finish(m, bonus, 'forfeited');
    },

    async withdraw({ p, euros, burn }) {
      const m = players[p];
      const amount = BigInt(euros) * 100n;
      const active = activeOf(m);
      const answer = await call(m.who, 'cashier/makewithdrawal', {
        method: 'skrill',
        amount: String(euros),
        'requisites[wallet_email]': 'machine@example.com',
        ...(burn ? { burn_bonuses: '1' } : {}),
      });
      // Refused, nothing moves (nor is the bonus burnt): the confirm is missing, the day's count is
      // reached, or main money does not cover it.
      if (active && !burn) return expectError(answer, 'WithdrawalDeclinedException');
      if (m.withdrawals >= 5) return expectError(answer, 'WithdrawalLimitsPeriodExceededException');
      if (amount > m.main) return expectError(answer, 'InvalidParameterException');
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      if (active) saw('withdrawal burning a bonus');
      if (active) finish(m, active, 'forfeited');
      m.main -= amount;
      m.hold += amount;
      m.withdrawals++;
    },

    drain,

    async spend({ p }) {
      // Plays main money down to nothing (within the bonus's maximum), then one bet of bonus money.
      const m = players[p];
      for (let i = 0; i < 8 && m.main > 0n; i++) {
        const max = activeOf(m)?.maxBet ?? null;
        await bet(m, max !== null && max < m.main ? max : m.main, i % GAMES.length);
      }
      const active = activeOf(m);
      if (m.main === 0n && active && m.bonus > 0n) await bet(m, active.maxBet !== null && active.maxBet < m.bonus ? active.maxBet : (m.bonus + 1n) / 2n, 2);
    },

    async wagerOut({ p }) {
      // Plays the slot through at the bonus's maximum, each round paying its stake back (as a
      // slot does on average), to get the wagering done; then the runner converts it.
      const m = players[p];
      const least = (...values: bigint[]) => values.reduce((a, b) => (b < a ? b : a));
      for (let i = 0; i < 20; i++) {
        const active = activeOf(m);
        if (!active) break;
        const stake = least(m.main + m.bonus, active.maxBet ?? m.main + m.bonus, active.required - active.done);
        if (stake <= 0n) break;
        await bet(m, stake, 0);
        await win(m, m.bets[m.bets.length - 1], stake);
      }
      await drain();
    },
  };

  /** Every invariant, after every step. */
  async function check(before: BonusRows) {
    expect((await t.services.ledger.verify()).problems).toEqual([]);
    const now = await bonusRows(players);
    for (const m of players) {
      const balances = await t.services.ledger.balances(m.who.uid, 'EUR');
      const actual = { main: balances.main, bonus: balances.bonus, hold: balances.withdrawal_hold };
      // (b) nothing negative.
      for (const value of Object.values(actual)) expect(value >= 0n).toBe(true);
      // (e) what the model says each account holds, and what flowed in and out.
      expect(actual).toEqual({ main: m.main, bonus: m.bonus, hold: m.hold });
      const { deposits, credits, bets, wins, refunds, forfeits } = m.flows;
      expect(actual.main + actual.bonus + actual.hold).toBe(deposits + credits + wins + refunds - bets - forfeits);
      // Bonus money belongs to the active bonus: none is left behind once it ends.
      if (!activeOf(m)) expect(actual.bonus).toBe(0n);
      for (const bonus of m.bonuses.values()) {
        const row = now.get(bonus.id)!;
        expect({ id: row.id, status: row.status, done: row.wageringDone, required: row.wageringRequired }).toEqual({
          id: bonus.id,
          status: bonus.status,
          done: bonus.done,
          required: bonus.required,
        });
      }
    }
    for (const row of now.values()) {
      // (c) wagering within its requirement, never backwards; (d) only allowed transitions.
      expect(row.wageringDone >= 0n && row.wageringDone <= row.wageringRequired).toBe(true);
      const earlier = before.get(row.id);
      if (!earlier) continue;
      expect(row.wageringDone >= earlier.wageringDone, `wagering of bonus ${row.id} went back`).toBe(true);
      // Within one step a bonus may pass through active (a bonus without wagering completes as it
      // starts): then it must have started.
      const through = earlier.status === 'available' && row.activatedAt !== null ? ALLOWED.active : [];
      expect([...ALLOWED[earlier.status], ...through], `bonus ${row.id}: ${earlier.status} -> ${row.status}`).toContain(row.status);
    }
    return now;
  }

  /** The ledger's own account of each player's flows, by kind of movement, against the model's. */
  async function checkLedgerFlows() {
    for (const m of players) {
      const byKind = new Map<string, bigint>();
      for (const account of ['main', 'bonus', 'withdrawal_hold'] as const) {
        for (const posting of await t.services.ledger.postingsOf(m.who.uid, account, 'EUR')) byKind.set(posting.kind, (byKind.get(posting.kind) ?? 0n) + posting.amount);
      }
      const flows = m.flows;
      expect(Object.fromEntries([...byKind].filter(([, sum]) => sum !== 0n))).toEqual(
        Object.fromEntries(
          Object.entries({
            deposit: flows.deposits,
            bonus_credit: flows.credits,
            game_bet: -flows.bets,
            game_win: flows.wins,
            game_rollback: flows.refunds,
            bonus_forfeit: -flows.forfeits,
          }).filter(([, sum]) => sum !== 0n),
        ),
      );
    }
  }

  for (const [index, current] of steps.entries()) {
    try {
      await (run[current.kind] as (step: Step) => Promise<unknown>)(current);
      rows = await check(rows);
      await checkLedgerFlows();
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new Error(`step ${index} ${JSON.stringify(current)} (players ${players.map((m) => m.who.uid).join(', ')}): ${detail}`, { cause: error });
    }
  }
  return players;
}

it(
  'keeps the books, the balances and every bonus consistent whatever the players do, in any order',
  async () => {
    seen.clear();
    await fc.assert(
      fc.asyncProperty(sequence, async (steps) => void (await play(steps))),
      // A failure names its seed and path: BONUS_MACHINE_SEED and BONUS_MACHINE_PATH replay it.
      { numRuns: RUNS, ...(process.env.BONUS_MACHINE_SEED ? { seed: Number(process.env.BONUS_MACHINE_SEED), path: process.env.BONUS_MACHINE_PATH } : {}) },
    );
    console.info(`bonus machine, ${RUNS} runs:\n${[...seen].sort().map(([what, count]) => `  ${count} x ${what}`).join('\n')}`);
  },
  // Passing takes seconds; a failure's shrinking replays many sequences.
  600_000,
);

// Sequences worth keeping, through the same model and checks.
type Of<K extends Step['kind']> = Extract<Step, { kind: K }>;
const grant = (amount: number, multiplier: Of<'grant'>['multiplier'], maxBet: number | null): Step => ({ kind: 'grant', p: 0, amount, multiplier, maxBet, days: 7, activate: true });
const deposit = (euros: number): Step => ({ kind: 'deposit', p: 0, euros, offer: 'none' });
const bet = (amount: number, game: Of<'bet'>['game'] = 0): Step => ({ kind: 'bet', p: 0, amount, game });
const win = (pick: number, amount: number): Step => ({ kind: 'win', p: 0, pick, bonusBet: false, amount });
const rollback = (pick: number): Step => ({ kind: 'rollback', p: 0, pick, bonusBet: false });

/** The first player's balances and bonuses at the end of a sequence. */
const outcome = async (steps: Step[]) => {
  const [m] = await play(steps);
  return { main: m.main, bonus: m.bonus, hold: m.hold, forfeits: m.flows.forfeits, bonuses: [...m.bonuses.values()].map((bonus) => `${bonus.status} ${bonus.done}/${bonus.required}`) };
};

it('pays nothing for a win on a bet refused above the bonus\'s maximum (found by the machine)', async () => {
  expect(await outcome([grant(100, 5, 100), bet(101), win(0, 5000), win(0, 0)])).toMatchObject({ main: 0n, bonus: 100n, bonuses: ['active 0/500'] });
});

it('counts stakes by game weight, only from the start of the bonus, and converts it once wagered', async () => {
  // A bet before the bonus started counts nothing.
  expect(await outcome([deposit(40), bet(1000), grant(1000, 1, null), { kind: 'drain' }])).toMatchObject({ main: 3000n, bonus: 1000n, bonuses: ['active 0/1000'] });
  // 10.00 at 1x: 5.00 on a table game counts 1.00, 5.00 on an instant game 2.50, 6.49 on the
  // slot 6.49, and its last 0.01 converts the bonus.
  expect(await outcome([deposit(40), grant(1000, 1, null), bet(500, 1), bet(500, 2), { kind: 'drain' }, bet(649), { kind: 'drain' }])).toMatchObject({
    main: 2351n,
    bonus: 1000n,
    bonuses: ['active 999/1000'],
  });
  expect(await outcome([deposit(40), grant(1000, 1, null), bet(500, 1), bet(500, 2), bet(649), bet(1), { kind: 'drain' }])).toMatchObject({
    main: 3350n,
    bonus: 0n,
    bonuses: ['completed 1000/1000'],
  });
});

it('returns the bonus share of a win to main money once the bonus was wagered', async () => {
  // 10.00 main + 10.00 bonus (1x); a 15.00 bet draws 5.00 bonus money and completes the wagering
  // (5.00 left becomes main); a 30.00 win on it is one third bonus money, and so is its rollback.
  expect(await outcome([deposit(10), grant(1000, 1, null), bet(1500), { kind: 'drain' }, win(0, 3000), rollback(0)])).toMatchObject({
    main: 500n + 3000n + 1500n,
    bonus: 0n,
    bonuses: ['completed 1000/1000'],
  });
});

it('returns the bonus share of a win and a rollback to the house once the bonus expired or was forfeited', async () => {
  expect(await outcome([deposit(10), grant(1000, 5, null), bet(1500), { kind: 'expire', p: 0, pick: 0 }, win(0, 3000), rollback(0)])).toMatchObject({
    main: 2000n + 1000n,
    bonus: 0n,
    forfeits: 500n,
    bonuses: ['expired 1500/5000'],
  });
  expect(
    await outcome([deposit(10), grant(1000, 5, null), bet(1200, 1), { kind: 'drain' }, { kind: 'forfeit', p: 0, pick: 0 }, win(0, 600), rollback(0), win(0, 600)]),
  ).toMatchObject({ main: 1000n + 500n, bonus: 0n, forfeits: 800n, bonuses: ['forfeited 240/5000'] });
});

it('completes at its expiry a bonus wagered in time whose conversion had not run yet (found by the machine)', async () => {
  // 10.00 main, a 1.00 bonus at 1x; a 1.00 bet from main money wagers it all; its rollback gives
  // the stake back but not the wagering; the expiry then converts the bonus to main money.
  expect(await outcome([deposit(10), grant(100, 1, null), bet(100), win(0, 1), rollback(0), { kind: 'expire', p: 0, pick: 0 }])).toMatchObject({
    main: 1000n + 1n + 100n,
    bonus: 0n,
    bonuses: ['completed 100/100'],
  });
});

it('leaves the bonus as it was when a withdrawal is refused', async () => {
  // Confirmed, but more than main money: the burn is undone with the refusal; unconfirmed: refused.
  const withdraw = (euros: number, burn: boolean): Step => ({ kind: 'withdraw', p: 0, euros, burn });
  expect(await outcome([deposit(20), grant(1000, 5, null), withdraw(30, true), withdraw(10, false)])).toMatchObject({ main: 2000n, bonus: 1000n, hold: 0n, bonuses: ['active 0/5000'] });
  expect(await outcome([deposit(20), grant(1000, 5, null), withdraw(10, true)])).toMatchObject({ main: 1000n, bonus: 0n, hold: 1000n, forfeits: 1000n, bonuses: ['forfeited 0/5000'] });
});
