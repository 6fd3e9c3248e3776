import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAGERING_WEIGHTS, type BonusView, type CampaignView } from '../../../contract/promotions.ts';
import { queryRows } from '../../platform/db/database.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';
import { campaigns, playerBonuses } from '../../db/schema.ts';

/**
 * The promotions journey through the API, as a player lives it: a promo code, a deposit with its
 * offer, bonus money played through the wallet until it is wagered or lost (docs/promotions.md).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PSP_DEMO_SECRET: 'psp-test-secret-psp-test-secret-0123456' });
});
afterAll(async () => {
  await t.close();
});

const call = (who: TestPlayer | null, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) =>
  t.call(method, { ...options, headers: who ? { cookie: who.cookie, 'x-croupier-client-ip': who.ip } : {} });

type Balances = { balance_main: { amount: string }; balance_bonus: { amount: string } };
const balances = async (who: TestPlayer) => {
  const data = (await call(who, 'getBalance')).json.data as Balances;
  return { main: data.balance_main.amount, bonus: data.balance_bonus.amount };
};

const campaignId = async (sysname: string) => (await t.database.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.sysname, sysname)))[0].id;

/** A deposit through the demo provider's page, paid, with the offer chosen (-1: none). */
async function deposit(who: TestPlayer, amount: string, offer = -1) {
  const started = await call(who, 'cashier/makedeposit', { body: { method: 'card', amount, campaign_offer_id: String(offer) } });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const { redirect_url } = started.json.data as { redirect_url: string };
  const form = new FormData();
  form.set('outcome', 'success');
  expect((await t.app.request(`${TEST_ORIGIN}${redirect_url}`, { method: 'POST', body: form })).status).toBe(303);
  // The offer's bonus is granted by the deposit event's handler.
  await t.services.jobs.drain();
}

/** Rounds on one real-money session of a game, as its provider plays them. */
async function table(who: TestPlayer, game = 'golden-croupier') {
  const session = await t.services.wallet.openSession({ game, mode: 'real', userId: who.uid }, 'en');
  const provider = game === 'lantern-tide' ? 'lanternfish' : 'croupier';
  const base = () => ({ provider, request_uuid: randomUUID(), user: session.token, game, currency: session.currency });
  const bet = async (amount: number) => {
    const transaction = randomUUID();
    const answer = await t.services.wallet.handle('bet', { ...base(), transaction_uuid: transaction, round_id: `r-${transaction}`, amount });
    return { transaction, answer };
  };
  const win = (betId: string, amount: number) =>
    t.services.wallet.handle('win', { ...base(), transaction_uuid: randomUUID(), reference_transaction_uuid: betId, round_id: `r-${betId}`, amount });
  return { bet, win };
}

const bonuses = async (who: TestPlayer, status = 'all') => (await call(who, 'bonuses/get', { query: { status } })).json.data as { items: BonusView[]; total: number };

async function ledgerHolds() {
  expect((await t.services.ledger.verify()).problems).toEqual([]);
}

describe('campaigns', () => {
  it('lists the running campaigns of a placement for guests, with eligibility for a player', async () => {
    const answer = await call(null, 'campaigns/getoffers', { query: { placement: 'promotions' } });
    const items = (answer.json.data as { items: CampaignView[] }).items;
    expect(items.map((item) => item.sysname)).toContain('welcome-bonus');
    expect(items.every((item) => item.eligibility === null)).toBe(true);
    const welcome = items.find((item) => item.sysname === 'welcome-bonus')!;
    expect(welcome.reward).toMatchObject({ type: 'deposit_match', percent: 100, cap: '100.00', min_deposit: '10.00', wagering: 10 });

    const who = await registerPlayer(t, { tag: 'offers' });
    const mine = ((await call(who, 'campaigns/getoffers', { query: { trigger: 'deposit' } })).json.data as { items: CampaignView[] }).items;
    expect(mine.find((item) => item.sysname === 'welcome-bonus')?.eligibility).toEqual({ eligible: true, reason: null });
    // The WELCOME code's offer waits for the code; the reload waits for a first deposit.
    expect(mine.find((item) => item.sysname === 'welcome-code')?.eligibility).toEqual({ eligible: false, reason: 'audience' });
    expect(mine.find((item) => item.sysname === 'weekend-reload')?.eligibility).toEqual({ eligible: false, reason: 'audience' });
  });

  it('answers French texts under the French locale', async () => {
    const answer = await t.call('campaigns/getoffers', { query: { sysname: 'weekly-cashback', locale: 'fr' } });
    expect((answer.json.data as { items: CampaignView[] }).items[0].title).toBe('Cashback hebdomadaire de 10 %');
  });
});

