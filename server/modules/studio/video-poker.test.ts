import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoundRng } from '../../../games/fairness/rng.ts';
import { videoPoker } from '../../../games/index.ts';
import type { RotateResult, RoundView, VerifyResult } from '../../../contract/studio.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { cents, guest, studioCalls, type Caller } from './test-support.ts';

/**
 * Croupier Video Poker through /api as its client plays it: the deal takes the stake and leaves
 * the round open with five cards, a relaunch resumes it, one open deal per game and mode, the
 * draw replaces the cards not held from the seeds' deck and is paid through the wallet, the
 * verifier replays it, two draws at once pay once, and bad holds are refused naming `held`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { api, launch, play, mainBalance, walletMoves } = studioCalls(() => t);
type Hand = { bet: string; phase: string; dealt: number[]; held: boolean[] | null; hand: number[] | null; result: string | null; win: string; dealtResult: string | null };
const handOf = (round: RoundView) => round.outcome as unknown as Hand;
const draw = (caller: Caller, token: string, round_id: string, held: unknown, locale?: string) =>
  api<RoundView>(caller, 'games/act', {
    body: { token, round_id, action: 'draw', ...(held === undefined ? {} : { held: typeof held === 'string' ? held : JSON.stringify(held) }) },
    ...(locale ? { query: { locale } } : {}),
  });
/** The positions the simple strategy holds on a deal: what a sensible player sends. */
const simplePositions = (dealt: number[]) => videoPoker.simpleHolds(dealt).flatMap((h, i) => (h ? [i] : []));

