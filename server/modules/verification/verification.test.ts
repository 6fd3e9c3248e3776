import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerificationDocumentView, VerificationView } from '../../../contract/verification.ts';
import { demoMailbox, operatorAudit } from '../../db/schema.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';

/**
 * Identity verification through the API (docs/verification.md): what a player may upload, who
 * may see it, the statuses an operator's review moves them through, and the withdrawal gate.
 */

const storage = mkdtempSync(join(tmpdir(), 'croupier-kyc-test-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ KYC_STORAGE_DIR: storage, KYC_MAX_FILE_BYTES: String(256 * 1024) });
});
afterAll(async () => {
  await t.close();
  rmSync(storage, { recursive: true, force: true });
});

const as = (who: TestPlayer) => ({ cookie: who.cookie, 'x-croupier-client-ip': who.ip });

const makeJpeg = (options: { exif?: boolean } = {}) => {
  const image = sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 40, g: 90, b: 160 } } });
  return (options.exif ? image.withExif({ IFD0: { Copyright: 'GPS-SECRET-HOME-ADDRESS' } }) : image).jpeg().toBuffer();
};
const makePng = () => sharp({ create: { width: 120, height: 80, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 1 } } }).png().toBuffer();
const PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;

async function upload(who: TestPlayer, kind: string, bytes: Buffer | string, name = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type }));
  // Sent as the bytes a browser sends (one multipart body with its length), not as a live FormData stream.
  const encoded = new Request(TEST_ORIGIN, { method: 'POST', body: form });
  const response = await t.app.request(`${TEST_ORIGIN}/api/verification/upload`, {
    method: 'POST',
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: { ...as(who), 'content-type': encoded.headers.get('content-type')! },
  });
  return { status: response.status, json: (await response.json()) as { data?: unknown; error?: { type: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> } } };
}

const status = async (who: TestPlayer) => (await t.call('verification/get', { headers: as(who) })).json.data as VerificationView;
const info = async (who: TestPlayer) => (await t.call('getInfo', { headers: as(who) })).json.data as { is_on_verification: boolean; is_verified: boolean };
const mailTo = async (email: string) => t.database.db.select().from(demoMailbox).where(eq(demoMailbox.recipient, email));

async function uploadRequired(who: TestPlayer) {
  expect((await upload(who, 'identity_front', await makeJpeg())).status).toBe(200);
  expect((await upload(who, 'proof_of_address', PDF, 'bill.pdf', 'application/pdf')).status).toBe(200);
}

