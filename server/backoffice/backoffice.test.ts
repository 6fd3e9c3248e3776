import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, roleCan, type StaffRole } from '../../contract/backoffice.ts';
import { queryRows } from '../platform/db/database.ts';
import { createTestApp, type TestApp } from '../platform/testing/test-app.ts';
import { backoffice, createStaffMember, currentCode, type TestStaff } from '../platform/testing/staff.ts';
import { BACKOFFICE_ENDPOINTS } from './catalogue.ts';
import { allows } from './router.ts';

let t: TestApp;
const members = {} as Record<StaffRole, TestStaff>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of STAFF_ROLES) members[role] = await createStaffMember(t, role);
});
afterAll(async () => {
  await t.close();
});

const auditCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from operator_audit`))[0].n;

describe('setting up a member from the one-time link', () => {
  it('takes a password and a first code, shows ten recovery codes once, and signs the member in', async () => {
    const { link, member } = await t.services.staff.invite({ email: 'New.Finance@Staff.example', role: 'finance', displayName: 'Nora Finance', invitedBy: null });
    expect(link).toMatch(/\/backoffice\/setup#token=[\w-]{40,}$/);
    const token = new URL(link).hash.slice('#token='.length);
    const ip = '10.97.0.1';

    const info = await backoffice(t, 'auth/setup-info', { query: { token }, ip });
    expect(info.json.data).toEqual({ email: 'new.finance@staff.example', display_name: 'Nora Finance', role: 'finance' });

    const short = await backoffice(t, 'auth/setup-password', { body: { token, password: 'short' }, ip });
    expect(short.status).toBe(422);
    expect(short.json.error?.fields).toEqual({ password: 'At least 12 characters' });

    const started = await backoffice(t, 'auth/setup-password', { body: { token, password: 'correct horse battery' }, ip });
    expect(started.json.data).toMatchObject({ otpauth_uri: expect.stringMatching(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]+/), qr_svg: expect.stringContaining('<svg') });

    const wrong = await backoffice(t, 'auth/setup-confirm', { body: { token, code: '000000' }, ip });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error?.fields).toEqual({ code: 'Wrong or used code' });

    const done = await backoffice(t, 'auth/setup-confirm', { body: { token, code: await currentCode(t, member.id) }, ip });
    expect(done.status).toBe(200);
    const codes = (done.json.data as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const cookie = done.headers.getSetCookie().find((value) => value.startsWith('bo_sid='))!;
    expect(cookie).toMatch(/; Path=\/backoffice/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);

    const me = await backoffice(t, 'auth/me', { cookie: done.cookie });
    expect(me.json.data).toMatchObject({ email: 'new.finance@staff.example', role: 'finance', permissions: [...ROLE_PERMISSIONS.finance] });
    // The link worked once.
    expect((await backoffice(t, 'auth/setup-info', { query: { token }, ip })).status).toBe(404);
    // Nothing secret is stored in the clear.
    const [row] = await queryRows<{ totp_secret: string; password_hash: string }>(t.database.db, sql`select totp_secret, password_hash from staff_members where id = ${member.id}`);
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const stored = (await queryRows<{ code_hash: string }>(t.database.db, sql`select code_hash from staff_recovery_codes where staff_id = ${member.id}`)).map((r) => r.code_hash);
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored).not.toContain(code);
  });
});

describe('signing in: password, then a code', () => {
  it('gives a half session that reaches nothing until the code, then a new session (no fixation)', async () => {
    const member = await createStaffMember(t, 'support');
    const half = await backoffice(t, 'auth/login', { body: { email: member.email.toUpperCase(), password: member.password }, ip: member.ip });
    expect(half.json.data).toEqual({ next: 'code' });
    expect((await backoffice(t, 'auth/me', { cookie: half.cookie })).status).toBe(401);
    expect((await backoffice(t, 'staff/list', { cookie: half.cookie })).status).toBe(401);

    const full = await backoffice(t, 'auth/code', { body: { code: await currentCode(t, member.id, Date.now() + 30_000) }, cookie: half.cookie, ip: member.ip });
    expect(full.status, JSON.stringify(full.json)).toBe(200);
    expect(full.cookie).not.toBe(half.cookie);
    expect((await backoffice(t, 'auth/me', { cookie: full.cookie })).status).toBe(200);
    // The token the browser held before the code is dead: one planted by an attacker never signs in.
    expect((await backoffice(t, 'auth/me', { cookie: half.cookie })).status).toBe(401);
    expect((await backoffice(t, 'auth/code', { body: { code: '123456' }, cookie: half.cookie, ip: member.ip })).status).toBe(401);
  });

  it('refuses a wrong password the same way as an unknown e-mail', async () => {
    const wrong = await backoffice(t, 'auth/login', { body: { email: members.owner.email, password: 'not the password' }, ip: '10.96.0.1' });
    const unknown = await backoffice(t, 'auth/login', { body: { email: 'nobody@staff.example', password: 'not the password' }, ip: '10.96.0.1' });
    expect(wrong.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
  });

  it('refuses wrong and replayed codes, accepts one step of clock drift, and takes each recovery code once', async () => {
    const member = await createStaffMember(t, 'analyst');
    const [{ totp_secret: secret }] = await queryRows<{ totp_secret: string }>(t.database.db, sql`select totp_secret from staff_members where id = ${member.id}`);
    const totp = t.services.staff.totp;
    const now = Date.now() + 10 * 60_000;
    const step = Math.floor(now / 30_000);
    // One step behind or ahead is a phone's clock drifting; two steps is not.
    expect(await totp.check(secret, await totp.code(secret, now - 30_000), null, now)).toBe(step - 1);
    expect(await totp.check(secret, await totp.code(secret, now + 30_000), null, now)).toBe(step + 1);
    expect(await totp.check(secret, await totp.code(secret, now - 60_000), null, now)).toBeNull();
    // A code of a step already used, or earlier, is a replay.
    expect(await totp.check(secret, await totp.code(secret, now), step, now)).toBeNull();
    expect(await totp.check(secret, await totp.code(secret, now - 30_000), step, now)).toBeNull();

    const signIn = async (code: string) => {
      const half = await backoffice(t, 'auth/login', { body: { email: member.email, password: member.password }, ip: member.ip });
      return backoffice(t, 'auth/code', { body: { code }, cookie: half.cookie, ip: member.ip });
    };
    const code = await currentCode(t, member.id, Date.now() + 30_000);
    expect((await signIn(code)).status).toBe(200);
    const replay = await signIn(code);
    expect(replay.status).toBe(401);
    expect(replay.json.error?.fields).toEqual({ code: 'Wrong or used code' });

    const recovery = member.recoveryCodes[0];
    expect((await signIn(recovery.toUpperCase().replaceAll('-', ' '))).status).toBe(200);
    expect((await signIn(recovery)).status).toBe(401);
  });

  it('ends a session on sign-out', async () => {
    const member = await createStaffMember(t, 'trader');
    expect((await backoffice(t, 'auth/logout', { verb: 'POST', cookie: member.cookie })).status).toBe(200);
    expect((await backoffice(t, 'auth/me', { cookie: member.cookie })).status).toBe(401);
  });
});

describe('the permission matrix', () => {
  it('gives every endpoint an access rule the matrix knows', () => {
    const known = new Set<string>([...Object.keys(PERMISSIONS), 'public', 'signed-in', 'second-factor']);
    for (const endpoint of BACKOFFICE_ENDPOINTS) expect(known.has(endpoint.access), `${endpoint.name}: ${endpoint.access}`).toBe(true);
    expect(new Set(BACKOFFICE_ENDPOINTS.map((endpoint) => endpoint.name)).size).toBe(BACKOFFICE_ENDPOINTS.length);
  });

  // Every endpoint against every role, generated from the catalogue and the matrix: allowed means
  // the call gets past the permission check (its input may still be refused), refused is a typed 403.
  const guarded = BACKOFFICE_ENDPOINTS.filter((endpoint) => endpoint.access !== 'public' && endpoint.access !== 'second-factor');
  for (const endpoint of guarded) {
    it(`${endpoint.verb} ${endpoint.name} (${endpoint.access})`, async () => {
      for (const role of STAFF_ROLES) {
        const session = { sessionId: 0, staffId: 0, stage: 'active' as const, role, email: '', displayName: '' };
        const expected = allows(endpoint.access, session);
        // Calls that would end the member's own session or change others are sent with input that
        // fails validation: the permission check comes first, so the answer still tells.
        // Signing out takes any input: it gets a throwaway session of the role.
        const cookie = endpoint.name === 'auth/logout' ? (await createStaffMember(t, role)).cookie : members[role].cookie;
        const answer = await backoffice(t, endpoint.name, endpoint.verb === 'POST' ? { body: { id: 'not-a-number' }, cookie } : { cookie });
        if (expected) {
          expect([401, 403], `${role} ${endpoint.name}: ${JSON.stringify(answer.json)}`).not.toContain(answer.status);
        } else {
          expect(answer.status, `${role} ${endpoint.name}`).toBe(403);
          expect(answer.json.error).toMatchObject({ type: 'AccessDeniedException', details: { permission: endpoint.access } });
        }
      }
      expect((await backoffice(t, endpoint.name, endpoint.verb === 'POST' ? { body: {} } : {})).status, 'without a session').toBe(401);
    });
  }

  it('is the table docs/backoffice.md shows', () => {
    const doc = readFileSync(new URL('../../docs/backoffice.md', import.meta.url), 'utf8');
    const header = `| permission | ${STAFF_ROLES.join(' | ')} |`;
    const rows = (Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]).map(
      (permission) => `| \`${permission}\` | ${STAFF_ROLES.map((role) => (roleCan(role, permission) ? 'yes' : '')).join(' | ')} |`,
    );
    expect(doc).toContain([header, `|---|${STAFF_ROLES.map(() => '---').join('|')}|`, ...rows].join('\n'));
  });
});

