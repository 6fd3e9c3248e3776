import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoundRng } from '../../../games/fairness/rng.ts';
import { dice, slot } from '../../../games/index.ts';
import type { RoundView, RotateResult, VerifyResult, FairnessInfo } from '../../../contract/studio.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { createLogger } from '../../platform/logger.ts';
import { fairSeeds, gameRounds, walletTransactions } from '../../db/schema.ts';
import { createStudio } from './index.ts';
import { cents, guest, studioCalls, type Caller } from './test-support.ts';

/**
 * The studio through /api as the game clients call it: sessions, rounds paid through the
 * wallet and the ledger, seeds that reproduce every outcome, blackjack hands across requests.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { api, launch, play, mainBalance } = studioCalls(() => t);
const player = (): Promise<Caller> => registerPlayer(t, { tag: 'studio' });
const fund = (uid: number, amount: bigint) => fundPlayer(t, uid, amount);

describe('demo play', () => {
  it('a guest spins the slot with fun money; the balance moves by the stake and the win', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'golden-croupier', 'demo');
    expect(session).toMatchObject({ engine: 'slot', mode: 'demo', currency: 'EUR', balance: '1000.00' });
    expect(session.fairness.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    let balance = cents(session.balance);
    for (let spin = 0; spin < 5; spin++) {
      const round = await play(visitor, session.token, { amount: '1.00' });
      expect(round.status, JSON.stringify(round.error)).toBe(200);
      expect(round.data).toMatchObject({ status: 'settled', staked: '1.00', nonce: spin, server_seed_hash: session.fairness.server_seed_hash });
      expect((round.data.outcome.base as { grid: string[][] }).grid).toHaveLength(5);
      balance = balance - 100n + cents(round.data.win);
      expect(cents(round.data.balance)).toBe(balance);
    }
  });

  it('a themed game plays on its engine', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'fuse-rocket', 'demo');
    expect(session.engine).toBe('dice');
    const round = await play(visitor, session.token, { amount: '2.00', target: 5000, direction: 'over' });
    expect(round.status).toBe(200);
    expect(round.data.outcome).toMatchObject({ target: 5000, direction: 'over', bet: '2.00' });
  });

  it('another visitor cannot use the token', async () => {
    const session = await launch(guest(), 'croupier-dice', 'demo');
    const stranger = await play(guest(), session.token, { amount: '1.00', target: 5000, direction: 'over' });
    expect(stranger.status).toBe(403);
    expect(stranger.error?.fields?.token).toMatch(/not yours/);
  });

  it('a game the studio does not play, real money for a guest, and bad bets are refused naming the field', async () => {
    const visitor = guest();
    expect((await api(visitor, 'games/launch', { body: { sysname: 'no-such-game', mode: 'demo' } })).status).toBe(404);
    const real = await api(visitor, 'games/launch', { body: { sysname: 'golden-croupier', mode: 'real' } });
    expect(real.status).toBe(401);
    const session = await launch(visitor, 'golden-croupier', 'demo');
    const odd = await play(visitor, session.token, { amount: '0.30' });
    expect(odd.status).toBe(422);
    expect(odd.error?.fields?.amount).toMatch(/between 0.20 and 100.00, in steps of 0.20/);
    const french = await t.call('games/play', { query: { locale: 'fr' }, body: { token: session.token, bet: JSON.stringify({ amount: 'abc' }) }, headers: { cookie: visitor.cookie } });
    expect(french.json.error?.fields?.amount).toMatch(/Saisissez un montant/);
    const dice = await launch(visitor, 'croupier-dice', 'demo');
    const target = await play(visitor, dice.token, { amount: '1.00', target: 9950, direction: 'over' });
    expect(target.status).toBe(422);
    expect(target.error?.fields?.target).toBeTruthy();
    const roulette = await launch(visitor, 'croupier-roulette', 'demo');
    const layout = await play(visitor, roulette.token, { bets: [{ type: 'straight', numbers: [37], amount: '1.00' }] });
    expect(layout.status).toBe(422);
    expect(layout.error?.fields?.bets).toBeTruthy();
  });
});

describe('real money', () => {
  it('roulette debits the main balance and pays through the ledger; a stake above the balance moves nothing', async () => {
    const ann = await player();
    await fund(ann.uid!, 2_000n);
    const session = await launch(ann, 'croupier-roulette', 'real');
    expect(session.balance).toBe('20.00');
    const round = await play(ann, session.token, { bets: [{ type: 'red', amount: '5.00' }, { type: 'straight', numbers: [17], amount: '1.00' }] });
    expect(round.status, JSON.stringify(round.error)).toBe(200);
    const outcome = round.data.outcome as { number: number; color: string };
    const expected = (outcome.color === 'red' ? 1000n : 0n) + (outcome.number === 17 ? 3600n : 0n);
    expect(cents(round.data.win)).toBe(expected);
    expect(await mainBalance(ann.uid!)).toBe(2_000n - 600n + expected);
    expect(cents(round.data.balance)).toBe(await mainBalance(ann.uid!));

    const before = await mainBalance(ann.uid!);
    const tooMuch = await play(ann, session.token, { bets: [{ type: 'black', amount: '900.00' }] });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.error?.type).toBe('UserNeedDepositException');
    expect(tooMuch.error?.fields?.amount).toMatch(/Not enough money/);
    expect(await mainBalance(ann.uid!)).toBe(before);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });

  it('blackjack: a hand stays open across requests, refuses a second deal and a seed rotation, and settles', async () => {
    const bob = await player();
    await fund(bob.uid!, 100_000n);
    const session = await launch(bob, 'croupier-blackjack', 'real');
    let round: RoundView | undefined;
    for (let hand = 0; hand < 30; hand++) {
      const dealt = await play(bob, session.token, { amount: '10.00' });
      expect(dealt.status, JSON.stringify(dealt.error)).toBe(200);
      if (dealt.data.status === 'open') {
        round = dealt.data;
        break;
      }
    }
    expect(round, 'an open hand within 30 deals').toBeTruthy();
    const outcome = round!.outcome as { dealer: unknown[]; legalActions: string[] };
    expect(outcome.dealer[1]).toBeNull(); // the hole card stays hidden
    expect(outcome).not.toHaveProperty('dealt');
    expect((await play(bob, session.token, { amount: '10.00' })).status).toBe(409);
    expect((await api(bob, 'games/rotateSeed', { body: {} })).status).toBe(409);
    // A new session (a reload) finds the hand to resume.
    const again = await launch(bob, 'croupier-blackjack', 'real');
    expect(again.open_round?.round_id).toBe(round!.round_id);

    const stood = await api<RoundView>(bob, 'games/act', { body: { token: again.token, round_id: round!.round_id, action: 'stand' } });
    expect(stood.status, JSON.stringify(stood.error)).toBe(200);
    expect(stood.data.status).toBe('settled');
    expect((stood.data.outcome as { dealer: unknown[] }).dealer.every((card) => card !== null)).toBe(true);
    const late = await api(bob, 'games/act', { body: { token: again.token, round_id: round!.round_id, action: 'hit' } });
    expect(late.status).toBe(409);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });
});

describe('two processes on one hand', () => {
  // A second studio on the same database stands for a second server process behind a load
  // balancer; each serialises actions on a hand only within itself.
  const secondProcess = () => createStudio({ db: t.database.db, wallet: t.services.wallet, catalogue: t.services.catalogue, logger: createLogger('silent') });

  it('two deals sent at once open one blackjack hand; the other is refused and takes no stake', async () => {
    const second = secondProcess();
    const erin = await player();
    await fund(erin.uid!, 100_000n);
    const viewer = { visitorId: 'two-deals', userId: erin.uid };
    const session = await t.services.studio.launch(viewer, { sysname: 'croupier-blackjack', mode: 'real' }, 'en');
    const deal = (studio: typeof second) => studio.play(viewer, { token: session.token, bet: { amount: '10.00' } }, 'en');
    for (let attempt = 0; attempt < 40; attempt++) {
      const before = await mainBalance(erin.uid!);
      const results = await Promise.allSettled([deal(t.services.studio), deal(second)]);
      const dealt = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as { type?: string; status?: number }] : []));
      const open = dealt.filter((round) => round.status === 'open');
      const rounds = await t.database.db.select().from(gameRounds).where(and(eq(gameRounds.userId, erin.uid!), eq(gameRounds.status, 'open')));
      expect(rounds.length).toBeLessThanOrEqual(1);
      // A refused deal moved no money: the balance fell by the dealt hands' stakes less their wins.
      const settledNet = dealt.reduce((sum, round) => sum + cents(round.win) - cents(round.staked), 0n);
      expect(await mainBalance(erin.uid!)).toBe(before + settledNet);
      if (refused.length) {
        // Refused while the other hand was being dealt (it may since have settled on a natural).
        expect(refused[0]).toMatchObject({ type: 'InvalidRequestException', status: 409 });
        expect(dealt).toHaveLength(1);
        return;
      }
      for (const round of open) await t.services.studio.act(viewer, { token: session.token, round_id: round.round_id, action: 'stand' }, 'en');
    }
    throw new Error('no deal left a hand open within 40 tries');
  });

  it('a double raced from two server processes takes one extra stake, never a free one', async () => {
    const second = secondProcess();
    const first = t.services.studio;
    const dana = await player();
    await fund(dana.uid!, 100_000n);
    const viewer = { visitorId: 'two-processes', userId: dana.uid };
    const session = await first.launch(viewer, { sysname: 'croupier-blackjack', mode: 'real' }, 'en');
    let round: RoundView | undefined;
    for (let hand = 0; hand < 40 && !round; hand++) {
      const dealt = await first.play(viewer, { token: session.token, bet: { amount: '10.00' } }, 'en');
      if (dealt.status === 'open' && (dealt.outcome as { legalActions: string[] }).legalActions.includes('double')) round = dealt;
      else if (dealt.status === 'open') await first.act(viewer, { token: session.token, round_id: dealt.round_id, action: 'stand' }, 'en');
    }
    expect(round, 'a hand that may double within 40 deals').toBeTruthy();
    const before = await mainBalance(dana.uid!);
    const input = { token: session.token, round_id: round!.round_id, action: 'double' as const };
    const results = await Promise.allSettled([first.act(viewer, input, 'en'), second.act(viewer, input, 'en')]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [stored] = await t.database.db.select().from(gameRounds).where(eq(gameRounds.roundId, round!.round_id));
    expect(stored.status).toBe('settled');
    expect(stored.staked).toBe(2_000n);
    // The balance moved by the one extra stake and the settled hand's win, nothing else.
    expect(await mainBalance(dana.uid!)).toBe(before - 1_000n + stored.win);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });
});

describe('provably fair', () => {
  it('rotating reveals the seed shown before play; the verifier and the engine reproduce each round', async () => {
    const visitor = guest();
    const before = await api<FairnessInfo>(visitor, 'games/getFairness');
    const session = await launch(visitor, 'croupier-dice', 'demo');
    expect(session.fairness.server_seed_hash).toBe(before.data.active.server_seed_hash);
    const chosen = 'my-lucky-seed';
    const rotatedIn = await api<RotateResult>(visitor, 'games/rotateSeed', { body: { client_seed: chosen } });
    expect(rotatedIn.data.active.client_seed).toBe(chosen);
    const rounds: RoundView[] = [];
    for (let i = 0; i < 3; i++) rounds.push((await play(visitor, session.token, { amount: '1.00', target: 4000, direction: 'under' })).data);
    expect(rounds.map((round) => round.nonce)).toEqual([0, 1, 2]);
    expect(rounds.every((round) => round.client_seed === chosen)).toBe(true);

    const hidden = await api<VerifyResult>(visitor, 'games/verifyRound', { query: { round_id: rounds[1].round_id } });
    expect(hidden.data).toMatchObject({ server_seed: null, replayed: null, matches: null });

    const rotated = await api<RotateResult>(visitor, 'games/rotateSeed', { body: {} });
    expect(rotated.data.revealed).toMatchObject({ server_seed_hash: rotatedIn.data.active.server_seed_hash, client_seed: chosen, rounds: 3 });
    expect(rotated.data.active.nonce).toBe(0);
    expect(rotated.data.active.server_seed_hash).not.toBe(rotated.data.revealed.server_seed_hash);

    const verified = await api<VerifyResult>(visitor, 'games/verifyRound', { query: { round_id: rounds[1].round_id } });
    expect(verified.data).toMatchObject({ server_seed: rotated.data.revealed.server_seed, hash_matches: true, matches: true, nonce: 1 });
    // The recorded seeds reproduce the roll with the engine alone.
    const replayed = dice.play({ amount: 100n, target: 4000, direction: 'under' }, createRoundRng({ serverSeed: rotated.data.revealed.server_seed, clientSeed: chosen, nonce: 1 }));
    expect(replayed.roll).toBe((rounds[1].outcome as { roll: number }).roll);
  });

  it('a client seed with a separator or too long is refused', async () => {
    const visitor = guest();
    for (const seed of ['a:b', 'x'.repeat(65), '']) {
      const answer = await api(visitor, 'games/rotateSeed', { body: { client_seed: seed } });
      expect(answer.status, seed).toBe(422);
      expect(answer.error?.fields?.client_seed).toBeTruthy();
    }
  });

  it('an unknown round is a 404', async () => {
    expect((await api(guest(), 'games/verifyRound', { query: { round_id: randomUUID() } })).status).toBe(404);
  });
});

describe('recovery', () => {
  it('finishes a round whose bet was taken and voids one whose bet never came', async () => {
    const cid = await player();
    await fund(cid.uid!, 10_000n);
    const session = await launch(cid, 'golden-croupier', 'real');
    const db = t.services.database.db;
    const seedRow = await api<FairnessInfo>(cid, 'games/getFairness');
    expect(seedRow.status).toBe(200);

    // Two rounds as a crashed process would leave them: recorded, one with its bet taken.
    const walletSession = (await t.services.wallet.sessionByToken(session.token))!;
    const [pair] = await db.select().from(fairSeeds).where(eq(fairSeeds.userId, cid.uid!));
    const old = new Date(Date.now() - 3600_000);
    const rows = [randomUUID(), randomUUID()].map((roundId, i) => ({
      roundId,
      sessionId: walletSession.id,
      userId: cid.uid!,
      game: 'golden-croupier',
      engine: 'slot' as const,
      mode: 'real' as const,
      currency: 'EUR',
      seedId: pair.id,
      nonce: 1000 + i,
      bet: { amount: '200' },
      staked: 200n,
      status: 'pending' as const,
      createdAt: old,
    }));
    await db.insert(gameRounds).values(rows);
    const taken = await t.services.wallet.handle('bet', {
      provider: 'croupier',
      request_uuid: randomUUID(),
      user: session.token,
      game: 'golden-croupier',
      transaction_uuid: `${rows[0].roundId}:bet`,
      round_id: rows[0].roundId,
      amount: '200',
      currency: 'EUR',
    });
    expect(taken.status).toBe('RS_OK');

    expect(await t.services.studio.recover()).toBe(2);
    const [finished] = await db.select().from(gameRounds).where(eq(gameRounds.roundId, rows[0].roundId));
    const expected = slot.play({ amount: 200n }, createRoundRng({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: 1000 }));
    expect(finished.status).toBe('settled');
    expect(finished.win).toBe(expected.win);
    expect(await mainBalance(cid.uid!)).toBe(10_000n - 200n + expected.win);
    const [voided] = await db.select().from(gameRounds).where(eq(gameRounds.roundId, rows[1].roundId));
    expect(voided.status).toBe('void');
    // The bet that arrives late moves nothing.
    const late = await t.services.wallet.handle('bet', {
      provider: 'croupier',
      request_uuid: randomUUID(),
      user: session.token,
      game: 'golden-croupier',
      transaction_uuid: `${rows[1].roundId}:bet`,
      round_id: rows[1].roundId,
      amount: '200',
      currency: 'EUR',
    });
    expect(late.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    const [win] = await db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.provider, 'croupier'), eq(walletTransactions.transactionUuid, `${rows[0].roundId}:win`)));
    expect(win.amount).toBe(expected.win);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });
});