describe('uploads', () => {
  it('takes a JPEG, a PNG and a PDF, and stores images re-encoded without their metadata under random names', async () => {
    const who = await registerPlayer(t, { tag: 'kyc-types' });
    const withExif = await makeJpeg({ exif: true });
    expect(withExif.includes('GPS-SECRET-HOME-ADDRESS')).toBe(true);
    const jpeg = await upload(who, 'identity_front', withExif, '../../etc/passport.jpg');
    expect(jpeg.status, JSON.stringify(jpeg.json)).toBe(200);
    const doc = jpeg.json.data as VerificationDocumentView;
    expect(doc).toMatchObject({ kind: 'identity_front', status: 'draft', content_type: 'image/jpeg', name: 'passport.jpg' });

    const file = await t.app.request(`${TEST_ORIGIN}${doc.url}`, { headers: as(who) });
    const stored = Buffer.from(await file.arrayBuffer());
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(stored.includes('GPS-SECRET-HOME-ADDRESS')).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();

    expect((await upload(who, 'identity_back', await makePng(), 'back.png', 'image/png')).json.data).toMatchObject({ content_type: 'image/png' });
    expect((await upload(who, 'proof_of_address', PDF, 'bill.pdf', 'application/pdf')).json.data).toMatchObject({ content_type: 'application/pdf' });
    // Files on disk carry none of the player's names.
    for (const name of readdirSync(storage)) expect(name).toMatch(/^[A-Za-z0-9_-]{43}\.(jpg|png|pdf)$/);
  });

  it('refuses a JPEG with a script after it, HTML or SVG renamed .jpg, an active PDF, naming the file field', async () => {
    const who = await registerPlayer(t, { tag: 'kyc-bad' });
    const jpeg = await makeJpeg();
    const objectStream = deflateSync(Buffer.from('<< /S /JavaScript /JS (app.alert(1)) >>'));
    const hiddenJs = Buffer.concat([
      Buffer.from('%PDF-1.7\n4 0 obj << /Type /ObjStm /Filter /FlateDecode >>\nstream\n', 'latin1'),
      objectStream,
      Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
    ]);
    const refused: Array<[string, Buffer | string, string, string, string]> = [
      ['script appended to a JPEG', Buffer.concat([jpeg, Buffer.from('<script>alert(document.cookie)</script>')]), 'id.jpg', 'image/jpeg', 'This file was refused: it contains scripts, markup or embedded content'],
      ['HTML renamed .jpg', '<!doctype html><html><body><script>alert(1)</script></body></html>', 'id.jpg', 'image/jpeg', 'Upload a JPEG, PNG or PDF file'],
      ['SVG renamed .jpg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>', 'id.jpg', 'image/jpeg', 'Upload a JPEG, PNG or PDF file'],
      ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'id.gif', 'image/gif', 'Upload a JPEG, PNG or PDF file'],
      ['a PDF with JavaScript', PDF.replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >>'), 'bill.pdf', 'application/pdf', 'This file was refused: it contains scripts, markup or embedded content'],
      ['a PDF with an escaped name', PDF.replace('/Type /Catalog', '/Type /Catalog /Names << /J#61vaScript 5 0 R >>'), 'bill.pdf', 'application/pdf', 'This file was refused: it contains scripts, markup or embedded content'],
      ['a PDF hiding JavaScript in a compressed stream', hiddenJs, 'bill.pdf', 'application/pdf', 'This file was refused: it contains scripts, markup or embedded content'],
      ['a PDF with an embedded file', PDF.replace('/Type /Catalog', '/Type /Catalog /EmbeddedFiles 6 0 R'), 'bill.pdf', 'application/pdf', 'This file was refused: it contains scripts, markup or embedded content'],
      ['a JPEG cut short', jpeg.subarray(0, 200), 'id.jpg', 'image/jpeg', 'This file could not be read: upload a clear photo or scan'],
    ];
    for (const [what, bytes, name, type, message] of refused) {
      const answer = await upload(who, what.includes('PDF') ? 'proof_of_address' : 'identity_front', bytes, name, type);
      expect(answer.status, what).toBe(422);
      expect(answer.json.error, what).toMatchObject({ type: 'InvalidParameterException', fields: { file: message } });
    }
    expect((await status(who)).documents).toEqual([]);
    expect((await upload(who, 'passport_scan', jpeg)).json.error?.fields).toEqual({ kind: 'Choose which document this is' });
  });

  it('answers in French', async () => {
    const who = await registerPlayer(t, { tag: 'kyc-fr' });
    const form = new FormData();
    form.set('kind', 'identity_front');
    form.set('file', new File(['<html></html>'], 'id.jpg', { type: 'image/jpeg' }));
    const answer = await t.call('verification/upload', { body: form, headers: as(who), query: { locale: 'fr' } });
    expect(answer.json.error?.fields).toEqual({ file: 'Envoyez un fichier JPEG, PNG ou PDF' });
  });

  it('refuses a file over the limit, cut off while it streams or by its size', async () => {
    const who = await registerPlayer(t, { tag: 'kyc-big' });
    const huge = Buffer.concat([await makeJpeg(), Buffer.alloc(2 * 1024 * 1024, 1)]);
    const cut = await upload(who, 'identity_front', huge);
    expect(cut.status).toBe(413);
    expect(cut.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { file: 'The file is larger than 256 KB' } });
    // Over the limit, yet within the multipart allowance: the file's own size decides.
    const over = await upload(who, 'identity_front', Buffer.concat([await makeJpeg(), Buffer.alloc(280 * 1024, 1)]));
    expect(over.json.error?.fields).toEqual({ file: 'The file is larger than 256 KB' });
    // A declared length over the limit is refused before the body is read.
    const declared = await t.app.request(`${TEST_ORIGIN}/api/verification/upload`, {
      method: 'POST',
      headers: { ...as(who), 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(5 * 1024 * 1024) },
      body: '--x--',
    });
    expect(declared.status).toBe(413);
    expect((await status(who)).documents).toEqual([]);
  });

  it('serves a file to its owner only, never cached, as a download', async () => {
    const owner = await registerPlayer(t, { tag: 'kyc-owner' });
    const other = await registerPlayer(t, { tag: 'kyc-other' });
    const doc = (await upload(owner, 'identity_front', await makeJpeg())).json.data as VerificationDocumentView;
    const mine = await t.app.request(`${TEST_ORIGIN}${doc.url}`, { headers: as(owner) });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/jpeg');
    expect(mine.headers.get('cache-control')).toContain('no-store');
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('content-disposition')).toMatch(/^attachment; filename="identity_front\.jpg"$/);
    expect((await t.app.request(`${TEST_ORIGIN}${doc.url}`, { headers: as(other) })).status).toBe(404);
    expect((await t.app.request(`${TEST_ORIGIN}${doc.url}`)).status).toBe(401);
    expect((await t.app.request(`${TEST_ORIGIN}/platform/verification/file/..%2F..%2Fetc%2Fpasswd`, { headers: as(owner) })).status).toBe(404);
  });
});

