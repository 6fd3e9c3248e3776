import type { Amount } from '../../../contract/api.ts';
import type { MissingRequirements } from '../../../contract/cashier-requirements.ts';

/** Answers of the cashier methods (docs/api.md), as the pages read them. */

export type RequisiteField = { name: string; type: string; label: string };

export type PaymentMethodView = {
  sysname: string;
  name: string;
  min: Amount;
  max: Amount;
  requisites: RequisiteField[];
};

export type DepositSettings = { currency: string; methods: PaymentMethodView[]; amounts: number[]; requirements?: MissingRequirements };

export type WithdrawSettings = {
  currency: string;
  /** What the site configuration asks before a withdrawal that the player still lacks. */
  requirements?: MissingRequirements;
  methods: PaymentMethodView[];
  limits: { daily_amount: Amount; daily_count: number };
};

export type LimitPeriod = 'none' | 'day' | 'week' | 'month';

export type DepositLimit = {
  period: LimitPeriod;
  limit_amount: Amount | null;
  available_amount: Amount | null;
  expired_at: string | null;
  can_edit: boolean;
  pending: { period: LimitPeriod; limit_amount: Amount | null; effective_at: string } | null;
};

export type TransactionType = 'deposit' | 'withdrawal';

/** A history item and the answer of cashier/getdepositinfo have the same shape. */
export type Transaction = {
  id: string;
  type: TransactionType;
  method: string;
  amount: Amount;
  status: string;
  /** Why a failed deposit failed (its error type and message), when the provider said. */
  failure?: { type: string; message: string } | null;
  /** A deposit the provider took back (a chargeback): how much, and what of it the player still owes. */
  chargeback?: { amount: Amount; owed: Amount } | null;
  /** What the operator refunded of a deposit, back to where it came from. */
  refunded?: Amount | null;
  requisites: Record<string, string>;
  created_at: string;
  updated_at: string;
  domain: string | null;
};

export type HistoryPage = { items: Transaction[]; total: number };

export type Balances = {
  balance_main: Amount;
  balance_bonus: Amount;
  balance_betting_bonus: Amount;
  balance_fun: Amount;
};
