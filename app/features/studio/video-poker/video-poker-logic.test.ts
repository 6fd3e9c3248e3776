import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../../games/engines/blackjack/cards.ts';
import { cardsShown, heldPositions, keyCommand, noHolds, outcomeKind, paytableRows, toggleHold } from './video-poker-logic.ts';

const cards = (names: string) => names.split(' ').map(parseCard);

describe('video poker client logic', () => {
  it('turns holds on and off and sends their positions', () => {
    let held = noHolds();
    held = toggleHold(held, 0);
    held = toggleHold(held, 3);
    expect(held).toEqual([true, false, false, true, false]);
    expect(heldPositions(held)).toEqual([0, 3]);
    expect(heldPositions(toggleHold(held, 0))).toEqual([3]);
  });

  it('shows backs before a deal, the deal while holding and the final hand after the draw', () => {
    expect(cardsShown(null)).toEqual([null, null, null, null, null]);
    const dealt = cards('JS JH 2D 5C 8S');
    expect(cardsShown({ dealt, hand: null })).toEqual(dealt);
    const hand = cards('JS JH JD 5C 5S');
    expect(cardsShown({ dealt, hand })).toEqual(hand);
  });

  it('prices the 9/6 paytable at the stake and lights the line made, then the line won', () => {
    const holding = paytableRows('0.50', { phase: 'hold', result: null, dealtResult: 'jacks-or-better' });
    expect(holding.map((row) => [row.hand, row.amount])).toEqual([
      ['royal-flush', '400.00'],
      ['straight-flush', '25.00'],
      ['four-of-a-kind', '12.50'],
      ['full-house', '4.50'],
      ['flush', '3.00'],
      ['straight', '2.00'],
      ['three-of-a-kind', '1.50'],
      ['two-pair', '1.00'],
      ['jacks-or-better', '0.50'],
    ]);
    expect(holding.filter((row) => row.made).map((row) => row.hand)).toEqual(['jacks-or-better']);
    expect(holding.some((row) => row.lit)).toBe(false);
    const won = paytableRows('1.00', { phase: 'settled', result: 'full-house', dealtResult: 'jacks-or-better' });
    expect(won.filter((row) => row.lit).map((row) => row.hand)).toEqual(['full-house']);
    expect(won.some((row) => row.made)).toBe(false);
  });

  it('celebrates only a return above the stake: jacks or better gives the stake back, plainly', () => {
    expect(outcomeKind({ bet: '1.00', win: '9.00' })).toBe('win');
    expect(outcomeKind({ bet: '1.00', win: '1.00' })).toBe('back');
    expect(outcomeKind({ bet: '1.00', win: '0.00' })).toBe('none');
  });

  it('reads 1-5 as holds and Enter as deal or draw', () => {
    expect(keyCommand('1')).toEqual({ hold: 0 });
    expect(keyCommand('5')).toEqual({ hold: 4 });
    expect(keyCommand('6')).toBeNull();
    expect(keyCommand('Enter')).toBe('primary');
    expect(keyCommand('a')).toBeNull();
  });
});
