import { describe, expect, it } from 'vitest';
import { cardLabel, outcomeFacts } from './outcome.ts';

describe('outcome facts', () => {
  it('names cards by rank and suit (code = suit x 13 + rank)', () => {
    expect(cardLabel(0)).toBe('A♠');
    expect(cardLabel(13 + 12)).toBe('K♥');
    expect(cardLabel(51)).toBe('K♣');
    expect(cardLabel(null)).toBe('?');
  });

  it('picks the facts of each engine', () => {
    expect(outcomeFacts('roulette', { number: 17, color: 'black', win: '0.00' })).toEqual([
      { key: 'number', value: '17 (black)' },
      { key: 'win', value: '0.00' },
    ]);
    expect(outcomeFacts('dice', { roll: 5658, target: 5000, direction: 'over', won: true, win: '1.98' }).map((fact) => fact.value)).toEqual(['56.58', 'over 50.00', 'won', '1.98']);
    expect(outcomeFacts('slot', { base: { stops: [1, 2, 3, 4, 5] }, freeSpins: [], win: '0.00' })[0]).toEqual({ key: 'stops', value: '1 · 2 · 3 · 4 · 5' });
    expect(outcomeFacts('cascade', { base: { steps: [{}, {}, {}] }, freeSpins: [{}, {}], win: '4.50' })).toEqual([
      { key: 'tumbles', value: '2' },
      { key: 'freeSpins', value: '2' },
      { key: 'win', value: '4.50' },
    ]);
    expect(outcomeFacts('blackjack', { dealer: [0, null], hands: [{ cards: [9, 22] }] }).map((fact) => fact.value)).toEqual(['A♠ ?', '10♠ 10♥']);
    expect(outcomeFacts('plinko', { rows: 8, risk: 'high', path: [1, 0, 1, 1, 0, 0, 0, 0], slot: 3, multiplier: 40, win: '0.40' }).map((fact) => fact.value)).toEqual([
      '8 · high',
      'RLRRLLLL',
      '3 (0.4×)',
      '0.40',
    ]);
    expect(outcomeFacts('limbo', { target: 200, result: 34512, won: true, win: '2.00' }).map((fact) => fact.value)).toEqual(['345.12×', '2.00×', 'won', '2.00']);
    expect(outcomeFacts('keno', { picks: [3, 7], drawn: [7, 1, 2, 4, 5, 6, 8, 9, 10, 11], hits: [7], win: '1.46' }).map((fact) => fact.value)).toEqual([
      '3 · 7',
      '7 · 1 · 2 · 4 · 5 · 6 · 8 · 9 · 10 · 11',
      '1 / 2',
      '1.46',
    ]);
    expect(outcomeFacts('mines', { mines: 3, minesAt: [4, 12, 20], picks: [0, 6, 12], result: 'mine', win: '0.00' }).map((fact) => fact.value)).toEqual([
      '3',
      '4 · 12 · 20',
      '0 · 6 · 12',
      'mine',
      '0.00',
    ]);
    expect(outcomeFacts('mines', { mines: 3, minesAt: null, picks: [0], result: null, win: '0.00' }).map((fact) => fact.key)).toEqual(['minesCount', 'tiles', 'result', 'win']);
    expect(outcomeFacts('baccarat', { player: [30, 30, 22], banker: [29, 11], playerTotal: 0, bankerTotal: 4, result: 'banker', win: '0.00' }).map((fact) => fact.value)).toEqual([
      '5♦ 5♦ 10♥ (0)',
      '4♦ Q♠ (4)',
      'banker',
      '0.00',
    ]);
    expect(
      outcomeFacts('hilo', {
        cards: [6, 21, 38],
        steps: [
          { action: 'higher_or_same', ways: 7, won: true },
          { action: 'skip', ways: 0, won: null },
        ],
        multiplier: 1.8385,
        phase: 'cashed',
        win: '1.83',
      }).map((fact) => fact.value),
    ).toEqual(['7♠ 9♥ K♦', '≥ ✓ · ⤼', '1.8385×', 'won', '1.83']);
    expect(
      outcomeFacts('video-poker', { dealt: [10, 23, 1, 4, 30], held: [true, true, false, false, false], hand: [10, 23, 36, 2, 5], result: 'three-of-a-kind', phase: 'settled', win: '3.00' }).map(
        (fact) => [fact.key, fact.value],
      ),
    ).toEqual([
      ['dealt', '[J♠] [J♥] 2♠ 5♠ 5♦'],
      ['hand', 'J♠ J♥ J♦ 3♠ 6♠'],
      ['pokerHand', 'three-of-a-kind'],
      ['win', '3.00'],
    ]);
    expect(outcomeFacts('video-poker', { dealt: [0, 1, 2, 3, 4], held: null, hand: null, result: null, phase: 'hold', win: '0.00' }).map((fact) => fact.value)).toEqual(['A♠ 2♠ 3♠ 4♠ 5♠', 'open', '0.00']);
    expect(outcomeFacts('slot', null)).toEqual([]);
    expect(outcomeFacts('coins', { stops: [1, 2, 3, 4, 5], coins: [{ cell: 0, multiplier: 2 }, { cell: 4, multiplier: 50 }], feature: { respins: [{}, {}, {}], coins: new Array(8).fill({}), grand: false }, win: '9.00' })).toEqual([
      { key: 'stops', value: '1 · 2 · 3 · 4 · 5' },
      { key: 'coinsLanded', value: '0:2× 4:50×' },
      { key: 'respins', value: '3 → 8/15' },
      { key: 'win', value: '9.00' },
    ]);
  });
});
