import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../../fairness/rng.ts';
import { parseCard } from '../blackjack/cards.ts';
import { GameInputError } from '../common.ts';
import { deal, draw, drawAction, evaluate, holdsOf, PAYTABLE, payOf, playWith, publicView, replay, simpleHolds, theoreticalRtp } from './index.ts';

const hand = (names: string) => names.split(' ').map(parseCard);

describe('Croupier Video Poker (Jacks or Better 9/6)', () => {
  it('ranks every paying hand, aces high and low, and pays the 9/6 table', () => {
    const cases: Array<[string, string | null]> = [
      ['10S JS QS KS AS', 'royal-flush'],
      ['9H 10H JH QH KH', 'straight-flush'],
      ['AD 2D 3D 4D 5D', 'straight-flush'],
      ['7S 7H 7D 7C 2S', 'four-of-a-kind'],
      ['3S 3H 3D 9C 9S', 'full-house'],
      ['2C 7C 9C JC KC', 'flush'],
      ['AS 2H 3D 4C 5S', 'straight'],
      ['10S JH QD KC AS', 'straight'],
      ['QS KH AD 2C 3S', null],
      ['5S 5H 5D KC 2S', 'three-of-a-kind'],
      ['4S 4H 9D 9C KS', 'two-pair'],
      ['JS JH 2D 5C 8S', 'jacks-or-better'],
      ['AS AH 2D 5C 8S', 'jacks-or-better'],
      ['10S 10H 2D 5C 8S', null],
      ['2S 4H 6D 8C 10S', null],
    ];
    for (const [cards, result] of cases) expect(evaluate(hand(cards)), cards).toBe(result);
    expect(Object.values(PAYTABLE)).toEqual([800, 50, 25, 9, 6, 4, 3, 2, 1]);
    expect(payOf(100n, 'full-house')).toBe(900n);
    expect(payOf(100n, null)).toBe(0n);
  });

  it('deals five from the seeds\' deck and draws the replacements from the same shuffle, left to right', () => {
    const seeds = { serverSeed: 'vp', clientSeed: 'c', nonce: 4 };
    const deck = createRoundRng(seeds).shuffle(Array.from({ length: 52 }, (_, i) => i));
    const dealt = deal({ amount: 100n }, createRoundRng(seeds));
    expect(dealt.dealt).toEqual(deck.slice(0, 5));
    expect(publicView(dealt)).not.toHaveProperty('deck');
    const held = [true, false, true, false, false];
    const drawn = draw(dealt, held, createRoundRng(seeds));
    expect(drawn.hand).toEqual([deck[0], deck[5], deck[2], deck[6], deck[7]]);
    expect(drawn.win).toBe(payOf(100n, evaluate(drawn.hand!)));
    // Holding everything keeps the deal; the same holds always give the same hand.
    expect(draw(dealt, [true, true, true, true, true], createRoundRng(seeds)).hand).toEqual(dealt.dealt);
    expect(draw(dealt, held, createRoundRng(seeds))).toEqual(drawn);
  });

  it('refuses a second draw, bad holds and seeds that do not reproduce the deal', () => {
    const seeds = { serverSeed: 'vp', clientSeed: 'c', nonce: 1 };
    const dealt = deal({ amount: 100n }, createRoundRng(seeds));
    const drawn = draw(dealt, [false, false, false, false, false], createRoundRng(seeds));
    expect(() => draw(drawn, [true, true, true, true, true], createRoundRng(seeds))).toThrow(GameInputError);
    expect(() => draw(dealt, [true, true], createRoundRng(seeds))).toThrow(GameInputError);
    expect(() => draw(dealt, [true, true, true, true, true], createRoundRng({ ...seeds, nonce: 2 }))).toThrow(/reproduce/);
    expect(() => deal({ amount: 0n }, createRoundRng(seeds))).toThrow(GameInputError);
  });

  it('the simple strategy keeps made hands, four to a royal, high pairs and high cards', () => {
    expect(simpleHolds(hand('9H 10H JH QH KH'))).toEqual([true, true, true, true, true]);
    expect(simpleHolds(hand('10S JS QS KS 3H'))).toEqual([true, true, true, true, false]);
    expect(simpleHolds(hand('JS JH 2D 5C 8S'))).toEqual([true, true, false, false, false]);
    expect(simpleHolds(hand('2C 7C 9C JC 4H'))).toEqual([true, true, true, true, false]);
    expect(simpleHolds(hand('2S 4H 7D 8C 9S'))).toEqual([false, false, false, false, false]);
    expect(simpleHolds(hand('2S 4H 7D QC 9S'))).toEqual([false, false, false, true, false]);
  });

  it('one stream (the simulation) deals and draws the same hand as the server\'s deal then draw', () => {
    for (let nonce = 0; nonce < 300; nonce++) {
      const seeds = { serverSeed: 'vp-sim', clientSeed: 'c', nonce };
      const dealt = deal({ amount: 100n }, createRoundRng(seeds));
      const held = simpleHolds(dealt.dealt);
      expect(playWith({ amount: 100n }, createRoundRng(seeds), simpleHolds)).toEqual(draw(dealt, held, createRoundRng(seeds)));
    }
  });

  it('stores the holds as draw:<five 0/1> and replays a round from its actions', () => {
    const held = [true, false, true, false, false];
    expect(drawAction(held)).toBe('draw:10100');
    expect(holdsOf('draw:10100')).toEqual(held);
    for (const bad of ['draw:1010', 'draw:10102', 'hold:10100', 'draw:101001']) expect(() => holdsOf(bad), bad).toThrow(GameInputError);
    const seeds = { serverSeed: 'vp', clientSeed: 'c', nonce: 9 };
    const fresh = () => createRoundRng(seeds);
    const open = replay({ amount: 100n }, [], fresh);
    expect(open).toEqual(deal({ amount: 100n }, fresh()));
    expect(replay({ amount: 100n }, ['draw:10100'], fresh)).toEqual(draw(open, held, fresh()));
  });

  it('declares the simple strategy\'s measured 99.00%, below the optimal 99.54%', () => {
    expect(theoreticalRtp()).toBe(0.99);
  });
});
