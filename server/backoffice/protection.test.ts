import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffTopic } from '../../contract/backoffice.ts';
import type { VerificationView } from '../../contract/verification.ts';
import { demoMailbox } from '../db/schema.ts';
import { queryRows } from '../platform/db/database.ts';
import { fundPlayer, registerPlayer, type TestPlayer } from '../platform/testing/players.ts';
import { backoffice, createStaffMember, type TestStaff } from '../platform/testing/staff.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../platform/testing/test-app.ts';
import { periodStart } from '../modules/responsible-gaming/index.ts';

/**
 * The back office's protection screens through their endpoints (docs/backoffice.md): the
 * verification queue, a case's documents (staff with verification.read only), decisions with the
 * player told and the withdrawal gate opened, and responsible gaming where a member can only make
 * things stricter. Every write leaves exactly one audit row.
 */

const storage = mkdtempSync(join(tmpdir(), 'croupier-bo-kyc-'));
let t: TestApp;
let compliance: TestStaff;
let support: TestStaff;
let marketing: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ KYC_STORAGE_DIR: storage });
  [compliance, support, marketing] = [await createStaffMember(t, 'compliance'), await createStaffMember(t, 'support'), await createStaffMember(t, 'marketing')];
});
afterAll(async () => {
  await t.close();
  rmSync(storage, { recursive: true, force: true });
});

const as = (who: TestPlayer) => ({ cookie: who.cookie, 'x-croupier-client-ip': who.ip });
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const auditRows = async (subject: string) =>
  queryRows<{ action: string; actor: string; before: unknown; after: unknown; details: unknown }>(t.database.db, sql`select action, actor, before, after, details from operator_audit where subject = ${subject} order by id`);

async function upload(who: TestPlayer, kind: string, bytes: Buffer | string, name: string, type: string) {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type }));
  const encoded = new Request(TEST_ORIGIN, { method: 'POST', body: form });
  const response = await t.app.request(`${TEST_ORIGIN}/api/verification/upload`, {
    method: 'POST',
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: { ...as(who), 'content-type': encoded.headers.get('content-type')! },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A player who uploaded an ID photo and a PDF bill and sent them for review. */
async function submittedPlayer(tag: string): Promise<TestPlayer> {
  const who = await registerPlayer(t, { tag });
  await upload(who, 'identity_front', await sharp({ create: { width: 200, height: 120, channels: 3, background: { r: 30, g: 60, b: 120 } } }).jpeg().toBuffer(), 'passport.jpg', 'image/jpeg');
  await upload(who, 'proof_of_address', PDF, 'bill.pdf', 'application/pdf');
  const sent = await t.call('setUserOnVerification', { body: {}, headers: as(who) });
  expect(sent.json.data).toMatchObject({ status: 'pending' });
  return who;
}

type QueueAnswer = { items: Array<{ user_id: number; status: string; documents: string[]; player: { email: string } | null }>; total: number };
type CaseAnswer = {
  status: string;
  can_decide: boolean;
  documents: Array<{ id: string; kind: string; content_type: string; url: string; status: string }>;
  history: Array<{ event: string; actor: string; status: string | null; reason: string | null }>;
};

describe('the verification queue and a case', () => {
  it('lists a submitted case (told live to the queue), filters it, and shows its documents to staff with verification.read only', async () => {
    const publish = vi.spyOn(t.services.live, 'publish');
    const who = await submittedPlayer('bo-queue');
    expect(publish).toHaveBeenCalledWith(staffTopic('verification.read'), { type: 'verification', data: { user_id: who.uid, status: 'pending', provider: 'builtin' } });
    publish.mockRestore();

    const queue = await backoffice(t, 'verification/queue', { cookie: compliance.cookie });
    expect(queue.status, JSON.stringify(queue.json)).toBe(200);
    const row = (queue.json.data as QueueAnswer).items.find((item) => item.user_id === who.uid);
    expect(row).toMatchObject({ status: 'pending', player: { email: who.email } });
    expect(row?.documents.sort()).toEqual(['identity_front', 'proof_of_address']);
    const listed = async (query: Record<string, string>) =>
      ((await backoffice(t, 'verification/queue', { cookie: compliance.cookie, query })).json.data as QueueAnswer).items.some((item) => item.user_id === who.uid);
    expect(await listed({ provider: 'sumsub' })).toBe(false);
    expect(await listed({ older_than: '24' })).toBe(false);
    expect(await listed({ status: 'approved' })).toBe(false);
    expect(await listed({ status: 'all', provider: 'builtin' })).toBe(true);
    expect((await backoffice(t, 'verification/queue', { cookie: compliance.cookie, query: { status: 'maybe' } })).json.error?.fields).toHaveProperty('status');

    const opened = await backoffice(t, 'verification/case', { cookie: support.cookie, query: { user_id: String(who.uid) } });
    const found = opened.json.data as CaseAnswer;
    expect(found).toMatchObject({ status: 'pending', can_decide: true });
    expect(found.history.map((entry) => entry.event)).toContain('submitted');
    const image = found.documents.find((doc) => doc.kind === 'identity_front')!;
    const pdf = found.documents.find((doc) => doc.kind === 'proof_of_address')!;

    const get = (url: string, cookie?: string) => t.app.request(`${TEST_ORIGIN}${url}`, { headers: { 'x-croupier-client-ip': '10.99.0.9', ...(cookie ? { cookie } : {}) } });
    const shown = await get(image.url, compliance.cookie);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/jpeg');
    expect(shown.headers.get('content-disposition')).toMatch(/^inline; filename="identity_front-\d+\.jpg"$/);
    expect(shown.headers.get('cache-control')).toBe('no-store, private');
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    expect(shown.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await shown.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const bill = await get(pdf.url, support.cookie);
    expect(bill.headers.get('content-type')).toBe('application/pdf');
    expect(bill.headers.get('content-disposition')).toMatch(/^inline; /);
    expect((await bill.text()).startsWith('%PDF-')).toBe(true);

    // Marketing has no verification.read; no session at all is a sign-in; a wrong id is not found.
    const refused = await get(image.url, marketing.cookie);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { details: unknown } }).error.details).toEqual({ permission: 'verification.read' });
    expect((await get(image.url)).status).toBe(401);
    expect((await get('/backoffice/api/verification/document?id=AAAAAAAAAAAAAAAAAAAAAAAA', compliance.cookie)).status).toBe(404);
    // The player's own file route still refuses everybody but its owner (staff cookies are not players').
    expect((await t.app.request(`${TEST_ORIGIN}/platform/verification/file/${image.id}`, { headers: { cookie: compliance.cookie } })).status).toBe(401);
  });
});

