import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoundRng } from '../../../games/fairness/rng.ts';
import { hilo } from '../../../games/index.ts';
import type { LaunchResult, RotateResult, RoundView, VerifyResult } from '../../../contract/studio.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { gameRounds } from '../../db/schema.ts';
import { cents, guest, studioCalls, type Caller } from './test-support.ts';

/**
 * Croupier Hi-Lo through /api as its client plays it: the stake taken at the start, each card
 * drawn only when the player acts, the round resumed on launch, one open round per game and
 * mode, concurrent actions paid once, the cash-out paid through the wallet, the verifier
 * replaying the guesses, recovery of rounds nobody finishes, and refusals naming their field.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { api, launch, play, mainBalance, walletMoves } = studioCalls(() => t);
type Hilo = { cards: number[]; steps: Array<{ action: string; won: boolean | null }>; correct: number; phase: string; payout: string; multiplier: number; win: string; skipsLeft: number };
const stateOf = (round: RoundView) => round.outcome as unknown as Hilo;
const act = (caller: Caller, token: string, round_id: string, action: string, locale?: string) =>
  api<RoundView>(caller, 'games/act', { body: { token, round_id, action }, ...(locale ? { query: { locale } } : {}) });

/** The engine's state of a round as the browser sees it, back to bigints, to ask the simulation's strategy. */
const engineState = (round: RoundView) => ({ ...stateOf(round), bet: 0n, payout: 0n, win: 0n, game: 'croupier-hilo' }) as unknown as hilo.HiloState;

/** Plays rounds (the likelier side, skipping 7s) until one stands open after a right guess. */
async function openWithRightGuess(caller: Caller, token: string, amount: string): Promise<{ round: RoundView; played: RoundView[] }> {
  const played: RoundView[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    const started = await play(caller, token, { amount });
    expect(started.status, JSON.stringify(started.error)).toBe(200);
    let round = started.data;
    while (round.status === 'open' && stateOf(round).correct === 0) {
      const answer = await act(caller, token, round.round_id, hilo.strategyAction(engineState(round), 1));
      expect(answer.status, JSON.stringify(answer.error)).toBe(200);
      round = answer.data;
    }
    if (round.status === 'open') return { round, played };
    played.push(round);
  }
  throw new Error('no right guess in 20 rounds');
}

