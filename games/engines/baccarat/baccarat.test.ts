import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../../fairness/rng.ts';
import { parseCard } from '../blackjack/cards.ts';
import { GameInputError } from '../common.ts';
import { baccaratMath, bankerDraws, DECKS, play, pointOf, rtpFor, settle, theoreticalRtp, totalOf, validateBaccaratBet, type BaccaratBet } from './index.ts';

const cards = (names: string) => names.split(' ').map(parseCard);
const all = (amount = 100n): BaccaratBet => ({ bets: [{ on: 'player', amount }, { on: 'banker', amount }, { on: 'tie', amount }] });

describe('Croupier Baccarat', () => {
  it('counts ace 1, 2-9 face value, tens and faces 0, totals mod 10', () => {
    expect(cards('AS 2H 9D 10C JS QH KD').map(pointOf)).toEqual([1, 2, 9, 0, 0, 0, 0]);
    expect(totalOf(cards('7S 8H'))).toBe(5);
    expect(totalOf(cards('9S KH'))).toBe(9);
  });

  it('the banker follows the standard third-card tableau exactly', () => {
    // Rows: banker total 0..7; columns: player's third card point 0..9, then "player stood". D draws, S stands.
    const chart = [
      'DDDDDDDDDD D',
      'DDDDDDDDDD D',
      'DDDDDDDDDD D',
      'DDDDDDDDSD D',
      'SSDDDDDDSS D',
      'SSSSDDDDSS D',
      'SSSSSSDDSS S',
      'SSSSSSSSSS S',
    ];
    for (let banker = 0; banker <= 7; banker++) {
      const row = chart[banker];
      for (let p = 0; p <= 9; p++) {
        const card = p === 0 ? parseCard('KH') : parseCard(`${p === 1 ? 'A' : p}S`);
        expect(bankerDraws(banker, card), `banker ${banker}, player third ${p}`).toBe(row[p] === 'D');
      }
      expect(bankerDraws(banker, null), `banker ${banker}, player stood`).toBe(row[11] === 'D');
    }
  });

  it('deals player, banker, player, banker, then the third cards the tableau asks for', () => {
    // Natural: player 9 against banker 7: nobody draws.
    expect(settle(all(), cards('4S 3H 5D 4C 9S 9H'))).toMatchObject({ player: cards('4S 5D'), banker: cards('3H 4C'), playerTotal: 9, bankerTotal: 7, natural: true, result: 'player' });
    // Player 6 stands; banker 5 draws (player stood) a K: 5.
    expect(settle(all(), cards('6S 2H KD 3C KS 9H'))).toMatchObject({ player: cards('6S KD'), banker: cards('2H 3C KS'), playerTotal: 6, bankerTotal: 5, result: 'player' });
    // Player 3 draws an 8 (1); banker 3 stands on a player third 8: banker 3 against 1.
    expect(settle(all(), cards('AS 2H 2D AC 8S 9H'))).toMatchObject({ player: cards('AS 2D 8S'), banker: cards('2H AC'), playerTotal: 1, bankerTotal: 3, result: 'banker', natural: false });
    // Player 3 draws a 5 (8); banker 3 draws on a player third 5 (a 6: 9).
    expect(settle(all(), cards('AS 2H 2D AC 5S 6H'))).toMatchObject({ player: cards('AS 2D 5S'), banker: cards('2H AC 6H'), playerTotal: 8, bankerTotal: 9, result: 'banker' });
    // Player 0 draws an 8; banker 2 draws whatever the player's third card.
    expect(settle(all(), cards('KS AH QD AC 8S 7H'))).toMatchObject({ player: cards('KS QD 8S'), banker: cards('AH AC 7H'), playerTotal: 8, bankerTotal: 9, result: 'banker' });
    // Both stand on 7: a tie.
    expect(settle(all(), cards('7S 7H KD QC'))).toMatchObject({ playerTotal: 7, bankerTotal: 7, result: 'tie' });
  });

  it('pays player 1:1, banker 0.95:1 and tie 8:1; player and banker push on a tie', () => {
    const playerWins = settle(all(1000n), cards('4S 3H 5D 4C'));
    expect(playerWins.bets.map((b) => b.win)).toEqual([2000n, 0n, 0n]);
    expect(playerWins).toMatchObject({ bet: 3000n, win: 2000n });
    const bankerWins = settle(all(1000n), cards('3H 4S 4C 5D'));
    expect(bankerWins.result).toBe('banker');
    expect(bankerWins.bets.map((b) => b.win)).toEqual([0n, 1950n, 0n]);
    const tie = settle(all(1000n), cards('7S 7H KD QC'));
    expect(tie.bets.map((b) => b.win)).toEqual([1000n, 1000n, 9000n]);
    expect(tie.win).toBe(11000n);
    expect(settle({ bets: [{ on: 'banker', amount: 20n }] }, cards('3H 4S 4C 5D')).win).toBe(39n); // 0.20 + 0.19
  });

  it('refuses no bet, an unknown area, an area twice, a stake off the 0.20 step', () => {
    const bad = [{}, { bets: [] }, { bets: [{ on: 'dragon', amount: 100n }] }, { bets: [{ on: 'tie', amount: 100n }, { on: 'tie', amount: 100n }] }, { bets: [{ on: 'tie', amount: 110n }] }, { bets: [{ on: 'tie', amount: 0n }] }];
    for (const bet of bad) expect(() => validateBaccaratBet(bet), JSON.stringify(bet, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}` : v))).toThrow(GameInputError);
  });

  it('draws the shoe as the Fisher-Yates shuffle of 8 decks', () => {
    const seeds = { serverSeed: 'b', clientSeed: 'c', nonce: 3 };
    const ordered = Array.from({ length: 52 * DECKS }, (_, i) => i % 52);
    const shuffled = createRoundRng(seeds).shuffle(ordered);
    const outcome = play(all(), createRoundRng(seeds));
    const dealt = [outcome.player[0], outcome.banker[0], outcome.player[1], outcome.banker[1], ...outcome.player.slice(2), ...outcome.banker.slice(2)];
    expect(dealt).toEqual(shuffled.slice(0, dealt.length));
  });

  it('has the exact house edges of 8-deck punto banco (enumerated)', () => {
    const math = baccaratMath();
    expect(math.probability.player + math.probability.banker + math.probability.tie).toBeCloseTo(1, 10);
    expect(math.probability.banker).toBeCloseTo(0.458597, 6);
    expect(math.probability.player).toBeCloseTo(0.446247, 6);
    expect(math.probability.tie).toBeCloseTo(0.095156, 6);
    expect((math.houseEdge.banker * 100).toFixed(2)).toBe('1.06');
    expect((math.houseEdge.player * 100).toFixed(2)).toBe('1.24');
    expect((math.houseEdge.tie * 100).toFixed(2)).toBe('14.36');
    expect(theoreticalRtp()).toBe(math.rtp.player);
    expect(rtpFor(all())).toBeCloseTo((math.rtp.player + math.rtp.banker + math.rtp.tie) / 3, 12);
  });

  it('results follow the enumerated probabilities (real stream, chi-square)', () => {
    const { probability } = baccaratMath();
    const counts = { player: 0, banker: 0, tie: 0 };
    const n = 20000;
    for (let nonce = 0; nonce < n; nonce++) counts[play(all(), createRoundRng({ serverSeed: 'bac', clientSeed: 'c', nonce })).result] += 1;
    const chi = (['player', 'banker', 'tie'] as const).reduce((sum, r) => sum + (counts[r] - n * probability[r]) ** 2 / (n * probability[r]), 0);
    expect(chi).toBeLessThan(13.82); // 2 degrees of freedom, p = 0.001
  });
});
