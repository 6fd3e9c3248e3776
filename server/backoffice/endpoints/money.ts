import { z } from 'zod';
import { staffTopic } from '../../../contract/backoffice.ts';
import {
  BONUS_CONVERTED_HOURS,
  DEPOSIT_STATUS_VALUES,
  WITHDRAWAL_FLAGS,
  WITHDRAWAL_STATUS_VALUES,
  type DepositRowView,
  type HouseBalanceView,
  type LedgerVerifyView,
  type MoneyView,
  type ReconciliationDayView,
  type ChargebackView,
  type RefundDecisionView,
  type RefundView,
  type WithdrawalDecisionView,
  type WithdrawalFlag,
  type WithdrawalRowView,
} from '../../../contract/backoffice-money.ts';
import { formatMinor, isCurrency, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import { AppError } from '../../platform/errors.ts';
import { refundReference, type AdminPayment, type PaymentFilter } from '../../modules/payments/index.ts';
import { approve, fourEyesThreshold } from '../../modules/staff/index.ts';
import { defineRead, defineWrite, signedIn, type Endpoint, type EndpointContext } from '../endpoint.ts';

/**
 * The money screens (docs/backoffice.md, Money): the withdrawal queue with its flags and
 * four-eyes approvals, deposits and their settling, the ledger's house accounts, its check and
 * the reconciliation against the provider. Every figure comes from the module that owns it
 * (payments, ledger, accounts, staff); this file composes them.
 */

const money = (amount: bigint, currency: string): MoneyView => ({ amount: isCurrency(currency) ? formatMinor(amount, currency) : amount.toString(), currency });

/** The four-eyes threshold for `currency`, from BACKOFFICE_FOUR_EYES (the staff module's one rule). */
export const fourEyesAbove = (context: { services: { env: { BACKOFFICE_FOUR_EYES: number } } }, currency: string): bigint =>
  fourEyesThreshold(context.services.env.BACKOFFICE_FOUR_EYES, currency);

const invalid = (field: string, message: string, status?: number) => new AppError('InvalidParameterException', message, { fields: { [field]: message }, status });

/** The queue's rows: each payment with its player, flags and four-eyes state. */
async function withdrawalViews(context: EndpointContext, items: AdminPayment[], now = new Date()): Promise<WithdrawalRowView[]> {
  const { services } = context;
  const userIds = [...new Set(items.map((item) => item.userId))];
  const [history, people, results, converted, approvals, members] = await Promise.all([
    services.payments.admin.payerHistory(userIds),
    services.payerReview.review(userIds),
    services.ledger.reports.gameResultSince(userIds, new Date(now.getTime() - 24 * 3600_000)),
    services.ledger.reports.lastMovementSince(userIds, 'bonus_convert', new Date(now.getTime() - BONUS_CONVERTED_HOURS * 3600_000)),
    services.staff.approversOf(items.map((item) => `withdrawal:${item.publicId}`)),
    services.staff.listMembers(),
  ]);
  const [chargedBack, owed, holds] = await Promise.all([services.chargebacks.chargedBackPlayers(userIds), services.chargebacks.owedBy(userIds), services.risk.holdsFor(userIds)]);
  const names = new Map(members.map((member) => [member.id, member.display_name]));
  return items.map((item) => {
    const person = people.get(item.userId);
    const net = results.get(item.userId)?.find((row) => row.currency === item.currency)?.net ?? 0n;
    const otherMethods = history.otherMethods(item);
    const flags: WithdrawalFlag[] = [];
    if (history.isFirst(item)) flags.push('first_withdrawal');
    if (otherMethods.length) flags.push('other_method');
    if (converted.has(item.userId)) flags.push('bonus_converted');
    if (net > 0n) flags.push('net_win');
    if (person?.linked.length) flags.push('linked_accounts');
    if (!person?.verified) flags.push('unverified');
    if (chargedBack.has(item.userId)) flags.push('chargeback');
    const heldBy = holds.get(item.userId);
    if (heldBy !== undefined) flags.push('risk_hold');
    const threshold = fourEyesAbove(context, item.currency);
    return {
      id: item.publicId,
      user_id: item.userId,
      player: person?.login ?? null,
      method: item.method,
      amount: money(item.amount, item.currency),
      status: item.status,
      requisites: item.requisites,
      provider_ref: item.providerRef,
      created_at: item.createdAt.toISOString(),
      updated_at: item.updatedAt.toISOString(),
      flags,
      net_win_24h: money(net, item.currency),
      linked_players: person?.linked ?? [],
      chargeback_owed: money(owed.get(item.userId)?.find((row) => row.currency === item.currency)?.owed ?? 0n, item.currency),
      other_deposit_methods: otherMethods,
      risk_hold: heldBy === undefined ? null : { case_id: heldBy },
      four_eyes: {
        required: item.amount > threshold,
        threshold: money(threshold, item.currency),
        approvers: (approvals.get(`withdrawal:${item.publicId}`) ?? []).map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
      },
    };
  });
}

async function withdrawalView(context: EndpointContext, publicId: string): Promise<WithdrawalRowView> {
  const payment = await context.services.payments.admin.byPublicId(publicId);
  if (!payment || payment.direction !== 'withdrawal') throw invalid('id', `Withdrawal ${publicId} not found`, 404);
  return (await withdrawalViews(context, [payment]))[0];
}

// --- inputs ------------------------------------------------------------------------------------

/** A major-unit amount as the filters take it: digits, at most two decimals. */
const majorAmount = z
  .string()
  .trim()
  .regex(/^(0|[1-9][0-9]{0,11})([.][0-9]{1,2})?$/, 'An amount such as 500 or 12.50');
const hours = z.coerce.number().int().min(0).max(24 * 366);
const paging = {
  sort: z.enum(['created_at', 'amount']).default('created_at'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
};
const commonFilters = {
  method: z.string().trim().max(40).optional(),
  amount_min: majorAmount.optional(),
  amount_max: majorAmount.optional(),
  older_than_hours: hours.optional(),
  newer_than_hours: hours.optional(),
  user_id: z.coerce.number().int().positive().optional(),
  reference: z.string().trim().max(100).optional(),
};
const withdrawalId = z
  .string()
  .trim()
  .regex(/^wd_[A-Za-z0-9_-]{4,40}$/, 'A withdrawal id (wd_...)');
const depositId = z
  .string()
  .trim()
  .regex(/^dep_[A-Za-z0-9_-]{4,40}$/, 'A deposit id (dep_...)');
const reason = z.string().trim().min(3).max(500);

function filterOf(input: { method?: string; amount_min?: string; amount_max?: string; older_than_hours?: number; newer_than_hours?: number; user_id?: number; reference?: string }): PaymentFilter {
  if (input.amount_min && input.amount_max && Number(input.amount_min) > Number(input.amount_max)) throw invalid('amount_max', 'At least the minimum amount');
  return {
    method: input.method || undefined,
    minAmount: input.amount_min,
    maxAmount: input.amount_max,
    olderThanHours: input.older_than_hours,
    newerThanHours: input.newer_than_hours,
    userId: input.user_id,
    reference: input.reference || undefined,
  };
}

/** How many rows the flag filter looks through (the waiting queue is far smaller). */
export const FLAG_FILTER_CAP = 1000;

// --- withdrawals -------------------------------------------------------------------------------

const listWithdrawals = defineRead({
  name: 'withdrawals/list',
  access: 'withdrawals.read',
  summary:
    'The withdrawal queue (`status`, default `requested`; `all`), filtered by method, amount range (`amount_min`, `amount_max`), age (`older_than_hours`, `newer_than_hours`), `flag`, player and reference, sorted by `created_at` or `amount`, a page at a time: {items, total, four_eyes}. Each row carries its flags and its approvers.',
  input: z.object({ status: z.enum([...WITHDRAWAL_STATUS_VALUES, 'all']).default('requested'), flag: z.enum(WITHDRAWAL_FLAGS).optional(), ...commonFilters, ...paging }),
  handler: async (input, context) => {
    const filter: PaymentFilter = { ...filterOf(input), statuses: input.status === 'all' ? undefined : [input.status] };
    const sort = { by: input.sort, dir: input.dir };
    const offset = (input.page - 1) * input.limit;
    const admin = context.services.payments.admin;
    let items: WithdrawalRowView[];
    let total: number;
    if (input.flag) {
      // Flags come from several modules: the rows matching the other filters get their flags, then
      // the flag filters them (up to FLAG_FILTER_CAP rows).
      const all = await admin.listWithdrawals(filter, sort, { limit: FLAG_FILTER_CAP, offset: 0 });
      const flagged = (await withdrawalViews(context, all.items)).filter((row) => row.flags.includes(input.flag!));
      total = flagged.length;
      items = flagged.slice(offset, offset + input.limit);
    } else {
      const page = await admin.listWithdrawals(filter, sort, { limit: input.limit, offset });
      total = page.total;
      items = await withdrawalViews(context, page.items);
    }
    return { items, total, four_eyes: { threshold: String(context.services.env.BACKOFFICE_FOUR_EYES) } };
  },
});

const approveWithdrawal = defineWrite({
  name: 'withdrawals/approve',
  access: 'withdrawals.decide',
  summary:
    'Approves a withdrawal (`id`, optional `reason`). Up to BACKOFFICE_FOUR_EYES it pays out through the provider at once; above, the first member\'s approval waits (`outcome: waiting`) and a second, different member\'s pays out. A provider refusal returns the reserve (`outcome: refused`, with `reason`). `unflagged_only: true` (batch approval) refuses a flagged row or one needing four eyes.',
  input: z.object({ id: withdrawalId, reason: reason.optional(), unflagged_only: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).optional() }),
  handler: async (input, context) => {
    const staff = signedIn(context);
    const before = await withdrawalView(context, input.id);
    if (before.status !== 'requested') throw invalid('id', `Withdrawal ${input.id} is ${before.status}, not waiting for approval`, 409);
    if (input.unflagged_only) {
      if (before.flags.length) throw invalid('id', `Withdrawal ${input.id} has flags (${before.flags.join(', ')}): review it on its own`);
      if (before.four_eyes.required) throw invalid('id', `Withdrawal ${input.id} needs two members: approve it on its own`);
    }
    const result = await context.services.payments.approveWithdrawalBy(input.id, {
      fourEyes: { above: (currency) => fourEyesAbove(context, currency), approve: (tx, subject) => approve(tx, subject, staff.staffId) },
    });
    if (result.outcome === 'waiting' && !result.added) {
      throw invalid('id', 'You approved this withdrawal already: a second member must approve it', 409);
    }
    const after = await withdrawalView(context, input.id);
    if (result.outcome === 'waiting') {
      // No money moved, so no cashier event: the queue hears of the first approval from here.
      await context.services.live.publish(staffTopic('withdrawals.read'), { type: 'withdrawals', data: { payment: input.id, status: 'requested', user_id: after.user_id, approvers: result.approvers } });
    }
    const outcome = result.outcome;
    const why = outcome === 'refused' || outcome === 'retrying' ? result.reason : null;
    const data: WithdrawalDecisionView = { outcome, reason: why, withdrawal: after };
    return {
      data,
      audit: {
        subject: `withdrawal:${input.id}`,
        before: { status: before.status, approvers: before.four_eyes.approvers.map((member) => member.id) },
        after: { status: after.status, approvers: result.approvers },
        details: {
          outcome,
          user_id: after.user_id,
          amount: after.amount.amount,
          currency: after.amount.currency,
          four_eyes: after.four_eyes.required,
          flags: before.flags,
          ...(input.unflagged_only ? { batch: true } : {}),
          ...(input.reason ? { note: input.reason } : {}),
          ...(why ? { reason: why } : {}),
          ...(outcome === 'paid' ? { provider_ref: after.provider_ref } : {}),
        },
      },
    };
  },
});

const declineWithdrawal = defineWrite({
  name: 'withdrawals/decline',
  access: 'withdrawals.decide',
  summary: 'Declines a waiting withdrawal with a `reason` (3 to 500 characters): the reserve returns to the player\'s main balance.',
  input: z.object({ id: withdrawalId, reason }),
  handler: async (input, context) => {
    const before = await withdrawalView(context, input.id);
    await context.services.payments.declineWithdrawal(input.id, input.reason);
    const after = await withdrawalView(context, input.id);
    const data: WithdrawalDecisionView = { outcome: 'declined', reason: input.reason, withdrawal: after };
    return {
      data,
      audit: {
        subject: `withdrawal:${input.id}`,
        before: { status: before.status },
        after: { status: after.status },
        details: { reason: input.reason, user_id: after.user_id, amount: after.amount.amount, currency: after.amount.currency, flags: before.flags },
      },
    };
  },
});

// --- deposits ----------------------------------------------------------------------------------

async function depositViews(context: EndpointContext, items: AdminPayment[]): Promise<DepositRowView[]> {
  const { refunds } = context.services.payments;
  const ids = items.map((item) => item.id);
  const [people, refunded, refundRows, chargebackRows] = await Promise.all([
    context.services.payerReview.review(items.map((item) => item.userId)),
    refunds.refundedOf(ids),
    refunds.refundsOf(ids),
    context.services.chargebacks.chargebacksOf(ids),
  ]);
  return items.map((item) => {
    const chargebacks = chargebackRows.filter((row) => row.paymentId === item.id);
    const chargedBack = chargebacks.reduce((sum, row) => sum + row.amount, 0n);
    return {
      id: item.publicId,
      user_id: item.userId,
      player: people.get(item.userId)?.login ?? null,
      method: item.method,
      provider: item.provider,
      provider_ref: item.providerRef,
      amount: money(item.amount, item.currency),
      status: item.status,
      created_at: item.createdAt.toISOString(),
      updated_at: item.updatedAt.toISOString(),
      refunded: money(refunded.get(item.id) ?? 0n, item.currency),
      // A chargeback took its part too: a refund never passes what the provider still holds.
      refundable: item.status === 'success' && refunds.canRefund(item.provider) && (refunded.get(item.id) ?? 0n) + chargedBack < item.amount,
      refunds: refundRows
        .filter((row) => row.paymentId === item.id)
        .map(
          (row): RefundView => ({
            id: refundReference(row.id),
            amount: money(row.amount, row.currency),
            status: row.status,
            reason: row.reason,
            failure: row.failure,
            requested_by: row.requestedByName,
            provider_ref: row.providerRef,
            created_at: row.createdAt.toISOString(),
          }),
        ),
      charged_back: money(chargedBack, item.currency),
      chargebacks: chargebacks.map(
        (row): ChargebackView => ({
          id: row.id,
          kind: row.kind,
          amount: money(row.amount, row.currency),
          covered: money(row.covered, row.currency),
          shortfall: money(row.shortfall, row.currency),
          recovered: money(row.recovered, row.currency),
          provider_ref: row.providerRef,
          reason: row.reason,
          created_at: row.createdAt.toISOString(),
        }),
      ),
    };
  });
}

const listDeposits = defineRead({
  name: 'deposits/list',
  access: 'deposits.read',
  summary: 'Deposits (`status` or `all`), filtered by method, amount range, age, player and reference (our id or the provider\'s), sorted by `created_at` or `amount`, a page at a time: {items, total}.',
  input: z.object({ status: z.enum([...DEPOSIT_STATUS_VALUES, 'all']).default('all'), ...commonFilters, ...paging }),
  handler: async (input, context) => {
    const filter: PaymentFilter = { ...filterOf(input), statuses: input.status === 'all' ? undefined : [input.status] };
    const page = await context.services.payments.admin.listDeposits(filter, { by: input.sort, dir: input.dir }, { limit: input.limit, offset: (input.page - 1) * input.limit });
    return { items: await depositViews(context, page.items), total: page.total };
  },
});

const settleDeposit = defineWrite({
  name: 'deposits/settle',
  access: 'deposits.settle',
  summary:
    'Settles a deposit left `created` or `pending` (`id`, `outcome`: `success` or `failed`) through its provider, as `npm run ops -- payment:settle` does: the provider calls back and a success is credited once.',
  input: z.object({ id: depositId, outcome: z.enum(['success', 'failed']) }),
  handler: async (input, context) => {
    const { services } = context;
    const payment = await services.payments.admin.byPublicId(input.id);
    if (!payment || payment.direction !== 'deposit') throw invalid('id', `Deposit ${input.id} not found`, 404);
    if (payment.status !== 'created' && payment.status !== 'pending') throw invalid('id', `Deposit ${input.id} is ${payment.status}: only a created or pending deposit can be settled`, 409);
    if (payment.provider !== services.demoPsp.provider.name) throw invalid('id', `Deposit ${input.id} is with ${payment.provider}, which settles it itself`);
    const delivered = await services.demoPsp.settle(input.id, input.outcome);
    if (!delivered) throw new AppError('BillingServiceErrorException', `The provider could not settle ${input.id}: its callback was refused`, { fields: { id: 'The provider could not settle this deposit' } });
    const [after] = await depositViews(context, [(await services.payments.admin.byPublicId(input.id))!]);
    return {
      data: after,
      audit: {
        subject: `payment:${input.id}`,
        before: { status: payment.status },
        after: { status: after.status },
        details: { outcome: input.outcome, user_id: after.user_id, amount: after.amount.amount, currency: after.amount.currency, provider_ref: after.provider_ref },
      },
    };
  },
});

const refundDeposit = defineWrite({
  name: 'deposits/refund',
  access: 'deposits.settle',
  summary:
    "Refunds a settled deposit through its provider and the ledger (`id`, `amount` in the deposit's currency, the whole of what is left when empty, `reason` required). The money leaves the player's main balance first (refused, naming `amount`, when they no longer have it); a provider that refuses or cannot be reached gets it returned, and the answer says why.",
  input: z.object({ id: depositId, amount: z.union([z.string().trim().max(40), z.number().transform(String)]).optional(), reason }),
  handler: async (input, context) => {
    const staff = signedIn(context);
    const { services } = context;
    const payment = await services.payments.admin.byPublicId(input.id);
    if (!payment || payment.direction !== 'deposit') throw invalid('id', `Deposit ${input.id} not found`, 404);
    const currency: CurrencyCode = isCurrency(payment.currency) ? payment.currency : 'EUR';
    const amount = input.amount ? parseMajor(input.amount, currency) : undefined;
    if (amount === null || amount === 0n) throw invalid('amount', `An amount like 25 or 25.50 in ${currency}, or empty for the whole of what is left`);
    const [before] = await depositViews(context, [payment]);
    const result = await services.payments.refunds.refundDeposit({ paymentId: input.id, amount, reason: input.reason, staff: { id: staff.staffId, name: `${staff.displayName} <${staff.email}>` } });
    const [after] = await depositViews(context, [(await services.payments.admin.byPublicId(input.id))!]);
    const data: RefundDecisionView = { outcome: result.outcome, reason: result.reason, deposit: after };
    return {
      data,
      audit: {
        subject: `payment:${input.id}`,
        before: { refunded: before.refunded.amount },
        after: { refunded: after.refunded.amount, refund: refundReference(result.refund.id), status: result.refund.status },
        details: { reason: input.reason, user_id: after.user_id, amount: money(result.refund.amount, currency).amount, currency, outcome: result.outcome, failure: result.reason },
      },
    };
  },
});

// --- ledger ------------------------------------------------------------------------------------

const houseAccounts = defineRead({
  name: 'ledger/houses',
  access: 'ledger.read',
  summary: 'Every house account\'s balance (the sum of its postings) per currency.',
  input: z.object({}).strip(),
  handler: async (_input, context): Promise<HouseBalanceView[]> =>
    (await context.services.ledger.reports.houseBalances()).map((row) => ({ account: row.account, currency: row.currency, balance: money(row.balance, row.currency).amount, postings: row.postings })),
});

const utcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

const reconciliation = defineRead({
  name: 'ledger/reconciliation',
  access: 'ledger.read',
  summary:
    'Per UTC day and currency over the last `days` (default 14, up to 90): the provider\'s own totals (pay-ins settled, payouts made) against the ledger\'s clearing accounts (deposits credited from `payment_clearing`, payouts posted to `payout_clearing`), and the difference.',
  input: z.object({ days: z.coerce.number().int().min(1).max(90).default(14) }),
  handler: async (input, context): Promise<{ provider: string; unreported: string[]; days: ReconciliationDayView[] }> => {
    const to = new Date(utcDay(new Date()).getTime() + 24 * 3600_000);
    const from = new Date(to.getTime() - input.days * 24 * 3600_000);
    const [provider, ledger] = await Promise.all([context.services.payments.admin.providerDailyTotals(from, to), context.services.ledger.reports.clearingByDay(from, to)]);
    const keys = new Set([...(provider ?? []).map((row) => `${row.day}|${row.currency}`), ...ledger.map((row) => `${row.day}|${row.currency}`)]);
    const days = [...keys]
      .sort((a, b) => (a < b ? 1 : -1))
      .map((key): ReconciliationDayView => {
        const [day, currency] = key.split('|');
        const p = provider?.find((row) => row.day === day && row.currency === currency);
        const l = ledger.find((row) => row.day === day && row.currency === currency);
        const ledgerSide = { deposits: l?.deposits ?? 0n, depositCount: l?.depositCount ?? 0, payouts: l?.payouts ?? 0n, payoutCount: l?.payoutCount ?? 0 };
        const providerSide = provider ? { payins: p?.payins ?? 0n, payinCount: p?.payinCount ?? 0, payouts: p?.payouts ?? 0n, payoutCount: p?.payoutCount ?? 0 } : null;
        return {
          day,
          currency,
          provider: providerSide && {
            payins: money(providerSide.payins, currency).amount,
            payin_count: providerSide.payinCount,
            payouts: money(providerSide.payouts, currency).amount,
            payout_count: providerSide.payoutCount,
          },
          ledger: { deposits: money(ledgerSide.deposits, currency).amount, deposit_count: ledgerSide.depositCount, payouts: money(ledgerSide.payouts, currency).amount, payout_count: ledgerSide.payoutCount },
          difference: providerSide && { payins: money(providerSide.payins - ledgerSide.deposits, currency).amount, payouts: money(providerSide.payouts - ledgerSide.payouts, currency).amount },
          matches: providerSide ? providerSide.payins === ledgerSide.deposits && providerSide.payouts === ledgerSide.payouts : null,
        };
      });
    // Providers without a settlement report (Skrill) are named: their money is in the ledger's side only.
    return { provider: context.services.payments.admin.providerName, unreported: context.services.payments.admin.unreportedProviders, days };
  },
});

const verifyLedger = defineWrite({
  name: 'ledger/verify',
  access: 'ledger.verify',
  summary: 'Runs the ledger check (`npm run ops -- ledger:verify`): every running balance against its postings, no negative player account, every transaction and the whole ledger summing to zero. The audit row holds the result.',
  input: z.object({}).strip(),
  handler: async (_input, context) => {
    const report = await context.services.ledger.verify();
    const data: LedgerVerifyView = { ...report, holds: report.problems.length === 0, checked_at: new Date().toISOString() };
    return {
      data,
      audit: {
        subject: 'ledger',
        after: { holds: data.holds, problems: report.problems.length },
        details: { accounts: report.accounts, transactions: report.transactions, postings: report.postings, problems: report.problems.slice(0, 50) },
      },
    };
  },
});

/** The money screens' endpoints (docs/backoffice.md). */
export const MONEY_ENDPOINTS: Endpoint[] = [
  listWithdrawals,
  approveWithdrawal,
  declineWithdrawal,
  listDeposits,
  settleDeposit,
  refundDeposit,
  houseAccounts,
  reconciliation,
  verifyLedger,
] as Endpoint[];
