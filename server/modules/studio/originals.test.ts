import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoundRng } from '../../../games/fairness/rng.ts';
import { baccarat, keno, limbo, plinko } from '../../../games/index.ts';
import type { RotateResult, RoundView, VerifyResult } from '../../../contract/studio.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { cents, guest, studioCalls, type Caller } from './test-support.ts';

/**
 * The in-house originals (Plinko, Limbo, Keno, Baccarat) through /api as their clients call them: each
 * round staked and paid through the seamless wallet, the outcome the seeds give, the verifier
 * replaying it, and bad bets refused naming their field in the player's language.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { api, launch, play, mainBalance, walletMoves } = studioCalls(() => t);

/** Rotates the caller's seed pair and checks the verifier replays `round` to the recorded outcome. */
async function verifyAfterRotation(caller: Caller, round: RoundView) {
  const rotated = await api<RotateResult>(caller, 'games/rotateSeed', { body: {} });
  expect(rotated.status).toBe(200);
  const verified = await api<VerifyResult>(caller, 'games/verifyRound', { query: { round_id: round.round_id } });
  expect(verified.data).toMatchObject({ engine: round.engine, hash_matches: true, matches: true, nonce: round.nonce });
  expect(verified.data.replayed).toEqual(round.outcome);
  return rotated.data.revealed.server_seed;
}

describe('Croupier Plinko', () => {
  it('real money: each drop is staked and paid through the wallet, the ball path comes from the seeds', async () => {
    const ann = await registerPlayer(t, { tag: 'plinko' });
    await fundPlayer(t, ann.uid, 5_000n);
    const session = await launch(ann, 'croupier-plinko', 'real');
    expect(session).toMatchObject({ engine: 'plinko', balance: '50.00', limits: { min: '0.10', max: '100.00', step: '0.10' } });
    let balance = 5_000n;
    const rounds: RoundView[] = [];
    for (const [rows, risk] of [[8, 'low'], [12, 'medium'], [16, 'high']] as const) {
      const round = await play(ann, session.token, { amount: '2.50', rows, risk });
      expect(round.status, JSON.stringify(round.error)).toBe(200);
      const outcome = round.data.outcome as { path: number[]; slot: number; multiplier: number; rows: number; risk: string; win: string };
      expect(outcome).toMatchObject({ rows, risk, bet: '2.50' });
      expect(outcome.path).toHaveLength(rows);
      expect(outcome.slot).toBe(outcome.path.filter((step) => step === 1).length);
      expect(outcome.multiplier).toBe(plinko.multipliersFor(rows, risk)[outcome.slot]);
      const win = (250n * BigInt(outcome.multiplier)) / 100n;
      expect(cents(round.data.win)).toBe(win);
      balance = balance - 250n + win;
      expect(cents(round.data.balance)).toBe(balance);
      expect(await mainBalance(ann.uid)).toBe(balance);
      expect(await walletMoves(round.data.round_id)).toEqual({ bet: 250n, win });
      rounds.push(round.data);
    }
    const serverSeed = await verifyAfterRotation(ann, rounds[1]);
    const replayed = plinko.play({ amount: 250n, rows: 12, risk: 'medium' }, createRoundRng({ serverSeed, clientSeed: rounds[1].client_seed, nonce: rounds[1].nonce }));
    expect(replayed.path).toEqual((rounds[1].outcome as { path: number[] }).path);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });

  it('refuses rows outside 8-16, an unknown risk and an off-step stake, naming the field in the player’s language', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'croupier-plinko', 'demo');
    const rows = await play(visitor, session.token, { amount: '1.00', rows: 17, risk: 'low' });
    expect(rows.status).toBe(422);
    expect(rows.error?.fields?.rows).toBe('Choose from 8 to 16 rows');
    const risk = await play(visitor, session.token, { amount: '1.00', rows: 8, risk: 'extreme' }, 'fr');
    expect(risk.error?.fields?.risk).toBe('Choisissez un risque faible, moyen ou élevé');
    const amount = await play(visitor, session.token, { amount: '0.15', rows: 8, risk: 'low' });
    expect(amount.error?.fields?.amount).toMatch(/between 0.10 and 100.00, in steps of 0.10/);
    const fine = await play(visitor, session.token, { amount: '0.10', rows: 8, risk: 'low' });
    expect(fine.status).toBe(200);
    expect(fine.data.nonce).toBe(0);
  });
});

