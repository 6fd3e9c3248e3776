import type { Page } from '@playwright/test';
import { play as playSlot } from '../../games/engines/slot/index.ts';
import { createRoundRng } from '../../games/fairness/rng.ts';

type SlotOutcome = ReturnType<typeof playSlot>;

/** An engine's outcome as the studio writes it to the browser (EUR): bigints as major-unit strings. */
export const wire = (value: unknown): unknown => {
  if (typeof value === 'bigint') return (Number(value) / 100).toFixed(2);
  if (Array.isArray(value)) return value.map(wire);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wire(v)]));
  return value;
};

/**
 * The first slot outcome (stake 1.00) that `wanted` accepts, drawn from a fixed seed, as the studio
 * writes it to the browser (bigints as major-unit strings): a test puts it in the server's round
 * to show the client a chosen case (the client only renders it).
 */
export function slotOutcome(clientSeed: string, wanted: (outcome: SlotOutcome) => boolean): { win: string; freeSpins: unknown[] } {
  for (let nonce = 0; ; nonce++) {
    const outcome = playSlot({ amount: 100n }, createRoundRng({ serverSeed: 'f'.repeat(64), clientSeed, nonce }));
    if (wanted(outcome)) return wire(outcome) as { win: string; freeSpins: unknown[] };
  }
}

/**
 * Puts `outcome` in every slot round the server answers on this page (the client only renders
 * it), to show a chosen case: the server still plays and pays its own round.
 */
export async function answerSlotRoundsWith(page: Page, outcome: { win: string }): Promise<void> {
  await page.route('**/api/games/play?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    body.data.outcome = outcome;
    body.data.win = outcome.win;
    await route.fulfill({ response, json: body });
  });
}
