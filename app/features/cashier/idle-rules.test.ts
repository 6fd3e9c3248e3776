import { describe, expect, it } from 'vitest';
import { cashierIdleTimes, isPaymentPage } from './idle-rules.ts';

describe('cashier inactivity', () => {
  const general = { user_inactivity_cashier_time: 300, user_inactivity_pp_time: 120 };

  it('arms the payment time only on payment pages, the cashier time on every cashier page', () => {
    expect(isPaymentPage('/cashier/deposit')).toBe(true);
    expect(isPaymentPage('/fr/cashier/deposit/demo-card')).toBe(true);
    expect(isPaymentPage('/cashier/withdraw')).toBe(true);
    expect(isPaymentPage('/cashier/history')).toBe(false);
    expect(cashierIdleTimes(general, '/cashier/deposit/demo-card')).toEqual({ cashier: 300, payment: 120 });
    expect(cashierIdleTimes(general, '/cashier/history')).toEqual({ cashier: 300, payment: null });
    expect(cashierIdleTimes({ user_inactivity_cashier_time: null, user_inactivity_pp_time: 0 }, '/cashier/withdraw')).toEqual({ cashier: null, payment: null });
  });
});
