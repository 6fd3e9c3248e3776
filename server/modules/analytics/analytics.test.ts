import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneralInfo } from '../../../contract/api.ts';
import { queryRows } from '../../platform/db/database.ts';
import { writeOutboxEvent } from '../../platform/events/outbox.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { registerPlayer } from '../../platform/testing/players.ts';
import { backoffice, createStaffMember, type TestStaff } from '../../platform/testing/staff.ts';
import { fromOutbox } from './index.ts';

/**
 * Analytics (docs/analytics.md): the operator's ids in general info, set in the back office
 * (validated, audited); the catalogue's events the server witnesses stored once each, with the
 * player, the time and the fields; the daily read in UTC+3; the pages' policy opened to Google's
 * tags only while an id is set and the player has not refused.
 */
let t: TestApp;
let manager: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  manager = await createStaffMember(t, 'manager');
}, 180_000);
afterAll(async () => {
  await t.close();
});

type Row = { user_id: number | null; event: string; properties: Record<string, unknown>; source_key: string | null };
const rows = async (event: string, userId?: number | null) =>
  queryRows<Row>(
    t.database.db,
    userId === undefined
      ? sql`select user_id, event, properties, source_key from analytics_events where event = ${event} order by id`
      : userId === null
        ? sql`select user_id, event, properties, source_key from analytics_events where event = ${event} and user_id is null order by id`
        : sql`select user_id, event, properties, source_key from analytics_events where event = ${event} and user_id = ${userId} order by id`,
  );

describe('the analytics ids', () => {
  it('are set in the back office, checked and audited, and answered by general info', async () => {
    const general = async () => ((await t.call('getgeneralinfo')).json.data as GeneralInfo).analytic;
    expect(await general()).toEqual({ ga_id: null, gtm_id: null });

    const wrong = await backoffice(t, 'settings/set', { body: { key: 'analyticGtmId', value: 'UA-12345-1' }, cookie: manager.cookie });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error?.fields).toEqual({ analyticGtmId: expect.stringContaining('GTM-') });
    const script = await backoffice(t, 'settings/set', { body: { key: 'analyticGaId', value: 'G-1");alert(1)//' }, cookie: manager.cookie });
    expect(Object.keys(script.json.error?.fields ?? {})).toEqual(['analyticGaId']);

    expect((await backoffice(t, 'settings/set', { body: { key: 'analyticGtmId', value: ' gtm-ab12cd ' }, cookie: manager.cookie })).status).toBe(200);
    expect((await backoffice(t, 'settings/set', { body: { key: 'analyticGaId', value: 'G-XYZ1234' }, cookie: manager.cookie })).status).toBe(200);
    expect(await general()).toEqual({ gtm_id: 'GTM-AB12CD', ga_id: 'G-XYZ1234' });
    const [audit] = await queryRows<{ actor: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select actor, before, after from operator_audit where subject = 'setting:analyticGtmId' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ before: { analyticGtmId: null }, after: { analyticGtmId: 'GTM-AB12CD' } });
  });

  it("open the pages' policy to Google's tags while an id is set, unless the player refused", async () => {
    const policy = async (cookie?: string) => {
      const response = await t.app.request('/_dev/mailbox', { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
      return response.headers.get('content-security-policy') ?? '';
    };
    const undecided = await policy();
    expect(undecided).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/\*\.googletagmanager\.com/);
    expect(undecided).toContain("connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com");
    // Styles stay strict: the tag adds no inline style.
    expect(undecided).toContain("style-src-attr 'none'");
    expect(await policy('analytics_consent=granted')).toContain('googletagmanager');
    expect(await policy('analytics_consent=denied')).not.toContain('google');

    await t.services.siteSettings.set('analyticGtmId', null);
    await t.services.siteSettings.set('analyticGaId', null);
    expect(await policy('analytics_consent=granted')).not.toContain('google');
  });
});

