import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoundRng } from '../../../games/fairness/rng.ts';
import { coins } from '../../../games/index.ts';
import type { LaunchResult, RotateResult, RoundView, VerifyResult } from '../../../contract/studio.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { walletTransactions } from '../../db/schema.ts';
import { cents, guest, studioCalls } from './test-support.ts';

/**
 * Rivet Royale (the coins engine) through /api as its client plays it: a spin settles through the
 * wallet with fun and real money, the verifier replays it with the engine, and under ukgc it
 * keeps the slot's pace.
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
/** The round's wallet moves by transaction suffix: a Brass Comet game, so its provider's. */
async function walletMoves(roundId: string) {
  const rows = await t.database.db.select({ id: walletTransactions.transactionUuid, amount: walletTransactions.amount, provider: walletTransactions.provider }).from(walletTransactions).where(eq(walletTransactions.roundId, roundId));
  expect(new Set(rows.map((row) => row.provider))).toEqual(new Set(['brass-comet']));
  return Object.fromEntries(rows.map((row) => [row.id.replace(`${roundId}:`, ''), BigInt(row.amount)]));
}
type Outcome = { grid: string[][]; coins: Array<{ cell: number; win: string }>; linesWin: string; feature: { win: string } | null; win: string };
const outcomeOf = (round: RoundView) => round.outcome as unknown as Outcome;

describe('Rivet Royale', () => {
  it('a guest spins with fun money: the balance moves by the stake and the win the outcome shows', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'rivet-royale', 'demo');
    expect(session).toMatchObject({ engine: 'coins', mode: 'demo', balance: '1000.00', limits: { min: '0.10', max: '50.00', step: '0.10' } });
    let balance = cents(session.balance);
    for (let spin = 0; spin < 6; spin++) {
      const round = await play(visitor, session.token, { amount: '0.50' });
      expect(round.status, JSON.stringify(round.error)).toBe(200);
      expect(round.data).toMatchObject({ engine: 'coins', status: 'settled', staked: '0.50', nonce: spin });
      const outcome = outcomeOf(round.data);
      expect(outcome.grid).toHaveLength(5);
      expect(round.data.win).toBe(outcome.win);
      expect(cents(outcome.win)).toBe(cents(outcome.linesWin) + cents(outcome.feature?.win ?? '0.00'));
      balance = balance - 50n + cents(round.data.win);
      expect(cents(round.data.balance)).toBe(balance);
    }
  });

  it('real money: the stake and the win go through the wallet; a stake off the 10 lines is refused naming the field', async () => {
    const ada = await registerPlayer(t, { tag: 'rivets' });
    await fundPlayer(t, ada.uid, 5_000n);
    const session = await launch(ada, 'rivet-royale', 'real');
    const refused = await play(ada, session.token, { amount: '0.15' });
    expect(refused.status).toBe(422);
    expect(refused.error?.fields?.amount).toBeTruthy();
    const round = await play(ada, session.token, { amount: '1.00' });
    expect(round.status, JSON.stringify(round.error)).toBe(200);
    const moves = await walletMoves(round.data.round_id);
    expect(moves.bet).toBe(100n);
    expect(moves.win ?? 0n).toBe(cents(round.data.win));
    expect(await mainBalance(ada.uid)).toBe(5_000n - 100n + cents(round.data.win));
  });

  it('the verifier replays a spin from the revealed seeds, as the engine alone does', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'rivet-royale', 'demo');
    const round = (await play(visitor, session.token, { amount: '2.00' })).data;
    const rotated = await api<RotateResult>(visitor, 'games/rotateSeed', { body: {} });
    const verified = await api<VerifyResult>(visitor, 'games/verifyRound', { query: { round_id: round.round_id } });
    expect(verified.data).toMatchObject({ engine: 'coins', hash_matches: true, matches: true });
    const replayed = coins.play({ amount: 200n }, createRoundRng({ serverSeed: rotated.data.revealed.server_seed, clientSeed: round.client_seed, nonce: round.nonce }));
    expect(replayed.stops).toEqual((round.outcome as { stops: number[] }).stops);
    expect(replayed.win).toBe(cents(round.win));
  });

  it('under ukgc a spin sooner than 2.5 s after the last is refused, fun money too', async () => {
    const visitor = guest();
    const answer = await ukgc.call('games/launch', { body: { sysname: 'rivet-royale', mode: 'demo' }, headers: { cookie: visitor.cookie } });
    const session = answer.json.data as LaunchResult;
    expect(session.pace).toEqual({ min_spin_ms: 2500, quick_stop: false });
    const spin = () => ukgc.call('games/play', { body: { token: session.token, bet: JSON.stringify({ amount: '1.00' }) }, headers: { cookie: visitor.cookie } });
    expect((await spin()).status).toBe(200);
    const tooSoon = await spin();
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json.error).toMatchObject({ type: 'TooManyRequestsException' });
  });
});
