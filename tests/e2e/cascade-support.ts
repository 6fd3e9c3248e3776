import { play as playCascade } from '../../games/engines/cascade/index.ts';
import { createRoundRng } from '../../games/fairness/rng.ts';
import { wire } from './slot-support.ts';

type Step = { grid: string[][]; wins: unknown[] };
export type CascadeWireOutcome = { bet: string; win: string; base: { steps: Step[] }; freeSpins: Array<{ steps: Step[] }> };

/** The first outcome (stake 1.00) of a fixed seed with free spins whose bubbles multiplied a win, as the studio writes it. */
export function freeSpinsOutcome(): CascadeWireOutcome {
  for (let nonce = 0; ; nonce++) {
    const outcome = playCascade({ amount: 100n }, createRoundRng({ serverSeed: 'f'.repeat(64), clientSeed: 'cascade-e2e', nonce }));
    if (outcome.freeSpins.some((spin) => spin.multiplier > 1)) return wire(outcome) as CascadeWireOutcome;
  }
}

