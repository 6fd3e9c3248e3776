/**
 * What the back office's players screens and their endpoints agree on (docs/backoffice.md,
 * "Players"). Money is a decimal string in the account currency (contract/money.ts formats it);
 * times are ISO 8601.
 */

export const PLAYER_STATUSES = ['active', 'banned', 'deleted'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

/** Columns the search can sort by. */
export const PLAYER_SORTS = ['id', 'registered_at', 'fakename', 'country', 'status'] as const;
export type PlayerSort = (typeof PLAYER_SORTS)[number];

/** A tag: lower case letters, digits and dashes. */
export const PLAYER_TAG_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
export const PLAYER_TAGS_MAX = 20;

/** One row of the search. `matched` says which key found it when a search text was given. */
export type PlayerSearchRow = {
  id: number;
  login: string | null;
  fakename: string | null;
  status: PlayerStatus;
  currency: string;
  country: string | null;
  registered_at: string;
  is_verified: boolean;
  is_test_account: boolean;
  tags: string[];
  matched: PlayerMatch[];
};
export type PlayerMatch = 'id' | 'contact' | 'name' | 'address' | 'requisites';

export type PlayerSearchPage = { items: PlayerSearchRow[]; total: number };

export type PlayerContactView = { type: 'email' | 'phone'; value: string; is_login: boolean; is_confirmed: boolean };

export type PlayerBalancesView = { main: string; bonus: string; betting_bonus: string; withdrawal_hold: string };

/** The player page's head: profile, contacts, flags, balances and what protects the account. */
export type PlayerView = {
  id: number;
  login: string | null;
  fakename: string | null;
  status: PlayerStatus;
  currency: string;
  locale: string;
  country: string | null;
  registered_at: string;
  signup_ip: string | null;
  last_seen_at: string | null;
  is_verified: boolean;
  is_on_verification: boolean;
  is_kyc_block_enabled: boolean;
  is_test_account: boolean;
  two_factor: boolean;
  profile: Record<string, unknown>;
  contacts: PlayerContactView[];
  tags: string[];
  balances: PlayerBalancesView;
  verification: { status: string; reason: string | null } | null;
  loyalty: { points: number; lifetime_points: number; level: string | null } | null;
  four_eyes_threshold: string;
};

export type PlayerSessionView = { id: number; ip: string | null; user_agent: string | null; created_at: string; last_seen_at: string; ended_at: string | null; active: boolean };

/** A ledger movement of one of the player's accounts, with the account's balance after it. */
export type PlayerLedgerRow = { posting_id: number; transaction_id: number; at: string; kind: string; amount: string; balance_after: string; metadata: Record<string, unknown> };
export type PlayerLedgerPage = { items: PlayerLedgerRow[]; total: number; currency: string; account: string };

export type PlayerNoteView = { id: number; author: string; body: string; created_at: string };

export type LinkedPlayerView = { id: number; login: string | null; status: PlayerStatus; reasons: Array<{ kind: 'address' | 'device' | 'requisites'; value: string }> };

export type AdjustmentView = {
  id: number;
  user_id: number;
  login: string | null;
  amount: string;
  currency: string;
  reason: string;
  status: 'pending' | 'applied' | 'rejected';
  requested_by: number;
  requested_by_name: string;
  decided_by_name: string | null;
  decided_at: string | null;
  created_at: string;
  transaction_id: number | null;
  /** Members who approved so far (the requester first). */
  approvers: number[];
};
