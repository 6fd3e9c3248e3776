import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoundRng } from '../../../games/fairness/rng.ts';
import { mines } from '../../../games/index.ts';
import type { RotateResult, RoundView, VerifyResult } from '../../../contract/studio.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { createLogger } from '../../platform/logger.ts';
import { gameRounds } from '../../db/schema.ts';
import { createStudio } from './index.ts';
import { guest, studioCalls, type Caller } from './test-support.ts';

/**
 * Croupier Mines through /api as its client calls it: the stake taken at the deal, the board
 * open between moves with its mines kept server side, resumed by a new launch, the pay-out at
 * the cash-out (or nothing on a mine), the verifier replaying the moves, one open board per
 * player, game and mode, and moves the board does not take refused naming their field.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { api, launch, play, mainBalance, walletMoves } = studioCalls(() => t);
type Board = { mines: number; minesAt: number[] | null; picks: number[]; phase: string; result: string | null; multiplier: number; win: string };
const boardOf = (round: RoundView) => round.outcome as unknown as Board;

const move = (caller: Caller, token: string, roundId: string, action: 'reveal' | 'cashout', tile?: number, locale?: string) =>
  api<RoundView>(caller, 'games/act', {
    body: { token, round_id: roundId, action, ...(tile === undefined ? {} : { tile: String(tile) }) },
    ...(locale ? { query: { locale } } : {}),
  });

/** Where the server laid the mines of an open round (the test reads the database: the browser never sees them). */
async function minesOf(roundId: string): Promise<number[]> {
  const [row] = await t.database.db.select({ state: gameRounds.state }).from(gameRounds).where(eq(gameRounds.roundId, roundId));
  return (row.state as { minesAt: number[] }).minesAt;
}
const safeTilesOf = async (roundId: string) => {
  const at = await minesOf(roundId);
  return Array.from({ length: 25 }, (_, i) => i).filter((tile) => !at.includes(tile));
};

