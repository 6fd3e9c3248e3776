/** Slots, roulette and the instant games (the rest: rtp-cards.test.ts; the check: rtp-check.ts). */
import { describe, expect, it } from 'vitest';
import { check, RTP_TITLE, TIMEOUT } from './rtp-check.ts';

describe(`${RTP_TITLE}: slots, table and instant games`, () => {
  it('golden-croupier', { timeout: TIMEOUT }, () => {
    const r = check('golden-croupier');
    expect(r.extra.freeSpinsTriggerFrequency).toBeGreaterThan(0);
  });

  it('croupier-roulette', { timeout: TIMEOUT }, () => {
    check('croupier-roulette');
  });

  it('croupier-dice', { timeout: TIMEOUT }, () => {
    check('croupier-dice');
  });

  it('croupier-plinko, all 27 tables in turn', { timeout: TIMEOUT }, () => {
    check('croupier-plinko');
  });

  it('croupier-limbo, targets 1.01x to 100x in turn', { timeout: TIMEOUT }, () => {
    check('croupier-limbo');
  });

  it('croupier-keno, 1 to 10 picks in turn', { timeout: TIMEOUT }, () => {
    check('croupier-keno');
  });
});
