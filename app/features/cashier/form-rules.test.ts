import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { amountError, cashierFormErrors, errorButtonLink, historyTab, readProblem, requisitesOf } from './form-rules.ts';
import type { PaymentMethodView } from './types.ts';

const bank: PaymentMethodView = {
  sysname: 'bank_transfer',
  name: 'Bank transfer',
  min: { amount: '20.00', currency: 'EUR' },
  max: { amount: '10000.00', currency: 'EUR' },
  requisites: [
    { name: 'iban', type: 'iban', label: 'IBAN' },
    { name: 'account_holder', type: 'cardHolder', label: 'Account holder' },
  ],
};

describe('history tabs', () => {
  it('come from the query, otherwise the first tab', () => {
    expect(historyTab('withdrawal')).toBe('withdrawal');
    expect(historyTab('cashbacks')).toBe('cashbacks');
    expect(historyTab(null)).toBe('deposit');
    expect(historyTab('nonsense')).toBe('deposit');
  });
});

describe('cashier form rules', () => {
  it('applies the deposit sum rule with both bounds in the currency', () => {
    expect(amountError('100', bank, 'EUR', 'en')).toBeNull();
    expect(amountError('05', bank, 'EUR', 'en')).toBe('Enter a whole amount from €20.00 to €10,000.00');
    expect(amountError('19', bank, 'EUR', 'en')).toBe('Enter a whole amount from €20.00 to €10,000.00');
    expect(amountError('20.5', bank, 'EUR', 'fr')).toBe('Saisissez un montant entier de €20.00 à €10,000.00');
    expect(amountError('', undefined, 'EUR', 'en')).toBeNull();
  });

  it('checks the requisites of the method under requisites.{name}', () => {
    expect(cashierFormErrors({ amount: '30', requisites: { iban: 'FR1420041010050500013M02606', account_holder: 'Ann Lee' } }, bank, 'EUR', 'en')).toEqual({});
    expect(cashierFormErrors({ amount: '30', requisites: { iban: 'FR00', account_holder: 'R2D2' } }, bank, 'EUR', 'en')).toEqual({
      'requisites.iban': 'Wrong iban',
      'requisites.account_holder': expect.any(String),
    });
    expect(cashierFormErrors({ amount: '', requisites: {} }, bank, 'EUR', 'en')).toEqual({
      amount: 'Enter a whole amount from €20.00 to €10,000.00',
      'requisites.iban': 'Field is required',
      'requisites.account_holder': 'Field is required',
    });
  });

  it('sends only the chosen method requisites, trimmed', () => {
    expect(requisitesOf(bank, { iban: ' FR14 2004 ', account_holder: 'Ann', wallet_email: 'x@y.z' })).toEqual({ iban: 'FR14 2004', account_holder: 'Ann' });
  });
});

describe('server problems', () => {
  const shown = ['amount', 'requisites.iban'];
  it('puts invalid parameters under the fields shown', () => {
    const error = new ApiError('InvalidParameterException', 'Invalid parameter: amount', 422, { amount: 'Enter a whole amount from €20.00 to €10,000.00' });
    expect(readProblem(error, shown)).toEqual({ fields: { amount: 'Enter a whole amount from €20.00 to €10,000.00' }, alert: null });
  });
  it('gathers messages of fields the form does not show into the alert', () => {
    const error = new ApiError('InvalidParameterException', 'Invalid parameter: method', 422, { method: 'Unknown payment method', 'requisites.iban': 'Wrong iban' });
    expect(readProblem(error, shown)).toEqual({ fields: { 'requisites.iban': 'Wrong iban' }, alert: { type: 'InvalidParameterException', message: 'Unknown payment method' } });
  });
  it('shows the deposit limit and other types in an alert, even with field messages', () => {
    const error = new ApiError('BillingDepositLimitExceededException', 'Over your deposit limit', 409, { amount: 'Over your deposit limit' });
    expect(readProblem(error, shown)).toEqual({ fields: {}, alert: { type: 'BillingDepositLimitExceededException', message: 'Over your deposit limit' } });
    expect(readProblem(new ApiError('KycWithdrawalException', 'Verify', 409), shown).alert?.type).toBe('KycWithdrawalException');
  });
  it('marks the payment details the provider refused, and says why in the alert', () => {
    const message = 'These payment details cannot be used. Choose other details or contact support.';
    const error = new ApiError('RequisitesFraudulentException', message, 422, { 'requisites.iban': message, 'requisites.account_holder': message });
    expect(readProblem(error, shown)).toEqual({
      fields: { 'requisites.iban': message },
      alert: { type: 'RequisitesFraudulentException', message },
    });
  });
  it('says something went wrong for anything else', () => {
    expect(readProblem(new TypeError('Failed to fetch'), shown)).toEqual({ fields: {}, alert: { type: 'UnknownError', message: null } });
  });
});

describe('withdrawal error buttons', () => {
  const buttons = {
    KycWithdrawalException: { show: true, link: '/profile/verification' },
    UserNeedConfirmContactException: { show: false, link: '/profile/settings' },
    WithdrawalDeclinedException: { show: true, link: 'https://help.example.com/payouts' },
    RequisitesFraudulentException: { show: true, link: 'javascript:alert(1)' },
  };
  const fr = (path: string) => `/fr${path}`;
  it('shows the configured link of the error type, localized when it is a path', () => {
    expect(errorButtonLink(buttons, 'KycWithdrawalException', fr)).toBe('/fr/profile/verification');
    expect(errorButtonLink(buttons, 'WithdrawalDeclinedException', fr)).toBe('https://help.example.com/payouts');
  });
  it('shows nothing when switched off, unknown, or unsafe', () => {
    expect(errorButtonLink(buttons, 'UserNeedConfirmContactException', fr)).toBeNull();
    expect(errorButtonLink(buttons, 'BillingServiceErrorException', fr)).toBeNull();
    expect(errorButtonLink(buttons, undefined, fr)).toBeNull();
    expect(errorButtonLink(buttons, 'RequisitesFraudulentException', fr)).toBeNull();
  });
});