describe('decisions', () => {
  const bank = { method: 'bank_transfer', 'requisites[iban]': 'FR14 2004 1010 0505 0001 3M02 606', 'requisites[account_holder]': 'Ann Lee' };
  const withdraw = (who: TestPlayer) => t.call('cashier/makewithdrawal', { body: { ...bank, amount: '40' }, headers: as(who) });

  it('approving unlocks the withdrawal the verification gate held, tells the player, and leaves one audit row', async () => {
    await t.services.siteSettings.set('kycWithdrawalThreshold', 0);
    try {
      const who = await submittedPlayer('bo-approve');
      await fundPlayer(t, who.uid, 10_000n);
      expect((await withdraw(who)).json.error).toMatchObject({ type: 'KycWithdrawalException', details: { verification_status: 'pending' } });

      // Support may read cases but not decide them.
      const denied = await backoffice(t, 'verification/decide', { cookie: support.cookie, body: { user_id: who.uid, decision: 'approve' } });
      expect(denied.status).toBe(403);
      expect(await auditRows(`user:${who.uid}`)).toEqual([]);

      const publish = vi.spyOn(t.services.live, 'publish');
      const approved = await backoffice(t, 'verification/decide', { cookie: compliance.cookie, body: { user_id: who.uid, decision: 'approve' } });
      expect(approved.status, JSON.stringify(approved.json)).toBe(200);
      expect(approved.json.data).toMatchObject({ status: 'approved', reason: null });
      // The player's open pages and the back office's queue both hear of it.
      expect(publish).toHaveBeenCalledWith(`player:${who.uid}`, expect.objectContaining({ type: 'verification', data: { status: 'approved', reason: null } }));
      expect(publish).toHaveBeenCalledWith(staffTopic('verification.read'), { type: 'verification', data: { user_id: who.uid, status: 'approved', provider: 'builtin' } });
      publish.mockRestore();

      const audit = await auditRows(`user:${who.uid}`);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'verification.approve',
        actor: `staff:${compliance.id} ${compliance.email}`,
        before: { status: 'pending', reason: null },
        after: { status: 'approved', reason: null },
      });
      expect(((await t.call('verification/get', { headers: as(who) })).json.data as VerificationView).status).toBe('approved');
      const mail = await t.database.db.select().from(demoMailbox).where(eq(demoMailbox.recipient, who.email));
      expect(mail.some((message) => message.subject === 'Your identity is verified')).toBe(true);

      const paid = await withdraw(who);
      expect(paid.status, JSON.stringify(paid.json)).toBe(200);
      expect(paid.json.data).toMatchObject({ status: 'requested' });

      // Decided already: refused naming the case, and nothing more is audited.
      const again = await backoffice(t, 'verification/decide', { cookie: compliance.cookie, body: { user_id: who.uid, decision: 'approve' } });
      expect(again.status).toBe(422);
      expect(again.json.error?.fields?.user_id).toMatch(/no verification waiting for review \(approved\)/);
      expect(await auditRows(`user:${who.uid}`)).toHaveLength(1);
      // The case page's history shows the decision.
      const page = (await backoffice(t, 'verification/case', { cookie: compliance.cookie, query: { user_id: String(who.uid) } })).json.data as CaseAnswer;
      expect(page.history[0]).toMatchObject({ event: 'verification.approve', status: 'approved' });
      expect(page.can_decide).toBe(false);
    } finally {
      await t.services.siteSettings.set('kycWithdrawalThreshold', null);
    }
  });

  it('asks for resubmission or rejects for good with a reason the player reads', async () => {
    const who = await submittedPlayer('bo-resubmit');
    const noReason = await backoffice(t, 'verification/decide', { cookie: compliance.cookie, body: { user_id: who.uid, decision: 'resubmission', reason: '  ' } });
    expect(noReason.status).toBe(422);
    expect(noReason.json.error?.fields).toEqual({ reason: 'Write the reason the player will read' });
    const bad = await backoffice(t, 'verification/decide', { cookie: compliance.cookie, body: { user_id: who.uid, decision: 'maybe' } });
    expect(bad.json.error?.fields).toHaveProperty('decision');

    const asked = await backoffice(t, 'verification/decide', { cookie: compliance.cookie, body: { user_id: who.uid, decision: 'resubmission', reason: 'The photo of your ID is blurred' } });
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    expect(await t.call('verification/get', { headers: as(who) }).then((answer) => answer.json.data)).toMatchObject({ status: 'resubmission', reason: 'The photo of your ID is blurred', can_upload: true });
    const mail = await t.database.db.select().from(demoMailbox).where(eq(demoMailbox.recipient, who.email));
    expect(mail.find((message) => message.subject === 'Your identity verification needs attention')?.text).toContain('The photo of your ID is blurred');

    const other = await submittedPlayer('bo-reject');
    const rejected = await backoffice(t, 'verification/decide', { cookie: compliance.cookie, body: { user_id: other.uid, decision: 'reject', reason: 'The document does not match your account' } });
    expect(rejected.json.data).toMatchObject({ status: 'rejected', reason: 'The document does not match your account' });
    expect(await t.call('verification/get', { headers: as(other) }).then((answer) => answer.json.data)).toMatchObject({ status: 'rejected', can_upload: false });

    for (const [player, action, status] of [
      [who, 'verification.resubmission', 'resubmission'],
      [other, 'verification.reject', 'rejected'],
    ] as const) {
      const audit = await auditRows(`user:${player.uid}`);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action, before: { status: 'pending' }, after: { status } });
    }
  });
});

