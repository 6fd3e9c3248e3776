import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor } from '../../../contract/money.ts';
import { queryRows } from '../../platform/db/database.ts';
import { createLogger } from '../../platform/logger.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { jackpotContributions, jackpotPools, jackpotWins, outboxEvents, playedGames, walletTransactions } from '../../db/schema.ts';
import { readGameSeed, readJackpotSeed } from '../../db/seed.ts';
import { createPublicNames, maskPublicName } from '../accounts/index.ts';
import { createWallet, createWinsReader, type WalletAnswer } from '../wallet/index.ts';
import { createJackpots, type Draw, type JackpotView, type WinnerView } from './index.ts';

/**
 * Jackpots end to end: pools seeded and funded through the ledger, contributions and draws inside
 * the wallet's bet transaction, wins paid to the player's main balance, and the public lists
 * (jackpots/get, jackpots/getWinners, leaderboard/get) through the API.
 *
 * The services of the test app run with JACKPOTS=on and the CSPRNG. For exact outcomes a second
 * wallet on the same database is wired to a jackpots service whose draws the test decides.
 */
let t: TestApp;
/** Trigger stakes (minor units) of the pools the next bets of the scripted wallet win. */
const hitStakes = new Set<bigint>();
const scriptedDraw: Draw = (below) => (hitStakes.has(below) ? 0n : below - 1n);
let scripted: ReturnType<typeof createWallet>;

beforeAll(async () => {
  t = await createTestApp({ JACKPOTS: 'on' });
  const db = t.database.db;
  const logger = createLogger('silent');
  const jackpots = createJackpots({ db, ledger: t.services.ledger, catalogue: t.services.catalogue, logger, publicNames: createPublicNames(db), wins: createWinsReader(db), draw: scriptedDraw });
  scripted = createWallet({
    db,
    ledger: t.services.ledger,
    catalogue: t.services.catalogue,
    logger,
    playerState: (userId) => t.services.accounts.playerState(userId),
    secretFor: () => null,
    onRealBet: jackpots.onRealBet,
    planRealBet: jackpots.planRealBet,
    shareTransfer: jackpots.shareTransfer,
  });
});
afterAll(async () => {
  await t.close();
});

const MINI = 1_000_000n; // trigger stake of the Mini pools: 10,000.00
const MAJOR = 50_000_000n;

type Player = { uid: number; cookie: string; ip: string };
const player = (options: { currency?: string; fakename?: string; email?: string } = {}): Promise<Player> => registerPlayer(t, { tag: 'jackpot', ...options });
const fund = (uid: number, amount: bigint, currency: 'EUR' | 'GBP' = 'EUR') => fundPlayer(t, uid, amount, currency);

const main = async (uid: number, currency: 'EUR' | 'GBP' = 'EUR') => (await t.services.ledger.balances(uid, currency)).main;

/** A game of one session, played through `wallet` (the scripted one unless told). */
async function table(uid: number, game = 'golden-croupier', options: { mode?: 'real' | 'demo'; wallet?: ReturnType<typeof createWallet> } = {}) {
  const session = await t.services.wallet.openSession({ game, mode: options.mode ?? 'real', userId: uid }, 'en');
  const wallet = options.wallet ?? scripted;
  const base = () => ({ provider: 'croupier', request_uuid: randomUUID(), user: session.token, game, currency: session.currency });
  return {
    session,
    bet: (amount: number | bigint, transaction = randomUUID()) =>
      wallet.handle('bet', { ...base(), transaction_uuid: transaction, round_id: `r-${transaction}`, amount: Number(amount) }),
    win: (bet: string, amount: number | bigint) =>
      wallet.handle('win', { ...base(), transaction_uuid: randomUUID(), reference_transaction_uuid: bet, round_id: `r-${bet}`, amount: Number(amount) }),
  };
}