describe('statuses and the review', () => {
  it('goes not started → pending → resubmission (with the reason, by mail) → pending → approved, audited', async () => {
    const who = await registerPlayer(t, { tag: 'kyc-flow' });
    expect(await status(who)).toMatchObject({ status: 'not_started', provider: 'builtin', required: ['identity_front', 'proof_of_address'], can_upload: true, can_submit: false });

    const early = await t.call('setUserOnVerification', { body: {}, headers: as(who) });
    expect(early.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { identity_front: 'This document is required', proof_of_address: 'This document is required' } });

    await uploadRequired(who);
    expect(await status(who)).toMatchObject({ can_submit: true });
    const sent = await t.call('setUserOnVerification', { body: {}, headers: as(who) });
    expect(sent.json.data).toMatchObject({ status: 'pending', result: 1, can_upload: false });
    expect(await info(who)).toMatchObject({ is_on_verification: true, is_verified: false });
    const locked = await upload(who, 'selfie', await makeJpeg());
    expect(locked.json.error).toMatchObject({ type: 'KycUserProfileException' });

    const pending = await t.services.verification.pendingList();
    expect(pending.find((row) => row.uid === who.uid)?.documents.map((doc) => doc.kind).sort()).toEqual(['identity_front', 'proof_of_address']);

    await t.services.verification.review('ops-anna', who.uid, { approve: false, reason: 'The photo of your ID is blurred' });
    expect(await status(who)).toMatchObject({ status: 'resubmission', reason: 'The photo of your ID is blurred', can_upload: true, can_submit: false });
    expect(await info(who)).toMatchObject({ is_on_verification: false, is_verified: false });
    const rejectedMail = (await mailTo(who.email)).find((mail) => mail.subject === 'Your identity verification needs attention');
    expect(rejectedMail?.text).toContain('The photo of your ID is blurred');
    expect(rejectedMail?.text).toContain('/profile/verification');

    // Resubmission: only a new identity photo is not enough to send again; both kinds are asked for.
    await upload(who, 'identity_front', await makeJpeg());
    expect((await t.call('setUserOnVerification', { body: {}, headers: as(who) })).json.error?.fields).toEqual({ proof_of_address: 'This document is required' });
    await upload(who, 'proof_of_address', PDF, 'bill.pdf', 'application/pdf');
    expect((await t.call('setUserOnVerification', { body: {}, headers: as(who) })).json.data).toMatchObject({ status: 'pending' });
    expect((await status(who)).documents.map((doc) => doc.status)).toEqual(['submitted', 'submitted']);

    await t.services.verification.review('ops-anna', who.uid, { approve: true });
    expect(await status(who)).toMatchObject({ status: 'approved', reason: null, can_upload: false });
    expect(await info(who)).toMatchObject({ is_on_verification: false, is_verified: true });
    expect((await mailTo(who.email)).some((mail) => mail.subject === 'Your identity is verified')).toBe(true);
    const audit = await t.database.db.select().from(operatorAudit).where(and(eq(operatorAudit.subject, `user:${who.uid}`), eq(operatorAudit.actor, 'ops-anna')));
    expect(audit.map((row) => row.action)).toEqual(['kyc:reject', 'kyc:approve']);
    await expect(t.services.verification.review('ops-anna', who.uid, { approve: true })).rejects.toThrow(/no verification waiting/);
  });

  it('a final rejection takes no new documents', async () => {
    const who = await registerPlayer(t, { tag: 'kyc-final' });
    await uploadRequired(who);
    await t.call('setUserOnVerification', { body: {}, headers: as(who) });
    await t.services.verification.review('ops', who.uid, { approve: false, reason: 'Forged document', final: true });
    expect(await status(who)).toMatchObject({ status: 'rejected', reason: 'Forged document', can_upload: false });
    expect((await upload(who, 'identity_front', await makeJpeg())).json.error).toMatchObject({ type: 'KycUserProfileException', message: 'Your verification was rejected: please contact support' });
  });

  it('a draft can be removed before sending, a sent document cannot', async () => {
    const who = await registerPlayer(t, { tag: 'kyc-remove' });
    const doc = (await upload(who, 'selfie', await makeJpeg())).json.data as VerificationDocumentView;
    expect((await t.call('verification/remove', { body: { id: doc.id }, headers: as(who) })).json.data).toBe(1);
    expect((await status(who)).documents).toEqual([]);
    expect((await t.app.request(`${TEST_ORIGIN}${doc.url}`, { headers: as(who) })).status).toBe(404);
    expect((await t.call('verification/remove', { body: { id: doc.id }, headers: as(who) })).status).toBe(404);
  });
});

