import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RiskRuleId } from '../../../contract/risk.ts';
import { queryRows } from '../../platform/db/database.ts';
import { registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';
import { createStaffMember } from '../../platform/testing/staff.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { studioCalls } from '../studio/test-support.ts';
import { toEuros } from './index.ts';

/**
 * The risk rules (docs/risk.md) on real events: deposits through the demo provider's page,
 * withdrawals asked for through the cashier, sign-ups, limit raises. Each rule fires on its case
 * and stays quiet on a near miss; an alert is raised once however often its event is delivered.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PSP_DEMO_SECRET: 'psp-test-secret-psp-test-secret-0123456' });
});
afterAll(async () => {
  await t.close();
});

const as = (who: TestPlayer) => ({ cookie: who.cookie, 'x-croupier-client-ip': who.ip });
const bank = (iban: string) => ({ method: 'bank_transfer', 'requisites[iban]': iban, 'requisites[account_holder]': 'Ann Smith' });

async function deposit(who: TestPlayer, amount: string, outcome: 'success' | 'fail' = 'success', extra: Record<string, string> = {}) {
  const started = await t.call('cashier/makedeposit', { body: { method: 'card', amount, ...extra }, headers: as(who) });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const { redirect_url } = started.json.data as { redirect_url: string };
  const form = new FormData();
  form.set('outcome', outcome);
  expect((await t.app.request(`${TEST_ORIGIN}${redirect_url}`, { method: 'POST', body: form })).status).toBe(303);
}

async function withdraw(who: TestPlayer, amount: string, iban = 'FR14 2004 1010 0505 0001 3M02 606') {
  const answer = await t.call('cashier/makewithdrawal', { body: { ...bank(iban), amount }, headers: as(who) });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json.data as { transaction_id: string }).transaction_id;
}

/** Real-money play against the casino: the stake leaves the main balance for the game house. */
async function stake(who: TestPlayer, amount: bigint) {
  await t.services.ledger.transfer({
    key: `test-bet:${randomUUID()}`,
    kind: 'game_bet',
    currency: 'EUR',
    legs: [
      { account: { player: who.uid, kind: 'main' }, amount: -amount },
      { account: { house: 'game_house' }, amount },
    ],
  });
}

async function win(who: TestPlayer, amount: bigint) {
  await t.services.ledger.transfer({
    key: `test-win:${randomUUID()}`,
    kind: 'game_win',
    currency: 'EUR',
    legs: [
      { account: { house: 'game_house' }, amount: -amount },
      { account: { player: who.uid, kind: 'main' }, amount },
    ],
  });
}

async function alertsOf(who: TestPlayer, rule?: RiskRuleId) {
  await t.services.jobs.drain();
  return (await t.services.risk.listAlerts({ userId: who.uid, rule }, { limit: 50, offset: 0 })).items;
}

describe('the rules', () => {
  it('a. a single deposit of 2,000 EUR or more, not 1,999', async () => {
    const big = await registerPlayer(t, { tag: 'risk-big' });
    await deposit(big, '2000');
    expect(await alertsOf(big, 'large_deposit')).toMatchObject([{ rule_id: 'large_deposit', details: { amount_eur: 2000, threshold_eur: 2000 } }]);
    const near = await registerPlayer(t, { tag: 'risk-near' });
    await deposit(near, '1999');
    expect(await alertsOf(near, 'large_deposit')).toEqual([]);
  });

  it('a. converts other currencies by the reference rates: 2,200 USD passes 2,000 EUR, 2,100 USD does not', async () => {
    const { rates } = await t.services.currencyRates.get();
    expect(toEuros(220_000n, 'USD', rates)).toBeGreaterThan(2000);
    expect(toEuros(210_000n, 'USD', rates)).toBeLessThan(2000);
    const over = await registerPlayer(t, { tag: 'risk-usd', currency: 'USD' });
    await deposit(over, '2200');
    expect((await alertsOf(over, 'large_deposit'))[0]).toMatchObject({ details: { currency: 'USD' } });
    const under = await registerPlayer(t, { tag: 'risk-usd-near', currency: 'USD' });
    await deposit(under, '2100');
    expect(await alertsOf(under, 'large_deposit')).toEqual([]);
  });

  it('b. deposits over 30 days crossing 10,000 EUR raise it once, on the crossing deposit', async () => {
    const who = await registerPlayer(t, { tag: 'risk-30d' });
    for (let i = 0; i < 4; i++) await deposit(who, '2499');
    expect(await alertsOf(who, 'deposits_30d')).toEqual([]); // 9,996: a near miss
    await deposit(who, '10');
    await deposit(who, '10');
    const alerts = await alertsOf(who, 'deposits_30d');
    expect(alerts).toHaveLength(1);
    expect(alerts[0].details).toMatchObject({ total_eur: 10_006, deposits: 5, days: 30 });
  });

  it('c. a withdrawal after a deposit wagered less than once; none once it was wagered 1x', async () => {
    const quick = await registerPlayer(t, { tag: 'risk-turnover' });
    await deposit(quick, '100');
    await stake(quick, 9_999n); // 99.99 of 100
    await win(quick, 8_000n);
    const withdrawal = await withdraw(quick, '50');
    expect(await alertsOf(quick, 'low_turnover_withdrawal')).toMatchObject([{ details: { withdrawal, wagered: '9999', deposit_amount: '10000' } }]);
    const played = await registerPlayer(t, { tag: 'risk-played' });
    await deposit(played, '100');
    await stake(played, 10_000n);
    await win(played, 8_000n);
    await withdraw(played, '50');
    expect(await alertsOf(played, 'low_turnover_withdrawal')).toEqual([]);
  });

  it('d. five failed deposits within an hour, not four', async () => {
    const who = await registerPlayer(t, { tag: 'risk-failed' });
    for (let i = 0; i < 4; i++) await deposit(who, '20', 'fail');
    expect(await alertsOf(who, 'failed_deposits')).toEqual([]);
    await deposit(who, '20', 'fail');
    await deposit(who, '20', 'fail'); // a sixth joins the same run: no second alert
    expect(await alertsOf(who, 'failed_deposits')).toMatchObject([{ details: { failed: 5, minutes: 60 } }]);
  });

  it('e. a sign-up from a self-excluded player\'s address, or a withdrawal to their IBAN; not from a player in a mere time-out', async () => {
    const excluded = await registerPlayer(t, { tag: 'risk-excluded' });
    await deposit(excluded, '100');
    await withdraw(excluded, '20', 'DE89 3704 0044 0532 0130 00');
    await t.services.responsibleGaming.exclude({ userId: excluded.uid, currency: 'EUR' }, { kind: 'self_exclusion', length: '6m', confirm: true }, 'en');
    const pause = await registerPlayer(t, { tag: 'risk-timeout' });
    await t.services.responsibleGaming.exclude({ userId: pause.uid, currency: 'EUR' }, { kind: 'time_out', length: '24h', confirm: true }, 'en');

    const register = async (ip: string) => {
      const answer = await t.call('register', { body: { email: `risk.linked.${randomUUID()}@example.com`, password: 'secret12', terms: '1', currency: 'EUR' }, headers: { 'x-croupier-client-ip': ip } });
      expect(answer.status).toBe(200);
      return { uid: (answer.json.data as { uid: number }).uid, cookie: answer.headers.getSetCookie().map((value) => value.split(';')[0]).join('; '), ip, email: '' } satisfies TestPlayer;
    };
    const sameAddress = await register(excluded.ip);
    expect(await alertsOf(sameAddress, 'linked_to_excluded')).toMatchObject([{ details: { excluded_player: excluded.uid, by: 'address' } }]);
    const besidePause = await register(pause.ip);
    expect(await alertsOf(besidePause, 'linked_to_excluded')).toEqual([]);

    const sameIban = await registerPlayer(t, { tag: 'risk-iban' });
    await deposit(sameIban, '100');
    await withdraw(sameIban, '20', 'DE89370400440532013000');
    expect(await alertsOf(sameIban, 'linked_to_excluded')).toMatchObject([{ details: { excluded_player: excluded.uid, by: 'requisites' } }]);
    const otherIban = await registerPlayer(t, { tag: 'risk-other-iban' });
    await deposit(otherIban, '100');
    await withdraw(otherIban, '20', 'GB82 WEST 1234 5698 7654 32');
    expect(await alertsOf(otherIban, 'linked_to_excluded')).toEqual([]);
  });

  it('f. three limit raises within 24 hours, not two', async () => {
    const who = await registerPlayer(t, { tag: 'risk-limits' });
    const player = { userId: who.uid, currency: 'EUR' };
    await t.services.responsibleGaming.setLimit(player, { kind: 'loss', period: 'day', amount: '50' }, 'en');
    await t.services.responsibleGaming.setLimit(player, { kind: 'loss', period: 'day', amount: '100' }, 'en');
    await t.services.responsibleGaming.setLimit(player, { kind: 'wager', period: 'week', amount: '100' }, 'en'); // new: not a raise
    await t.services.responsibleGaming.setLimit(player, { kind: 'loss', period: 'day', amount: '200' }, 'en');
    expect(await alertsOf(who, 'rapid_limit_increases')).toEqual([]);
    await t.services.payments.setDepositLimit({ uid: who.uid, currency: 'EUR' } as never, { period: 'day', amount: '100' }, 'en');
    await t.services.payments.setDepositLimit({ uid: who.uid, currency: 'EUR' } as never, { period: 'day', amount: '500' }, 'en');
    expect(await alertsOf(who, 'rapid_limit_increases')).toMatchObject([{ details: { raises: 3, hours: 24 } }]);
  });

  it('g. three accounts withdrawing to one IBAN, not two', async () => {
    const iban = 'NL91ABNA0417164300';
    const players = [await registerPlayer(t, { tag: 'risk-mule-1' }), await registerPlayer(t, { tag: 'risk-mule-2' }), await registerPlayer(t, { tag: 'risk-mule-3' })];
    for (const who of players.slice(0, 2)) {
      await deposit(who, '100');
      await withdraw(who, '20', iban);
    }
    expect(await alertsOf(players[1], 'shared_requisites')).toEqual([]);
    await deposit(players[2], '100');
    await withdraw(players[2], '20', iban);
    expect(await alertsOf(players[2], 'shared_requisites')).toMatchObject([{ details: { accounts: 3 } }]);
  });
});

describe('the rule on postal addresses', () => {
  const saveAddress = async (who: TestPlayer, address: string, postcode: string) => {
    const answer = await t.call('saveProfileInfo', { body: { address, postcode }, headers: as(who) });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  };

  it('k. three accounts at one postal address however typed, raised by a deposit; not two, nor a neighbour', async () => {
    const street = `${Math.floor(Math.random() * 9000) + 1000} Rue Lepic`;
    const [first, second, third, neighbour] = [
      await registerPlayer(t, { tag: 'risk-address-1' }),
      await registerPlayer(t, { tag: 'risk-address-2' }),
      await registerPlayer(t, { tag: 'risk-address-3' }),
      await registerPlayer(t, { tag: 'risk-address-4' }),
    ];
    await saveAddress(first, street, '75018');
    await saveAddress(second, `  ${street.toUpperCase()}. `, '75018');
    await deposit(second, '20');
    expect(await alertsOf(second, 'shared_address')).toEqual([]); // two accounts: a near miss
    await saveAddress(neighbour, street.replace('Rue', 'Rue bis'), '75018');
    await deposit(neighbour, '20');
    expect(await alertsOf(neighbour, 'shared_address')).toEqual([]);
    await saveAddress(third, street.replace(' ', ', '), '75018');
    await deposit(third, '20');
    expect(await alertsOf(third, 'shared_address')).toMatchObject([{ details: { accounts: 3, players: [first.uid, second.uid], address: `${street.toLowerCase()}|75018` } }]);
    // The next deposit of the same player at the same address raises nothing new.
    await deposit(third, '20');
    expect(await alertsOf(third, 'shared_address')).toHaveLength(1);
  });
});

describe('the rules on devices', () => {
  const device = () => `fp${randomUUID().replaceAll('-', '')}`;
  const signIn = async (who: TestPlayer, deviceId: string) => {
    const answer = await t.call('login', { body: { login: who.email, password: 'secret12', device_id: deviceId }, headers: { 'x-croupier-client-ip': who.ip } });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return { ...who, cookie: answer.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ') };
  };

  it('i. three accounts seen with one device fingerprint, by sign-up or by a sign-in and a deposit; not two', async () => {
    const shared = device();
    const first = await registerPlayer(t, { tag: 'risk-device-1', device: shared });
    const second = await registerPlayer(t, { tag: 'risk-device-2', device: shared });
    expect(await alertsOf(second, 'shared_device')).toEqual([]); // two accounts: a near miss
    const third = await registerPlayer(t, { tag: 'risk-device-3', device: shared });
    expect(await alertsOf(third, 'shared_device')).toMatchObject([{ details: { device: shared, accounts: 3, players: [first.uid, second.uid] } }]);

    // A fourth signs up elsewhere, then signs in and deposits from the same browser.
    const later = await signIn(await registerPlayer(t, { tag: 'risk-device-4' }), shared);
    expect(await alertsOf(later, 'shared_device')).toEqual([]);
    await deposit(later, '20', 'success', { device_id: shared });
    expect(await alertsOf(later, 'shared_device')).toMatchObject([{ details: { device: shared, accounts: 4 } }]);

    const pair = device();
    await registerPlayer(t, { tag: 'risk-pair-1', device: pair });
    const other = await registerPlayer(t, { tag: 'risk-pair-2', device: pair });
    await deposit(other, '20', 'success', { device_id: pair });
    expect(await alertsOf(other, 'shared_device')).toEqual([]);
  });

  it('j. one welcome offer taken by a second account from one device; not by one that deposited without it, nor from another device', async () => {
    const [{ id: welcome }] = await queryRows<{ id: number }>(t.database.db, sql`select id from campaigns where sysname = 'welcome-bonus'`);
    const shared = device();
    const offer = { device_id: shared, campaign_offer_id: String(welcome) };
    const first = await registerPlayer(t, { tag: 'risk-offer-1', device: shared });
    await deposit(first, '20', 'success', offer);
    expect(await alertsOf(first, 'offer_per_device')).toEqual([]);
    const plain = await registerPlayer(t, { tag: 'risk-offer-plain', device: shared });
    await deposit(plain, '20', 'success', { device_id: shared }); // same device, no offer: a near miss
    expect(await alertsOf(plain, 'offer_per_device')).toEqual([]);
    const elsewhere = await registerPlayer(t, { tag: 'risk-offer-elsewhere', device: device() });
    await deposit(elsewhere, '20', 'success', { device_id: device(), campaign_offer_id: String(welcome) }); // the offer from another device
    expect(await alertsOf(elsewhere, 'offer_per_device')).toEqual([]);
    const again = await registerPlayer(t, { tag: 'risk-offer-2', device: shared });
    await deposit(again, '20', 'success', offer);
    expect(await alertsOf(again, 'offer_per_device')).toMatchObject([{ details: { device: shared, campaign: welcome, accounts: 2, players: [first.uid] } }]);
  });

  it('e. by device: a sign-up from a browser a self-excluded player used; not one a player in a time-out used, nor with the switch off', async () => {
    const excludedDevice = device();
    const excluded = await registerPlayer(t, { tag: 'risk-dev-excluded', device: excludedDevice });
    await t.services.responsibleGaming.exclude({ userId: excluded.uid, currency: 'EUR' }, { kind: 'self_exclusion', length: '6m', confirm: true }, 'en');
    const pauseDevice = device();
    const pause = await registerPlayer(t, { tag: 'risk-dev-timeout', device: pauseDevice });
    await t.services.responsibleGaming.exclude({ userId: pause.uid, currency: 'EUR' }, { kind: 'time_out', length: '24h', confirm: true }, 'en');

    const again = await registerPlayer(t, { tag: 'risk-dev-again', device: excludedDevice });
    expect(await alertsOf(again, 'linked_to_excluded')).toMatchObject([{ details: { excluded_player: excluded.uid, by: 'device', shared: excludedDevice } }]);
    const besidePause = await registerPlayer(t, { tag: 'risk-dev-beside', device: pauseDevice });
    expect(await alertsOf(besidePause, 'linked_to_excluded')).toEqual([]);

    const compliance = await createStaffMember(t, 'compliance');
    await t.services.risk.updateRule('linked_to_excluded', { thresholds: { by_address: true, by_requisites: true, by_device: false } }, compliance.id, 'en');
    try {
      const switchedOff = await registerPlayer(t, { tag: 'risk-dev-off', device: excludedDevice });
      expect(await alertsOf(switchedOff, 'linked_to_excluded')).toEqual([]);
    } finally {
      await t.services.risk.updateRule('linked_to_excluded', { thresholds: { by_address: true, by_requisites: true, by_device: true } }, compliance.id, 'en');
    }
  });
});

describe('the rules on play', () => {
  it('h. a withdrawal after a return far above the game\'s declared RTP, over enough rounds; not one round fewer', async () => {
    const { launch, play } = studioCalls(() => t);
    const compliance = await createStaffMember(t, 'compliance');
    await t.services.risk.updateRule('player_rtp_outlier', { thresholds: { days: 30, min_rounds: 50, margin_points: 5 } }, compliance.id, 'en');
    // The game is said to return 50%; cash-outs at 1.01x return about 99% with little spread,
    // far more than luck gives on a 50% game.
    const [{ rtp }] = await queryRows<{ rtp: string }>(t.database.db, sql`select rtp from games where sysname = 'croupier-limbo'`);
    await t.database.db.execute(sql`update games set rtp = '50.00' where sysname = 'croupier-limbo'`);
    try {
      const playRounds = async (who: TestPlayer, rounds: number) => {
        await deposit(who, '100');
        const session = await launch(who, 'croupier-limbo', 'real');
        for (let index = 0; index < rounds; index++) {
          const round = await play(who, session.token, { amount: '1.00', target: 101 });
          expect(round.status, JSON.stringify(round.error)).toBe(200);
        }
      };
      const lucky = await registerPlayer(t, { tag: 'risk-rtp' });
      await playRounds(lucky, 50);
      const withdrawal = await withdraw(lucky, '20');
      const [alert, ...more] = await alertsOf(lucky, 'player_rtp_outlier');
      expect(more).toEqual([]);
      expect(alert.details).toMatchObject({ withdrawal, game: 'croupier-limbo', currency: 'EUR', rounds: 50, declared: '50.00', days: 30 });
      expect(Number(alert.details.measured)).toBeGreaterThan(85);
      expect(Number(alert.details.low)).toBeGreaterThan(50);

      const fewer = await registerPlayer(t, { tag: 'risk-rtp-near' });
      await playRounds(fewer, 49);
      await withdraw(fewer, '20');
      expect(await alertsOf(fewer, 'player_rtp_outlier')).toEqual([]);
    } finally {
      await t.database.db.execute(sql`update games set rtp = ${rtp} where sysname = 'croupier-limbo'`);
    }
  });
});

describe('alerts and cases', () => {
  it('raises one alert per rule and fact, whatever the redeliveries, and gathers a player\'s alerts in one open case', async () => {
    const who = await registerPlayer(t, { tag: 'risk-once' });
    await deposit(who, '2600');
    await deposit(who, '2600');
    const alerts = await alertsOf(who);
    expect(alerts.map((alert) => alert.rule_id)).toEqual(['large_deposit', 'large_deposit']);
    expect(new Set(alerts.map((alert) => alert.case_id)).size).toBe(1);
    // The same events delivered again (a retried job): nothing new.
    const events = await queryRows<{ id: number; type: string; user_id: number; payload: Record<string, unknown>; created_at: Date }>(t.database.db, sql`select * from outbox_events where user_id = ${who.uid}`);
    await t.database.db.transaction(async (tx) => {
      for (const event of events) await t.services.risk.evaluate(tx, { id: event.id, type: event.type, userId: event.user_id, payload: event.payload, createdAt: new Date(event.created_at) });
    });
    expect(await alertsOf(who)).toHaveLength(2);
    const cases = await t.services.risk.listCases({ userId: who.uid }, { limit: 10, offset: 0 });
    expect(cases.items).toMatchObject([{ status: 'open', alerts: 2, rules: ['large_deposit'], holds_withdrawals: false }]);
  });

  it('a disabled rule raises nothing; thresholds changed take effect on the next event', async () => {
    const [compliance] = await queryRows<{ id: number }>(t.database.db, sql`insert into staff_members (email, display_name, role) values (${`rules.${randomUUID()}@example.com`}, 'Rules', 'compliance') returning id`);
    await t.services.risk.updateRule('large_deposit', { enabled: false }, compliance.id, 'en');
    const off = await registerPlayer(t, { tag: 'risk-off' });
    await deposit(off, '3000');
    expect(await alertsOf(off, 'large_deposit')).toEqual([]);
    await t.services.risk.updateRule('large_deposit', { enabled: true, thresholds: { amount_eur: 500 } }, compliance.id, 'en');
    const low = await registerPlayer(t, { tag: 'risk-low' });
    await deposit(low, '600');
    expect(await alertsOf(low, 'large_deposit')).toHaveLength(1);
    await t.services.risk.updateRule('large_deposit', { thresholds: { amount_eur: 2000 } }, compliance.id, 'en');
  });
});
