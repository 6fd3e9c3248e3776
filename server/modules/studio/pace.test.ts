import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchResult, RoundView } from '../../../contract/studio.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { gameRounds } from '../../db/schema.ts';

/**
 * Slot pace by jurisdiction (contract/jurisdiction.ts, docs/studio.md "Pace by jurisdiction"):
 * under `ukgc` a spin that comes sooner than 2.5 s after the previous one of the same game is
 * refused with a typed error, before any money moves; the launch tells the client the pace.
 */
let ukgc: TestApp;
let mga: TestApp;
beforeAll(async () => {
  [ukgc, mga] = await Promise.all([createTestApp({ JURISDICTION: 'ukgc' }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([ukgc.close(), mga.close()]);
});

type Caller = { cookie: string };
const guest = (): Caller => ({ cookie: `vid=${randomBytes(16).toString('base64url')}` });

async function call<T>(t: TestApp, caller: Caller, method: string, body: Record<string, string>, locale = 'en') {
  const answer = await t.call(method, { body, headers: { cookie: caller.cookie }, query: { locale } });
  return { status: answer.status, data: answer.json.data as T, error: answer.json.error };
}
const launch = (t: TestApp, caller: Caller, sysname: string, mode: 'real' | 'demo') => call<LaunchResult>(t, caller, 'games/launch', { sysname, mode });
const spin = (t: TestApp, caller: Caller, token: string, locale = 'en') => call<RoundView>(t, caller, 'games/play', { token, bet: JSON.stringify({ amount: '1.00' }) }, locale);

/** Puts a round's start `ms` before now, as if the player had waited that long since. */
const startedAgo = (t: TestApp, roundId: string, ms: number) =>
  t.database.db.update(gameRounds).set({ createdAt: sql`now() - make_interval(secs => ${ms / 1000})` }).where(eq(gameRounds.roundId, roundId));

describe('under ukgc', () => {
  it('the launch carries the pace: 2.5 s per spin and no quick stop', async () => {
    const session = await launch(ukgc, guest(), 'golden-croupier', 'demo');
    expect(session.data.pace).toEqual({ min_spin_ms: 2500, quick_stop: false });
  });

  it('a real-money spin 2.5 s after the last is refused naming the field, with nothing taken; once the time has passed it plays', async () => {
    const player = await registerPlayer(ukgc, { tag: 'pace' });
    await fundPlayer(ukgc, player.uid, 10_000n);
    const session = (await launch(ukgc, player, 'golden-croupier', 'real')).data;
    const first = await spin(ukgc, player, session.token);
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    const before = (await ukgc.services.ledger.balances(player.uid, 'EUR')).main;

    const tooSoon = await spin(ukgc, player, session.token);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.error).toMatchObject({ type: 'TooManyRequestsException', fields: { bet: 'Spins here are at least 2.5 seconds apart: wait a moment, then spin again' } });
    expect((await ukgc.services.ledger.balances(player.uid, 'EUR')).main).toBe(before);
    const inFrench = await spin(ukgc, player, session.token, 'fr');
    expect(inFrench.error?.fields?.bet).toMatch(/au moins 2.5 secondes/);

    // 2 s ago is still short of the floor (2.5 s less 0.2 s for the network, with room for a slow
    // machine between this write and the spin); 2.4 s ago is not.
    await startedAgo(ukgc, first.data.round_id, 2_000);
    expect((await spin(ukgc, player, session.token)).status).toBe(429);
    await startedAgo(ukgc, first.data.round_id, 2_400);
    const next = await spin(ukgc, player, session.token);
    expect(next.status, JSON.stringify(next.error)).toBe(200);
    // The refused spins took no nonce: the next round is the pair's next one.
    expect(next.data.nonce).toBe(first.data.nonce + 1);
  });

  it('fun money is paced too; a table game is not', async () => {
    const visitor = guest();
    const slot = (await launch(ukgc, visitor, 'golden-croupier', 'demo')).data;
    expect((await spin(ukgc, visitor, slot.token)).status).toBe(200);
    expect((await spin(ukgc, visitor, slot.token)).status).toBe(429);
    const dice = (await launch(ukgc, visitor, 'croupier-dice', 'demo')).data;
    const bet = JSON.stringify({ amount: '1.00', target: 5000, direction: 'over' });
    for (let roll = 0; roll < 2; roll++) expect((await call<RoundView>(ukgc, visitor, 'games/play', { token: dice.token, bet })).status).toBe(200);
  });
});

describe('under mga (the default)', () => {
  it('spins follow one another at once, and a second press may hurry the reels', async () => {
    const visitor = guest();
    const session = (await launch(mga, visitor, 'golden-croupier', 'demo')).data;
    expect(session.pace).toEqual({ min_spin_ms: 0, quick_stop: true });
    for (let round = 0; round < 3; round++) expect((await spin(mga, visitor, session.token)).status).toBe(200);
  });
});
