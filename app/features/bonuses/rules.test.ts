import { describe, expect, it } from 'vitest';
import type { CampaignView, CashbackView, RewardView } from '../../../contract/promotions.ts';
import {
  NO_OFFER,
  bonusTab,
  burnRequest,
  canPayOut,
  effectiveOffer,
  latestCashback,
  offerFromQuery,
  offerGain,
  periodLastDay,
  shouldShowCashbackPopup,
  timeLeft,
  visibleDepositOffers,
  wageringOf,
} from './rules.ts';
import { playableBalance } from './balance.ts';

const match: RewardView = { type: 'deposit_match', percent: 100, cap: '200.00', min_deposit: '10.00', wagering: 30, max_bet: '5.00', days: 7 };

function offer(id: number, overrides: Partial<CampaignView> = {}): CampaignView {
  return {
    id,
    sysname: `offer-${id}`,
    trigger: 'deposit',
    title: `Offer ${id}`,
    summary: '',
    body: '',
    terms: '',
    button: null,
    image_url: null,
    currency: 'EUR',
    starts_at: '2025-01-01T00:00:00.000Z',
    ends_at: null,
    placements: ['offers'],
    reward: match,
    eligibility: { eligible: true, reason: null },
    trigger_info: { action: 'deposit', user_satisfies_params: true, params: { exclude_methods: [] } },
    ...overrides,
  };
}

function cashback(id: number, status: CashbackView['status'], end: string, receiving: string | null = '2025-03-10T00:00:00.000Z'): CashbackView {
  return {
    id,
    status,
    description: '',
    currency: 'EUR',
    amount: '5.00',
    net_loss: '50.00',
    percent: 10,
    start_date: '2025-02-24T00:00:00.000Z',
    end_date: end,
    receiving_expired_at: receiving,
    paid_out_at: status === 'paid_out' ? end : null,
  };
}

describe('wagering progress (spec 2 section 9)', () => {
  it('is done over required, to one decimal, rounded down so 100 means finished', () => {
    expect(wageringOf({ wagering: { required: '200.00', done: '70.00', percent: 35 } })).toEqual({ percent: 35, done: '70.00', required: '200.00' });
    expect(wageringOf({ wagering: { required: '300.00', done: '100.00', percent: 33.33 } })?.percent).toBe(33.3);
    expect(wageringOf({ wagering: { required: '300.00', done: '299.99', percent: 99.99 } })?.percent).toBe(99.9);
  });

  it('is 100 when nothing is required (no max), and never past 0..100', () => {
    expect(wageringOf({ wagering: { required: '0.00', done: '0.00', percent: 100 } })?.percent).toBe(100);
    expect(wageringOf({ wagering: { required: '10.00', done: '12.00', percent: 100 } })?.percent).toBe(100);
    expect(wageringOf({ wagering: { required: '10.00', done: 'x', percent: 0 } })?.percent).toBe(0);
  });

  it('is absent for bonuses without wagering', () => {
    expect(wageringOf({ wagering: null })).toBeNull();
  });
});

describe('deposit offers (spec 2 section 4)', () => {
  const offers = [
    offer(1),
    offer(2, { trigger: 'promo_code', trigger_info: { action: 'promo_code', user_satisfies_params: true, params: { exclude_methods: [] } } }),
    offer(3, { eligibility: { eligible: false, reason: 'taken' }, trigger_info: { action: 'deposit', user_satisfies_params: false, params: { exclude_methods: [] } } }),
    offer(4, { trigger_info: { action: 'deposit', user_satisfies_params: true, params: { exclude_methods: ['crypto'] } } }),
  ];

  it('shows deposit-triggered offers the player meets the conditions of', () => {
    expect(visibleDepositOffers(offers, { signedIn: true, method: 'card' }).map((item) => item.id)).toEqual([1, 4]);
  });

  it('shows a guest every deposit offer', () => {
    expect(visibleDepositOffers(offers, { signedIn: false, method: 'card' }).map((item) => item.id)).toEqual([1, 3, 4]);
  });

  it('hides an offer that excludes the chosen method', () => {
    expect(visibleDepositOffers(offers, { signedIn: true, method: 'crypto' }).map((item) => item.id)).toEqual([1]);
  });

  it('reads user_satisfies_params when the answer has no eligibility', () => {
    const unknown = offer(5, { eligibility: null, trigger_info: { action: 'deposit', user_satisfies_params: false, params: { exclude_methods: [] } } });
    expect(visibleDepositOffers([unknown], { signedIn: true, method: null })).toEqual([]);
  });

  it('preselects ?offer= only among the offers shown, and drops a choice no longer shown', () => {
    const visible = visibleDepositOffers(offers, { signedIn: true, method: 'card' });
    expect(offerFromQuery('4', visible)).toBe(4);
    expect(offerFromQuery('3', visible)).toBe(NO_OFFER);
    expect(offerFromQuery('abc', visible)).toBe(NO_OFFER);
    expect(offerFromQuery(null, visible)).toBe(NO_OFFER);
    expect(effectiveOffer(4, visibleDepositOffers(offers, { signedIn: true, method: 'crypto' }))).toBe(NO_OFFER);
    expect(effectiveOffer(1, visible)).toBe(1);
  });

  it('tells the bonus a deposit match gives for the typed amount, capped, nothing below the minimum', () => {
    expect(offerGain(match, '20', 'EUR')).toEqual({ kind: 'money', amount: { amount: '20.00', currency: 'EUR' } });
    expect(offerGain(match, '500', 'EUR')).toEqual({ kind: 'money', amount: { amount: '200.00', currency: 'EUR' } });
    expect(offerGain(match, '5', 'EUR')).toEqual({ kind: 'belowMinimum', minimum: { amount: '10.00', currency: 'EUR' } });
    expect(offerGain(match, '', 'EUR')).toEqual({ kind: 'upTo', percent: 100, amount: { amount: '200.00', currency: 'EUR' } });
    expect(offerGain({ ...match, percent: 33 }, '11', 'EUR')).toEqual({ kind: 'money', amount: { amount: '3.63', currency: 'EUR' } });
  });

  it('tells the other rewards whatever the amount', () => {
    expect(offerGain({ type: 'fixed_bonus', amount: '15.00', wagering: 10, max_bet: null, days: 3 }, '50', 'EUR')).toEqual({ kind: 'money', amount: { amount: '15.00', currency: 'EUR' } });
    expect(offerGain({ type: 'free_spins', game: 'slot', game_name: 'Lucky 7', spins: 20, stake: '0.20', days: 3 }, '50', 'EUR')).toEqual({ kind: 'spins', spins: 20, game: 'Lucky 7' });
    expect(offerGain({ type: 'betting_bonus', kind: 'odds_boost', amount: null, boost_percent: 15, days: 3 }, '50', 'EUR')).toEqual({ kind: 'oddsBoost', percent: 15 });
  });
});