describe('responsible gaming', () => {
  type PlayerAnswer = { limits: Array<{ kind: string; period: string; amount: string; pending: unknown }>; exclusions: Array<{ kind: string; ends_at: string }> };

  it('refuses a looser limit naming the amount, takes a stricter one at once, and audits each write once', async () => {
    const who = await registerPlayer(t, { tag: 'bo-rg-limit' });
    await t.services.responsibleGaming.setLimit({ userId: who.uid, currency: 'EUR' }, { kind: 'loss', period: 'day', amount: '100' }, 'en');
    const limit = (body: Record<string, unknown>, cookie = compliance.cookie) => backoffice(t, 'rg/limit', { cookie, body: { user_id: who.uid, ...body } });

    for (const amount of ['150', '100']) {
      const looser = await limit({ kind: 'loss', period: 'day', amount });
      expect(looser.status, amount).toBe(422);
      expect(looser.json.error?.fields).toEqual({ amount: 'Only a stricter limit can be set here: enter less than the current 100.00' });
    }
    expect((await limit({ kind: 'loss', period: 'day', amount: '50' }, support.cookie)).status).toBe(403);
    expect(await auditRows(`user:${who.uid}`)).toEqual([]);

    const stricter = await limit({ kind: 'loss', period: 'day', amount: '50', reason: 'Signs of chasing losses' });
    expect(stricter.status, JSON.stringify(stricter.json)).toBe(200);
    const view = (await backoffice(t, 'rg/player', { cookie: support.cookie, query: { login: who.email } })).json.data as PlayerAnswer;
    expect(view.limits).toEqual([expect.objectContaining({ kind: 'loss', period: 'day', amount: '50.00', pending: null })]);
    // A limit the player had not set is stricter too; a session limit in minutes.
    expect((await limit({ kind: 'wager', period: 'week', amount: '500' })).status).toBe(200);
    expect((await limit({ kind: 'session', amount: '60' })).status).toBe(200);
    expect((await limit({ kind: 'session', amount: '90' })).json.error?.fields).toEqual({ amount: 'Only a stricter limit can be set here: enter less than the current 60 min' });

    const audit = await auditRows(`user:${who.uid}`);
    expect(audit.map((row) => row.action)).toEqual(['rg.limit', 'rg.limit', 'rg.limit']);
    expect(audit[0]).toMatchObject({
      before: { kind: 'loss', period: 'day', amount: '100.00' },
      after: { kind: 'loss', period: 'day', amount: '50.00' },
      details: { reason: 'Signs of chasing losses' },
    });
  });

  it('lists players at or near a limit in the running period', async () => {
    const who = await registerPlayer(t, { tag: 'bo-rg-near' });
    const calm = await registerPlayer(t, { tag: 'bo-rg-calm' });
    for (const player of [who, calm]) await t.services.responsibleGaming.setLimit({ userId: player.uid, currency: 'EUR' }, { kind: 'wager', period: 'week', amount: '100' }, 'en');
    const today = periodStart('day', new Date());
    await t.database.db.execute(sql`insert into rg_play_days (user_id, currency, day, wagered, won) values (${who.uid}, 'EUR', ${today}, 8500, 9000), (${calm.uid}, 'EUR', ${today}, 2000, 0)
      on conflict (user_id, currency, day) do update set wagered = excluded.wagered, won = excluded.won`);
    type NearAnswer = { items: Array<{ user_id: number; kind: string; period: string; used: string; amount: string; percent: number; player: { email: string } }>; total: number };
    const near = async (query: Record<string, string> = {}) => (await backoffice(t, 'rg/near-limits', { cookie: support.cookie, query })).json.data as NearAnswer;
    const found = (await near()).items.find((item) => item.user_id === who.uid);
    expect(found).toMatchObject({ kind: 'wager', period: 'week', used: '85.00', amount: '100.00', percent: 85, player: { email: who.email } });
    expect((await near()).items.some((item) => item.user_id === calm.uid)).toBe(false);
    expect((await near({ near: '20' })).items.some((item) => item.user_id === calm.uid)).toBe(true);
    // A loss limit counts stakes less returns: this player won more than staked.
    expect((await near({ kind: 'loss' })).items.some((item) => item.user_id === who.uid)).toBe(false);
  });

  it('starts an operator exclusion that only a longer one can follow, and lists running exclusions', async () => {
    const who = await registerPlayer(t, { tag: 'bo-rg-exclude' });
    const exclude = (body: Record<string, unknown>) => backoffice(t, 'rg/exclude', { cookie: compliance.cookie, body: { user_id: who.uid, ...body } });
    expect((await exclude({ length: '7d' })).json.error?.fields).toHaveProperty('reason');
    const started = await exclude({ length: '7d', reason: 'Affordability check failed' });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    expect(started.json.data).toMatchObject({ kind: 'operator_exclusion', length: '7d' });
    // The player's session ended, and sign-in is refused with the end date.
    expect(((await t.call('getInfo', { headers: as(who) })).json.data as { uid?: number }).uid ?? 0).toBe(0);
    const signIn = await t.call('login', { body: { login: who.email, password: 'secret12' }, headers: { 'x-croupier-client-ip': who.ip } });
    expect(signIn.json.error).toMatchObject({ type: 'UserExcludedException', details: { limit: 'operator_exclusion' } });
    expect(signIn.json.error?.message).toMatch(/^Your account is closed to play until /);

    const shorter = await exclude({ length: '24h', reason: 'Again' });
    expect(shorter.status).toBe(422);
    expect(shorter.json.error?.fields?.length).toMatch(/^An exclusion already runs until .*: an operator exclusion must end later$/);
    expect((await exclude({ length: '6m', reason: 'Longer' })).status).toBe(200);

    const audit = await auditRows(`user:${who.uid}`);
    expect(audit.map((row) => row.action)).toEqual(['rg.exclude', 'rg.exclude']);
    expect(audit[0]).toMatchObject({ before: null, after: { kind: 'operator_exclusion', length: '7d' }, details: { reason: 'Affordability check failed' } });
    expect(audit[1]).toMatchObject({ before: { kind: 'operator_exclusion', length: '7d' }, after: { length: '6m' } });

    const running = (await backoffice(t, 'rg/exclusions', { cookie: support.cookie, query: { kind: 'operator_exclusion' } })).json.data as { items: Array<{ user_id: number; length: string; ends_at: string }> };
    expect(running.items.filter((item) => item.user_id === who.uid).map((item) => item.length)).toEqual(['6m', '7d']);
    const view = (await backoffice(t, 'rg/player', { cookie: support.cookie, query: { user_id: String(who.uid) } })).json.data as PlayerAnswer;
    expect(view.exclusions).toHaveLength(2);
    expect((await backoffice(t, 'rg/player', { cookie: support.cookie, query: { login: 'nobody@example.com' } })).json.error?.fields).toEqual({ login: 'No player signs in with nobody@example.com' });
  });
});
