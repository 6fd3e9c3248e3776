import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoundRng } from '../../../games/fairness/rng.ts';
import { slot } from '../../../games/index.ts';
import type { LaunchResult, RotateResult, RoundView, VerifyResult } from '../../../contract/studio.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';
import { queryRows } from '../../platform/db/database.ts';
import { createLogger } from '../../platform/logger.ts';
import { fairSeeds, freeSpinPacks, gameRounds, ledgerTransactions, playerBonuses } from '../../db/schema.ts';
import { createBonusEngine } from '../promotions/engine.ts';
import { createStudio } from './index.ts';

/**
 * Free-spin packs from a campaign's reward to the reels (docs/studio.md, "Free-spin packs"): the
 * grant issues a pack, each spin takes exactly one spin of it under its row lock and pays its win
 * from the house's bonus funding once, and the pack ends with its bonus. On PostgreSQL
 * (TEST_DATABASE_URL) the races below are real races.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const GAME = 'golden-croupier';
const STAKE = 20n; // 0.20 EUR: one cent a line

const engine = () => createBonusEngine({ ledger: t.services.ledger });
const mainBalance = async (uid: number) => (await t.services.ledger.balances(uid, 'EUR')).main;
const cents = (text: string) => BigInt(text.replace('.', ''));
const ledgerHolds = async () => expect((await t.services.ledger.verify()).problems).toEqual([]);

async function api<T>(who: TestPlayer, method: string, options: { body?: Record<string, string>; query?: Record<string, string> } = {}) {
  const answer = await t.call(method, { ...options, headers: { cookie: who.cookie } });
  return { status: answer.status, data: answer.json.data as T, error: answer.json.error };
}

/** A campaign's free_spins reward granted to the player, as an offer or a promo code grants it. */
async function grantSpins(uid: number, spins: number, options: { game?: string; stake?: bigint; days?: number } = {}) {
  const { bonus } = await t.database.db.transaction((tx) =>
    engine().grant(tx, {
      userId: uid,
      currency: 'EUR',
      source: `test:${randomUUID()}`,
      reward: { type: 'free_spins', game: options.game ?? GAME, spins, stake: String(options.stake ?? STAKE), days: options.days ?? 7 },
      titles: { en: 'Welcome spins', fr: 'Tours de bienvenue' },
      now: new Date(),
    }),
  );
  const [pack] = await t.database.db.select().from(freeSpinPacks).where(eq(freeSpinPacks.bonusId, bonus.id));
  return { bonus, pack };
}

const launch = async (who: TestPlayer, mode: 'real' | 'demo' = 'real', sysname = GAME) => {
  const answer = await api<LaunchResult>(who, 'games/launch', { body: { sysname, mode } });
  expect(answer.status, JSON.stringify(answer.error)).toBe(200);
  return answer.data;
};

const spin = (who: TestPlayer, token: string, packId: number, number?: number, locale?: string) =>
  api<RoundView>(who, 'games/playFreeSpin', {
    body: { token, pack_id: String(packId), ...(number === undefined ? {} : { spin: String(number) }) },
    query: locale ? { locale } : {},
  });

/** How many spins from now the player's first winning one comes (their active pair decides every outcome). */
async function spinsToFirstWin(uid: number, stake = STAKE): Promise<number> {
  const [pair] = await t.database.db.select().from(fairSeeds).where(and(eq(fairSeeds.userId, uid), eq(fairSeeds.status, 'active')));
  for (let ahead = 0; ahead < 500; ahead++) {
    const outcome = slot.play({ amount: stake }, createRoundRng({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce + ahead }));
    if (outcome.win > 0n) return ahead + 1;
  }
  throw new Error('no winning spin within 500 nonces');
}

const packRounds = (packId: number) => t.database.db.select().from(gameRounds).where(eq(gameRounds.freeSpinPackId, packId));
const packPayments = (packId: number) =>
  t.database.db.select().from(ledgerTransactions).where(like(ledgerTransactions.idempotencyKey, `freespin:${packId}:%`));

