import type { Endpoint } from './endpoint.ts';
import { setupConfirm, setupInfo, setupPassword, signInWithCode, signInWithPassword, signOut, whoAmI } from './endpoints/auth.ts';
import { changeStaffRole, disableStaff, inviteStaff, listStaff, resetStaffSignIn } from './endpoints/staff.ts';
import { listAuditTrail } from './endpoints/audit.ts';

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
] as Endpoint[];

const byName = new Map(BACKOFFICE_ENDPOINTS.map((endpoint) => [endpoint.name, endpoint]));

export const findEndpoint = (name: string): Endpoint | undefined => byName.get(name);
