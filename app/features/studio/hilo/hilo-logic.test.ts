import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../../games/engines/blackjack/cards.ts';
import { cardSvg, guessOptions, historyOf, showChance, showMultiplier } from './hilo-logic.ts';

const cards = (...names: string[]) => names.map(parseCard);

describe('Hi-Lo client logic', () => {
  it('offers the two guesses of the card shown with chance, multiplier and payout', () => {
    const seven = guessOptions({ bet: '1.00', cards: cards('7S'), steps: [] });
    expect(seven.map((o) => [o.guess, showChance(o.chance), showMultiplier(o.multiplier), o.payout])).toEqual([
      ['higher_or_same', '53.85%', '1.83', '1.83'],
      ['lower_or_same', '53.85%', '1.83', '1.83'],
    ]);
    const ace = guessOptions({ bet: '2.00', cards: cards('7S', 'AH'), steps: [{ action: 'lower_or_same', ways: 7, won: true }] });
    expect(ace.map((o) => o.guess)).toEqual(['higher', 'same']);
    // The edge is taken once: after a first right guess (1.8385x) the next pays 13 / ways.
    // 2.00 x 1.8385 x 13/12 = 3.9835... and 2.00 x 1.8385 x 13 = 47.80...
    expect(ace.map((o) => showMultiplier(o.step))).toEqual(['1.08', '13.00']);
    expect(ace.map((o) => o.payout)).toEqual(['3.98', '47.80']);
    expect(seven.map((o) => showMultiplier(o.step))).toEqual(['1.83', '1.83']);
    expect(guessOptions({ bet: '1.00', cards: cards('KD'), steps: [] }).map((o) => o.guess)).toEqual(['lower', 'same']);
  });

  it('lists the cards with the guess that drew each', () => {
    expect(historyOf({ cards: cards('7S', '8S', '2C'), steps: [{ action: 'skip', ways: 0, won: null }, { action: 'higher_or_same', ways: 7, won: false }] })).toEqual([
      { card: parseCard('7S'), action: 'start', won: null },
      { card: parseCard('8S'), action: 'skip', won: null },
      { card: parseCard('2C'), action: 'higher_or_same', won: false },
    ]);
  });

  it('draws a card as SVG like the game does', () => {
    expect(cardSvg(parseCard('QH'), 0, 0, 1)).toContain('>Q</text>');
    expect(cardSvg(parseCard('5S'), 0, 0, 1).match(/♠/g)).toHaveLength(5 + 2);
  });
});