describe('a granted free_spins reward', () => {
  it('is a pack ready to play: listed, offered by the slot, and its spin takes no stake and pays through the ledger', async () => {
    const who = await registerPlayer(t, { tag: 'spins' });
    await fundPlayer(t, who.uid, 500n);
    const { bonus, pack } = await grantSpins(who.uid, 10);
    expect(bonus).toMatchObject({ kind: 'free_spins', status: 'active' });
    expect(pack).toMatchObject({ userId: who.uid, game: GAME, totalCount: 10, remainingCount: 10, betAmount: STAKE, status: 'active' });
    expect(pack.expiresAt?.getTime()).toBe(bonus.expiresAt.getTime());

    const listed = await api<{ items: Array<Record<string, unknown>>; total: number }>(who, 'freespins/get', { query: { status: 'active', count: '99', 'fields[]': 'description' } });
    expect(listed.data.total).toBe(1);
    expect(listed.data.items[0]).toMatchObject({ id: pack.id, remaining_count: 10, total_count: 10, bet: { amount: '0.20', currency: 'EUR' }, description: { title: 'Welcome spins' } });

    const session = await launch(who);
    expect(session.free_spins).toMatchObject({ pack_id: pack.id, remaining: 10, total: 10, next_spin: 1, stake: '0.20', currency: 'EUR', title: 'Welcome spins' });
    // Demo play and other games know nothing of it.
    expect((await launch(who, 'demo')).free_spins).toBeNull();
    expect((await launch(who, 'real', 'croupier-dice')).free_spins).toBeNull();

    const round = await spin(who, session.token, pack.id, 1);
    expect(round.status, JSON.stringify(round.error)).toBe(200);
    expect(round.data).toMatchObject({ status: 'settled', staked: '0.00', engine: 'slot', mode: 'real', free_spin: { pack_id: pack.id, number: 1 } });
    expect(round.data.free_spins).toMatchObject({ pack_id: pack.id, remaining: 9, next_spin: 2 });
    expect((round.data.outcome as { bet: string }).bet).toBe('0.20');
    expect(await mainBalance(who.uid)).toBe(500n + cents(round.data.win));
    expect(cents(round.data.balance)).toBe(500n + cents(round.data.win));
    await ledgerHolds();
  });

  it('plays on after a win: the win is paid from bonus funding to the main balance under freespin:<pack>:<n>, with its outbox event', async () => {
    const who = await registerPlayer(t, { tag: 'spins-win' });
    const session = await launch(who);
    const toWin = await spinsToFirstWin(who.uid);
    const { pack } = await grantSpins(who.uid, toWin);
    let last: RoundView | undefined;
    for (let n = 1; n <= toWin; n++) {
      const round = await spin(who, session.token, pack.id, n);
      expect(round.status, JSON.stringify(round.error)).toBe(200);
      last = round.data;
    }
    const win = cents(last!.win);
    expect(win).toBeGreaterThan(0n);
    expect(await mainBalance(who.uid)).toBe(win);
    const [payment] = await t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, `freespin:${pack.id}:${toWin}`));
    expect(payment).toMatchObject({ kind: 'free_spin_win' });
    expect(await packPayments(pack.id)).toHaveLength(1);
    const rows = await queryRows<{ type: string; payload: Record<string, unknown> }>(
      t.database.db,
      sql`select type, payload from outbox_events where user_id = ${who.uid} and payload->>'freeSpinPack' = ${String(pack.id)}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'game.win', payload: { account: 'main', amount: win.toString(), balanceAfter: win.toString(), freeSpin: toWin, mode: 'real' } });
    expect(rows[0].payload.bet).toBeUndefined(); // nothing staked: it scores in no tournament
    await ledgerHolds();
  });
});

describe('spending a pack', () => {
  it('N spins use exactly N; the N+1th is refused in the player language and the bonus is completed', async () => {
    const who = await registerPlayer(t, { tag: 'spins-count' });
    const session = await launch(who);
    const { bonus, pack } = await grantSpins(who.uid, 3);
    let won = 0n;
    for (let n = 1; n <= 3; n++) {
      const round = await spin(who, session.token, pack.id);
      expect(round.status, JSON.stringify(round.error)).toBe(200);
      expect(round.data.free_spin?.number).toBe(n);
      won += cents(round.data.win);
    }
    const fourth = await spin(who, session.token, pack.id);
    expect(fourth.status).toBe(409);
    expect(fourth.error).toMatchObject({ type: 'InvalidRequestException', fields: { pack_id: 'No free spins are left in this pack' }, details: { code: 'NONE_LEFT', free_spins: null } });
    const french = await spin(who, session.token, pack.id, undefined, 'fr');
    expect(french.error?.fields?.pack_id).toBe('Il ne reste aucun tour gratuit dans ce lot');

    const [after] = await t.database.db.select().from(freeSpinPacks).where(eq(freeSpinPacks.id, pack.id));
    expect(after).toMatchObject({ remainingCount: 0, status: 'used' });
    expect(await packRounds(pack.id)).toHaveLength(3);
    expect(await mainBalance(who.uid)).toBe(won);
    const [finished] = await t.database.db.select().from(playerBonuses).where(eq(playerBonuses.id, bonus.id));
    expect(finished).toMatchObject({ status: 'completed', finishReason: 'all spins played' });
    expect((await launch(who)).free_spins).toBeNull();
    await ledgerHolds();
  });

  it('moves to the next pack of the game once one is used, the one ending soonest first', async () => {
    const who = await registerPlayer(t, { tag: 'spins-next' });
    const session = await launch(who);
    const later = await grantSpins(who.uid, 2, { days: 9 });
    const sooner = await grantSpins(who.uid, 1, { days: 2 });
    expect((await launch(who)).free_spins?.pack_id).toBe(sooner.pack.id);
    const round = await spin(who, session.token, sooner.pack.id, 1);
    expect(round.data.free_spins).toMatchObject({ pack_id: later.pack.id, remaining: 2, next_spin: 1 });
  });

  it('free-spin rounds verify like any other once the seed pair is revealed', async () => {
    const who = await registerPlayer(t, { tag: 'spins-fair' });
    const session = await launch(who);
    const { pack } = await grantSpins(who.uid, 2);
    const round = (await spin(who, session.token, pack.id, 1)).data;
    const rotated = await api<RotateResult>(who, 'games/rotateSeed', { body: {} });
    expect(rotated.status).toBe(200);
    const verified = await api<VerifyResult>(who, 'games/verifyRound', { query: { round_id: round.round_id } });
    expect(verified.data).toMatchObject({ hash_matches: true, matches: true, nonce: round.nonce, bet: { amount: '0.20' } });
  });
});

describe('a repeated spin request', () => {
  it('answers the spin it played and never pays twice, sent again later or twice at once', async () => {
    const who = await registerPlayer(t, { tag: 'spins-replay' });
    const session = await launch(who);
    const toWin = await spinsToFirstWin(who.uid);
    const { pack } = await grantSpins(who.uid, toWin + 2);
    for (let n = 1; n < toWin; n++) expect((await spin(who, session.token, pack.id, n)).status).toBe(200);
    const first = await spin(who, session.token, pack.id, toWin);
    expect(cents(first.data.win)).toBeGreaterThan(0n);
    const balance = await mainBalance(who.uid);

    const again = await spin(who, session.token, pack.id, toWin);
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ round_id: first.data.round_id, win: first.data.win, free_spin: { number: toWin } });
    expect(again.data.free_spins).toMatchObject({ remaining: 2, next_spin: toWin + 1 });
    expect(await mainBalance(who.uid)).toBe(balance);

    // The next spin sent twice at once: one plays it, the other answers the same round.
    const both = await Promise.all([spin(who, session.token, pack.id, toWin + 1), spin(who, session.token, pack.id, toWin + 1)]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    expect(both[0].data.round_id).toBe(both[1].data.round_id);

    // A spin ahead of the pack is refused, nothing taken.
    const ahead = await spin(who, session.token, pack.id, toWin + 5);
    expect(ahead.error).toMatchObject({ details: { code: 'OUT_OF_TURN' } });

    const [after] = await t.database.db.select().from(freeSpinPacks).where(eq(freeSpinPacks.id, pack.id));
    expect(after.remainingCount).toBe(1);
    expect(await packRounds(pack.id)).toHaveLength(toWin + 1);
    expect((await packPayments(pack.id)).filter((row) => row.idempotencyKey === `freespin:${pack.id}:${toWin}`)).toHaveLength(1);
    expect(await mainBalance(who.uid)).toBe(balance + cents(both[0].data.win));
    await ledgerHolds();
  });
});

describe('two spins at once on the last spin', () => {
  // A second studio on the same database stands for a second server process.
  const secondProcess = () =>
    createStudio({ db: t.database.db, wallet: t.services.wallet, catalogue: t.services.catalogue, ledger: t.services.ledger, logger: createLogger('silent') });

  it('one wins the race, the other is refused; the spin is used and paid once', async () => {
    const second = secondProcess();
    const who = await registerPlayer(t, { tag: 'spins-race' });
    const viewer = { visitorId: 'free-spin-race', userId: who.uid };
    const session = await t.services.studio.launch(viewer, { sysname: GAME, mode: 'real' }, 'en');
    for (let race = 0; race < 6; race++) {
      const { pack } = await grantSpins(who.uid, 1);
      const before = await mainBalance(who.uid);
      const input = { token: session.token, pack_id: pack.id };
      const results = await Promise.allSettled([t.services.studio.playFreeSpin(viewer, input, 'en'), second.playFreeSpin(viewer, input, 'fr')]);
      const played = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as { type?: string; status?: number; details?: { code?: string } }] : []));
      expect(played).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatchObject({ type: 'InvalidRequestException', status: 409, details: { code: 'NONE_LEFT' } });
      const [after] = await t.database.db.select().from(freeSpinPacks).where(eq(freeSpinPacks.id, pack.id));
      expect(after).toMatchObject({ remainingCount: 0, status: 'used' });
      expect(await packRounds(pack.id)).toHaveLength(1);
      expect(await packPayments(pack.id)).toHaveLength(played[0].win === '0.00' ? 0 : 1);
      expect(await mainBalance(who.uid)).toBe(before + cents(played[0].win));
    }
    await ledgerHolds();
  });
});

describe('a pack that cannot be played', () => {
  it('ends with its bonus: cancelled when removed, expired when its time ran out', async () => {
    const who = await registerPlayer(t, { tag: 'spins-end' });
    const session = await launch(who);
    const removed = await grantSpins(who.uid, 5);
    await t.database.db.transaction(async (tx) => engine().finish(tx, (await engine().lockBonus(tx, removed.bonus.id))!, 'forfeited', 'removed by the player', new Date()));
    const [cancelled] = await t.database.db.select().from(freeSpinPacks).where(eq(freeSpinPacks.id, removed.pack.id));
    expect(cancelled.status).toBe('cancelled');
    expect((await spin(who, session.token, removed.pack.id)).error).toMatchObject({ details: { code: 'ENDED' } });

    const lapsed = await grantSpins(who.uid, 5);
    // Past its end but not yet marked by the expiry job: refused all the same.
    await t.database.db.update(freeSpinPacks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(freeSpinPacks.id, lapsed.pack.id));
    expect((await spin(who, session.token, lapsed.pack.id)).error).toMatchObject({ details: { code: 'EXPIRED' }, fields: { pack_id: 'These free spins have expired' } });
    await t.database.db.transaction(async (tx) => engine().finish(tx, (await engine().lockBonus(tx, lapsed.bonus.id))!, 'expired', 'time ran out', new Date()));
    const [expired] = await t.database.db.select().from(freeSpinPacks).where(eq(freeSpinPacks.id, lapsed.pack.id));
    expect(expired.status).toBe('expired');
    expect(await packRounds(removed.pack.id)).toHaveLength(0);
    expect(await mainBalance(who.uid)).toBe(0n);
  });

  it('is refused for another player, in demo mode, on another game, and to a guest', async () => {
    const owner = await registerPlayer(t, { tag: 'spins-owner' });
    const other = await registerPlayer(t, { tag: 'spins-other' });
    const { pack } = await grantSpins(owner.uid, 5);
    const theirs = await spin(other, (await launch(other)).token, pack.id);
    expect(theirs.status).toBe(404);
    expect(theirs.error?.fields?.pack_id).toBe('These free spins are not yours or no longer exist');
    const demo = await spin(owner, (await launch(owner, 'demo')).token, pack.id);
    expect(demo.error).toMatchObject({ details: { code: 'REAL_ONLY' } });
    const elsewhere = await spin(owner, (await launch(owner, 'real', 'lantern-tide')).token, pack.id);
    expect(elsewhere.error).toMatchObject({ details: { code: 'WRONG_GAME' } });
    const guest = await t.call('games/playFreeSpin', { body: { token: 'x'.repeat(32), pack_id: String(pack.id) } });
    expect(guest.status).toBe(401);
    const [untouched] = await t.database.db.select().from(freeSpinPacks).where(eq(freeSpinPacks.id, pack.id));
    expect(untouched.remainingCount).toBe(5);
  });
});