describe('the unseen cashback popup (spec 2 section 4)', () => {
  it('shows an active cashback that is not the one already seen', () => {
    expect(shouldShowCashbackPopup(cashback(7, 'active', '2025-03-03T00:00:00.000Z'), null)).toBe(true);
    expect(shouldShowCashbackPopup(cashback(7, 'active', '2025-03-03T00:00:00.000Z'), '6')).toBe(true);
    expect(shouldShowCashbackPopup(cashback(7, 'active', '2025-03-03T00:00:00.000Z'), '7')).toBe(false);
  });

  it('shows a paid_out cashback only when it has no receiving_expired_at (paid automatically)', () => {
    expect(shouldShowCashbackPopup(cashback(8, 'paid_out', '2025-03-03T00:00:00.000Z', null), null)).toBe(true);
    expect(shouldShowCashbackPopup(cashback(8, 'paid_out', '2025-03-03T00:00:00.000Z'), null)).toBe(false);
    // Once seen, not again.
    expect(shouldShowCashbackPopup(cashback(8, 'paid_out', '2025-03-03T00:00:00.000Z', null), '8')).toBe(false);
  });

  it('shows nothing without a cashback, or for an expired one', () => {
    expect(shouldShowCashbackPopup(null, null)).toBe(false);
    expect(shouldShowCashbackPopup(cashback(9, 'expired', '2025-03-03T00:00:00.000Z'), null)).toBe(false);
  });

  it('takes the latest by end_date among active and paid_out', () => {
    const items = [cashback(1, 'paid_out', '2025-02-01T00:00:00.000Z'), cashback(2, 'expired', '2025-04-01T00:00:00.000Z'), cashback(3, 'active', '2025-03-01T00:00:00.000Z')];
    expect(latestCashback(items)?.id).toBe(3);
    expect(latestCashback([])).toBeNull();
  });
});

describe('odds and ends', () => {
  it('reads the bonuses tab from the query, otherwise the first', () => {
    expect(bonusTab('history')).toBe('history');
    expect(bonusTab('nope')).toBe('active');
    expect(bonusTab(null)).toBe('active');
  });

  it('adds main and bonus money in minor units, the main balance alone across currencies', () => {
    expect(playableBalance({ amount: '0.10', currency: 'EUR' }, { amount: '0.20', currency: 'EUR' })).toEqual({ amount: '0.30', currency: 'EUR' });
    expect(playableBalance({ amount: '1234.56', currency: 'EUR' }, { amount: '0.00', currency: 'EUR' })).toEqual({ amount: '1234.56', currency: 'EUR' });
    expect(playableBalance({ amount: '5.00', currency: 'EUR' }, { amount: '1.00', currency: 'USD' })).toEqual({ amount: '5.00', currency: 'EUR' });
  });

  it('counts the time left and closes the claim window at its end', () => {
    const now = Date.parse('2025-03-01T10:00:00.000Z');
    expect(timeLeft('2025-03-03T12:30:00.000Z', now)).toEqual({ days: 2, hours: 2, minutes: 30, over: false });
    expect(timeLeft('2025-03-01T09:00:00.000Z', now)).toEqual({ days: 0, hours: 0, minutes: 0, over: true });
    expect(canPayOut({ status: 'active', receiving_expired_at: '2025-03-01T10:00:01.000Z' }, now)).toBe(true);
    expect(canPayOut({ status: 'active', receiving_expired_at: '2025-03-01T10:00:00.000Z' }, now)).toBe(false);
    expect(canPayOut({ status: 'paid_out', receiving_expired_at: null }, now)).toBe(false);
  });

  it('shows a period up to the day before its exclusive end', () => {
    expect(periodLastDay('2025-03-03T00:00:00.000Z')).toBe('2025-03-02T23:59:59.999Z');
  });
});

describe('the burn-bonuses refusal of a withdrawal', () => {
  it('is read from WithdrawalDeclinedException with details.burn_bonuses', () => {
    const error = { type: 'WithdrawalDeclinedException', message: 'Your bonus will be removed', details: { burn_bonuses: true, bonus_id: 4, bonus_balance: '18.50' } };
    expect(burnRequest(error)).toEqual({ balance: '18.50', message: 'Your bonus will be removed' });
  });

  it('is not any other refusal', () => {
    expect(burnRequest({ type: 'WithdrawalDeclinedException', message: 'No', details: {} })).toBeNull();
    expect(burnRequest({ type: 'InvalidParameterException', details: { burn_bonuses: true } })).toBeNull();
    expect(burnRequest(null)).toBeNull();
  });
});
