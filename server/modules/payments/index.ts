/** The payments module: cashier rules, provider callbacks, deposit limits, withdrawals. */
export { createPayments, type Payments, type PayerProfile } from './service.ts';
export { createDemoProvider, type DemoProvider, type CallbackSender } from './demo-provider.ts';
export { signBody, verifySignature, SIGNATURE_HEADER } from './signature.ts';
export type { PaymentProvider } from './provider.ts';