describe('the withdrawal gate', () => {
  const bank = { method: 'bank_transfer', 'requisites[iban]': 'FR14 2004 1010 0505 0001 3M02 606', 'requisites[account_holder]': 'Ann Lee' };
  const withdraw = (who: TestPlayer, amount: string) => t.call('cashier/makewithdrawal', { body: { ...bank, amount }, headers: as(who) });

  it('always (threshold 0): refused until approved, then the same withdrawal goes through', async () => {
    await t.services.siteSettings.set('kycWithdrawalThreshold', 0);
    try {
      const who = await registerPlayer(t, { tag: 'kyc-gate' });
      await fundPlayer(t, who.uid, 10_000n);
      const refused = await withdraw(who, '40');
      expect(refused.json.error).toMatchObject({ type: 'KycWithdrawalException', message: 'Verify your identity before withdrawing', details: { verification_status: 'not_started' } });
      expect((await status(who)).withdrawal).toEqual({ gated: true, threshold: null });
      await uploadRequired(who);
      await t.call('setUserOnVerification', { body: {}, headers: as(who) });
      expect((await withdraw(who, '40')).json.error).toMatchObject({ type: 'KycWithdrawalException', details: { verification_status: 'pending' } });
      await t.services.verification.review('ops', who.uid, { approve: true });
      const paid = await withdraw(who, '40');
      expect(paid.status, JSON.stringify(paid.json)).toBe(200);
      expect(paid.json.data).toMatchObject({ status: 'requested' });
    } finally {
      await t.services.siteSettings.set('kycWithdrawalThreshold', null);
    }
  });

  it('above a threshold: lifetime withdrawals up to it need nothing, past it need verification', async () => {
    await t.services.siteSettings.set('kycWithdrawalThreshold', 100);
    try {
      const who = await registerPlayer(t, { tag: 'kyc-threshold' });
      await fundPlayer(t, who.uid, 50_000n);
      expect((await withdraw(who, '60')).status).toBe(200);
      const over = await withdraw(who, '50');
      expect(over.json.error).toMatchObject({ type: 'KycWithdrawalException', message: 'Verify your identity to withdraw more than €100.00 in all' });
      expect((await withdraw(who, '40')).status).toBe(200);
    } finally {
      await t.services.siteSettings.set('kycWithdrawalThreshold', null);
    }
  });

  it('off (null): only the account KYC block applies', async () => {
    const who = await registerPlayer(t, { tag: 'kyc-off' });
    await fundPlayer(t, who.uid, 10_000n);
    expect((await withdraw(who, '20')).status).toBe(200);
    expect((await status(who)).withdrawal).toEqual({ gated: false, threshold: null });
  });
});