describe('Croupier Limbo', () => {
  it('real money: a result at or above the target pays stake x target through the wallet, below it nothing', async () => {
    const bea = await registerPlayer(t, { tag: 'limbo' });
    await fundPlayer(t, bea.uid, 5_000n);
    const session = await launch(bea, 'croupier-limbo', 'real');
    expect(session).toMatchObject({ engine: 'limbo', balance: '50.00', limits: { min: '0.10', max: '100.00', step: '0.01' } });
    let balance = 5_000n;
    const rounds: RoundView[] = [];
    for (const target of [101, 200, 1000, 100_000_000]) {
      const round = await play(bea, session.token, { amount: '1.25', target });
      expect(round.status, JSON.stringify(round.error)).toBe(200);
      const outcome = round.data.outcome as { target: number; result: number; won: boolean };
      expect(outcome.target).toBe(target);
      expect(outcome.won).toBe(outcome.result >= target);
      const win = outcome.won ? (125n * BigInt(target)) / 100n : 0n;
      expect(cents(round.data.win)).toBe(win);
      balance = balance - 125n + win;
      expect(cents(round.data.balance)).toBe(balance);
      expect(await mainBalance(bea.uid)).toBe(balance);
      expect(await walletMoves(round.data.round_id)).toEqual({ bet: 125n, win });
      rounds.push(round.data);
    }
    const serverSeed = await verifyAfterRotation(bea, rounds[2]);
    const replayed = limbo.play({ amount: 125n, target: 1000 }, createRoundRng({ serverSeed, clientSeed: rounds[2].client_seed, nonce: rounds[2].nonce }));
    expect(replayed.result).toBe((rounds[2].outcome as { result: number }).result);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });

  it('refuses a target outside 1.01x-1,000,000x naming the target, in English and French', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'croupier-limbo', 'demo');
    for (const target of [100, 100_000_001, 2.5]) {
      const answer = await play(visitor, session.token, { amount: '1.00', target });
      expect(answer.status, String(target)).toBe(422);
      expect(answer.error?.fields?.target).toBe('Choose a target multiplier from 1.01× to 1,000,000×');
    }
    const french = await play(visitor, session.token, { amount: '1.00', target: 50 }, 'fr');
    expect(french.error?.fields?.target).toBe('Choisissez un multiplicateur cible de 1,01× à 1 000 000×');
  });
});

describe('Croupier Keno', () => {
  it('real money: the picks drawn are paid by the table of the pick count, through the wallet', async () => {
    const cal = await registerPlayer(t, { tag: 'keno' });
    await fundPlayer(t, cal.uid, 5_000n);
    const session = await launch(cal, 'croupier-keno', 'real');
    expect(session).toMatchObject({ engine: 'keno', balance: '50.00', limits: { min: '0.10', max: '100.00', step: '0.10' } });
    let balance = 5_000n;
    const rounds: RoundView[] = [];
    for (const picks of [[7], [40, 1, 20], [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]]) {
      const round = await play(cal, session.token, { amount: '2.00', picks });
      expect(round.status, JSON.stringify(round.error)).toBe(200);
      const outcome = round.data.outcome as { picks: number[]; drawn: number[]; hits: number[]; multiplier: number };
      expect(outcome.picks).toEqual([...picks].sort((a, b) => a - b));
      expect(new Set(outcome.drawn).size).toBe(10);
      expect(outcome.hits).toEqual(outcome.picks.filter((n) => outcome.drawn.includes(n)));
      expect(outcome.multiplier).toBe(keno.PAYTABLES[picks.length][outcome.hits.length]);
      const win = (200n * BigInt(outcome.multiplier)) / 100n;
      expect(cents(round.data.win)).toBe(win);
      balance = balance - 200n + win;
      expect(cents(round.data.balance)).toBe(balance);
      expect(await mainBalance(cal.uid)).toBe(balance);
      expect(await walletMoves(round.data.round_id)).toEqual({ bet: 200n, win });
      rounds.push(round.data);
    }
    const serverSeed = await verifyAfterRotation(cal, rounds[2]);
    const replayed = keno.play({ amount: 200n, picks: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20] }, createRoundRng({ serverSeed, clientSeed: rounds[2].client_seed, nonce: rounds[2].nonce }));
    expect(replayed.drawn).toEqual((rounds[2].outcome as { drawn: number[] }).drawn);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });

  it('refuses no picks, eleven, a number off the board or twice, naming the picks', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'croupier-keno', 'demo');
    for (const picks of [[], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [41], [5, 5]]) {
      const answer = await play(visitor, session.token, { amount: '1.00', picks });
      expect(answer.status, JSON.stringify(picks)).toBe(422);
      expect(answer.error?.fields?.picks).toBe('Pick 1 to 10 different numbers from 1 to 40');
    }
    const french = await play(visitor, session.token, { amount: '1.00', picks: [0] }, 'fr');
    expect(french.error?.fields?.picks).toBe('Choisissez de 1 à 10 numéros différents entre 1 et 40');
  });
});