describe('managing staff', () => {
  it('invites, changes a role and disables, each with exactly one audit row, ending the member sessions', async () => {
    const owner = members.owner;
    const before = await auditCount();
    const invited = await backoffice(t, 'staff/invite', { body: { email: 'mara@staff.example', display_name: 'Mara', role: 'support' }, cookie: owner.cookie, ip: owner.ip });
    expect(invited.status, JSON.stringify(invited.json)).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    expect((await t.call('nope')).status).toBe(404);

    const target = await createStaffMember(t, 'support');
    const afterSetup = await auditCount();
    const changed = await backoffice(t, 'staff/role', { body: { id: target.id, role: 'compliance' }, cookie: owner.cookie, ip: owner.ip });
    expect(changed.json.data).toMatchObject({ id: target.id, role: 'compliance' });
    expect(await auditCount()).toBe(afterSetup + 1);
    const {
      items: [row],
    } = await t.services.staff.listAudit({ subject: `staff:${target.id}`, action: 'staff.role' }, { limit: 1, offset: 0 });
    expect(row).toMatchObject({
      actor: `staff:${owner.id} ${owner.email}`,
      actor_role: 'owner',
      action: 'staff.role',
      before: { role: 'support' },
      after: { role: 'compliance' },
      ip: owner.ip,
      request_id: expect.stringMatching(/\S/),
    });
    // The member's session ended: their next sign-in carries the new role.
    expect((await backoffice(t, 'auth/me', { cookie: target.cookie })).status).toBe(401);

    const other = await createStaffMember(t, 'marketing');
    const disabled = await backoffice(t, 'staff/disable', { body: { id: other.id, disabled: true }, cookie: owner.cookie, ip: owner.ip });
    expect(disabled.json.data).toMatchObject({ status: 'disabled' });
    expect((await backoffice(t, 'auth/me', { cookie: other.cookie })).status).toBe(401);
    const refused = await backoffice(t, 'auth/login', { body: { email: other.email, password: other.password }, ip: other.ip });
    expect(refused.status).toBe(401);
  });

  it('keeps the last owner an owner, and a member cannot change themselves', async () => {
    const self = await backoffice(t, 'staff/role', { body: { id: members.owner.id, role: 'analyst' }, cookie: members.owner.cookie, ip: members.owner.ip });
    expect(self.status).toBe(422);
    expect(self.json.error?.fields).toEqual({ id: 'You cannot change your own role' });
  });

  it('refuses a cross-site write even with a valid session, and writes nothing', async () => {
    const before = await auditCount();
    const answer = await backoffice(t, 'staff/invite', {
      body: { email: 'evil@staff.example', display_name: 'Evil', role: 'owner' },
      cookie: members.owner.cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(403);
    expect(await auditCount()).toBe(before);
    expect((await t.services.staff.listMembers()).some((member) => member.email === 'evil@staff.example')).toBe(false);
  });
});

describe('the audit trail', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even to the site itself', async () => {
    const before = await auditCount();
    expect(before).toBeGreaterThan(0);
    // The database's own message, under the query error drizzle wraps it in.
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.database.db.execute(statement).then(
        () => 'done',
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
      );
    expect(await refusal(sql`update operator_audit set actor = 'someone else'`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`delete from operator_audit`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`truncate operator_audit`)).toMatch(/append-only: TRUNCATE refused/);
    expect(await auditCount()).toBe(before);
  });

  it('is filtered by actor, action and subject for those who may read it', async () => {
    const answer = await backoffice(t, 'audit/list', { query: { action: 'staff.', limit: '5' }, cookie: members.compliance.cookie });
    const rows = (answer.json.data as { items: Array<{ action: string }> }).items;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(5);
    for (const row of rows) expect(row.action.startsWith('staff.')).toBe(true);
  });
});

describe('BACKOFFICE_ALLOWED_IPS', () => {
  it('answers 404 to the back office from any other address, pages and API alike', async () => {
    const gated = await createTestApp({ BACKOFFICE_ALLOWED_IPS: '10.20.0.0/16, 192.0.2.7' });
    try {
      const from = (ip: string) => gated.app.request('http://localhost/backoffice/api/auth/me', { headers: { 'x-croupier-client-ip': ip } });
      expect((await from('10.20.3.4')).status).toBe(401);
      expect((await from('192.0.2.7')).status).toBe(401);
      expect((await from('10.21.0.1')).status).toBe(404);
      expect((await gated.app.request('http://localhost/backoffice', { headers: { 'x-croupier-client-ip': '10.21.0.1' } })).status).toBe(404);
    } finally {
      await gated.close();
    }
  });
});
