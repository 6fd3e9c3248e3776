import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacSha256 } from '../../platform/crypto.ts';
import { queryRows } from '../../platform/db/database.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';
import { gameSessions } from '../../db/schema.ts';
import { signBody } from '../payments/index.ts';
import type { WalletAnswer } from '../wallet/index.ts';
import { assertStakeWithinLimits, recordSettledReturn } from './index.ts';

/**
 * Responsible gaming where a player and the money notice it: limits refused or applied after
 * their cooling period, bets refused by the wallet with nothing moved, exclusions that sign out
 * and refuse sign-in, deposits and marketing mail. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (the race of two bets past a loss limit is real only there).
 */
const APP_SECRET = 'test-secret-test-secret-test-secret-0123';
let t: TestApp;
// Migrating and seeding an embedded database takes long on a busy machine.
beforeAll(async () => {
  t = await createTestApp({ APP_SECRET });
}, 240_000);
afterAll(async () => {
  await t.close();
});

const HOUR = 3600 * 1000;
const as = (who: TestPlayer) => ({ cookie: who.cookie, 'x-croupier-client-ip': who.ip });
const call = (who: TestPlayer, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) => t.call(method, { ...options, headers: as(who) });
const player = (who: TestPlayer) => ({ userId: who.uid, currency: 'EUR' });
const main = async (uid: number) => (await t.services.ledger.balances(uid, 'EUR')).main;

async function wallet(endpoint: string, body: Record<string, unknown>): Promise<WalletAnswer> {
  const raw = JSON.stringify({ provider: 'croupier', request_uuid: randomUUID(), ...body });
  const response = await t.app.request(`${TEST_ORIGIN}/platform/wallet/${endpoint}`, {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json', 'x-signature': signBody(hmacSha256(APP_SECRET, 'wallet:croupier'), raw) },
  });
  return (await response.json()) as WalletAnswer;
}

async function session(uid: number) {
  const opened = await t.services.wallet.openSession({ game: 'golden-croupier', mode: 'real', userId: uid }, 'en');
  const bet = (id: string, amount: number) => wallet('bet', { user: opened.token, transaction_uuid: id, round_id: `r-${id}`, amount, currency: 'EUR' });
  const win = (id: string, betId: string, amount: number) =>
    wallet('win', { user: opened.token, transaction_uuid: id, reference_transaction_uuid: betId, round_id: `r-${betId}`, amount, currency: 'EUR' });
  return { ...opened, bet, win };
}

/** A stake through the sportsbook's entry point, at a chosen time (the clock of the cooling period). */
const stake = (uid: number, amount: bigint, now: Date) => t.services.database.db.transaction((tx) => assertStakeWithinLimits(tx, { userId: uid, amount, currency: 'EUR', now }));