async function jackpots(query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const answer = await t.call('jackpots/get', { query, headers });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as { currency: string; items: JackpotView[]; updated_at: string };
}
const amounts = async (currency = 'EUR') => Object.fromEntries((await jackpots({ currency })).items.map((item) => [item.id, item.amount]));

async function booksHold() {
  expect((await t.services.ledger.verify()).problems).toEqual([]);
  for (const row of await t.services.jackpots.audit()) expect(row.ledger, `jackpot_pool ${row.currency}`).toBe(row.pools);
}

const cents = (text: string) => BigInt(text.replace('.', ''));

describe('the seeded pools', () => {
  it('are three jackpots per currency, funded through the ledger at start', async () => {
    const seed = readJackpotSeed();
    const data = await jackpots();
    expect(data.currency).toBe('EUR');
    expect(data.items.map((item) => item.id)).toEqual(['mega', 'major', 'mini']);
    expect(data.items[0]).toMatchObject({
      name: 'Mega',
      currency: 'EUR',
      amount: '25000.00',
      seed: '25000.00',
      contribution_percent: '0.20',
      trigger_stake: '25000000.00',
      min_bet: '0.20',
      expected_amount: '75000.00',
      all_games: true,
      wins_count: 0,
      last_win: null,
    });
    const engineGames = readGameSeed().games.filter((game) => game.engine).map((game) => game.sysname);
    expect([...data.items[0].games].sort()).toEqual([...engineGames].sort());
    const mini = data.items[2];
    expect(mini).toMatchObject({ amount: '50.00', all_games: false, expected_amount: '100.00' });
    expect(mini.games).toEqual(seed.jackpots[2].games);

    expect((await jackpots({ currency: 'GBP' })).items.map((item) => [item.currency, item.amount])).toEqual([
      ['GBP', '25000.00'],
      ['GBP', '1000.00'],
      ['GBP', '50.00'],
    ]);
    const french = await t.call('jackpots/get', { query: { locale: 'fr', id: 'mega' } });
    expect((french.json.data as { items: JackpotView[] }).items.map((item) => item.name)).toEqual(['Méga']);

    expect(await t.services.ledger.houseBalance('jackpot_pool', 'EUR')).toBe(2_605_000n);
    // Starting again funds nothing twice.
    await t.services.jackpots.fundSeeds();
    expect(await t.services.ledger.houseBalance('jackpot_pool', 'EUR')).toBe(2_605_000n);
    await booksHold();
  });

  it('answer an unknown jackpot with 404, and refuse a malformed id or currency', async () => {
    const missing = await t.call('jackpots/get', { query: { id: 'no-such-jackpot' } });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { id: 'No such jackpot' } });
    expect((await t.call('jackpots/get', { query: { id: 'Bad Id' } })).status).toBe(422);
    expect((await t.call('jackpots/get', { query: { currency: 'XYZ' } })).status).toBe(422);
  });

  it("show a signed-in player the pools of their account currency", async () => {
    const who = await player({ currency: 'GBP' });
    const data = await jackpots({}, { cookie: who.cookie, 'x-croupier-client-ip': who.ip });
    expect(data.currency).toBe('GBP');
  });
});

