import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_METHOD_RULES, type PaymentMethodRules } from '../../../contract/payment-method-rules.ts';
import { queryRows } from '../../platform/db/database.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { backoffice, createStaffMember } from '../../platform/testing/staff.ts';

/** The operator's payment method rules (decision 038, docs/payments.md "Method rules"). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PSP_DEMO_SECRET: 'psp-test-secret-psp-test-secret-0123456' });
}, 180_000);
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.services.siteSettings.set('paymentMethodRules', NO_METHOD_RULES);
});

let counter = 0;
type Client = { cookie: string; ip: string; uid: number };

async function player(currency = 'EUR', country: string | null = 'FR'): Promise<Client> {
  const ip = `10.19.${Math.floor(++counter / 250)}.${counter % 250}`;
  const answer = await t.call('register', {
    body: { email: `rules.${Date.now()}.${counter}@example.com`, password: 'secret12', terms: '1', currency },
    headers: { 'x-croupier-client-ip': ip },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const cookie = answer.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  const uid = (answer.json.data as { uid: number }).uid;
  await t.database.db.execute(sql`update users set country_code = ${country} where id = ${uid}`);
  return { cookie, ip, uid };
}

const call = (who: Client, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) =>
  t.call(method, { ...options, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });

/** Sets the rules as an operator would type them (checked by the setting's schema). */
const rules = (value: { methods?: unknown[]; withdrawBySameMethod?: PaymentMethodRules['withdrawBySameMethod'] }) =>
  t.services.siteSettings.set('paymentMethodRules', { ...NO_METHOD_RULES, ...value } as PaymentMethodRules);

type Method = { sysname: string; min: { amount: string }; max: { amount: string } };
const methodsOf = async (who: Client, direction: 'deposit' | 'withdraw') =>
  ((await call(who, `cashier/get${direction}settings`)).json.data as { methods: Method[] }).methods;

const skrillWallet = { 'requisites[wallet_email]': 'ann@example.com' };
const bank = { 'requisites[iban]': 'FR14 2004 1010 0505 0001 3M02 606', 'requisites[account_holder]': "Ann O'Neil" };

/** A successful deposit by this method, paid on the demo provider's page. */
async function deposit(who: Client, method: string, amount: string) {
  const started = await call(who, 'cashier/makedeposit', { body: { method, amount, ...(method === 'skrill' ? skrillWallet : {}) } });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const { redirect_url } = started.json.data as { redirect_url: string };
  const form = new FormData();
  form.set('outcome', 'success');
  expect((await t.app.request(`${TEST_ORIGIN}${redirect_url}`, { method: 'POST', body: form })).status).toBe(303);
}

const withdraw = (who: Client, method: 'bank_transfer' | 'skrill', amount: string) =>
  call(who, 'cashier/makewithdrawal', { body: { method, amount, ...(method === 'skrill' ? skrillWallet : bank) } });