describe('limits and their cooling period', () => {
  it('applies a lower loss limit at once, and a higher one only 24 hours later', async () => {
    const who = await registerPlayer(t, { tag: 'rg.cool' });
    const rg = t.services.responsibleGaming;
    const t0 = new Date();
    let view = await rg.setLimit(player(who), { kind: 'loss', period: 'day', amount: '50' }, 'en', t0);
    expect(view.limits).toMatchObject([{ kind: 'loss', period: 'day', amount: '50.00', used: '0.00', available: '50.00', pending: null }]);

    view = await rg.setLimit(player(who), { kind: 'loss', period: 'day', amount: '100' }, 'en', t0);
    expect(view.limits[0]).toMatchObject({ amount: '50.00', pending: { amount: '100.00', effective_at: new Date(t0.getTime() + 24 * HOUR).toISOString() } });

    // 23 hours on: still 50, so a stake of 60 is refused with the typed error and counts nothing.
    const later = new Date(t0.getTime() + 23 * HOUR);
    await expect(stake(who.uid, 6000n, later)).rejects.toMatchObject({ type: 'GamingLimitExceededException', details: { limit: 'loss', period: 'day', amount: '50.00' } });
    expect((await rg.view(player(who), later)).limits[0]).toMatchObject({ amount: '50.00', used: '0.00' });

    // 24 hours on: the increase applies, and the same stake goes.
    const after = new Date(t0.getTime() + 24 * HOUR + 1000);
    expect((await rg.view(player(who), after)).limits[0]).toMatchObject({ amount: '100.00', pending: null });
    await stake(who.uid, 6000n, after);
    expect((await rg.view(player(who), after)).limits[0]).toMatchObject({ used: '60.00', available: '40.00' });
  });

  it('lowers at once and drops a pending raise; a removal waits 24 hours too', async () => {
    const who = await registerPlayer(t, { tag: 'rg.lower' });
    const rg = t.services.responsibleGaming;
    const t0 = new Date();
    await rg.setLimit(player(who), { kind: 'wager', period: 'week', amount: '200' }, 'en', t0);
    await rg.setLimit(player(who), { kind: 'wager', period: 'week', amount: '500' }, 'en', t0);
    let view = await rg.setLimit(player(who), { kind: 'wager', period: 'week', amount: '100' }, 'en', t0);
    expect(view.limits[0]).toMatchObject({ amount: '100.00', pending: null });
    view = await rg.setLimit(player(who), { kind: 'wager', period: 'week', remove: true }, 'en', t0);
    expect(view.limits[0]).toMatchObject({ amount: '100.00', pending: { amount: null } });
    expect((await rg.view(player(who), new Date(t0.getTime() + 25 * HOUR))).limits).toEqual([]);
  });

  it('names the wrong field in the player language', async () => {
    const who = await registerPlayer(t, { tag: 'rg.bad' });
    const answer = await call(who, 'responsibleGaming/setLimit', { body: { kind: 'loss', period: 'year', amount: '10' }, query: { locale: 'fr' } });
    expect(answer.status).toBe(422);
    expect(answer.json.error?.fields?.period).toBe('Choisissez un jour, une semaine ou un mois');
    const amount = await call(who, 'responsibleGaming/setLimit', { body: { kind: 'loss', period: 'day', amount: '-5' } });
    expect(amount.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { amount: 'Enter an amount from 1 to 1,000,000' } });
  });
});

