import { z } from 'zod';
import { HISTORY_PAGE_SIZE } from '../../../contract/constants.ts';
import type { PayerProfile } from '../../modules/payments/index.ts';
import { defineMethod, type ApiContext } from '../types.ts';
import { deviceFacts } from '../../modules/devices/index.ts';
import { DEVICE_FIELDS, requireUserId } from './accounts.ts';

async function payer(context: ApiContext): Promise<PayerProfile> {
  const info = await context.services.accounts.userInfo(requireUserId(context));
  // The country of the profile: the operator's method rules may keep a method to some countries (decision 038).
  return { uid: info.uid, currency: info.balance_main.currency, isKycBlockEnabled: info.is_kyc_block_enabled, isVerified: info.is_verified, country: info.country_code };
}

/** Requisites arrive as `requisites[iban]=...` (bracket notation) or not at all. */
const requisites = z.record(z.string().max(40), z.string().max(128)).optional();
const amountText = z.union([z.string().max(32), z.number()]).transform(String);
const publicId = z.string().regex(/^[a-z]{2,4}_[A-Za-z0-9_-]{8,40}$/);

export const getDepositSettings = defineMethod({
  name: 'cashier/getdepositsettings',
  verb: 'GET',
  auth: true,
  summary: 'Deposit methods (sysname, min, max, requisites fields) in the account currency, and its amount presets.',
  input: z.object({}).strip(),
  handler: async (_input, context) => {
    const profile = await payer(context);
    const settings = await context.services.payments.depositSettings(profile, context.locale);
    const config = await context.services.siteConfig.get(context.locale);
    const presets = config.cashier.depositAmountsList.find((entry) => entry.currency === settings.currency);
    return { ...settings, amounts: (presets?.amountList ?? []).map((item) => item.value) };
  },
});

export const makeDeposit = defineMethod({
  name: 'cashier/makedeposit',
  verb: 'POST',
  auth: true,
  summary: 'Starts a deposit: answers transaction_id and the provider page to send the player to (redirect_url).',
  input: z.object({
    method: z.string().min(1).max(40),
    amount: amountText,
    campaign_offer_id: z.coerce.number().int().min(-1).default(-1),
    requisites,
    ...DEVICE_FIELDS,
  }),
  handler: async (input, context) =>
    context.services.payments.makeDeposit(await payer(context), input, { locale: context.locale, domain: new URL(context.origin).host, ip: context.ip, device: deviceFacts(input) }),
});

export const getDepositInfo = defineMethod({
  name: 'cashier/getdepositinfo',
  verb: 'GET',
  auth: true,
  summary: "One of the player's own transactions by id (deposit or withdrawal); another player's answers not found.",
  input: z.object({ id: publicId }),
  handler: async (input, context) => {
    const item = await context.services.payments.paymentInfo(requireUserId(context), input.id, context.locale);
    const [summaries, refunded] = await Promise.all([context.services.chargebacks.summariesOf([item.id]), context.services.payments.refunds.refundedByPublicId([item.id])]);
    return { ...item, chargeback: summaries.get(item.id) ?? null, refunded: refunded.get(item.id) ?? null };
  },
});

export const getWithdrawSettings = defineMethod({
  name: 'cashier/getwithdrawsettings',
  verb: 'GET',
  auth: true,
  summary: 'Withdrawal methods with bounds and requisites fields, and the daily limits.',
  input: z.object({}).strip(),
  handler: async (_input, context) => context.services.payments.withdrawSettings(await payer(context), context.locale),
});

export const makeWithdrawal = defineMethod({
  name: 'cashier/makewithdrawal',
  verb: 'POST',
  auth: true,
  summary:
    'Requests a withdrawal: checks requisites and limits, reserves the amount from the main balance. While a bonus is wagered it answers WithdrawalDeclinedException (details.burn_bonuses) unless burn_bonuses=1 confirms that the bonus is forfeited.',
  input: z.object({
    method: z.string().min(1).max(40),
    amount: amountText,
    requisites,
    burn_bonuses: z
      .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
      .optional()
      .transform((value) => value === true || value === '1' || value === 'true'),
  }),
  handler: async (input, context) => context.services.payments.makeWithdrawal(await payer(context), input, context.locale),
});

export const cancelWithdrawal = defineMethod({
  name: 'cashier/cancelwithdrawal',
  verb: 'POST',
  auth: true,
  summary: 'Cancels a withdrawal not yet approved; the reserved money returns to the main balance. Answers 1.',
  input: z.object({ id: publicId }),
  handler: (input, context) => context.services.payments.cancelWithdrawal(requireUserId(context), input.id, context.locale),
});

const statuses = z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value), z.array(z.string().regex(/^[a-z_]{1,20}$/)).max(10));

export const getHistory = defineMethod({
  name: 'cashier/gethistory',
  verb: 'GET',
  auth: true,
  summary: 'Deposits and withdrawals, newest first: {items, total}. A deposit the provider took back carries `chargeback` {amount, owed} (docs/payments.md, "Chargebacks"); one refunded by the operator, `refunded` {amount, currency} ("Refunds").',
  input: z.object({
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    count: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
    type: z.enum(['deposit', 'withdrawal', 'all']).default('all'),
    statuses: statuses.optional(),
  }),
  handler: async (input, context) => {
    const page = await context.services.payments.history(requireUserId(context), input, context.locale);
    const deposits = page.items.filter((item) => item.type === 'deposit').map((item) => item.id);
    const [summaries, refunded] = await Promise.all([context.services.chargebacks.summariesOf(deposits), context.services.payments.refunds.refundedByPublicId(deposits)]);
    return { ...page, items: page.items.map((item) => ({ ...item, chargeback: summaries.get(item.id) ?? null, refunded: refunded.get(item.id) ?? null })) };
  },
});

export const getBanks = defineMethod({
  name: 'cashier/getbanks',
  verb: 'GET',
  auth: true,
  summary: "Banks a player can name for a bank transfer: {code, name}, from the site configuration's cashier.banks.",
  input: z.object({}).strip(),
  handler: async (_input, context) => (await context.services.siteConfig.get(context.locale)).cashier.banks,
});

export const getDepositLimit = defineMethod({
  name: 'getDepositLimit',
  verb: 'GET',
  auth: true,
  summary: 'The deposit limit: period (none, day, week, month), limit_amount, available_amount, expired_at (end of the period), can_edit, and a pending increase.',
  input: z.object({}).strip(),
  handler: async (_input, context) => context.services.payments.getDepositLimit(await payer(context)),
});

export const setDepositLimit = defineMethod({
  name: 'setDepositLimit',
  verb: 'POST',
  auth: true,
  summary: 'Sets the deposit limit (period day, week, month or none; amount): a stricter limit applies at once, a looser one after 24 hours.',
  input: z.object({ period: z.enum(['none', 'day', 'week', 'month']), amount: z.string().max(16).optional() }),
  handler: async (input, context) => context.services.payments.setDepositLimit(await payer(context), input, context.locale),
});

/**
 * Reference rates against the euro: the ECB's daily reference rates, else the last ones read,
 * else a fixed table (server/modules/currency-rates). Shown to players for information (e.g. a
 * limit in another currency); money never converts between currencies.
 */
export const getCurrencyRates = defineMethod({
  name: 'getcurrencyrates',
  verb: 'GET',
  auth: false,
  summary: 'Reference exchange rates against EUR: {base, rates, date, source} (information only; balances never convert).',
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.currencyRates.get(),
});