const paymentsOf = async (uid: number) => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from payments where user_id = ${uid}`))[0].n;

describe('countries and currencies', () => {
  it('hides a method from a country not allowed and refuses it naming method, nothing written', async () => {
    await rules({ methods: [{ direction: 'deposit', method: 'sepa', countries: ['DE', 'AT'], excludedCountries: [], currencies: [], limits: [] }] });
    const french = await player('EUR', 'FR');
    expect((await methodsOf(french, 'deposit')).map((method) => method.sysname)).toEqual(['card', 'skrill']);
    const refused = await call(french, 'cashier/makedeposit', { body: { method: 'sepa', amount: '50' } });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { method: 'This payment method is not available in your country' } });
    expect(await paymentsOf(french.uid)).toBe(0);
    // A player whose country is not known is not offered a method kept to some countries.
    const unknown = await player('EUR', null);
    expect((await methodsOf(unknown, 'deposit')).map((method) => method.sysname)).not.toContain('sepa');
    // An allowed country gets it.
    const german = await player('EUR', 'DE');
    expect((await methodsOf(german, 'deposit')).map((method) => method.sysname)).toEqual(['card', 'sepa', 'skrill']);
    expect((await call(german, 'cashier/makedeposit', { body: { method: 'sepa', amount: '50' } })).status).toBe(200);
  });

  it('refuses an excluded country even with no allow list, for withdrawals too', async () => {
    await rules({ methods: [{ direction: 'withdrawal', method: 'skrill', countries: [], excludedCountries: ['FR'], currencies: [], limits: [] }] });
    const french = await player('EUR', 'FR');
    await deposit(french, 'card', '100');
    expect((await methodsOf(french, 'withdraw')).map((method) => method.sysname)).toEqual(['bank_transfer']);
    const refused = await withdraw(french, 'skrill', '50');
    expect(refused.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { method: 'This payment method is not available in your country' } });
    const other = await player('EUR', 'BE');
    expect((await methodsOf(other, 'withdraw')).map((method) => method.sysname)).toEqual(['bank_transfer', 'skrill']);
  });

  it('hides a method from a currency not allowed and refuses it naming method, in the player’s language', async () => {
    await rules({ methods: [{ direction: 'deposit', method: 'skrill', countries: [], excludedCountries: [], currencies: ['EUR', 'USD'], limits: [] }] });
    const pounds = await player('GBP', 'GB');
    expect((await methodsOf(pounds, 'deposit')).map((method) => method.sysname)).toEqual(['card', 'sepa']);
    const refused = await call(pounds, 'cashier/makedeposit', { body: { method: 'skrill', amount: '50', ...skrillWallet } });
    expect(refused.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { method: 'This payment method is not available in GBP' } });
    const french = await call(pounds, 'cashier/makedeposit', { query: { locale: 'fr' }, body: { method: 'skrill', amount: '50', ...skrillWallet } });
    expect(french.json.error?.fields).toEqual({ method: "Ce moyen de paiement n'est pas disponible en GBP" });
    const euros = await player('EUR', 'GB');
    expect((await methodsOf(euros, 'deposit')).map((method) => method.sysname)).toContain('skrill');
  });
});

describe('bounds per currency', () => {
  const bounded = { methods: [{ direction: 'deposit', method: 'card', countries: [], excludedCountries: [], currencies: [], limits: [{ currency: 'USD', min: 25, max: 400 }] }] };

  it('shows the currency’s bounds in the settings answer and keeps the built-in ones elsewhere', async () => {
    await rules(bounded);
    const dollars = await player('USD', 'US');
    expect((await methodsOf(dollars, 'deposit')).find((method) => method.sysname === 'card')).toMatchObject({ min: { amount: '25.00' }, max: { amount: '400.00' } });
    const euros = await player('EUR');
    expect((await methodsOf(euros, 'deposit')).find((method) => method.sysname === 'card')).toMatchObject({ min: { amount: '10.00' }, max: { amount: '5000.00' } });
  });

  it.each([['24'], ['401']])('refuses a deposit of %s outside them with the cashier’s message', async (amount) => {
    await rules(bounded);
    const dollars = await player('USD', 'US');
    const answer = await call(dollars, 'cashier/makedeposit', { body: { method: 'card', amount } });
    expect(answer.status).toBe(422);
    expect(answer.json.error?.fields).toEqual({ amount: 'Enter a whole amount from $25.00 to $400.00' });
    expect(await paymentsOf(dollars.uid)).toBe(0);
    expect((await call(dollars, 'cashier/makedeposit', { body: { method: 'card', amount: amount === '24' ? '25' : '400' } })).status).toBe(200);
  });

  it('checks withdrawals below the minimum and above the maximum too', async () => {
    await rules({ methods: [{ direction: 'withdrawal', method: 'bank_transfer', countries: [], excludedCountries: [], currencies: [], limits: [{ currency: 'EUR', min: 50, max: 150 }] }] });
    const who = await player();
    await deposit(who, 'card', '500');
    expect((await methodsOf(who, 'withdraw')).find((method) => method.sysname === 'bank_transfer')).toMatchObject({ min: { amount: '50.00' }, max: { amount: '150.00' } });
    for (const amount of ['49', '151']) {
      const answer = await withdraw(who, 'bank_transfer', amount);
      expect(answer.json.error?.fields).toEqual({ amount: 'Enter a whole amount from €50.00 to €150.00' });
    }
    expect((await withdraw(who, 'bank_transfer', '150')).status).toBe(200);
  });
});

describe('withdraw by the method you deposited with', () => {
  it('refuses another method than the deposits’ while the setting is on, naming method', async () => {
    await rules({ withdrawBySameMethod: { enabled: true, days: 90 } });
    const who = await player();
    await deposit(who, 'skrill', '200');
    const refused = await withdraw(who, 'bank_transfer', '50');
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { method: 'Withdraw by the method you deposited with: Skrill' }, details: { methods: ['skrill'] } });
    expect((await withdraw(who, 'skrill', '50')).status).toBe(200);
    // A SEPA deposit opens the bank transfer too.
    await deposit(who, 'sepa', '100');
    expect((await withdraw(who, 'bank_transfer', '50')).status).toBe(200);
  });

  it('allows any method when the setting is off, or when no deposit of the period can be paid back along its method', async () => {
    await rules({ withdrawBySameMethod: { enabled: false, days: 90 } });
    const who = await player();
    await deposit(who, 'skrill', '200');
    expect((await withdraw(who, 'bank_transfer', '50')).status).toBe(200);

    await rules({ withdrawBySameMethod: { enabled: true, days: 90 } });
    // Cards: no withdrawal method pays back to a card, so a card depositor is not held to one.
    const card = await player();
    await deposit(card, 'card', '100');
    expect((await withdraw(card, 'bank_transfer', '30')).status).toBe(200);
    expect((await withdraw(card, 'skrill', '30')).status).toBe(200);
    // Deposits older than the period do not count.
    const old = await player();
    await deposit(old, 'skrill', '100');
    await t.database.db.execute(sql`update payments set created_at = now() - interval '91 days' where user_id = ${old.uid} and direction = 'deposit'`);
    expect((await withdraw(old, 'bank_transfer', '30')).status).toBe(200);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });
});

describe('the setting', () => {
  it('is refused when malformed, naming its key', async () => {
    await expect(rules({ methods: [{ direction: 'deposit', method: 'card', countries: ['france'], excludedCountries: [], currencies: [], limits: [] }] })).rejects.toThrow();
    await expect(rules({ methods: [{ direction: 'deposit', method: 'card', countries: [], excludedCountries: [], currencies: [], limits: [{ currency: 'EUR', min: 50, max: 10 }] }] })).rejects.toThrow();
    const twice = { direction: 'deposit', method: 'card', countries: [], excludedCountries: [], currencies: [], limits: [] };
    await expect(rules({ methods: [twice, twice] })).rejects.toThrow();
  });

  it('is written from the back office, audited, and read by the cashier at once', async () => {
    const manager = await createStaffMember(t, 'manager');
    const analyst = await createStaffMember(t, 'analyst');
    const value = { methods: [{ direction: 'deposit', method: 'sepa', countries: ['DE'], limits: [{ currency: 'EUR', min: 30, max: 900 }] }], withdrawBySameMethod: { enabled: true, days: 30 } };
    expect((await backoffice(t, 'settings/set', { body: { key: 'paymentMethodRules', value }, cookie: analyst.cookie })).status).toBe(403);
    const bad = await backoffice(t, 'settings/set', { body: { key: 'paymentMethodRules', value: { methods: [{ direction: 'sideways', method: 'card' }] } }, cookie: manager.cookie });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error?.fields ?? {})).toEqual(['paymentMethodRules']);

    const audits = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from operator_audit where subject = 'setting:paymentMethodRules'`))[0].n;
    const before = await audits();
    const set = await backoffice(t, 'settings/set', { body: { key: 'paymentMethodRules', value }, cookie: manager.cookie });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(await audits()).toBe(before + 1);
    const [row] = await queryRows<{ action: string; actor: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      t.database.db,
      sql`select action, actor, before, after from operator_audit where subject = 'setting:paymentMethodRules' order by id desc limit 1`,
    );
    const stored = {
      methods: [{ direction: 'deposit', method: 'sepa', countries: ['DE'], excludedCountries: [], currencies: [], limits: [{ currency: 'EUR', min: 30, max: 900 }] }],
      withdrawBySameMethod: { enabled: true, days: 30 },
    };
    expect(row).toMatchObject({ action: 'settings.set', actor: `staff:${manager.id} ${manager.email}`, before: { paymentMethodRules: NO_METHOD_RULES }, after: { paymentMethodRules: stored } });
    expect(((await backoffice(t, 'settings/get', { cookie: analyst.cookie })).json.data as { values: Record<string, unknown> }).values.paymentMethodRules).toEqual(stored);

    const german = await player('EUR', 'DE');
    expect((await methodsOf(german, 'deposit')).find((method) => method.sysname === 'sepa')).toMatchObject({ min: { amount: '30.00' }, max: { amount: '900.00' } });
    const french = await player('EUR', 'FR');
    expect((await methodsOf(french, 'deposit')).map((method) => method.sysname)).not.toContain('sepa');
  });
});
