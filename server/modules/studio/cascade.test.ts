import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cascade } from '../../../games/index.ts';
import { createRoundRng } from '../../../games/fairness/rng.ts';
import type { RotateResult, RoundView, VerifyResult } from '../../../contract/studio.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { gameRounds, walletTransactions } from '../../db/schema.ts';
import { cents, guest, studioCalls } from './test-support.ts';

/**
 * Pearl Cascade (engine `cascade`) through /api as its client plays it: demo and real spins
 * settled through the wallet, the verifier replaying every grid from the revealed seed, stakes
 * off the 0.20 step refused naming the field, and the slots' pace under ukgc.
 */
let t: TestApp;
let ukgc: TestApp;
beforeAll(async () => {
  [t, ukgc] = await Promise.all([createTestApp(), createTestApp({ JURISDICTION: 'ukgc' })]);
});
afterAll(async () => {
  await Promise.all([t.close(), ukgc.close()]);
});

const { api, launch, play, mainBalance } = studioCalls(() => t);
/** The round's wallet moves, under the game's provider (the theme's studio, lanternfish). */
async function walletMoves(roundId: string) {
  const rows = await t.database.db
    .select({ id: walletTransactions.transactionUuid, amount: walletTransactions.amount })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.provider, 'lanternfish'), eq(walletTransactions.roundId, roundId)));
  return Object.fromEntries(rows.map((row) => [row.id.replace(`${roundId}:`, ''), BigInt(row.amount)]));
}
type Outcome = { bet: string; win: string; base: { steps: Array<{ grid: string[][] }> }; freeSpins: unknown[] };
const outcomeOf = (round: RoundView) => round.outcome as unknown as Outcome;

describe('Pearl Cascade', () => {
  it('demo: a guest spins with fun money; the balance moves by the stake and the win, every grid 6 x 5', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'pearl-cascade', 'demo');
    expect(session).toMatchObject({ engine: 'cascade', mode: 'demo', provider: 'lanternfish', balance: '1000.00', limits: { min: '0.20', max: '100.00', step: '0.20' } });
    let balance = cents(session.balance);
    for (let spin = 0; spin < 6; spin++) {
      const round = await play(visitor, session.token, { amount: '1.00' });
      expect(round.status, JSON.stringify(round.error)).toBe(200);
      expect(round.data).toMatchObject({ engine: 'cascade', status: 'settled', staked: '1.00', nonce: spin });
      const outcome = outcomeOf(round.data);
      expect(outcome.win).toBe(round.data.win);
      for (const step of outcome.base.steps) {
        expect(step.grid).toHaveLength(6);
        for (const column of step.grid) expect(column).toHaveLength(5);
      }
      balance = balance - 100n + cents(round.data.win);
      expect(cents(round.data.balance)).toBe(balance);
    }
  });

  it('real money: the stake and the win go through the wallet, and the verifier replays the round', async () => {
    const ada = await registerPlayer(t, { tag: 'cascade' });
    await fundPlayer(t, ada.uid, 5_000n);
    const session = await launch(ada, 'pearl-cascade', 'real');
    const rounds: RoundView[] = [];
    let expected = 5_000n;
    for (let spin = 0; spin < 4; spin++) {
      const round = await play(ada, session.token, { amount: '2.00' });
      expect(round.status, JSON.stringify(round.error)).toBe(200);
      rounds.push(round.data);
      expected += cents(round.data.win) - 200n;
      expect(await walletMoves(round.data.round_id)).toEqual({ bet: 200n, win: cents(round.data.win) });
    }
    expect(await mainBalance(ada.uid)).toBe(expected);
    expect(cents(rounds.at(-1)!.balance)).toBe(expected);

    const rotated = await api<RotateResult>(ada, 'games/rotateSeed', { body: {} });
    expect(rotated.status).toBe(200);
    for (const round of rounds) {
      const verified = await api<VerifyResult>(ada, 'games/verifyRound', { query: { round_id: round.round_id } });
      expect(verified.data).toMatchObject({ engine: 'cascade', hash_matches: true, matches: true });
      const seeds = { serverSeed: rotated.data.revealed.server_seed, clientSeed: round.client_seed, nonce: round.nonce };
      const replayed = cascade.play({ amount: 200n }, createRoundRng(seeds));
      expect(replayed.base.steps.map((step) => step.grid)).toEqual(outcomeOf(round).base.steps.map((step) => step.grid));
      expect((Number(replayed.win) / 100).toFixed(2)).toBe(round.win);
    }
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });

  it('refuses a stake off the 0.20 step naming the field, in English and French, with nothing taken', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'pearl-cascade', 'demo');
    const off = await play(visitor, session.token, { amount: '0.30' });
    expect(off.status).toBe(422);
    expect(off.error?.fields?.amount).toMatch(/0\.20/);
    const french = await play(visitor, session.token, { amount: '0.30' }, 'fr');
    expect(french.error?.fields?.amount).toMatch(/0[.,]20/);
    expect((await play(visitor, session.token, { amount: '0.20' })).data.nonce).toBe(0);
  });

  it('under ukgc a spin 2.5 s after the last is refused, as on the slot; once the time has passed it plays', async () => {
    const ukgcCalls = studioCalls(() => ukgc);
    const visitor = guest();
    const session = await ukgcCalls.launch(visitor, 'pearl-cascade', 'demo');
    expect(session.pace).toEqual({ min_spin_ms: 2500, quick_stop: false });
    const first = await ukgcCalls.play(visitor, session.token, { amount: '1.00' });
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    const tooSoon = await ukgcCalls.play(visitor, session.token, { amount: '1.00' });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.error).toMatchObject({ type: 'TooManyRequestsException', details: { code: 'TOO_FAST', min_spin_ms: 2500 } });
    await ukgc.database.db.update(gameRounds).set({ createdAt: sql`now() - make_interval(secs => 2.4)` }).where(eq(gameRounds.roundId, first.data.round_id));
    const next = await ukgcCalls.play(visitor, session.token, { amount: '1.00' });
    expect(next.status, JSON.stringify(next.error)).toBe(200);
    expect(next.data.nonce).toBe(first.data.nonce + 1);
  });
});
