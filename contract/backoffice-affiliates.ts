/**
 * The back office's affiliate screens (docs/affiliates.md): affiliates, their links, their
 * postbacks and the monthly report. Amounts are major-unit decimal strings, as the forms take them.
 */

export type AffiliateStatus = 'active' | 'disabled';

/** The affiliate form, as the screen sends it (text fields; the server checks each). */
export type AffiliateInput = {
  name: string;
  contact_email: string;
  status: AffiliateStatus;
  /** Percent of NGR, like "25" or "25.5"; empty for none. */
  revenue_share: string;
  /** Per first-time depositor, like "50.00"; empty for none. */
  cpa_amount: string;
  cpa_currency: string;
  /** https://partner.example/pb?click={click_id}&event={event}; empty for no postbacks. */
  postback_url: string;
};

export type AffiliateView = {
  id: number;
  name: string;
  contact_email: string;
  status: AffiliateStatus;
  revenue_share: string;
  cpa_amount: string;
  cpa_currency: string | null;
  postback_url: string | null;
  /** Given to the partner to check postback signatures; shown to members who may manage affiliates. */
  postback_secret: string;
  created_at: string;
  updated_at: string;
  links: number;
  signups: number;
  first_deposits: number;
};

export type AffiliateLinkInput = { affiliate_id: number; code: string; landing_path: string; track_id: string };

export type AffiliateLinkView = {
  id: number;
  affiliate_id: number;
  code: string;
  landing_path: string;
  track_id: string;
  status: AffiliateStatus;
  created_at: string;
  signups: number;
};

export type PostbackView = {
  id: number;
  user_id: number;
  event: 'signup' | 'first_deposit';
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
};

/** One affiliate's month in one currency (players keep their account's currency). */
export type AffiliateReportRow = {
  affiliate_id: number;
  affiliate: string;
  currency: string;
  signups: number;
  first_deposits: number;
  deposits: string;
  deposit_count: number;
  ggr: string;
  bonus_cost: string;
  cashback: string;
  ngr: string;
  revenue_share_percent: string;
  revenue_share_owed: string;
  cpa_owed: string;
  cpa_currency: string | null;
};

export type AffiliateReport = { month: string; from: string; to: string; rows: AffiliateReportRow[] };

/** Where a player came from, as copied onto the account at sign-up (the player page shows it). */
export type PlayerAttributionView = {
  affiliate_id: number | null;
  affiliate: string | null;
  link_code: string | null;
  track_id: string | null;
  referrer: string | null;
  tracking: Record<string, string>;
  first_seen_at: string | null;
  registered_at: string;
  first_deposit_at: string | null;
  first_deposit: string | null;
};
