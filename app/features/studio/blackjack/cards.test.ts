import { describe, expect, it } from 'vitest';
import { cardName, parseCard } from '../../../../games/engines/blackjack/cards.ts';
import { cardFace, pipLayout, totalLabel } from './cards.ts';

describe('cards on screen', () => {
  it('names every code as the engine does', () => {
    const symbols: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
    for (let code = 0; code < 52; code++) {
      const name = cardName(code);
      const face = cardFace(code);
      expect(`${face.rank}${face.symbol}`).toBe(`${name.slice(0, -1)}${symbols[name.slice(-1)]}`);
      expect(face.red).toBe(name.endsWith('H') || name.endsWith('D'));
      expect(face.court).toBe(['J', 'Q', 'K'].includes(face.rank));
    }
    expect(cardFace(parseCard('10H'))).toMatchObject({ rank: '10', suit: 'hearts', pips: 10, red: true });
    expect(cardFace(parseCard('AS'))).toMatchObject({ rank: 'A', suit: 'spades', pips: 1 });
    expect(() => cardFace(52)).toThrow();
  });

  it('lays out as many pips as the rank, inside the card', () => {
    for (let pips = 1; pips <= 10; pips++) {
      const layout = pipLayout(pips);
      expect(layout).toHaveLength(pips);
      expect(new Set(layout.map(([x, y]) => `${x}:${y}`)).size).toBe(pips);
      for (const [x, y] of layout) {
        expect(x).toBeGreaterThan(20);
        expect(x).toBeLessThan(80);
        expect(y).toBeGreaterThan(20);
        expect(y).toBeLessThan(120);
      }
    }
  });

  it('shows soft totals both ways until they stop mattering', () => {
    const hand = (...names: string[]) => names.map(parseCard);
    expect(totalLabel(hand('AS', '6H'))).toBe('7/17');
    expect(totalLabel(hand('AS', 'KH'))).toBe('21');
    expect(totalLabel(hand('AS', '6H', '9C'))).toBe('16');
    expect(totalLabel(hand('KS', 'QH', '5C'))).toBe('25');
    expect(totalLabel([])).toBe('');
  });
});
