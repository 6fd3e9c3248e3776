import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { readDeviceId } from './index.ts';
import { createSeonStandIn, type SeonStandIn } from './seon-stand-in.ts';

/**
 * Device fingerprints (docs/devices.md): what a browser sends with a sign-up, a sign-in and a
 * deposit is kept on the sign-up, the session and the deposit, and a missing or malformed one
 * never stops the player. With SEON_API_KEY, SEON's fraud API scores each sign-up and deposit
 * (here a local stand-in speaking its shapes); SEON failing holds nobody up and is recorded.
 */

const API_KEY = 'seon-test-license-key';
const fingerprint = () => randomUUID().replaceAll('-', '');
const as = (who: TestPlayer) => ({ cookie: who.cookie, 'x-croupier-client-ip': who.ip });

async function startDeposit(t: TestApp, who: TestPlayer, body: Record<string, string>) {
  const answer = await t.call('cashier/makedeposit', { body: { method: 'card', amount: '25', ...body }, headers: as(who) });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as { transaction_id: string; redirect_url: string };
}

describe('fingerprints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const sessionsOf = (uid: number) => queryRows<{ device_id: string | null }>(t.database.db, sql`select device_id from sessions where user_id = ${uid} order by id`);

  it('keeps the sign-up\'s, each sign-in\'s and the deposit\'s fingerprint', async () => {
    const atSignUp = fingerprint();
    const who = await registerPlayer(t, { tag: 'fp-kept', device: atSignUp });
    const [user] = await queryRows<{ signup_device_id: string }>(t.database.db, sql`select signup_device_id from users where id = ${who.uid}`);
    expect(user.signup_device_id).toBe(atSignUp);
    const atSignIn = fingerprint();
    const login = await t.call('login', { body: { login: who.email, password: 'secret12', device_id: atSignIn }, headers: { 'x-croupier-client-ip': who.ip } });
    expect(login.status).toBe(200);
    expect((await sessionsOf(who.uid)).map((row) => row.device_id)).toEqual([atSignUp, atSignIn]);
    const { transaction_id } = await startDeposit(t, who, { device_id: atSignIn });
    const [payment] = await queryRows<{ device_id: string }>(t.database.db, sql`select device_id from payments where public_id = ${transaction_id}`);
    expect(payment.device_id).toBe(atSignIn);
  });

  it('signs up, signs in and deposits without one, or with one that is not printable or too long, keeping none', async () => {
    const none = await registerPlayer(t, { tag: 'fp-none' });
    expect(await sessionsOf(none.uid)).toEqual([{ device_id: null }]);
    for (const bad of ['has a space', 'x'.repeat(129), 'short', 'tab\u00e9accent-ok-not']) {
      const who = await registerPlayer(t, { tag: 'fp-bad', device: bad });
      expect(await sessionsOf(who.uid)).toEqual([{ device_id: null }]);
      const login = await t.call('login', { body: { login: who.email, password: 'secret12', device_id: bad }, headers: { 'x-croupier-client-ip': who.ip } });
      expect(login.status).toBe(200);
      await startDeposit(t, who, { device_id: bad });
    }
    expect(readDeviceId(fingerprint())).not.toBeNull();
  });

  it('says SEON is off in general info and queues no check without SEON_API_KEY', async () => {
    const info = await t.call('getgeneralinfo');
    expect((info.json.data as { is_seon_enabled: boolean }).is_seon_enabled).toBe(false);
    const who = await registerPlayer(t, { tag: 'fp-noseon', device: fingerprint() });
    await t.services.jobs.drain();
    expect(await t.services.seon.checksOf(who.uid)).toEqual([]);
  });
});

