import type { Endpoint } from './endpoint.ts';
import { setupConfirm, setupInfo, setupPassword, signInWithCode, signInWithPassword, signOut, whoAmI } from './endpoints/auth.ts';
import { changeStaffRole, disableStaff, inviteStaff, listStaff, resetStaffSignIn } from './endpoints/staff.ts';
import { listAuditTrail } from './endpoints/audit.ts';
import { PLAYER_ENDPOINTS } from './endpoints/players.ts';
import { MONEY_ENDPOINTS } from './endpoints/money.ts';
import { PROTECTION_ENDPOINTS } from './endpoints/protection.ts';
import { SUPPORT_ENDPOINTS } from './endpoints/support.ts';
import { SETTINGS_ENDPOINTS } from './endpoints/settings.ts';
import { MARKETING_ENDPOINTS } from './endpoints/marketing.ts';
import { TRADING_ENDPOINTS } from './endpoints/trading.ts';
import { MARKETING_LOYALTY_TOURNAMENT_ENDPOINTS } from './endpoints/loyalty-tournaments.ts';
import { GAMES_ENDPOINTS } from './endpoints/games.ts';
import { CONTENT_ENDPOINTS } from './endpoints/content.ts';
import { RISK_ENDPOINTS } from './endpoints/risk.ts';
import { AFFILIATE_ENDPOINTS } from './endpoints/affiliates.ts';
import { REPORT_ENDPOINTS } from './endpoints/reports.ts';

/**
 * Every back-office endpoint, each with the access it needs (docs/backoffice.md lists them). The
 * permission-matrix test calls each one as every role, so one added here is checked at once.
 */
export const BACKOFFICE_ENDPOINTS: readonly Endpoint[] = [
  signInWithPassword,
  signInWithCode,
  signOut,
  whoAmI,
  setupInfo,
  setupPassword,
  setupConfirm,
  listStaff,
  inviteStaff,
  changeStaffRole,
  disableStaff,
  resetStaffSignIn,
  listAuditTrail,
  ...PLAYER_ENDPOINTS,
  ...MONEY_ENDPOINTS,
  ...PROTECTION_ENDPOINTS,
  ...SUPPORT_ENDPOINTS,
  ...SETTINGS_ENDPOINTS,
  ...MARKETING_ENDPOINTS,
  ...TRADING_ENDPOINTS,
  ...MARKETING_LOYALTY_TOURNAMENT_ENDPOINTS,
  ...GAMES_ENDPOINTS,
  ...CONTENT_ENDPOINTS,
  ...RISK_ENDPOINTS,
  ...AFFILIATE_ENDPOINTS,
  ...REPORT_ENDPOINTS,
] as Endpoint[];

const byName = new Map(BACKOFFICE_ENDPOINTS.map((endpoint) => [endpoint.name, endpoint]));

export const findEndpoint = (name: string): Endpoint | undefined => byName.get(name);
