/**
 * Devices as the back office's player page shows them (docs/devices.md): the fingerprints the
 * player's browsers sent, the other accounts seen with each, and SEON's answers when it runs.
 */

/** Where SEON's browser agent's session is kept (sessionStorage): the /hit, the sign-up, sign-in and deposit read it. */
export const SEON_SESSION_KEY = 'seon_session';

/** One fingerprint of the player's: when it was seen, from how many sessions, and who else used it. */
export type PlayerDeviceView = {
  device_id: string;
  sessions: number;
  first_seen: string;
  last_seen: string;
  /** The player's last address and browser on this device. */
  ip: string | null;
  user_agent: string | null;
  /** Other accounts seen with this fingerprint (sessions, sign-up or deposits), newest first, at most 20. */
  shared_with: Array<{ user_id: number; player: string | null }>;
};

/** One call to SEON's fraud API, at sign-up or at a deposit. */
export type SeonCheckView = {
  action: 'sign_up' | 'deposit';
  /** The id SEON was given: the deposit's id, or `signup_<uid>`. */
  transaction_id: string;
  status: 'scored' | 'failed';
  seon_id: string | null;
  /** APPROVE, REVIEW or DECLINE. */
  state: string | null;
  fraud_score: string | null;
  rules: Array<{ id: string; name: string; score: number }>;
  error: string | null;
  created_at: string;
};
