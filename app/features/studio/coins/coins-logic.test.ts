import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../../../../games/fairness/rng.ts';
import { coins } from '../../../../games/index.ts';
import { afterRespin, baseScreen, boardTotal, featureStart, jackpotAmount, lineBetOf, screenAt, winningCells, type CoinsOutcomeView } from './coins-logic.ts';

/** An engine outcome as the API writes it: bigints as major-unit strings (EUR). */
const wire = (value: unknown) => JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? (Number(v) / 100).toFixed(2) : v))) as CoinsOutcomeView;

describe('Rivet Royale client logic', () => {
  it('replays the feature boards to the coins the engine held, and their sum', () => {
    let features = 0;
    for (let nonce = 0; nonce < 2000 && features < 4; nonce++) {
      const outcome = wire(coins.play({ amount: 100n }, createRoundRng({ serverSeed: 's', clientSeed: 'c', nonce })));
      expect(baseScreen(outcome).filter((cell) => cell.coin)).toHaveLength(outcome.coins.length);
      if (!outcome.feature) continue;
      features += 1;
      let board = featureStart(outcome);
      for (const respin of outcome.feature.respins) board = afterRespin(board, respin.landed);
      expect(board.flatMap((cell) => (cell.coin ? [cell.coin] : []))).toEqual(outcome.feature.coins);
      expect(boardTotal(board)).toBe(((Number(outcome.feature.win) * 100 - Number(outcome.feature.grandWin) * 100) / 100).toFixed(2));
    }
    expect(features).toBe(4);
  });

  it('marks the winning cells, and prices the prizes and the line bet at the stake', () => {
    const outcome = { lineWins: [{ line: 4, symbol: 'gear', count: 3, pay: 4, win: '0.40' }] } as unknown as CoinsOutcomeView;
    expect([...winningCells(outcome)]).toEqual([0, 4, 8]);
    expect(jackpotAmount('0.50', 1000)).toBe('500.00');
    expect(lineBetOf('1.00')).toBe('0.10');
    expect(screenAt([0, 0, 0, 0, 0])).toHaveLength(15);
  });
});
