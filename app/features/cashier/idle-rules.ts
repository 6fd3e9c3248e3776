/** Where the cashier's inactivity times apply (general info user_inactivity_cashier_time, user_inactivity_pp_time; decision 035). */

/** A payment page: one with a payment form (a deposit, a withdrawal). */
export const isPaymentPage = (pathname: string): boolean => /\/cashier\/(deposit|withdraw)(\/[^/]+)?\/?$/.test(pathname);

/**
 * The idle times that apply on a cashier page (seconds, or null): the cashier's on every cashier
 * page, the payment form's on payment pages only.
 */
export function cashierIdleTimes(general: { user_inactivity_cashier_time: number | null; user_inactivity_pp_time: number | null }, pathname: string): { cashier: number | null; payment: number | null } {
  const positive = (value: number | null) => (value !== null && value > 0 ? value : null);
  return { cashier: positive(general.user_inactivity_cashier_time), payment: isPaymentPage(pathname) ? positive(general.user_inactivity_pp_time) : null };
}