describe('the wallet enforces the limits', () => {
  it('refuses a bet that would pass the loss limit with RS_ERROR_LIMIT_REACHED, moving nothing; a win gives room back', async () => {
    const who = await registerPlayer(t, { tag: 'rg.wallet' });
    await fundPlayer(t, who.uid, 10_000n);
    await call(who, 'responsibleGaming/setLimit', { body: { kind: 'loss', period: 'day', amount: '5' } });
    const game = await session(who.uid);

    expect((await game.bet('rg-b1', 300)).status).toBe('RS_OK');
    expect((await game.win('rg-w1', 'rg-b1', 0)).status).toBe('RS_OK');
    const before = await main(who.uid);
    const refused = await game.bet('rg-b2', 300);
    expect(refused).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', balance: Number(before) });
    expect(refused.message).toContain('loss limit of €5.00');
    expect(await main(who.uid)).toBe(before);
    // Final for its transaction id, as any stored refusal.
    expect((await game.bet('rg-b2', 300)).status).toBe('RS_ERROR_LIMIT_REACHED');
    // The view counts the loss.
    const view = (await call(who, 'responsibleGaming/get')).json.data as { limits: Array<{ used: string; available: string }> };
    expect(view.limits[0]).toMatchObject({ used: '3.00', available: '2.00' });

    // A bet within what is left goes; a win then makes room for more.
    expect((await game.bet('rg-b3', 200)).status).toBe('RS_OK');
    expect((await game.win('rg-w3', 'rg-b3', 400)).status).toBe('RS_OK');
    expect((await game.bet('rg-b4', 300)).status).toBe('RS_OK');
  });

  it('refuses through the game API with GamingLimitExceededException in the player language', async () => {
    const who = await registerPlayer(t, { tag: 'rg.studio' });
    await fundPlayer(t, who.uid, 10_000n);
    await call(who, 'responsibleGaming/setLimit', { body: { kind: 'wager', period: 'day', amount: '1' } });
    const launched = await call(who, 'games/launch', { body: { sysname: 'golden-croupier', mode: 'real' } });
    expect(launched.status, JSON.stringify(launched.json)).toBe(200);
    const token = (launched.json.data as { token: string }).token;
    const before = await main(who.uid);
    const played = await call(who, 'games/play', { body: { token, bet: JSON.stringify({ amount: '2' }) }, query: { locale: 'fr' } });
    expect(played.status).toBe(409);
    expect(played.json.error?.type).toBe('GamingLimitExceededException');
    expect(played.json.error?.message).toContain('limite de mises journalière');
    expect(await main(who.uid)).toBe(before);
  });

  it('ends play when the session-time limit is reached', async () => {
    const who = await registerPlayer(t, { tag: 'rg.session' });
    await fundPlayer(t, who.uid, 10_000n);
    await call(who, 'responsibleGaming/setLimit', { body: { kind: 'session', amount: '5' } });
    const game = await session(who.uid);
    expect((await game.bet('rg-s1', 100)).status).toBe('RS_OK');
    const other = await session(who.uid);
    // A session launched six minutes ago (before any cached lookup of it).
    await t.services.database.db
      .update(gameSessions)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(gameSessions.id, other.sessionId));
    const before = await main(who.uid);
    const refused = await other.bet('rg-s2', 100);
    expect(refused.status).toBe('RS_ERROR_LIMIT_REACHED');
    expect(refused.message).toContain('session-time limit of 5 minutes');
    expect(await main(who.uid)).toBe(before);
  });

  it('lets only one of two racing bets past a loss limit', async () => {
    for (let round = 0; round < 4; round++) {
      const who = await registerPlayer(t, { tag: `rg.race${round}` });
      await fundPlayer(t, who.uid, 100_000n);
      await call(who, 'responsibleGaming/setLimit', { body: { kind: 'loss', period: 'day', amount: '10' } });
      const game = await session(who.uid);
      const answers = await Promise.all([game.bet(`rg-race-${round}-a`, 600), game.bet(`rg-race-${round}-b`, 600)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual(['RS_ERROR_LIMIT_REACHED', 'RS_OK']);
      expect(await main(who.uid)).toBe(100_000n - 600n);
      const [days] = await queryRows<{ wagered: string }>(t.services.database.db, sql`select sum(wagered)::text as wagered from rg_play_days where user_id = ${who.uid}`);
      expect(days.wagered).toBe('600');
    }
  });

  it('counts settled returns of other stakes (the sportsbook entry points)', async () => {
    const who = await registerPlayer(t, { tag: 'rg.sports' });
    await t.services.responsibleGaming.setLimit(player(who), { kind: 'loss', period: 'month', amount: '10' }, 'en');
    await stake(who.uid, 800n, new Date());
    await expect(stake(who.uid, 300n, new Date())).rejects.toMatchObject({ type: 'GamingLimitExceededException' });
    await t.services.database.db.transaction((tx) => recordSettledReturn(tx, { userId: who.uid, amount: 500n, currency: 'EUR' }));
    await stake(who.uid, 300n, new Date());
  });
});

describe('time-out and self-exclusion', () => {
  it('signs the player out, refuses sign-in, deposits and bets with the end date, withholds marketing mail, and cannot be undone', async () => {
    const who = await registerPlayer(t, { tag: 'rg.exclude' });
    await fundPlayer(t, who.uid, 10_000n);
    const game = await session(who.uid);
    const second = await t.call('login', { body: { login: who.email, password: 'secret12' }, headers: { 'x-croupier-client-ip': who.ip } });
    const otherCookie = second.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');

    const unconfirmed = await call(who, 'responsibleGaming/exclude', { body: { kind: 'self_exclusion', length: '6m' } });
    expect(unconfirmed.json.error?.fields?.confirm).toBeTruthy();
    const excluded = await call(who, 'responsibleGaming/exclude', { body: { kind: 'self_exclusion', length: '6m', confirm: '1' } });
    expect(excluded.status).toBe(200);
    const { ends_at: endsAt } = excluded.json.data as { ends_at: string };
    expect(new Date(endsAt).getTime()).toBeGreaterThan(Date.now() + 180 * 24 * HOUR);
    expect(excluded.headers.getSetCookie().join(';')).toMatch(/sid=;|sid=.*Max-Age=0/);

    // Every session ended: this one and the other device's.
    for (const cookie of [who.cookie, otherCookie]) {
      const info = await t.call('getInfo', { headers: { cookie, 'x-croupier-client-ip': who.ip } });
      expect((info.json.data as { uid?: number }).uid ?? 0).toBe(0);
    }

    const login = await t.call('login', { body: { login: who.email, password: 'secret12' }, headers: { 'x-croupier-client-ip': who.ip } });
    expect(login.status).toBe(409);
    expect(login.json.error).toMatchObject({ type: 'UserExcludedException', details: { limit: 'self_exclusion', until: endsAt } });
    expect(login.json.error?.message).toMatch(/self-excluded until \d\d\.\d\d\.\d{4}/);
    expect(login.headers.getSetCookie().filter((cookie) => /^sid=[^;]/.test(cookie))).toEqual([]);

    await expect(t.services.payments.makeDeposit({ uid: who.uid, currency: 'EUR', isKycBlockEnabled: false, isVerified: true }, { method: 'card', amount: '20' }, { locale: 'en' })).rejects.toMatchObject({
      type: 'UserExcludedException',
    });

    const before = await main(who.uid);
    expect((await game.bet('rg-x1', 100)).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect(await main(who.uid)).toBe(before);

    const mailbox = t.services.messenger.mailbox!;
    await t.services.messenger.send({ channel: 'email', to: who.email, subject: 'Weekend offer', text: 'Free spins', locale: 'en', marketing: { userId: who.uid } });
    expect((await mailbox.list(who.email)).filter((entry) => entry.subject === 'Weekend offer')).toEqual([]);
    // Another player still gets offers.
    const other = await registerPlayer(t, { tag: 'rg.mail' });
    await t.services.messenger.send({ channel: 'email', to: other.email, subject: 'Weekend offer', text: 'Free spins', locale: 'en', marketing: { userId: other.uid } });
    expect((await mailbox.list(other.email)).filter((entry) => entry.subject === 'Weekend offer')).toHaveLength(1);

    // No way back early: a second exclusion is refused, and nothing lifts it.
    await expect(
      t.services.responsibleGaming.exclude(player(who), { kind: 'time_out', length: '24h', confirm: true }, 'en'),
    ).rejects.toMatchObject({ type: 'InvalidParameterException' });
    expect(await t.services.responsibleGaming.activeExclusion(who.uid, new Date(Date.now() + 179 * 24 * HOUR))).not.toBeNull();
  });

  it('a time-out ends after its length: sign-in works again', async () => {
    const who = await registerPlayer(t, { tag: 'rg.timeout' });
    const t0 = new Date();
    const exclusion = await t.services.responsibleGaming.exclude(player(who), { kind: 'time_out', length: '24h', confirm: true }, 'en', t0);
    expect(exclusion.ends_at).toBe(new Date(t0.getTime() + 24 * HOUR).toISOString());
    await expect(t.services.responsibleGaming.assertNotExcluded(who.uid, 'en', new Date(t0.getTime() + 23 * HOUR))).rejects.toMatchObject({ type: 'UserExcludedException' });
    await t.services.responsibleGaming.assertNotExcluded(who.uid, 'en', new Date(t0.getTime() + 24 * HOUR + 1));
  });
});

describe('reality check', () => {
  it('answers the time played and the net result since the game page opened', async () => {
    const who = await registerPlayer(t, { tag: 'rg.reality' });
    await fundPlayer(t, who.uid, 10_000n);
    const since = new Date(Date.now() - 31 * 60_000).toISOString();
    const game = await session(who.uid);
    await game.bet('rg-rc1', 500);
    await game.win('rg-rc1w', 'rg-rc1', 200);
    const set = await call(who, 'responsibleGaming/setRealityCheck', { body: { minutes: '30' } });
    expect((set.json.data as { reality_check_minutes: number }).reality_check_minutes).toBe(30);
    const check = await call(who, 'responsibleGaming/realityCheck', { query: { since } });
    expect(check.json.data).toMatchObject({ minutes_played: 31, wagered: '5.00', won: '2.00', net: '-3.00', currency: 'EUR' });
    const bad = await call(who, 'responsibleGaming/setRealityCheck', { body: { minutes: '20' } });
    expect(bad.json.error?.fields?.minutes).toBeTruthy();
  });
});
