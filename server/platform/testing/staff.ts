import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { StaffRole } from '../../../contract/backoffice.ts';
import { staffMembers } from '../../db/schema/staff.ts';
import { TEST_ORIGIN, type TestApp } from './test-app.ts';

/** What a back-office call answered. */
export type BackofficeAnswer = {
  status: number;
  json: { data?: unknown; error?: { type: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> } };
  headers: Headers;
  /** The session cookie the answer set, if any (`bo_sid=...`). */
  cookie: string | null;
};

let counter = 0;

/**
 * Calls `/backoffice/api/{name}` the way the back office's interface does: GET with a query, POST
 * with a JSON body and this site's Origin. `ip` sets the caller's address (in-process calls).
 */
export async function backoffice(
  t: TestApp,
  name: string,
  options: { query?: Record<string, string>; body?: Record<string, unknown>; cookie?: string | null; ip?: string; headers?: Record<string, string>; verb?: string } = {},
): Promise<BackofficeAnswer> {
  const url = new URL(`/backoffice/api/${name}`, TEST_ORIGIN);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const post = options.body !== undefined || options.verb === 'POST';
  const headers: Record<string, string> = { 'x-croupier-client-ip': options.ip ?? '10.99.0.1', ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (post) {
    headers['content-type'] = 'application/json';
    headers.origin ??= TEST_ORIGIN;
  }
  const response = await t.app.request(url.toString(), { method: options.verb ?? (post ? 'POST' : 'GET'), headers, body: post ? JSON.stringify(options.body ?? {}) : undefined });
  const set = response.headers.getSetCookie().find((value) => value.startsWith('bo_sid='));
  return { status: response.status, json: (await response.json()) as BackofficeAnswer['json'], headers: response.headers, cookie: set ? set.split(';')[0] : null };
}

/** The member's current authenticator code, read from their stored secret (`at`: another time). */
export async function currentCode(t: TestApp, staffId: number, at = Date.now()): Promise<string> {
  const [row] = await t.database.db.select({ secret: staffMembers.totpSecret }).from(staffMembers).where(eq(staffMembers.id, staffId));
  if (!row?.secret) throw new Error(`staff ${staffId} has no authenticator`);
  return t.services.staff.totp.code(row.secret, at);
}

export type TestStaff = { id: number; email: string; password: string; role: StaffRole; cookie: string; ip: string; recoveryCodes: string[] };

/**
 * A new member of `role`, invited, set up through the set-up link's two steps (password, first
 * code) and so signed in, each from an address of their own.
 */
export async function createStaffMember(t: TestApp, role: StaffRole, options: { email?: string } = {}): Promise<TestStaff> {
  counter++;
  const email = options.email ?? `${role}.${counter}.${Date.now()}@staff.example`;
  const ip = `10.98.${Math.floor(counter / 250)}.${counter % 250}`;
  const password = `long-enough-password-${counter}`;
  const { link, member } = await t.services.staff.invite({ email, role, displayName: `${role} ${counter}`, invitedBy: null });
  const token = new URL(link).hash.replace('#token=', '');
  const started = await backoffice(t, 'auth/setup-password', { body: { token, password }, ip });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const confirmed = await backoffice(t, 'auth/setup-confirm', { body: { token, code: await currentCode(t, member.id) }, ip });
  expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
  return { id: member.id, email, password, role, cookie: confirmed.cookie!, ip, recoveryCodes: (confirmed.json.data as { recovery_codes: string[] }).recovery_codes };
}