describe('Croupier Baccarat', () => {
  it('real money: chips on Player, Banker and Tie in one coup, staked and paid through the wallet as the tableau decides', async () => {
    const dee = await registerPlayer(t, { tag: 'baccarat' });
    await fundPlayer(t, dee.uid, 10_000n);
    const session = await launch(dee, 'croupier-baccarat', 'real');
    expect(session).toMatchObject({ engine: 'baccarat', balance: '100.00', limits: { min: '0.20', max: '500.00', step: '0.20' } });
    let balance = 10_000n;
    const rounds: RoundView[] = [];
    const layouts = [
      [{ on: 'player', amount: '5.00' }],
      [{ on: 'banker', amount: '4.00' }, { on: 'tie', amount: '1.00' }],
      [{ on: 'player', amount: '2.00' }, { on: 'banker', amount: '2.00' }, { on: 'tie', amount: '0.20' }],
    ];
    for (const bets of layouts) {
      const round = await play(dee, session.token, { bets });
      expect(round.status, JSON.stringify(round.error)).toBe(200);
      const outcome = round.data.outcome as { player: number[]; banker: number[]; playerTotal: number; bankerTotal: number; result: baccarat.Spot; bets: Array<{ on: string; amount: string; win: string }> };
      expect(outcome.playerTotal).toBe(baccarat.totalOf(outcome.player));
      expect(outcome.bankerTotal).toBe(baccarat.totalOf(outcome.banker));
      const staked = bets.reduce((sum, bet) => sum + cents(bet.amount), 0n);
      const win = bets.reduce((sum, bet) => sum + baccarat.payOf(bet.on as baccarat.Spot, cents(bet.amount), outcome.result), 0n);
      expect(outcome.bets.map((bet) => bet.on)).toEqual(bets.map((bet) => bet.on));
      expect(cents(round.data.staked)).toBe(staked);
      expect(cents(round.data.win)).toBe(win);
      balance = balance - staked + win;
      expect(cents(round.data.balance)).toBe(balance);
      expect(await mainBalance(dee.uid)).toBe(balance);
      expect(await walletMoves(round.data.round_id)).toEqual({ bet: staked, win });
      rounds.push(round.data);
    }
    const serverSeed = await verifyAfterRotation(dee, rounds[2]);
    const replayed = baccarat.play({ bets: [{ on: 'player', amount: 200n }, { on: 'banker', amount: 200n }, { on: 'tie', amount: 20n }] }, createRoundRng({ serverSeed, clientSeed: rounds[2].client_seed, nonce: rounds[2].nonce }));
    expect(replayed.player).toEqual((rounds[2].outcome as { player: number[] }).player);
    expect(replayed.banker).toEqual((rounds[2].outcome as { banker: number[] }).banker);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });

  it('refuses an unknown area, an area twice, an off-step chip and a coup over the table maximum, naming the field in English and French', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'croupier-baccarat', 'demo');
    for (const bets of [[], [{ on: 'dragon', amount: '1.00' }], [{ on: 'tie', amount: '1.00' }, { on: 'tie', amount: '1.00' }]]) {
      const answer = await play(visitor, session.token, { bets });
      expect(answer.status, JSON.stringify(bets)).toBe(422);
      expect(answer.error?.fields?.bets).toBe('Bet on Player, Banker or Tie, each at most once');
    }
    const offStep = await play(visitor, session.token, { bets: [{ on: 'banker', amount: '1.10' }] });
    expect(offStep.status).toBe(422);
    expect(offStep.error?.fields?.['bets.0.amount']).toMatch(/0\.20/);
    const over = await play(visitor, session.token, { bets: [{ on: 'banker', amount: '300.00' }, { on: 'player', amount: '300.00' }] });
    expect(over.error?.fields?.bets).toBe('The total stake may not exceed 500.00');
    const french = await play(visitor, session.token, { bets: [{ on: 'dragon', amount: '1.00' }] }, 'fr');
    expect(french.error?.fields?.bets).toBe('Misez sur Joueur, Banquier ou Égalité, une fois chacun au plus');
  });
});