describe('Croupier Mines', () => {
  it('real money: stake at the deal, mines hidden while open, a reload resumes, the cash-out pays through the wallet, the verifier replays it', async () => {
    const mia = await registerPlayer(t, { tag: 'mines' });
    await fundPlayer(t, mia.uid!, 5_000n);
    const session = await launch(mia, 'croupier-mines', 'real');
    expect(session).toMatchObject({ engine: 'mines', balance: '50.00', open_round: null, limits: { min: '0.10', max: '100.00', step: '0.10' } });

    const dealt = await play(mia, session.token, { amount: '2.00', mines: 3 });
    expect(dealt.status, JSON.stringify(dealt.error)).toBe(200);
    expect(dealt.data).toMatchObject({ status: 'open', staked: '2.00', win: '0.00', balance: '48.00' });
    expect(boardOf(dealt.data)).toMatchObject({ mines: 3, minesAt: null, picks: [], phase: 'open' });
    expect(await mainBalance(mia.uid!)).toBe(4_800n);
    expect(await walletMoves(dealt.data.round_id)).toEqual({ bet: 200n });

    const [first, second] = await safeTilesOf(dealt.data.round_id);
    const one = await move(mia, session.token, dealt.data.round_id, 'reveal', first);
    expect(one.status, JSON.stringify(one.error)).toBe(200);
    expect(boardOf(one.data)).toMatchObject({ picks: [first], minesAt: null, multiplier: mines.multiplierFor(3, 1) });
    expect(JSON.stringify(one.data)).not.toContain('"minesAt":[');

    // A reload: a new launch gives the open board back, mines still hidden.
    const again = await launch(mia, 'croupier-mines', 'real');
    expect(again.open_round).toMatchObject({ round_id: dealt.data.round_id, status: 'open' });
    expect(boardOf(again.open_round!)).toMatchObject({ picks: [first], minesAt: null });
    // ... and one open board per player, game and mode: another bet is refused before any stake.
    const refused = await play(mia, again.token, { amount: '2.00', mines: 3 });
    expect(refused.status).toBe(409);
    expect(await mainBalance(mia.uid!)).toBe(4_800n);

    const two = await move(mia, again.token, dealt.data.round_id, 'reveal', second);
    expect(boardOf(two.data)).toMatchObject({ picks: [first, second], multiplier: 128 });
    const cashed = await move(mia, again.token, dealt.data.round_id, 'cashout');
    expect(cashed.status, JSON.stringify(cashed.error)).toBe(200);
    const win = mines.payout(200n, 3, 2); // floor(2.00 x 0.99 x 300 / 231) = 2.57
    expect(win).toBe(257n);
    expect(cashed.data).toMatchObject({ status: 'settled', win: '2.57', balance: '50.57' });
    expect(boardOf(cashed.data)).toMatchObject({ result: 'cashout', minesAt: await minesOf(dealt.data.round_id) });
    expect(await mainBalance(mia.uid!)).toBe(5_057n);
    expect(await walletMoves(dealt.data.round_id)).toEqual({ bet: 200n, win });
    const late = await move(mia, again.token, dealt.data.round_id, 'reveal', 24);
    expect(late.status).toBe(409);

    // The verifier: the moves recorded, the board replayed from the revealed seed.
    const rotated = await api<RotateResult>(mia, 'games/rotateSeed', { body: {} });
    expect(rotated.status).toBe(200);
    const verified = await api<VerifyResult>(mia, 'games/verifyRound', { query: { round_id: dealt.data.round_id } });
    expect(verified.data).toMatchObject({ engine: 'mines', hash_matches: true, matches: true, actions: [`reveal:${first}`, `reveal:${second}`, 'cashout'] });
    expect(verified.data.replayed).toEqual(cashed.data.outcome);
    const replayed = mines.deal({ amount: 200n, mines: 3 }, createRoundRng({ serverSeed: rotated.data.revealed.server_seed, clientSeed: dealt.data.client_seed, nonce: dealt.data.nonce }));
    expect(replayed.minesAt).toEqual(boardOf(cashed.data).minesAt);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });

  it('a mine ends the round with nothing; a cleared board pays by itself', async () => {
    const max = await registerPlayer(t, { tag: 'mines-boom' });
    await fundPlayer(t, max.uid!, 5_000n);
    const session = await launch(max, 'croupier-mines', 'real');
    const dealt = await play(max, session.token, { amount: '1.00', mines: 5 });
    const [mine] = await minesOf(dealt.data.round_id);
    const boom = await move(max, session.token, dealt.data.round_id, 'reveal', mine);
    expect(boom.data).toMatchObject({ status: 'settled', win: '0.00', balance: '49.00' });
    expect(boardOf(boom.data)).toMatchObject({ result: 'mine', picks: [mine] });
    expect(await walletMoves(dealt.data.round_id)).toEqual({ bet: 100n, win: 0n });

    const full = await play(max, session.token, { amount: '1.00', mines: 24 });
    const [only] = await safeTilesOf(full.data.round_id);
    const cleared = await move(max, session.token, full.data.round_id, 'reveal', only);
    expect(cleared.data).toMatchObject({ status: 'settled', win: '24.75', balance: '72.75' });
    expect(boardOf(cleared.data)).toMatchObject({ result: 'cleared', multiplier: 2475 });
    expect(await mainBalance(max.uid!)).toBe(7_275n);
  });

  it('refuses 0 or 25 mines, a tile off the board or revealed, a cash-out before a gem, naming the field in English and French', async () => {
    const visitor = guest();
    const session = await launch(visitor, 'croupier-mines', 'demo');
    for (const count of [0, 25, 2.5]) {
      const answer = await play(visitor, session.token, { amount: '1.00', mines: count });
      expect(answer.status, String(count)).toBe(422);
      expect(answer.error?.fields?.mines).toBe('Choose from 1 to 24 mines');
    }
    expect((await play(visitor, session.token, { amount: '1.00', mines: 0 }, 'fr')).error?.fields?.mines).toBe('Choisissez de 1 à 24 mines');

    const dealt = await play(visitor, session.token, { amount: '1.00', mines: 1 });
    const id = dealt.data.round_id;
    const early = await move(visitor, session.token, id, 'cashout');
    expect(early.status).toBe(422);
    expect(early.error?.fields?.action).toBe('Reveal a safe tile before cashing out');
    expect((await move(visitor, session.token, id, 'cashout', undefined, 'fr')).error?.fields?.action).toBe('Retournez une case sûre avant d’encaisser');
    for (const tile of [25, -1, undefined]) {
      const off = await move(visitor, session.token, id, 'reveal', tile);
      expect(off.status, String(tile)).toBe(422);
      expect(off.error?.fields?.tile).toBe('Choose a tile of the board that is not revealed yet');
    }
    const [safe] = await safeTilesOf(id);
    expect((await move(visitor, session.token, id, 'reveal', safe)).status).toBe(200);
    const twice = await move(visitor, session.token, id, 'reveal', safe, 'fr');
    expect(twice.status).toBe(422);
    expect(twice.error?.fields?.tile).toBe('Choisissez une case du plateau qui n’est pas encore retournée');
    // The open board keeps the seed pair: no rotation until it is over.
    expect((await api(visitor, 'games/rotateSeed', { body: {} })).status).toBe(409);
    expect((await move(visitor, session.token, id, 'cashout')).data.status).toBe('settled');
  });

  it('two reveals of one board from two server processes: one is played, the other refused, nothing paid twice', async () => {
    const second = createStudio({ db: t.database.db, wallet: t.services.wallet, catalogue: t.services.catalogue, logger: createLogger('silent') });
    const first = t.services.studio;
    const noa = await registerPlayer(t, { tag: 'mines-race' });
    await fundPlayer(t, noa.uid!, 10_000n);
    const viewer = { visitorId: 'mines-race', userId: noa.uid };
    const session = await first.launch(viewer, { sysname: 'croupier-mines', mode: 'real' }, 'en');
    const dealt = await first.play(viewer, { token: session.token, bet: { amount: '10.00', mines: 2 } }, 'en');
    const [a, b] = await safeTilesOf(dealt.round_id);
    const results = await Promise.allSettled([
      first.act(viewer, { token: session.token, round_id: dealt.round_id, action: 'reveal', tile: a }, 'en'),
      second.act(viewer, { token: session.token, round_id: dealt.round_id, action: 'reveal', tile: b }, 'en'),
    ]);
    const played = results.filter((result) => result.status === 'fulfilled');
    expect(played.length).toBeGreaterThanOrEqual(1);
    const [stored] = await t.database.db.select().from(gameRounds).where(eq(gameRounds.roundId, dealt.round_id));
    // Each move that was answered is on the board, and only those.
    expect((stored.state as { picks: number[] }).picks).toHaveLength(played.length);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ status: 409 });
    // Two cash-outs at once: one pay-out.
    const cash = await Promise.allSettled([
      first.act(viewer, { token: session.token, round_id: dealt.round_id, action: 'cashout' }, 'en'),
      second.act(viewer, { token: session.token, round_id: dealt.round_id, action: 'cashout' }, 'en'),
    ]);
    expect(cash.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const win = mines.payout(1_000n, 2, played.length);
    expect(await mainBalance(noa.uid!)).toBe(10_000n - 1_000n + win);
    expect(await walletMoves(dealt.round_id)).toEqual({ bet: 1_000n, win });
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });
});