describe('contributions', () => {
  it('take each pool its share of an eligible real-money bet, from the house, without touching the player', async () => {
    const who = await player();
    await fund(who.uid, 100_000n);
    const before = await amounts();
    const house = await t.services.ledger.houseBalance('game_house', 'EUR');
    const slot = await table(who.uid);
    expect(await slot.bet(1_000)).toMatchObject({ status: 'RS_OK', balance: 99_000 });
    // 10.00: Mega 0.20 % = 0.02, Major 0.30 % = 0.03, Mini 0.50 % = 0.05.
    const after = await amounts();
    expect(cents(after.mega) - cents(before.mega)).toBe(2n);
    expect(cents(after.major) - cents(before.major)).toBe(3n);
    expect(cents(after.mini) - cents(before.mini)).toBe(5n);
    expect(await t.services.ledger.houseBalance('game_house', 'EUR')).toBe(house + 1_000n - 10n);

    // Roulette runs on an engine (Mega, Major) but is no slot (Mini lists slots only).
    const roulette = await table(who.uid, 'croupier-roulette');
    await roulette.bet(10_000);
    const third = await amounts();
    expect(cents(third.mega) - cents(after.mega)).toBe(20n);
    expect(cents(third.major) - cents(after.major)).toBe(30n);
    expect(third.mini).toBe(after.mini);

    // Under every minimum bet, demo money, and another currency's pools: nothing.
    await slot.bet(5);
    const demo = await table(who.uid, 'golden-croupier', { mode: 'demo' });
    await demo.bet(50_000);
    expect(await amounts()).toEqual(third);
    await booksHold();
  });

  it('feed only the pools of the bet currency', async () => {
    const who = await player({ currency: 'GBP' });
    await fund(who.uid, 100_000n, 'GBP');
    const eur = await amounts('EUR');
    await (await table(who.uid)).bet(10_000);
    expect(await amounts('EUR')).toEqual(eur);
    expect(await amounts('GBP')).toEqual({ mega: '25000.20', major: '1000.30', mini: '50.50' });
    await booksHold();
  });

  it('happen once per bet, however often the provider repeats it', async () => {
    const who = await player();
    await fund(who.uid, 100_000n);
    const slot = await table(who.uid);
    const transaction = randomUUID();
    const first = await slot.bet(2_000, transaction);
    const before = await amounts();
    const repeat = await slot.bet(2_000, transaction);
    expect(repeat).toEqual({ ...first, request_uuid: repeat.request_uuid });
    expect(await amounts()).toEqual(before);
    const rows = await t.database.db.select().from(jackpotContributions).where(eq(jackpotContributions.transactionUuid, transaction));
    expect(rows).toHaveLength(3);
  });
});

