/** The payments module: cashier rules, provider callbacks, deposit limits, withdrawals. */
export { createPayments, PAYOUT_CHECK_JOB, type Payments, type PayerProfile } from './service.ts';
export { createDemoProvider, type DemoProvider, type CallbackSender } from './demo-provider.ts';
export { createProviderRegistry, type ProviderRegistry } from './registry.ts';
export { createSkrillProvider, skrillSignature, SKRILL_CALLBACK_PATH, type SkrillConfig } from './skrill-provider.ts';
export { createNowPaymentsProvider, nowpaymentsSignature, CRYPTO_METHODS, NOWPAYMENTS_CALLBACK_PATH, type NowPaymentsConfig } from './nowpayments-provider.ts';
export { signBody, verifySignature, SIGNATURE_HEADER } from './signature.ts';
export type { PaymentProvider } from './provider.ts';
export {
  withdrawalQueueEffect,
  WITHDRAWAL_STATUSES,
  DEPOSIT_STATUSES,
  type AdminPayment,
  type PaymentFilter,
  type PaymentSort,
  type PaymentsAdmin,
  type WithdrawalQueueMessage,
} from './admin.ts';
export { DEPOSIT_METHODS, WITHDRAWAL_METHODS, WITHDRAWAL_ROUTES } from './methods.ts';
export type { ProviderDayTotal } from './provider.ts';
export { refundReference, type RefundRow, type Refunds } from './refunds.ts';
export { createChargebacks, type ChargebackNotice, type ChargebackResult, type ChargebackRow, type Chargebacks } from './chargebacks.ts';
export { ibanForm, offersTakenBy, playersByRequisite, playersDepositingFrom, playersSharingRequisites } from './requisites.ts';
