/**
 * Each game's measured RTP must hold its theoretical RTP inside the 99.9% confidence interval.
 * Quick run (every `npm test`): 10^5 rounds per game. Long run (CI, GAMES_LONG=1): 10^6 rounds.
 * Seeds are fixed, so a run's result never changes unless the games do.
 */
import { describe, expect, it } from 'vitest';
import { baccaratMath } from './engines/baccarat/index.ts';
import { shoeMath } from './engines/blackjack/shoe-math.ts';
import { formatReport, simulate, type SimulationOptions } from './simulate.ts';
import type { GameSysname } from './index.ts';

const LONG = process.env.GAMES_LONG === '1';
const ROUNDS = LONG ? 1_000_000 : 100_000;
const TIMEOUT = LONG ? 600_000 : 60_000;

function check(sysname: GameSysname, options: Partial<SimulationOptions> = {}) {
  const report = simulate(sysname, { rounds: ROUNDS, ...options });
  if (!report.pass || LONG) console.log(formatReport(report));
  expect(report.rounds).toBe(ROUNDS);
  expect(report.stdError).toBeGreaterThan(0);
  expect(report.pass, formatReport(report)).toBe(true);
  return report;
}

describe(`RTP within the 99.9% interval over ${ROUNDS.toLocaleString('en-US')} rounds`, () => {
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