describe('the one-statement settle (decision 014)', () => {
  it('writes exactly what the general path writes: answer, journal row, event, shares, books', async () => {
    // The same wallet and draws, without a plan: every real bet takes the general path.
    const db = t.database.db;
    const logger = createLogger('silent');
    const plain = createJackpots({ db, ledger: t.services.ledger, catalogue: t.services.catalogue, logger, publicNames: createPublicNames(db), wins: createWinsReader(db), draw: scriptedDraw });
    // The general path asks the accounts module for the player's status before a bet; the one
    // statement checks it itself: counting the questions tells which path settled the bets.
    const asked = { fast: 0, general: 0 };
    const walletFor = (path: 'fast' | 'general') =>
      createWallet({
        db,
        ledger: t.services.ledger,
        catalogue: t.services.catalogue,
        logger,
        playerState: (userId) => {
          asked[path] += 1;
          return t.services.accounts.playerState(userId);
        },
        secretFor: () => null,
        onRealBet: plain.onRealBet,
        ...(path === 'fast' ? { planRealBet: plain.planRealBet, shareTransfer: plain.shareTransfer } : {}),
      });
    const played = async (wallet: ReturnType<typeof createWallet>) => {
      const who = await player();
      await fund(who.uid, 100_000n);
      const slot = await table(who.uid, 'golden-croupier', { wallet });
      const bet = randomUUID();
      const answers = [await slot.bet(1_000, bet), await slot.win(bet, 2_500), await slot.win(bet, 0)];
      const journal = await db
        .select({ kind: walletTransactions.kind, status: walletTransactions.status, moved: walletTransactions.moved, amount: walletTransactions.amount, answer: walletTransactions.answer })
        .from(walletTransactions)
        .where(eq(walletTransactions.sessionId, slot.session.sessionId))
        .orderBy(walletTransactions.id);
      // The round's events (the sign-up's own, for the risk rules, carries the player's address).
      const events = await db
        .select({ type: outboxEvents.type, payload: outboxEvents.payload })
        .from(outboxEvents)
        .where(and(eq(outboxEvents.userId, who.uid), like(outboxEvents.type, 'game.%')))
        .orderBy(outboxEvents.id);
      const shares = await db.select({ pool: jackpotContributions.poolId, amount: jackpotContributions.amount }).from(jackpotContributions).where(eq(jackpotContributions.transactionUuid, bet));
      const recent = await db.select({ game: playedGames.game }).from(playedGames).where(eq(playedGames.userId, who.uid));
      // What differs between two players by nature: ids, tokens, request ids.
      const scrub = (value: unknown) => JSON.parse(JSON.stringify(value, (key, inner) => (['request_uuid', 'user', 'transaction_uuid', 'providerTransaction', 'round', 'bet', 'sessionId', 'transactionId'].includes(key) ? typeof inner : inner)));
      return { answers: scrub(answers), journal: scrub(journal.map((row) => ({ ...row, amount: row.amount.toString() }))), events: scrub(events), shares: shares.map((row) => [row.pool, row.amount.toString()]).sort(), recent, main: await main(who.uid) };
    };
    const fast = await played(walletFor('fast'));
    const slow = await played(walletFor('general'));
    expect(asked).toEqual({ fast: 0, general: 1 });
    expect(fast).toEqual(slow);
    expect(fast.main).toBe(100_000n - 1_000n + 2_500n);
    expect(fast.events.map((event: { type: string }) => event.type)).toEqual(['game.bet', 'game.win', 'game.win']);
    expect(fast.shares).toHaveLength(3);
    await booksHold();
  });

  it('plans from memory: the pools are read once per refresh, not once per bet', async () => {
    const db = t.database.db;
    let reads = 0;
    // Counts the runs of queries on jackpot_pools (a Drizzle query runs on each await of it).
    const counted = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'select') return Reflect.get(target, key, receiver);
        return (...args: Parameters<typeof db.select>) => {
          const builder = target.select(...args);
          return new Proxy(builder, {
            get(inner, name, innerReceiver) {
              const value = Reflect.get(inner, name, innerReceiver);
              if (name !== 'from' || typeof value !== 'function') return value;
              return (table: unknown) => {
                const query = value.call(inner, table);
                if (table !== jackpotPools) return query;
                const then = query.then;
                query.then = (...args: Parameters<typeof then>) => {
                  reads++;
                  return then.apply(query, args);
                };
                return query;
              };
            },
          });
        };
      },
    });
    const plain = createJackpots({ db: counted, ledger: t.services.ledger, catalogue: t.services.catalogue, logger: createLogger('silent'), publicNames: createPublicNames(db), wins: createWinsReader(db), draw: scriptedDraw });
    const bet = { currency: 'EUR' as const, game: 'golden-croupier', amount: 1_000n };
    const first = await plain.planRealBet(bet);
    expect(first.pools.length).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect((await plain.planRealBet(bet)).pools).toEqual(first.pools);
    expect(reads).toBe(1);
  });

  it('leaves a bet to the general path when a pool changed since the process planned from its memory', async () => {
    const who = await player();
    await fund(who.uid, 100_000n);
    const slot = await table(who.uid);
    await slot.bet(1_000); // the EUR pools are now in this process's memory
    const [mini] = await t.database.db.select().from(jackpotPools).where(and(eq(jackpotPools.jackpot, 'mini'), eq(jackpotPools.currency, 'EUR')));
    const [major] = await t.database.db.select().from(jackpotPools).where(and(eq(jackpotPools.jackpot, 'major'), eq(jackpotPools.currency, 'EUR')));
    await t.database.db.update(jackpotPools).set({ contributionBps: 100 }).where(eq(jackpotPools.id, mini.id));
    await t.database.db.update(jackpotPools).set({ isActive: false }).where(eq(jackpotPools.id, major.id));
    try {
      const transaction = randomUUID();
      expect(await slot.bet(1_000, transaction)).toMatchObject({ status: 'RS_OK', balance: 98_000 });
      const rows = await t.database.db.select().from(jackpotContributions).where(eq(jackpotContributions.transactionUuid, transaction));
      // Mini at its new 1 %, Major (now inactive) nothing, Mega as before.
      const [mega] = await t.database.db.select().from(jackpotPools).where(and(eq(jackpotPools.jackpot, 'mega'), eq(jackpotPools.currency, 'EUR')));
      expect(Object.fromEntries(rows.map((row) => [row.poolId, row.amount]))).toEqual({ [mini.id]: 10n, [mega.id]: 2n });
    } finally {
      await t.database.db.update(jackpotPools).set({ contributionBps: mini.contributionBps }).where(eq(jackpotPools.id, mini.id));
      await t.database.db.update(jackpotPools).set({ isActive: true }).where(eq(jackpotPools.id, major.id));
    }
    await booksHold();
  });
  it('undoes the shares it wrote first when the bet then finds the money short: the general path refuses the bet', async () => {
    const db = t.database.db;
    const who = await player();
    await fund(who.uid, 500n);
    const slot = await table(who.uid);
    await slot.bet(100); // the pools are planned from memory: the next bet goes to the one statement
    const transaction = randomUUID();
    expect(await slot.bet(1_000, transaction)).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY' });
    expect(await db.select().from(jackpotContributions).where(eq(jackpotContributions.transactionUuid, transaction))).toEqual([]);
    const shareMoves = await queryRows(db, sql`select id from ledger_transactions where idempotency_key = ${`jackpot-share:croupier:${transaction}`}`);
    expect(shareMoves).toEqual([]);
    const [journal] = await db.select({ status: walletTransactions.status, moved: walletTransactions.moved }).from(walletTransactions).where(eq(walletTransactions.transactionUuid, transaction));
    expect(journal).toEqual({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', moved: false });
    expect(await main(who.uid)).toBe(400n);
    await booksHold();
  });
});

