/**
 * The back office's money screens (docs/backoffice.md, Money): what the server answers and the
 * interface shows. Amounts are decimal strings in major units with their currency
 * (contract/money.ts); the server keeps bigint minor units.
 */
export type MoneyView = { amount: string; currency: string };

/** Why a withdrawal deserves a second look before it is paid out. */
export const WITHDRAWAL_FLAGS = ['first_withdrawal', 'other_method', 'bonus_converted', 'net_win', 'linked_accounts', 'unverified', 'chargeback', 'risk_hold'] as const;
export type WithdrawalFlag = (typeof WITHDRAWAL_FLAGS)[number];

export const WITHDRAWAL_STATUS_VALUES = ['requested', 'processing', 'approved', 'declined', 'cancelled'] as const;
export const DEPOSIT_STATUS_VALUES = ['created', 'pending', 'success', 'failed', 'cancelled'] as const;

/** How long after a bonus's conversion a withdrawal shows "bonus just converted" (hours). */
export const BONUS_CONVERTED_HOURS = 72;

export type WithdrawalRowView = {
  id: string;
  user_id: number;
  player: string | null;
  method: string;
  amount: MoneyView;
  status: string;
  requisites: Record<string, string>;
  provider_ref: string | null;
  created_at: string;
  updated_at: string;
  flags: WithdrawalFlag[];
  /** The player's net game result over the last 24 hours in the withdrawal's currency (positive: won). */
  net_win_24h: MoneyView;
  /** Players sharing a sign-up or session address with this one. */
  linked_players: number[];
  /** What the player still owes from chargebacks in the withdrawal's currency (flag `chargeback`: any chargeback of theirs). */
  chargeback_owed: MoneyView;
  /** Methods the player deposited by that this withdrawal does not return money along. */
  other_deposit_methods: string[];
  /** The compliance case holding the player's withdrawals (flag `risk_hold`): no approval until it is released or closed (docs/risk.md). */
  risk_hold: { case_id: number } | null;
  four_eyes: {
    /** Above BACKOFFICE_FOUR_EYES: two different members must approve. */
    required: boolean;
    threshold: MoneyView;
    approvers: Array<{ id: number; name: string }>;
  };
};

export type WithdrawalDecisionView = {
  /**
   * waiting: approved by one member, waiting for a second; paid: paid out; refused: the provider
   * refused (reserve returned); retrying: the provider did not confirm, the payout stays
   * processing and the job runner asks again; declined: declined by the member.
   */
  outcome: 'waiting' | 'paid' | 'refused' | 'retrying' | 'declined';
  reason: string | null;
  withdrawal: WithdrawalRowView;
};

export type DepositRowView = {
  id: string;
  user_id: number;
  player: string | null;
  method: string;
  provider: string;
  provider_ref: string | null;
  amount: MoneyView;
  status: string;
  created_at: string;
  updated_at: string;
  /** Refunded or being refunded so far. */
  refunded: MoneyView;
  /** Whether a refund can be asked for now: settled, something left, a provider that takes refunds. */
  refundable: boolean;
  refunds: RefundView[];
  /** Taken back by the provider: chargebacks and its own refunds (docs/payments.md, "Chargebacks"). */
  charged_back: MoneyView;
  chargebacks: ChargebackView[];
};

/** A provider's chargeback (or its own refund) of a deposit, as the ledger moved it. */
export type ChargebackView = {
  id: number;
  kind: 'chargeback' | 'refund';
  amount: MoneyView;
  /** Taken from the player's main balance. */
  covered: MoneyView;
  /** What the main balance lacked: owed by the player (`chargeback_receivable`). */
  shortfall: MoneyView;
  /** Of the shortfall, settled by later deposits. */
  recovered: MoneyView;
  provider_ref: string | null;
  reason: string | null;
  created_at: string;
};

/** A refund of a deposit (docs/payments.md, "Refunds"): `rf_<id>` at the provider. */
export type RefundView = {
  id: string;
  amount: MoneyView;
  status: 'processing' | 'refunded' | 'failed';
  reason: string;
  /** Why the provider refused, when it did. */
  failure: string | null;
  requested_by: string;
  provider_ref: string | null;
  created_at: string;
};

export type RefundDecisionView = { outcome: 'refunded' | 'failed'; reason: string | null; deposit: DepositRowView };

export type HouseBalanceView = { account: string; currency: string; balance: string; postings: number };

export type ReconciliationDayView = {
  day: string;
  currency: string;
  provider: { payins: string; payin_count: number; payouts: string; payout_count: number } | null;
  ledger: { deposits: string; deposit_count: number; payouts: string; payout_count: number };
  /** Provider minus ledger: zero when they agree. */
  difference: { payins: string; payouts: string } | null;
  matches: boolean | null;
};

export type LedgerVerifyView = { accounts: number; transactions: number; postings: number; problems: string[]; holds: boolean; checked_at: string };
