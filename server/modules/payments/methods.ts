import type { FieldRule } from '../../../contract/validation.ts';
import { ADDRESS_SHAPES } from './crypto-addresses.ts';

/**
 * Payment methods the cashier offers. Bounds are in major units of the player's currency; the
 * same figures apply in every supported currency. Requisites are the fields a method needs from
 * the player, checked with the shared field rules.
 */
export type MethodRequisite = { name: string; rule: FieldRule; label: { en: string; fr: string } };
export type PaymentMethod = {
  sysname: string;
  name: string;
  min: number;
  max: number;
  requisites: MethodRequisite[];
};

export const DEPOSIT_METHODS: PaymentMethod[] = [
  { sysname: 'card', name: 'Visa / Mastercard', min: 10, max: 5000, requisites: [] },
  { sysname: 'sepa', name: 'SEPA bank transfer', min: 20, max: 20000, requisites: [] },
  {
    sysname: 'skrill',
    name: 'Skrill',
    min: 10,
    max: 3000,
    requisites: [{ name: 'wallet_email', rule: { type: 'email' }, label: { en: 'Skrill e-mail', fr: 'E-mail Skrill' } }],
  },
  // Crypto through NOWPayments, one method per coin (offered only when NOWPAYMENTS_* is set).
  { sysname: 'crypto_btc', name: 'Bitcoin (BTC)', min: 20, max: 10000, requisites: [] },
  { sysname: 'crypto_eth', name: 'Ether (ETH)', min: 20, max: 10000, requisites: [] },
  { sysname: 'crypto_usdt', name: 'Tether (USDT, TRC-20)', min: 20, max: 10000, requisites: [] },
];

/** A wallet address field for a coin: its shape here, its checksum checked by the provider (crypto-addresses.ts). */
const walletAddress = (coin: keyof typeof ADDRESS_SHAPES, label: string): MethodRequisite => ({
  name: 'wallet_address',
  rule: { type: 'text', max: 100, pattern: ADDRESS_SHAPES[coin] },
  label: { en: `${label} address`, fr: `Adresse ${label}` },
});

export const WITHDRAWAL_METHODS: PaymentMethod[] = [
  {
    sysname: 'bank_transfer',
    name: 'Bank transfer',
    min: 20,
    max: 10000,
    requisites: [
      { name: 'iban', rule: { type: 'iban' }, label: { en: 'IBAN', fr: 'IBAN' } },
      { name: 'account_holder', rule: { type: 'cardHolder', max: 70 }, label: { en: 'Account holder', fr: 'Titulaire du compte' } },
    ],
  },
  {
    sysname: 'skrill',
    name: 'Skrill',
    min: 10,
    max: 5000,
    requisites: [{ name: 'wallet_email', rule: { type: 'email' }, label: { en: 'Skrill e-mail', fr: 'E-mail Skrill' } }],
  },
  { sysname: 'crypto_btc', name: 'Bitcoin (BTC)', min: 20, max: 10000, requisites: [walletAddress('btc', 'BTC')] },
  { sysname: 'crypto_eth', name: 'Ether (ETH)', min: 20, max: 10000, requisites: [walletAddress('eth', 'ETH')] },
  { sysname: 'crypto_usdt', name: 'Tether (USDT, TRC-20)', min: 20, max: 10000, requisites: [walletAddress('usdttrc20', 'USDT TRC-20')] },
];

/** Withdrawal limits beyond a method's own bounds, in major units per UTC day. */
export const WITHDRAWAL_DAILY_AMOUNT = 10000;
export const WITHDRAWAL_DAILY_COUNT = 5;

/**
 * The deposit methods a withdrawal method sends money back along (money leaves the way it came):
 * a player who deposited by any other method gets the "deposited by another method" flag in the
 * back office's withdrawal queue.
 */
export const WITHDRAWAL_ROUTES: Record<string, readonly string[]> = {
  bank_transfer: ['sepa'],
  skrill: ['skrill'],
  crypto_btc: ['crypto_btc'],
  crypto_eth: ['crypto_eth'],
  crypto_usdt: ['crypto_usdt'],
};