describe('a jackpot win', () => {
  it('pays the whole pool to the main balance within the bet answer, and starts the pool again from its seed', async () => {
    const who = await player({ fakename: 'LuckyBob' });
    await fund(who.uid, 100_000n);
    const slot = await table(who.uid);
    await slot.bet(10_000);
    const pool = (await jackpots({ id: 'mini' })).items[0];
    const expected = cents(pool.amount) + 50n; // the winning bet's own share counts
    hitStakes.add(MINI);
    let answer: WalletAnswer;
    try {
      answer = await slot.bet(10_000);
    } finally {
      hitStakes.clear();
    }
    expect(answer).toMatchObject({ status: 'RS_OK', balance: Number(100_000n - 20_000n + expected) });
    expect(await main(who.uid)).toBe(100_000n - 20_000n + expected);
    const kinds = (await t.services.ledger.postingsOf(who.uid, 'main', 'EUR')).map((posting) => [posting.kind, posting.amount]);
    expect(kinds.at(-1)).toEqual(['jackpot_win', expected]);

    const after = (await jackpots({ id: 'mini' })).items[0];
    expect(after).toMatchObject({ amount: '50.00', wins_count: pool.wins_count + 1 });
    expect(after.last_win).toMatchObject({ type: 'jackpot', jackpot: { id: 'mini', name: 'Mini' }, name: 'L***b', amount: formatMinor(expected, 'EUR'), bet: '100.00', currency: 'EUR' });
    expect(after.last_win?.game).toMatchObject({ sysname: 'golden-croupier', name: 'Golden Croupier', image_url: '/games/golden-croupier.svg' });

    const winners = await t.call('jackpots/getWinners', { query: { id: 'mini' } });
    expect((winners.json.data as { items: WinnerView[] }).items[0]).toMatchObject({ name: 'L***b', amount: after.last_win?.amount });
    await booksHold();
  });

  it('can take several pools on one bet, each paid once', async () => {
    const who = await player();
    await fund(who.uid, 1_000_000n);
    const slot = await table(who.uid);
    const before = await amounts();
    hitStakes.add(MINI);
    hitStakes.add(MAJOR);
    try {
      const answer = await slot.bet(10_000);
      const won = cents(before.mini) + 50n + cents(before.major) + 30n;
      expect(answer.balance).toBe(Number(1_000_000n - 10_000n + won));
    } finally {
      hitStakes.clear();
    }
    const after = await amounts();
    expect(after.mini).toBe('50.00');
    expect(after.major).toBe('1000.00');
    expect(cents(after.mega) - cents(before.mega)).toBe(20n);
    const wins = await t.database.db.select().from(jackpotWins).where(eq(jackpotWins.userId, who.uid));
    expect(wins.map((win) => win.jackpot).sort()).toEqual(['major', 'mini']);
    await booksHold();
  });

  it('is never drawn for demo money', async () => {
    const who = await player();
    const demo = await table(who.uid, 'golden-croupier', { mode: 'demo' });
    hitStakes.add(MINI);
    try {
      expect(await demo.bet(10_000)).toMatchObject({ status: 'RS_OK', balance: 90_000 });
    } finally {
      hitStakes.clear();
    }
    expect(await t.database.db.select().from(jackpotWins).where(eq(jackpotWins.userId, who.uid))).toEqual([]);
  });
});