describe('the banner form without JavaScript', () => {
  it('stores the choice and sends the player back; refuses another site, another value and a foreign return address', async () => {
    const post = (body: Record<string, string>, origin = 'http://localhost') =>
      t.app.request('/consent', { method: 'POST', headers: { origin, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });
    const granted = await post({ choice: 'granted', return: '/fr/offers?x=1' });
    expect(granted.status).toBe(303);
    expect(granted.headers.get('location')).toBe('/fr/offers?x=1');
    expect(granted.headers.getSetCookie().find((cookie) => cookie.startsWith('analytics_consent='))).toMatch(/^analytics_consent=granted; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect((await post({ choice: 'denied', return: '//evil.example/' })).headers.get('location')).toBe('/');
    expect((await post({ choice: 'maybe' })).status).toBe(422);
    expect((await post({ choice: 'granted' }, 'https://evil.example')).status).toBe(403);
  });
});

describe('events the server witnesses', () => {
  it('a sign-up, sign-ins, a refused sign-in and a sign-out are stored with the player and the error code', async () => {
    const player = await registerPlayer(t, { tag: 'analytics' });
    await t.services.jobs.drain();
    expect(await rows('registration', player.uid)).toEqual([expect.objectContaining({ properties: { method: 'password' }, source_key: expect.stringMatching(/^outbox:\d+$/) })]);

    const refused = await t.call('login', { body: { login: player.email, password: 'wrong-one' } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const failures = await rows('login_failed', null);
    expect(failures.at(-1)).toMatchObject({ properties: { error: refused.json.error?.type } });

    const signedIn = await t.call('login', { body: { login: player.email, password: 'secret12' } });
    expect(signedIn.status).toBe(200);
    expect(await rows('login', player.uid)).toEqual([expect.objectContaining({ properties: { method: 'password' } })]);
    const cookie = signedIn.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    expect((await t.call('logout', { headers: { cookie } })).status).toBe(200);
    expect(await rows('logout', player.uid)).toHaveLength(1);
    // A guest's sign-out is no event.
    await t.call('logout');
    expect(await rows('logout')).toHaveLength(1);
  });

  it('a promo code that matches nothing, favourites, and a game opened', async () => {
    const player = await registerPlayer(t, { tag: 'promo' });
    const unknown = await t.call('campaigns/activateOffer', { body: { promo_code: 'NO-SUCH-CODE' }, headers: { cookie: player.cookie } });
    expect(unknown.json.error?.details?.code).toBe('NOT_FOUND');
    expect(await rows('promocode_not_found', player.uid)).toEqual([expect.objectContaining({ properties: { code: 'NO-SUCH-CODE' } })]);

    const [game] = await queryRows<{ sysname: string }>(t.database.db, sql`select sysname from games order by id limit 1`);
    expect((await t.call('games/addLike', { body: { sysname: game.sysname }, headers: { cookie: player.cookie } })).status).toBe(200);
    expect((await t.call('games/removeLike', { body: { sysname: game.sysname }, headers: { cookie: player.cookie } })).status).toBe(200);
    expect((await rows('favourite_add', player.uid)).map((row) => row.properties)).toEqual([{ game: game.sysname }]);
    expect((await rows('favourite_remove', player.uid)).map((row) => row.properties)).toEqual([{ game: game.sysname }]);
  });

  it('a credited deposit and a requested withdrawal come from the outbox, once each however often handled', async () => {
    const player = await registerPlayer(t, { tag: 'money' });
    const money = { transactionId: 1, currency: 'EUR', amount: '2500', account: 'main', balanceAfter: '2500', paymentId: 7, payment: 'p7' };
    await writeOutboxEvent(t.database.db, { type: 'cashier.deposit', userId: player.uid, payload: { ...money, status: 'success', method: 'card' } });
    await writeOutboxEvent(t.database.db, { type: 'cashier.withdrawal', userId: player.uid, payload: { ...money, amount: '1000', status: 'requested', method: 'sepa' } });
    await writeOutboxEvent(t.database.db, { type: 'cashier.withdrawal', userId: player.uid, payload: { ...money, amount: '1000', status: 'cancelled' } });
    await t.services.jobs.drain();
    expect((await rows('deposit', player.uid)).map((row) => row.properties)).toEqual([{ amount: '25.00', currency: 'EUR', method: 'card' }]);
    expect((await rows('withdrawal', player.uid)).map((row) => row.properties)).toEqual([{ amount: '10.00', currency: 'EUR', method: 'sepa' }]);

    // The same outbox event handled again (a retry after a crash) stores nothing twice.
    await t.database.db.execute(sql`update jobs set completed_at = null, run_at = now() where name = 'analytics.record'`);
    await t.services.jobs.drain();
    expect(await rows('deposit', player.uid)).toHaveLength(1);
  });

  it('maps only what the catalogue holds: a refused or malformed movement is no event', () => {
    expect(fromOutbox({ type: 'cashier.deposit', payload: { status: 'success', amount: '12', currency: 'EUR' } })).toEqual({ event: 'deposit', properties: { amount: '0.12', currency: 'EUR', method: 'unknown' } });
    expect(fromOutbox({ type: 'cashier.deposit', payload: { status: 'success', amount: '-1', currency: 'EUR' } })).toBeNull();
    expect(fromOutbox({ type: 'cashier.deposit', payload: { status: 'success', amount: '100', currency: 'XXX' } })).toBeNull();
    expect(fromOutbox({ type: 'cashier.withdrawal', payload: { status: 'approved', amount: '100', currency: 'EUR' } })).toBeNull();
    expect(fromOutbox({ type: 'game.bet', payload: { amount: '100', currency: 'EUR' } })).toBeNull();
  });
});

describe('the read for reports', () => {
  it('counts events and players per UTC+3 day: 22:30 UTC counts on the next day', async () => {
    await t.database.db.execute(sql`insert into analytics_events (user_id, event, occurred_at, properties) values
      (9001, 'login', '2025-12-31T20:59:00Z', '{}'), (9001, 'login', '2025-12-31T22:30:00Z', '{}'), (9002, 'login', '2026-01-01T10:00:00Z', '{}')`);
    const days = await t.services.analytics.daily(new Date('2025-12-31T00:00:00Z'), new Date('2026-01-02T00:00:00Z'));
    expect(days).toEqual([
      { date: '2025-12-31', event: 'login', count: 1, players: 1 },
      { date: '2026-01-01', event: 'login', count: 2, players: 2 },
    ]);
    const listed = await t.services.analytics.list({ from: new Date('2025-12-31T00:00:00Z'), to: new Date('2026-01-02T00:00:00Z'), userId: 9001 });
    expect(listed.map((event) => event.occurred_at)).toEqual(['2026-01-01T01:30:00.000+03:00', '2025-12-31T23:59:00.000+03:00']);
  });
});