describe('promo codes', () => {
  it('names each bad code with its own error on promo_code', async () => {
    const who = await registerPlayer(t, { tag: 'codes' });
    const error = async (code: string) => (await call(who, 'campaigns/activateOffer', { body: { promo_code: code } })).json.error;
    expect(await error('NOPE-NOT-A-CODE')).toMatchObject({ type: 'InvalidParameterException', details: { code: 'NOT_FOUND' }, fields: { promo_code: 'No such promo code' } });
    expect(await error('SUMMER25')).toMatchObject({ details: { code: 'EXPIRED' } });
    expect((await call(who, 'campaigns/activateOffer', { body: { promo_code: 'lucky10' } })).status).toBe(200);
    expect(await error('LUCKY10')).toMatchObject({ details: { code: 'USED' }, fields: { promo_code: 'You have already used this promo code' } });
    const french = await t.call('campaigns/activateOffer', { body: { promo_code: 'SUMMER25' }, query: { locale: 'fr' }, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });
    expect(french.json.error?.fields?.promo_code).toBe('Ce code promo a expiré');
  });

  it('uses a code given at sign-up and says so in the answer', async () => {
    const ip = '10.91.0.1';
    const answer = await t.call('register', {
      body: { email: `code.${Date.now()}@example.com`, password: 'secret12', terms: '1', currency: 'EUR', promo_code: 'welcome' },
      headers: { 'x-croupier-client-ip': ip },
    });
    expect(answer.status).toBe(200);
    const promo = (answer.json.data as { promo: { activated: boolean; campaign: CampaignView; bonus: BonusView | null } }).promo;
    expect(promo, JSON.stringify(promo)).toMatchObject({ activated: true, bonus: null, campaign: { sysname: 'welcome-code', trigger: 'deposit' } });
  });

  it('keeps a bad code at sign-up from failing the sign-up', async () => {
    const answer = await t.call('register', {
      body: { email: `badcode.${Date.now()}@example.com`, password: 'secret12', terms: '1', currency: 'EUR', promo_code: 'SUMMER25' },
      headers: { 'x-croupier-client-ip': '10.91.0.2' },
    });
    expect(answer.status).toBe(200);
    expect((answer.json.data as { promo: unknown }).promo).toEqual({ activated: false, code: 'EXPIRED', message: 'This promo code has expired' });
  });

  it('never lets a code with a maximum be used more often, even at once', async () => {
    const [campaign] = await t.database.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.sysname, 'lucky-chip'));
    const { promoCodes } = await import('../../db/schema.ts');
    await t.database.db.insert(promoCodes).values({ code: 'ONLYTWO', campaignId: campaign.id, maxUses: 2 });
    const players = await Promise.all([1, 2, 3, 4].map(() => registerPlayer(t, { tag: 'race' })));
    const answers = await Promise.all(players.map((who) => call(who, 'campaigns/activateOffer', { body: { promo_code: 'ONLYTWO' } })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    for (const answer of answers.filter((answer) => answer.status !== 200)) expect(answer.json.error?.details?.code).toBe('EXHAUSTED');
  });
});