describe('many bets with the real random draws', () => {
  it('never create or lose money: each pool holds its seeds and contributions less what it paid', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => player()));
    for (const who of players) await fund(who.uid, 100_000_000n);
    const tables = await Promise.all(players.map((who) => table(who.uid, 'golden-croupier', { wallet: t.services.wallet })));
    const staked = new Map<number, bigint>();
    const paidBack = new Map<number, bigint>();
    // 4 players x 60 bets of 1,000.00: the Mini pool (one drop per 10,000.00 on average) drops ~24 times.
    for (let round = 0; round < 60; round++) {
      await Promise.all(
        tables.map(async (game, index) => {
          const uid = players[index].uid;
          const transaction = randomUUID();
          const answer = await game.bet(100_000, transaction);
          expect(answer.status).toBe('RS_OK');
          staked.set(uid, (staked.get(uid) ?? 0n) + 100_000n);
          if (round % 3 === 0) {
            await game.win(transaction, 50_000);
            paidBack.set(uid, (paidBack.get(uid) ?? 0n) + 50_000n);
          }
        }),
      );
    }
    await booksHold();
    const db = t.database.db;
    const pools = await db.select().from(jackpotPools).where(eq(jackpotPools.currency, 'EUR'));
    for (const pool of pools) {
      const [{ contributions }] = await db
        .select({ contributions: sql<string>`coalesce(sum(${jackpotContributions.amount}), 0)::text` })
        .from(jackpotContributions)
        .where(eq(jackpotContributions.poolId, pool.id));
      const [{ paid, count }] = await db
        .select({ paid: sql<string>`coalesce(sum(${jackpotWins.amount}), 0)::text`, count: sql<number>`count(*)::int` })
        .from(jackpotWins)
        .where(eq(jackpotWins.poolId, pool.id));
      expect(count).toBe(pool.cycle);
      const live = (await jackpots({ id: pool.jackpot })).items[0];
      // The seed is the same every cycle: (cycles + 1) seeds + contributions = paid + live amount.
      expect(BigInt(pool.cycle + 1) * pool.seed + BigInt(contributions), pool.jackpot).toBe(BigInt(paid) + cents(live.amount));
    }
    expect(pools.find((pool) => pool.jackpot === 'mini')!.cycle).toBeGreaterThan(0);
    // Every player's balance is deposits - bets + wins + jackpots, to the cent.
    for (const who of players) {
      const [{ jackpot }] = await db
        .select({ jackpot: sql<string>`coalesce(sum(${jackpotWins.amount}), 0)::text` })
        .from(jackpotWins)
        .where(eq(jackpotWins.userId, who.uid));
      expect(await main(who.uid)).toBe(100_000_000n - staked.get(who.uid)! + (paidBack.get(who.uid) ?? 0n) + BigInt(jackpot));
    }
  });
});

