/**
 * The RTP check the simulation tests share (rtp.test.ts, rtp-cards.test.ts): each game's measured
 * RTP must hold its theoretical RTP inside the 99.9% confidence interval. Quick run (every
 * `npm test`): 10^5 rounds per game. Long run (CI, GAMES_LONG=1): 10^6 rounds. Seeds are fixed,
 * so a run's result never changes unless the games do. Two files, so the long run's games spread
 * over both of Vitest's workers instead of holding one for minutes.
 */
import { expect } from 'vitest';
import { formatReport, simulate, type SimulationOptions } from './simulate.ts';
import type { GameSysname } from './index.ts';

export const LONG = process.env.GAMES_LONG === '1';
export const ROUNDS = LONG ? 1_000_000 : 100_000;
export const TIMEOUT = LONG ? 600_000 : 60_000;
export const RTP_TITLE = `RTP within the 99.9% interval over ${ROUNDS.toLocaleString('en-US')} rounds`;

export function check(sysname: GameSysname, options: Partial<SimulationOptions> = {}) {
  const report = simulate(sysname, { rounds: ROUNDS, ...options });
  if (!report.pass || LONG) console.log(formatReport(report));
  expect(report.rounds).toBe(ROUNDS);
  expect(report.stdError).toBeGreaterThan(0);
  expect(report.pass, formatReport(report)).toBe(true);
  return report;
}
