import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../../fairness/rng.ts';
import { riggedRng } from '../../test-helpers.ts';
import { GameInputError } from '../common.ts';
import { lineWin } from './lines.ts';
import { finalCoinsFrom } from './math.ts';
import {
  CELLS,
  CELL_COIN,
  COIN,
  COIN_VALUES,
  COIN_WEIGHT_TOTAL,
  GRAND,
  LINES,
  MAX_WIN_STAKES,
  REEL_STRIPS,
  RESPINS,
  ROWS,
  SYMBOL_LETTERS,
  SYMBOLS,
  coinsMath,
  play,
  playLineBets,
  theoreticalRtp,
  validateCoinsBet,
} from './index.ts';

const sym = (letters: string) => Array.from(letters, (l) => SYMBOL_LETTERS[l]);
const coinsAt = (reel: number, stop: number) => [0, 1, 2].filter((row) => REEL_STRIPS[reel][(stop + row) % REEL_STRIPS[reel].length] === COIN).length;
/** The stop of each reel that shows the most coins. */
const coinStops = REEL_STRIPS.map((strip, reel) => {
  let best = 0;
  for (let s = 0; s < strip.length; s++) if (coinsAt(reel, s) > coinsAt(reel, best)) best = s;
  return best;
});
const seeds = { serverSeed: 'rivet-royale-test-seed', clientSeed: 'rivets' };

describe('Rivet Royale (coins engine)', () => {
  it('takes stakes on its 10 lines only', () => {
    expect(validateCoinsBet({ amount: 100n })).toEqual({ amount: 100n });
    expect(() => validateCoinsBet({ amount: 105n })).toThrow(GameInputError);
    expect(() => validateCoinsBet({ amount: 0n })).toThrow(GameInputError);
    expect(() => play({ amount: 7n }, createRoundRng({ ...seeds, nonce: 0 }))).toThrow(GameInputError);
  });

  it('pays lines from the left, the wild standing in, a coin ending the run', () => {
    expect(lineWin(sym('ZZZZZ'))).toBe(500);
    expect(lineWin(sym('WWWWW'))).toBe(500);
    expect(lineWin(sym('WHHGG'))).toBe(20);
    expect(lineWin(sym('HWWHG'))).toBe(75);
    expect(lineWin(sym('WWWOG'))).toBe(30);
    expect(lineWin(sym('GGOGG'))).toBe(0);
    expect(lineWin(sym('OGGGG'))).toBe(0);
  });

  it('shows the strips at the stops and draws each coin a value from its weights', () => {
    for (let nonce = 0; nonce < 300; nonce++) {
      const outcome = play({ amount: 1000n }, createRoundRng({ ...seeds, nonce }));
      outcome.grid.forEach((column, reel) =>
        column.forEach((symbol, row) => expect(SYMBOLS.indexOf(symbol)).toBe(REEL_STRIPS[reel][(outcome.stops[reel] + row) % REEL_STRIPS[reel].length])),
      );
      expect(outcome.coins.map((coin) => coin.cell)).toEqual(outcome.grid.flat().flatMap((symbol, cell) => (symbol === 'coin' ? [cell] : [])));
      for (const coin of outcome.coins) expect(coin.win).toBe(1000n * BigInt(coin.multiplier));
      expect(outcome.linesWin).toBe(outcome.lineWins.reduce((sum, line) => sum + line.win, 0n));
      expect(outcome.win).toBe(outcome.linesWin + (outcome.feature?.win ?? 0n));
      expect(outcome.feature !== null).toBe(outcome.coins.length >= 6);
    }
  });

  it('plays Hold and Win: coins stick, a new coin gives 3 respins again, three blank respins end it', () => {
    // Stops with 7 coins; every value draw 0 (1x); first respin: cell draws land a coin on the
    // first empty cell only; then three respins of blanks.
    const words: number[] = [...coinStops, ...new Array(7).fill(0)];
    const empty = CELLS - 7;
    words.push(0, 0, ...new Array(empty - 1).fill(99)); // respin 1: first empty cell a coin (draw 0, value 0)
    for (let i = 0; i < 3; i++) words.push(...new Array(empty - 1).fill(99));
    const outcome = play({ amount: 100n }, riggedRng(words));
    expect(outcome.coins).toHaveLength(7);
    const feature = outcome.feature!;
    expect(feature.respins.map((r) => [r.landed.length, r.respinsLeft])).toEqual([[1, 3], [0, 2], [0, 1], [0, 0]]);
    expect(feature.coins).toHaveLength(8);
    expect(feature.grand).toBe(false);
    expect(feature.win).toBe(800n);
    expect(outcome.win).toBe(outcome.linesWin + 800n);
    expect(playLineBets(riggedRng(words))).toBe(Number(outcome.win / outcome.lineBet));
  });

  it('adds the Grand to a full screen', () => {
    const words: number[] = [...coinStops, ...new Array(7).fill(0)];
    for (let i = 0; i < CELLS - 7; i++) words.push(0, 0);
    const outcome = play({ amount: 100n }, riggedRng(words));
    const feature = outcome.feature!;
    expect(feature.respins).toEqual([expect.objectContaining({ respinsLeft: RESPINS })]);
    expect(feature.coins).toHaveLength(CELLS);
    expect(feature.grand).toBe(true);
    expect(feature.grandWin).toBe(100n * BigInt(GRAND));
    expect(feature.win).toBe(100n * BigInt(CELLS + GRAND));
  });

  it('the fast path draws the same numbers and pays what play() pays', () => {
    let features = 0;
    for (let nonce = 0; nonce < 3000; nonce++) {
      const a = createRoundRng({ ...seeds, nonce });
      const b = createRoundRng({ ...seeds, nonce });
      const outcome = play({ amount: 1000n }, a);
      if (outcome.feature) features += 1;
      expect(playLineBets(b) * 100).toBe(Number(outcome.win));
      expect(a.int(2 ** 32)).toBe(b.int(2 ** 32));
    }
    expect(features).toBeGreaterThan(5);
  });

  it('has an exact RTP of 96.10%, a cap the tables cannot reach, and a chain that sums to 1', () => {
    const math = coinsMath();
    expect(theoreticalRtp()).toBeCloseTo(0.961047, 6);
    expect(math.coinMean).toBe(5);
    expect(COIN_WEIGHT_TOTAL).toBe(1000);
    expect(math.maxPossibleStakes).toBe(4500);
    expect(math.maxPossibleStakes).toBeLessThan(MAX_WIN_STAKES);
    expect(math.coinDistribution.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(1 / math.triggerProbability).toBeCloseTo(154.79, 2);
    for (let k = 6; k <= CELLS; k++) expect(math.finalCoins[k].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // One empty cell, three respins: the Grand comes unless all three miss.
    const q = CELL_COIN / 100;
    expect(finalCoinsFrom(CELLS - 1)[CELLS]).toBeCloseTo(1 - (1 - q) ** 3, 12);
    expect(COIN_VALUES.map((v) => v.multiplier)).toEqual([1, 2, 3, 5, 10, 25, 20, 50, 200]);
    expect(LINES).toBe(10);
    expect(ROWS).toBe(3);
  });
});