describe('winners and the leaderboard', () => {
  it('list big real-money wins with masked names, multipliers and games, newest first', async () => {
    const anna = await player({ email: `anna.${Date.now()}@example.com` });
    const bob = await player({ fakename: 'BigBobby' });
    await fund(anna.uid, 100_000n);
    await fund(bob.uid, 100_000n);
    const annaGame = await table(anna.uid, 'croupier-roulette');
    const bobGame = await table(bob.uid, 'croupier-dice');
    const small = randomUUID();
    await annaGame.bet(100, small);
    await annaGame.win(small, 1_000); // 10.00: not big
    const big = randomUUID();
    await annaGame.bet(200, big);
    await annaGame.win(big, 7_000); // 70.00, x35
    const bigger = randomUUID();
    await bobGame.bet(1_000, bigger);
    await bobGame.win(bigger, 50_000); // 500.00, x50
    // 150.00 back on a 100.00 bet: less than twice the bet, no big win.
    const modest = randomUUID();
    await annaGame.bet(10_000, modest);
    await annaGame.win(modest, 15_000);
    // Demo wins never show.
    const demo = await table(anna.uid, 'golden-croupier', { mode: 'demo' });
    const fun = randomUUID();
    await demo.bet(100, fun);
    await demo.win(fun, 90_000);

    const answer = await t.call('jackpots/getWinners', { query: { type: 'big_win', count: '5' } });
    expect(answer.status).toBe(200);
    const items = (answer.json.data as { items: WinnerView[] }).items;
    expect(items.slice(0, 2)).toMatchObject([
      { type: 'big_win', jackpot: null, name: 'B***y', amount: '500.00', bet: '10.00', multiplier: '50.00', currency: 'EUR', game: { sysname: 'croupier-dice', name: 'Croupier Dice' } },
      { type: 'big_win', name: 'an***@', amount: '70.00', bet: '2.00', multiplier: '35.00', game: { sysname: 'croupier-roulette' } },
    ]);
    expect(items.every((item) => Number(item.amount) >= 50)).toBe(true);
    expect(items.some((item) => item.amount === '900.00' || item.amount === '150.00')).toBe(false);
    expect(items.every((item) => item.multiplier === null || Number(item.multiplier) >= 2)).toBe(true);

    const all = (await t.call('jackpots/getWinners', { query: { type: 'all', count: '50' } })).json.data as { items: WinnerView[] };
    expect(new Set(all.items.map((item) => item.type))).toEqual(new Set(['jackpot', 'big_win']));
    const times = all.items.map((item) => item.won_at);
    expect(times).toEqual([...times].sort().reverse());
    for (const item of all.items) expect(item.name).toMatch(/\*\*\*/);
  });

  it('ranks each player once by their best win of the period, by amount or by multiplier', async () => {
    const carl = await player({ fakename: 'CarlosX', currency: 'GBP' });
    const dana = await player({ fakename: 'DanaDee', currency: 'GBP' });
    await fund(carl.uid, 1_000_000n, 'GBP');
    await fund(dana.uid, 1_000_000n, 'GBP');
    const db = t.database.db;
    const carlGame = await table(carl.uid);
    const danaGame = await table(dana.uid);
    const play = async (game: Awaited<ReturnType<typeof table>>, bet: number, win: number) => {
      const transaction = randomUUID();
      await game.bet(bet, transaction);
      await game.win(transaction, win);
      return transaction;
    };
    await play(carlGame, 10_000, 200_000); // 2,000.00 x20
    await play(carlGame, 100, 5_000); // 50.00 x50
    await play(danaGame, 1_000, 100_000); // 1,000.00 x100
    await play(danaGame, 500_000, 300_000); // 3,000.00 back on 5,000.00: a loss, not on the board
    const old = await play(danaGame, 100, 500_000); // 5,000.00 x5000, three days ago
    await db.update(walletTransactions).set({ createdAt: sql`now() - interval '3 days'` }).where(and(eq(walletTransactions.referenceTransactionUuid, old), eq(walletTransactions.kind, 'win')));

    const board = async (query: Record<string, string>) => {
      const answer = await t.call('leaderboard/get', { query: { currency: 'GBP', ...query } });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return answer.json.data as { period: string; by: string; currency: string; items: Array<{ rank: number; name: string; amount: string; multiplier: string }> };
    };
    const byAmount = await board({ period: 'day' });
    expect(byAmount).toMatchObject({ period: 'day', by: 'amount', currency: 'GBP' });
    expect(byAmount.items.map((item) => [item.rank, item.name, item.amount])).toEqual([
      [1, 'C***X', '2000.00'],
      [2, 'D***e', '1000.00'],
    ]);
    const byMultiplier = await board({ period: 'day', by: 'multiplier' });
    expect(byMultiplier.items.map((item) => [item.name, item.multiplier])).toEqual([
      ['D***e', '100.00'],
      ['C***X', '50.00'],
    ]);
    const week = await board({ period: 'week' });
    expect(week.items.map((item) => [item.name, item.amount])).toEqual([
      ['D***e', '5000.00'],
      ['C***X', '2000.00'],
    ]);
    // The player's own currency by default.
    const mine = await t.call('leaderboard/get', { query: { period: 'day' }, headers: { cookie: carl.cookie, 'x-croupier-client-ip': carl.ip } });
    expect((mine.json.data as { currency: string }).currency).toBe('GBP');
    expect((await t.call('leaderboard/get', { query: { period: 'year' } })).status).toBe(422);
  });
});

