/** Version of the /api contract the client speaks; sent as the `v` query field on every call. */
export const API_VERSION = '2.34';

/** Query flag the client adds when it runs inside a frame: cookies then need SameSite=None; Secure. */
export const NON_STRICT_FLAG = 'non_strict';

/** Statuses after which an idempotent (body-less) request is retried once. */
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];

/** Limits of the bracket-notation query / form parser (spec 2, section 9). */
export const QUERY_LIMITS = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;

export type ApiSuccess<T> = { data: T };
export type ApiFailure = {
  error: { type: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> };
};
export type ApiAnswer<T> = ApiSuccess<T> | ApiFailure;

/** A money amount as the API shows it: decimal string in major units plus the currency code. */
export type Amount = { amount: string; currency: string };

/** The user account info of spec 1 section 3. A guest has uid 0. */
export type UserInfo = {
  uid: number;
  reg_time: string | null;
  login: string | null;
  fakename: string | null;
  is_subscribed: boolean;
  balance_main: Amount;
  balance_bonus: Amount;
  balance_betting_bonus: Amount;
  balance_fun: Amount;
  is_on_verification: boolean;
  is_verified: boolean;
  is_kyc_block_enabled: boolean;
  is_registration_completed: boolean;
  country_code: string | null;
  locale: string;
  two_factor_auth: boolean;
};

/** General info of spec 1 section 3. */
export type GeneralInfo = {
  analytic: { ga_id: string | null; gtm_id: string | null };
  available_currencies: Record<string, string>;
  available_locales: string[];
  default_currency: string;
  is_seon_enabled: boolean;
  domain_state: 'active' | 'maintenance';
  domain_type: 'main' | 'mirror';
  time_to_force_logout: number | null;
  is_bonus_isolation_enabled: boolean;
  is_game_history_export_enabled: boolean;
  user_inactivity_cashier_time: number | null;
  user_inactivity_pp_time: number | null;
};

export type Metadata = {
  api_version: string;
  build_id: string;
  server_time: string;
  locales: string[];
  default_locale: string;
};

export const isLoggedIn = (user: Pick<UserInfo, 'uid'> | null | undefined): boolean =>
  !!user && user.uid > 0;