describe('Croupier Video Poker', () => {
  it('real money: the deal takes the stake and stays open, a relaunch resumes it, the draw is paid through the wallet and verified', async () => {
    const ada = await registerPlayer(t, { tag: 'vpoker' });
    await fundPlayer(t, ada.uid, 5_000n);
    const session = await launch(ada, 'croupier-video-poker', 'real');
    expect(session).toMatchObject({ engine: 'video-poker', balance: '50.00', limits: { min: '0.10', max: '100.00', step: '0.10' }, open_round: null });

    const dealt = await play(ada, session.token, { amount: '2.00' });
    expect(dealt.status, JSON.stringify(dealt.error)).toBe(200);
    expect(dealt.data).toMatchObject({ status: 'open', staked: '2.00', win: '0.00', balance: '48.00' });
    const deal = handOf(dealt.data);
    expect(deal).toMatchObject({ phase: 'hold', held: null, hand: null, result: null, bet: '2.00' });
    expect(new Set(deal.dealt).size).toBe(5);
    expect(deal.dealtResult).toBe(videoPoker.evaluate(deal.dealt));
    expect(await mainBalance(ada.uid)).toBe(4_800n);
    expect(await walletMoves(dealt.data.round_id)).toEqual({ bet: 200n });

    // One open deal per game and mode: a second is refused before any stake.
    const second = await play(ada, session.token, { amount: '2.00' });
    expect(second.status).toBe(409);
    expect(second.error?.fields?.bet).toBe('Finish the hand in play first');
    expect(await mainBalance(ada.uid)).toBe(4_800n);

    // A reload (a new launch) finds the same five cards, the stake already taken.
    const again = await launch(ada, 'croupier-video-poker', 'real');
    expect(again.open_round?.round_id).toBe(dealt.data.round_id);
    expect(handOf(again.open_round!).dealt).toEqual(deal.dealt);
    expect(again.balance).toBe('48.00');

    const positions = simplePositions(deal.dealt);
    const drawn = await draw(ada, again.token, dealt.data.round_id, positions);
    expect(drawn.status, JSON.stringify(drawn.error)).toBe(200);
    const final = handOf(drawn.data);
    expect(drawn.data.status).toBe('settled');
    expect(final.held).toEqual(videoPoker.simpleHolds(deal.dealt));
    expect(final.hand!.filter((_, i) => final.held![i])).toEqual(deal.dealt.filter((_, i) => final.held![i]));
    expect(final.result).toBe(videoPoker.evaluate(final.hand!));
    const win = videoPoker.payOf(200n, final.result as videoPoker.PokerHand | null);
    expect(cents(drawn.data.win)).toBe(win);
    expect(cents(drawn.data.balance)).toBe(4_800n + win);
    expect(await mainBalance(ada.uid)).toBe(4_800n + win);
    expect(await walletMoves(dealt.data.round_id)).toEqual({ bet: 200n, win });

    // More hands: the balance moves by each stake and each win, nothing else.
    let balance = 4_800n + win;
    const roundIds = [dealt.data.round_id];
    for (let i = 0; i < 6; i++) {
      const next = await play(ada, again.token, { amount: '1.00' });
      expect(next.status, JSON.stringify(next.error)).toBe(200);
      const done = await draw(ada, again.token, next.data.round_id, simplePositions(handOf(next.data).dealt));
      expect(done.status, JSON.stringify(done.error)).toBe(200);
      balance += cents(done.data.win) - 100n;
      expect(cents(done.data.balance)).toBe(balance);
      roundIds.push(next.data.round_id);
    }
    expect(await mainBalance(ada.uid)).toBe(balance);

    // The player's game history lists the hands.
    const history = await api<{ total: number }>(ada, 'games/getHistory', { query: { game: 'croupier-video-poker' } });
    expect(history.status, JSON.stringify(history.error)).toBe(200);
    expect(history.data.total).toBe(roundIds.length);
    for (const id of roundIds) expect(JSON.stringify(history.data)).toContain(id);

    // After the rotation the verifier replays the deal and the draw from the revealed seed.
    const rotated = await api<RotateResult>(ada, 'games/rotateSeed', { body: {} });
    expect(rotated.status).toBe(200);
    const verified = await api<VerifyResult>(ada, 'games/verifyRound', { query: { round_id: dealt.data.round_id } });
    expect(verified.data).toMatchObject({ engine: 'video-poker', hash_matches: true, matches: true });
    expect(verified.data.actions).toEqual([videoPoker.drawAction(final.held!)]);
    expect(verified.data.replayed).toMatchObject({ dealt: deal.dealt, held: final.held, hand: final.hand, result: final.result, win: drawn.data.win, phase: 'settled' });
    const seeds = { serverSeed: rotated.data.revealed.server_seed, clientSeed: dealt.data.client_seed, nonce: dealt.data.nonce };
    const deck = createRoundRng(seeds).shuffle(Array.from({ length: 52 }, (_, i) => i));
    expect(deal.dealt).toEqual(deck.slice(0, 5));
    const replayed = videoPoker.draw(videoPoker.deal({ amount: 200n }, createRoundRng(seeds)), final.held!, createRoundRng(seeds));
    expect(replayed.hand).toEqual(final.hand);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });

  it('refuses bad holds, another move and a bad stake naming the field in English and French; the deal stays as it was', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'croupier-video-poker', 'demo');
    const stake = await play(visitor, session.token, { amount: '0.15' });
    expect(stake.status).toBe(422);
    expect(stake.error?.fields?.amount).toMatch(/between 0.10 and 100.00, in steps of 0.10/);
    const dealt = await play(visitor, session.token, { amount: '1.00' });
    expect(dealt.status).toBe(200);
    const id = dealt.data.round_id;
    for (const held of [[5], [-1], [0, 0], [0, 1, 2, 3, 4, 0], [1.5], 'nope', { 0: true }]) {
      const answer = await draw(visitor, session.token, id, held);
      expect(answer.status, JSON.stringify(held)).toBe(422);
      expect(answer.error?.fields?.held).toBe('Choose the cards to hold among the five dealt, each at most once');
    }
    const french = await draw(visitor, session.token, id, [7], 'fr');
    expect(french.error?.fields?.held).toBe('Choisissez les cartes à garder parmi les cinq distribuées, chacune une fois au plus');
    const cashout = await api<RoundView>(visitor, 'games/act', { body: { token: session.token, round_id: id, action: 'cashout' }, query: { locale: 'fr' } });
    expect(cashout.status).toBe(422);
    expect(cashout.error?.fields?.action).toBe("Ce coup n'est pas possible maintenant");
    const resumed = await launch(visitor, 'croupier-video-poker', 'demo');
    expect(resumed.open_round?.round_id).toBe(id);
    expect(handOf(resumed.open_round!)).toMatchObject({ phase: 'hold', dealt: handOf(dealt.data).dealt });

    // Holding all five keeps the deal; no `held` at all draws five new cards.
    const kept = await draw(visitor, session.token, id, [0, 1, 2, 3, 4]);
    expect(handOf(kept.data).hand).toEqual(handOf(dealt.data).dealt);
    const late = await draw(visitor, session.token, id, [], 'fr');
    expect(late.status).toBe(409);
    expect(late.error?.fields?.round_id).toBe('Cette main est terminée');
    const fresh = await play(visitor, session.token, { amount: '1.00' });
    const all = await draw(visitor, session.token, fresh.data.round_id, undefined);
    expect(all.status).toBe(200);
    expect(handOf(all.data).held).toEqual([false, false, false, false, false]);
    expect(handOf(all.data).hand!.some((card) => handOf(fresh.data).dealt.includes(card))).toBe(false);
  });

  it('two draws sent at once: one is played and paid, the other refused', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'croupier-video-poker', 'demo');
    const dealt = await play(visitor, session.token, { amount: '1.00' });
    const answers = await Promise.all([draw(visitor, session.token, dealt.data.round_id, [0, 1]), draw(visitor, session.token, dealt.data.round_id, [2])]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const paid = answers.find((a) => a.status === 200)!.data;
    const moves = await walletMoves(dealt.data.round_id);
    expect(moves).toEqual({ bet: 100n, win: cents(paid.win) });
  });
});