describe('masked names', () => {
  it('show a nickname by its ends, an e-mail by its first letters, a phone by its country and last digits', () => {
    expect(maskPublicName({ fakename: 'John' })).toBe('J***n');
    expect(maskPublicName({ fakename: 'Al' })).toBe('A***');
    expect(maskPublicName({ fakename: '  ', email: 'anna.smith@example.com' })).toBe('an***@');
    expect(maskPublicName({ email: 'bob@example.com' })).toBe('b***@');
    expect(maskPublicName({ phone: '+33612345678' })).toBe('+33***78');
    expect(maskPublicName({})).toBe('***');
  });
});

describe('switched off', () => {
  it('is the default of the test environment: bets move no jackpot money', async () => {
    const off = await createTestApp();
    try {
      const reg = await off.call('register', { body: { email: 'off@example.com', password: 'secret12', terms: '1' }, headers: { 'x-croupier-client-ip': '10.10.0.1' } });
      const uid = (reg.json.data as { uid: number }).uid;
      await off.services.ledger.transfer({
        key: 'off-deposit',
        kind: 'deposit',
        currency: 'EUR',
        legs: [
          { account: { house: 'payment_clearing' }, amount: -10_000n },
          { account: { player: uid, kind: 'main' }, amount: 10_000n },
        ],
      });
      const session = await off.services.wallet.openSession({ game: 'golden-croupier', mode: 'real', userId: uid }, 'en');
      const answer = await off.services.wallet.handle('bet', { provider: 'croupier', request_uuid: 'q', user: session.token, transaction_uuid: 'off-1', round_id: 'r', amount: 5_000, currency: 'EUR' });
      expect(answer).toMatchObject({ status: 'RS_OK', balance: 5_000 });
      expect(await off.services.ledger.houseBalance('jackpot_pool', 'EUR')).toBe(0n);
      expect(await off.services.ledger.houseBalance('game_house', 'EUR')).toBe(5_000n);
      // The pools still show, at their seed.
      expect(((await off.call('jackpots/get')).json.data as { items: JackpotView[] }).items.map((item) => item.amount)).toEqual(['25000.00', '1000.00', '50.00']);
    } finally {
      await off.close();
    }
  });
});