describe('Croupier Hi-Lo', () => {
  it('real money: the stake leaves at the start, each card comes only with an action, the cash-out is paid through the wallet and verified', async () => {
    const dan = await registerPlayer(t, { tag: 'hilo' });
    await fundPlayer(t, dan.uid, 5_000n);
    const session = await launch(dan, 'croupier-hilo', 'real');
    expect(session).toMatchObject({ engine: 'hilo', balance: '50.00', limits: { min: '0.10', max: '100.00', step: '0.01' }, open_round: null });

    const first = await play(dan, session.token, { amount: '2.00' });
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    expect(first.data).toMatchObject({ status: 'open', staked: '2.00', win: '0.00', balance: '48.00' });
    // Only the card shown: nothing of the next one reaches the browser.
    expect(stateOf(first.data)).toMatchObject({ cards: [expect.any(Number)], steps: [], payout: '2.00', phase: 'playing', skipsLeft: 5 });
    expect(await mainBalance(dan.uid)).toBe(4_800n);
    expect(await walletMoves(first.data.round_id)).toEqual({ bet: 200n });

    // A second round while this one is open is refused before any stake.
    const second = await play(dan, session.token, { amount: '2.00' });
    expect(second.status).toBe(409);
    expect(second.error?.fields?.bet).toBe('Finish the Hi-Lo round in play first');
    expect(await mainBalance(dan.uid)).toBe(4_800n);

    // A skip draws one card and changes nothing else; a reload resumes with the cards.
    const skipped = await act(dan, session.token, first.data.round_id, 'skip');
    expect(skipped.status, JSON.stringify(skipped.error)).toBe(200);
    expect(stateOf(skipped.data)).toMatchObject({ skipsLeft: 4, payout: '2.00', steps: [{ action: 'skip', won: null }] });
    expect(stateOf(skipped.data).cards).toHaveLength(2);
    const again = await launch(dan, 'croupier-hilo', 'real');
    expect(again.open_round?.round_id).toBe(first.data.round_id);
    expect(stateOf(again.open_round!).cards).toEqual(stateOf(skipped.data).cards);
    expect(again.balance).toBe('48.00');

    // Play it on; then rounds until one is cashed out after a right guess.
    let round = skipped.data;
    while (round.status === 'open') {
      const state = stateOf(round);
      const action = state.correct >= 1 ? 'cashout' : hilo.strategyAction(engineState(round), 1);
      round = (await act(dan, session.token, round.round_id, action)).data;
    }
    let balance = 4_800n + cents(round.win);
    const { round: open, played } = await openWithRightGuess(dan, session.token, '2.00');
    for (const lost of played) balance = balance - 200n + cents(lost.win);
    balance -= 200n;
    const payout = cents(stateOf(open).payout);
    expect(payout).toBeGreaterThan(200n);
    const cashed = await act(dan, session.token, open.round_id, 'cashout');
    expect(cashed.status, JSON.stringify(cashed.error)).toBe(200);
    expect(cashed.data).toMatchObject({ status: 'settled', win: stateOf(open).payout });
    expect(stateOf(cashed.data).phase).toBe('cashed');
    balance += payout;
    expect(cents(cashed.data.balance)).toBe(balance);
    expect(await mainBalance(dan.uid)).toBe(balance);
    expect(await walletMoves(open.round_id)).toEqual({ bet: 200n, win: payout });

    // After the rotation the verifier replays the cards and the guesses.
    const rotated = await api<RotateResult>(dan, 'games/rotateSeed', { body: {} });
    expect(rotated.status).toBe(200);
    const verified = await api<VerifyResult>(dan, 'games/verifyRound', { query: { round_id: open.round_id } });
    expect(verified.data).toMatchObject({ engine: 'hilo', hash_matches: true, matches: true });
    expect(verified.data.actions.at(-1)).toBe('cashout');
    expect(verified.data.replayed).toEqual(cashed.data.outcome);
    const rng = createRoundRng({ serverSeed: rotated.data.revealed.server_seed, clientSeed: open.client_seed, nonce: open.nonce });
    let replayed = hilo.start({ amount: 200n }, rng);
    for (const action of verified.data.actions) replayed = hilo.act(replayed, action as hilo.HiloAction, rng);
    expect(replayed.cards).toEqual(stateOf(cashed.data).cards);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });

  it('two cash-outs sent at once pay once; a settled round takes no more actions', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'croupier-hilo', 'demo');
    const { round } = await openWithRightGuess(visitor, session.token, '1.00');
    const answers = await Promise.all([act(visitor, session.token, round.round_id, 'cashout'), act(visitor, session.token, round.round_id, 'cashout')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.error?.fields?.round_id).toBe('This round is over');
    expect(await walletMoves(round.round_id)).toEqual({ bet: 100n, win: cents(stateOf(round).payout) });
    const late = await act(visitor, session.token, round.round_id, 'higher', 'fr');
    expect(late.status).toBe(409);
    expect(late.error?.fields?.round_id).toBe('Cette partie est terminée');
  });

  it('refuses a cash-out before a right guess, a guess the card does not offer, and a bad stake, naming the field in English and French', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'croupier-hilo', 'demo');
    const amount = await play(visitor, session.token, { amount: '0.005' });
    expect(amount.status).toBe(422);
    expect(amount.error?.fields?.amount).toMatch(/between 0.10 and 100.00, in steps of 0.01/);
    const big = await play(visitor, session.token, { amount: '100.01' }, 'fr');
    expect(big.error?.fields?.amount).toMatch(/0.10/);
    const started = await play(visitor, session.token, { amount: '1.00' });
    expect(started.status).toBe(200);
    const early = await act(visitor, session.token, started.data.round_id, 'cashout');
    expect(early.status).toBe(422);
    expect(early.error?.fields?.action).toMatch(/^Not possible on this card/);
    // A card offers either higher/lower (A, K) or the "or same" pair: one of these is never legal.
    const rank = stateOf(started.data).cards[0] % 13;
    const offside = rank === 0 || rank === 12 ? 'higher_or_same' : 'same';
    const french = await act(visitor, session.token, started.data.round_id, offside, 'fr');
    expect(french.status).toBe(422);
    expect(french.error?.fields?.action).toMatch(/^Impossible sur cette carte/);
    const stillOpen = await api<LaunchResult>(visitor, 'games/launch', { body: { sysname: 'croupier-hilo', mode: 'demo' } });
    expect(stateOf(stillOpen.data.open_round!).cards).toEqual(stateOf(started.data).cards);
  });

  it('a round left open waits for its player: a day later recovery neither cashes it out nor voids it, and launch resumes it', async () => {
    const eve = await registerPlayer(t, { tag: 'hilo-recovery' });
    await fundPlayer(t, eve.uid, 2_000n);
    const session = await launch(eve, 'croupier-hilo', 'real');
    const { round } = await openWithRightGuess(eve, session.token, '1.00');
    const before = await mainBalance(eve.uid);
    const db = t.database.db;
    const dayOld = new Date(Date.now() - 25 * 3_600_000);
    await db.update(gameRounds).set({ createdAt: dayOld }).where(eq(gameRounds.roundId, round.round_id));
    await t.services.studio.recover();
    const [row] = await db.select().from(gameRounds).where(eq(gameRounds.roundId, round.round_id));
    expect(row.status).toBe('open');
    expect(await mainBalance(eve.uid)).toBe(before);
    expect(await walletMoves(round.round_id)).toEqual({ bet: 100n });
    const resumed = await launch(eve, 'croupier-hilo', 'real');
    expect(resumed.open_round?.round_id).toBe(round.round_id);
    expect(stateOf(resumed.open_round!).cards).toEqual(stateOf(round).cards);
  });
});
