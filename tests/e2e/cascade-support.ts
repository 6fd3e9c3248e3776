import { play as playCascade } from '../../games/engines/cascade/index.ts';
import { createRoundRng } from '../../games/fairness/rng.ts';
import { wire } from './slot-support.ts';

type Step = { grid: string[][]; wins: unknown[] };
export type CascadeWireOutcome = { bet: string; win: string; base: { steps: Step[] }; freeSpins: Array<{ steps: Step[] }> };

/** The first Pearl Cascade outcome (stake 1.00) of a fixed seed that `wanted` accepts, as the studio writes it. */
export function cascadeOutcome(clientSeed: string, wanted: (outcome: ReturnType<typeof playCascade>) => boolean): CascadeWireOutcome {
  for (let nonce = 0; ; nonce++) {
    const outcome = playCascade({ amount: 100n }, createRoundRng({ serverSeed: 'f'.repeat(64), clientSeed, nonce }));
    if (wanted(outcome)) return wire(outcome) as CascadeWireOutcome;
  }
}

/** A round with free spins whose bubbles multiplied a win. */
export const freeSpinsOutcome = () => cascadeOutcome('cascade-e2e', (outcome) => outcome.freeSpins.some((spin) => spin.multiplier > 1));