describe('SEON', () => {
  let t: TestApp;
  let seon: SeonStandIn;
  beforeAll(async () => {
    seon = createSeonStandIn({ apiKey: API_KEY });
    const { apiUrl } = await seon.start();
    t = await createTestApp({ SEON_API_KEY: API_KEY, SEON_API_URL: apiUrl, SEON_TIMEOUT_MS: '500' });
  });
  afterAll(async () => {
    await t.close();
    await seon.stop();
  });

  const lastRequest = () => seon.requests.at(-1)!;

  it('is on in general info, with the agent the pages load', async () => {
    const info = await t.call('getgeneralinfo');
    expect((info.json.data as { is_seon_enabled: boolean }).is_seon_enabled).toBe(true);
    expect(t.services.seon.agentUrl).toBe('https://cdn.seonintelligence.com/js/v6/agent.umd.js');
  });

  it('scores a sign-up and a deposit with what the site knows, and keeps the answers for the back office', async () => {
    const device = fingerprint();
    const email = `seon.${randomUUID()}@example.com`;
    const answer = await t.call('register', {
      body: { email, password: 'secret12', terms: '1', currency: 'EUR', device_id: device, seon_session: 'c2Vvbi1hZ2VudC1zZXNzaW9u' },
      headers: { 'x-croupier-client-ip': '10.91.0.1' },
    });
    expect(answer.status).toBe(200);
    const who: TestPlayer = { uid: (answer.json.data as { uid: number }).uid, cookie: answer.headers.getSetCookie().map((v) => v.split(';')[0]).join('; '), ip: '10.91.0.1', email };
    await t.services.jobs.drain();
    expect(lastRequest()).toMatchObject({ action_type: 'account_register', ip: '10.91.0.1', email, user_id: String(who.uid), device_id: device, session: 'c2Vvbi1hZ2VudC1zZXNzaW9u', transaction_id: `signup_${who.uid}` });
    expect(await t.services.seon.checksOf(who.uid)).toMatchObject([{ action: 'sign_up', status: 'scored', state: 'APPROVE', fraud_score: '10.00', error: null }]);

    const { transaction_id } = await startDeposit(t, who, { device_id: device });
    await t.services.jobs.drain();
    expect(lastRequest()).toMatchObject({ action_type: 'deposit', transaction_id, transaction_type: 'deposit', transaction_amount: 25, transaction_currency: 'EUR', payment_mode: 'card', device_id: device });
    expect(lastRequest()).not.toHaveProperty('session'); // no agent session came with this deposit
    const checks = await t.services.seon.checksOf(who.uid);
    expect(checks[0]).toMatchObject({ action: 'deposit', transaction_id, status: 'scored', state: 'REVIEW', fraud_score: '40.00', rules: [{ id: 'D001', name: 'No device data', score: 30 }] });
    // A job delivered twice records one check.
    await t.services.seon.check({ action: 'sign_up', userId: who.uid, ip: '10.91.0.1', deviceId: device, seonSession: null });
    expect(await t.services.seon.checksOf(who.uid)).toHaveLength(2);
  });

  it('lets the player through and records the failure when SEON is down, too slow or refuses the key', async () => {
    seon.state.down = true;
    try {
      const down = await registerPlayer(t, { tag: 'seon-down', device: fingerprint() });
      await t.services.jobs.drain();
      expect(await t.services.seon.checksOf(down.uid)).toMatchObject([{ status: 'failed', state: null, fraud_score: null, error: 'HTTP 503' }]);
      // The deposit goes on to the provider's page all the same.
      await startDeposit(t, down, {});
    } finally {
      seon.state.down = false;
    }
    seon.state.delayMs = 900;
    try {
      const slow = await registerPlayer(t, { tag: 'seon-slow' });
      await t.services.jobs.drain();
      expect(await t.services.seon.checksOf(slow.uid)).toMatchObject([{ status: 'failed', error: 'no answer within 500 ms' }]);
    } finally {
      seon.state.delayMs = 0;
    }
    const wrongKey = createSeonStandIn({ apiKey: 'another-key-entirely' });
    const { apiUrl } = await wrongKey.start();
    const other = await createTestApp({ SEON_API_KEY: API_KEY, SEON_API_URL: apiUrl });
    try {
      const refused = await registerPlayer(other, { tag: 'seon-key' });
      await other.services.jobs.drain();
      expect(await other.services.seon.checksOf(refused.uid)).toMatchObject([{ status: 'failed', error: 'HTTP 401: 2002 Invalid license key.' }]);
    } finally {
      await other.close();
      await wrongKey.stop();
    }
  });
});