describe('a deposit offer with wagering', () => {
  it('credits the match as bonus money, plays main money first, and converts the bonus once wagered', async () => {
    const who = await registerPlayer(t, { tag: 'wager' });
    const used = await call(who, 'campaigns/activateOffer', { body: { promo_code: 'WELCOME' } });
    expect(used.status, JSON.stringify(used.json)).toBe(200);
    const offer = await campaignId('welcome-code');
    // Under the offer's minimum deposit: refused, naming the offer.
    const low = await call(who, 'cashier/makedeposit', { body: { method: 'card', amount: '15', campaign_offer_id: String(offer) } });
    expect(low.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { campaign_offer_id: expect.stringContaining('20.00') } });

    await deposit(who, '100', offer);
    expect(await balances(who)).toEqual({ main: '100.00', bonus: '25.00' });
    const [active] = (await bonuses(who, 'active')).items;
    expect(active).toMatchObject({ kind: 'bonus', status: 'active', amount: '25.00', balance: '25.00', max_bet: '10.00', wagering: { required: '100.00', done: '0.00', percent: 0 } });

    const slot = await table(who);
    // Above the bonus's maximum bet: refused, nothing moves.
    expect((await slot.bet(1001)).answer).toMatchObject({ status: 'RS_ERROR_BET_LIMIT_EXCEEDED' });
    expect(await balances(who)).toEqual({ main: '100.00', bonus: '25.00' });

    // Nine losing bets of 10.00 come from main money; the game sees main and bonus together.
    for (let i = 0; i < 9; i++) expect((await slot.bet(1000)).answer).toMatchObject({ status: 'RS_OK' });
    await t.services.jobs.drain();
    expect(await balances(who)).toEqual({ main: '10.00', bonus: '25.00' });
    expect((await bonuses(who, 'active')).items[0].wagering).toEqual({ required: '100.00', done: '90.00', percent: 90 });

    // The tenth completes the wagering: what is left of the bonus becomes main money.
    const last = await slot.bet(1000);
    expect(last.answer).toMatchObject({ status: 'RS_OK', balance: 2500 });
    await t.services.jobs.drain();
    expect(await balances(who)).toEqual({ main: '25.00', bonus: '0.00' });
    const [done] = (await bonuses(who, 'history')).items;
    expect(done).toMatchObject({ status: 'completed', converted: '25.00', wagering: { percent: 100 } });
    await ledgerHolds();
  });

  it('splits a bet between main and bonus money and returns a win in the same proportion', async () => {
    const who = await registerPlayer(t, { tag: 'split' });
    await deposit(who, '10', await campaignId('welcome-bonus'));
    expect(await balances(who)).toEqual({ main: '10.00', bonus: '10.00' });
    const slot = await table(who);
    // 4.00 + 4.00 from main, then 4.00 drawn as 2.00 main + 2.00 bonus.
    await slot.bet(400);
    await slot.bet(400);
    const mixed = await slot.bet(400);
    expect(await balances(who)).toEqual({ main: '0.00', bonus: '8.00' });
    // A 10.00 win on a bet that was half bonus money: half returns as bonus money.
    await slot.win(mixed.transaction, 1000);
    expect(await balances(who)).toEqual({ main: '5.00', bonus: '13.00' });
    await ledgerHolds();
  });

  it('asks before a withdrawal burns the bonus, then forfeits it with the reserve', async () => {
    const who = await registerPlayer(t, { tag: 'burn' });
    await deposit(who, '50', await campaignId('welcome-bonus'));
    const body = { method: 'skrill', amount: '20', 'requisites[wallet_email]': 'ada@example.com' };
    const asked = await call(who, 'cashier/makewithdrawal', { body });
    expect(asked.json.error).toMatchObject({ type: 'WithdrawalDeclinedException', details: { burn_bonuses: true, bonus_balance: '50.00' } });
    expect(await balances(who)).toEqual({ main: '50.00', bonus: '50.00' });
    const confirmed = await call(who, 'cashier/makewithdrawal', { body: { ...body, burn_bonuses: '1' } });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect(await balances(who)).toEqual({ main: '30.00', bonus: '0.00' });
    expect((await bonuses(who, 'history')).items[0]).toMatchObject({ status: 'forfeited', forfeited: '50.00', finish_reason: 'withdrawal requested' });
    await ledgerHolds();
  });

  it('forfeits what is left when the bonus runs out of time', async () => {
    const who = await registerPlayer(t, { tag: 'expiry' });
    await deposit(who, '20', await campaignId('welcome-bonus'));
    const [bonus] = (await bonuses(who, 'active')).items;
    const after = new Date(new Date(bonus.expires_at).getTime() + 1000);
    await t.database.db.transaction((tx) => t.services.promotions.expireDue(tx, after));
    // Twice (another process, a retried job): nothing moves again.
    await t.database.db.transaction((tx) => t.services.promotions.expireDue(tx, after));
    expect(await balances(who)).toEqual({ main: '20.00', bonus: '0.00' });
    const [row] = await t.database.db.select().from(playerBonuses).where(eq(playerBonuses.id, bonus.id));
    expect(row).toMatchObject({ status: 'expired', forfeitedAmount: 2000n });
    await ledgerHolds();
  });
});

describe('wagering weights', () => {
  it('are the same in the database (the bet counts them) as in the contract (the pages show them)', async () => {
    for (const [type, weight] of [...Object.entries(WAGERING_WEIGHTS), ['unknown', 0] as const]) {
      const [row] = await queryRows<{ weight: number }>(t.database.db, sql`select wagering_weight(${type}) as weight`);
      expect([type, Number(row.weight)]).toEqual([type, weight]);
    }
  });
});

describe('offers taken with a button', () => {
  it('gives a manual campaign once', async () => {
    const who = await registerPlayer(t, { tag: 'manual' });
    await fundPlayer(t, who.uid, 1000n);
    const id = await campaignId('golden-spins');
    const first = await call(who, 'campaigns/takepromotions', { body: { offer_id: String(id) } });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    // Free spins start at once: the bonus shows its pack's spins left.
    expect(first.json.data).toMatchObject({ kind: 'free_spins', status: 'active', details: { spins: 20, spins_left: 20, game_name: 'Golden Croupier' } });
    const second = await call(who, 'campaigns/takepromotions', { body: { offer_id: String(id) } });
    expect(second.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { offer_id: 'You have already taken this offer' } });
  });
});
