import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../../fairness/rng.ts';
import { riggedRng } from '../../test-helpers.ts';
import { GameInputError } from '../common.ts';
import { act, deal, exactRtp, MAX_MINES, MIN_MINES, multiplierFor, payout, publicView, rtpFor, safeTiles, survival, TILES, validateMinesBet, type MinesState } from './index.ts';

const stateWith = (minesAt: number[], amount = 100n): MinesState => ({ game: 'croupier-mines', mines: minesAt.length, bet: amount, minesAt, picks: [], phase: 'open', result: null, multiplier: 0, win: 0n });

describe('Croupier Mines', () => {
  it('lays the mines on the first places of the Fisher-Yates shuffle of 0..24', () => {
    // int(25 - i) answers 0 each time: the mines are tiles 0, 1, 2.
    expect(deal({ amount: 100n, mines: 3 }, riggedRng([0, 0, 0])).minesAt).toEqual([0, 1, 2]);
    // Place 0 swaps with place 24, place 1 with 1 + 23 = 24 (where 0 now is).
    expect(deal({ amount: 100n, mines: 2 }, riggedRng([24, 23])).minesAt).toEqual([0, 24]);
    for (let nonce = 0; nonce < 50; nonce++) {
      const mines = 1 + (nonce % MAX_MINES);
      const state = deal({ amount: 100n, mines }, createRoundRng({ serverSeed: 's', clientSeed: 'c', nonce }));
      expect(new Set(state.minesAt).size).toBe(mines);
      expect(state.minesAt!.every((t) => t >= 0 && t < TILES)).toBe(true);
      expect(state).toMatchObject({ phase: 'open', picks: [], win: 0n });
    }
  });

  it('raises the multiplier on each safe tile, pays nothing on a mine', () => {
    let state = act(stateWith([4, 12, 20]), 'reveal:0');
    // 3 mines, 1 safe: 0.99 x 25 / 22 = 1.125x.
    expect(state).toMatchObject({ picks: [0], multiplier: 112, phase: 'open' });
    state = act(state, 'reveal:6');
    // 0.99 x C(25,2) / C(22,2) = 0.99 x 300 / 231 = 1.2857x.
    expect(state).toMatchObject({ picks: [0, 6], multiplier: 128 });
    const boom = act(state, 'reveal:12');
    expect(boom).toMatchObject({ picks: [0, 6, 12], phase: 'settled', result: 'mine', win: 0n });
    const out = act(state, 'cashout');
    expect(out).toMatchObject({ phase: 'settled', result: 'cashout', win: 128n }); // floor(100 x 1.2857)
    expect(payout(1000n, 3, 2)).toBe(1285n);
  });

  it('pays by itself once every safe tile is revealed', () => {
    let state = stateWith(Array.from({ length: 24 }, (_, i) => i + 1));
    state = act(state, 'reveal:0');
    expect(state).toMatchObject({ phase: 'settled', result: 'cleared', multiplier: 2475, win: 2475n });
    let one = stateWith([24]);
    for (let tile = 0; tile < 24; tile++) one = act(one, `reveal:${tile}`);
    expect(one).toMatchObject({ phase: 'settled', result: 'cleared', win: 2475n }); // 0.99 x 25
  });

  it('refuses 0 or 25 mines, a tile off the board or revealed, a cash-out before a safe tile, a move after the end', () => {
    for (const mines of [0, 25, 2.5, '3', undefined]) expect(() => validateMinesBet({ amount: 100n, mines }), String(mines)).toThrow(expect.objectContaining({ code: 'bad_mines' }));
    const state = act(stateWith([3]), 'reveal:0');
    for (const action of ['reveal:25', 'reveal:0']) expect(() => act(state, action)).toThrow(expect.objectContaining({ code: 'bad_tile' }));
    expect(() => act(state, 'reveal:-1')).toThrow(GameInputError);
    expect(() => act(state, 'dig')).toThrow(expect.objectContaining({ code: 'illegal_action' }));
    expect(() => act(stateWith([3]), 'cashout')).toThrow(expect.objectContaining({ code: 'nothing_won' }));
    expect(() => act(act(state, 'cashout'), 'reveal:1')).toThrow(expect.objectContaining({ code: 'round_over' }));
  });

  it('hides the mines while the round is open', () => {
    const open = act(stateWith([3, 9]), 'reveal:0');
    expect(publicView(open).minesAt).toBeNull();
    expect(publicView(act(open, 'cashout')).minesAt).toEqual([3, 9]);
  });

  it('returns exactly 99% before rounding for every mines count and every cash-out point', () => {
    for (let mines = MIN_MINES; mines <= MAX_MINES; mines++) {
      for (let k = 1; k <= safeTiles(mines); k++) {
        const { num, den } = exactRtp(mines, k);
        expect(num * 100n, `${mines} mines, ${k} tiles`).toBe(den * 99n);
        // Rounding a 1.00 stake down to the cent costs at most 0.72 points (1 mine, 4 tiles:
        // 1.1785x paid 1.17); at 100.00 at most 0.01 point.
        expect(rtpFor(100n, mines, k)).toBeGreaterThan(0.9827);
        expect(rtpFor(100n, mines, k)).toBeLessThanOrEqual(0.99);
        expect(rtpFor(10_000n, mines, k)).toBeGreaterThan(0.9899);
        expect(multiplierFor(mines, k)).toBeGreaterThan(multiplierFor(mines, k - 1));
      }
    }
    expect(survival(24, 1)).toBe(1 / 25);
    expect(multiplierFor(12, 13)).toBe(514_829_700); // 0.99 x C(25, 13) = 5,148,297x
  });

  it('returns 99% for a strategy that stops at random (exact expectation over the board)', () => {
    // Cash out after 1..safe tiles with equal chance, one strategy per mines count: the
    // expectation sum_k (1 / safe) P(k) M_k = 0.99 exactly, whatever the mix.
    for (let mines = MIN_MINES; mines <= MAX_MINES; mines++) {
      let expected = 0;
      for (let k = 1; k <= safeTiles(mines); k++) expected += (survival(mines, k) * (99 / 100 / survival(mines, k))) / safeTiles(mines);
      expect(expected).toBeCloseTo(0.99, 12);
    }
  });

  it('safe picks follow P(k safe) (real stream, 5 mines, 3 tiles)', () => {
    const n = 20_000;
    let survived = 0;
    for (let nonce = 0; nonce < n; nonce++) {
      let state = deal({ amount: 100n, mines: 5 }, createRoundRng({ serverSeed: 'm', clientSeed: 'c', nonce }));
      for (const tile of [7, 12, 18]) if (state.phase === 'open') state = act(state, `reveal:${tile}`);
      if (state.result !== 'mine') survived += 1;
    }
    const p = survival(5, 3); // C(20,3)/C(25,3) = 1140 / 2300
    const se = Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(survived / n - p)).toBeLessThan(4 * se);
  });
});
