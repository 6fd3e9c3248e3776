/** The stepped and card games (the rest: rtp.test.ts; the check: rtp-check.ts). */
import { describe, expect, it } from 'vitest';
import { baccaratMath } from './engines/baccarat/index.ts';
import { shoeMath } from './engines/blackjack/shoe-math.ts';
import { check, ROUNDS, RTP_TITLE, TIMEOUT } from './rtp-check.ts';

describe(`${RTP_TITLE}: stepped and card games`, () => {
  it('croupier-mines, 1 to 24 mines in turn, cash-out after a planned number of safe tiles', { timeout: TIMEOUT }, () => {
    const r = check('croupier-mines');
    expect(r.extra.mineFrequency).toBeGreaterThan(0);
  });

  it('croupier-baccarat, player, banker and tie in turn, against the enumerated edges', { timeout: TIMEOUT }, () => {
    const r = check('croupier-baccarat');
    // Each result's share within 4 standard errors of the enumerated probability.
    const { probability } = baccaratMath();
    for (const [share, p] of [[r.extra.playerWinFrequency, probability.player], [r.extra.bankerWinFrequency, probability.banker], [r.extra.tieFrequency, probability.tie]]) {
      expect(Math.abs(share - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / ROUNDS));
    }
  });

  it('croupier-hilo, cash-out after 1, 2, 3 right guesses in turn: 99% whatever the stop', { timeout: TIMEOUT }, () => {
    const r = check('croupier-hilo');
    expect(r.theoretical).toBeCloseTo(0.99, 6); // 99% each, less the rounding down to the minor unit
  });

  it('croupier-blackjack, 6-deck shoe (the game) against its enumerated RTP', { timeout: TIMEOUT }, () => {
    const r = check('croupier-blackjack');
    expect(r.theoretical).toBeCloseTo(0.995395304464795, 12); // recorded (shoe-math.ts)
    expect(r.theoretical).toBeCloseTo(shoeMath(6).rtp, 14);
  });

  it('croupier-blackjack, infinite-deck model against the exact infinite-deck RTP', { timeout: TIMEOUT }, () => {
    const r = check('croupier-blackjack', { decks: 'infinite' });
    expect(r.theoretical).toBeCloseTo(0.9942961198772641, 12);
  });
});
