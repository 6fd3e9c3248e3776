import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerificationView } from '../../../contract/verification.ts';
import { demoMailbox } from '../../db/schema.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';
import { digestPayload, signRequest } from './sumsub.ts';

/**
 * The Sumsub adapter against a local server speaking Sumsub's API shape: it checks every request's
 * X-App-Access-Sig exactly as Sumsub does, and the webhook route checks X-Payload-Digest.
 */
const APP_TOKEN = 'sbx:test-app-token-0123456789';
const SECRET_KEY = 'sumsub-secret-key-0123456789';
const WEBHOOK_SECRET = 'sumsub-webhook-secret-0123456789';

type Seen = { method: string; path: string; body: string; signatureOk: boolean; token: string | undefined };
const seen: Seen[] = [];
let sumsub: Server;
let t: TestApp;
const storage = mkdtempSync(join(tmpdir(), 'croupier-kyc-sumsub-'));
const applicants = new Map<string, string>();

beforeAll(async () => {
  sumsub = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const ts = Number(request.headers['x-app-access-ts']);
      const signatureOk = request.headers['x-app-access-sig'] === signRequest(SECRET_KEY, ts, request.method!, request.url!, body) && Math.abs(Date.now() / 1000 - ts) < 60;
      seen.push({ method: request.method!, path: request.url!, body, signatureOk, token: request.headers['x-app-token'] as string | undefined });
      response.setHeader('content-type', 'application/json');
      if (!signatureOk) return response.writeHead(401).end(JSON.stringify({ description: 'Request signature mismatch', code: 401 }));
      if (request.method === 'POST' && request.url!.startsWith('/resources/applicants?levelName=')) {
        const { externalUserId } = JSON.parse(body) as { externalUserId: string };
        if (applicants.has(externalUserId)) return response.writeHead(409).end(JSON.stringify({ description: 'Applicant already exists', code: 409 }));
        const id = `65a${applicants.size + 1}f00d`;
        applicants.set(externalUserId, id);
        return response.writeHead(201).end(JSON.stringify({ id, externalUserId, review: { reviewStatus: 'init' } }));
      }
      const existing = /^\/resources\/applicants\/-;externalUserId=([^/]+)\/one$/.exec(request.url!);
      if (request.method === 'GET' && existing) return response.writeHead(200).end(JSON.stringify({ id: applicants.get(decodeURIComponent(existing[1])) }));
      if (request.method === 'POST' && request.url === '/resources/accessTokens/sdk') {
        const { userId } = JSON.parse(body) as { userId: string };
        return response.writeHead(200).end(JSON.stringify({ token: `_act-sbx-jwt-${userId}`, userId }));
      }
      response.writeHead(404).end(JSON.stringify({ description: 'Not found' }));
    });
  });
  await new Promise<void>((resolve) => sumsub.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    KYC_STORAGE_DIR: storage,
    SUMSUB_APP_TOKEN: APP_TOKEN,
    SUMSUB_SECRET_KEY: SECRET_KEY,
    SUMSUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SUMSUB_BASE_URL: `http://127.0.0.1:${(sumsub.address() as AddressInfo).port}`,
  });
  await t.services.siteConfig.put('en', { functionalSettings: { isSumsubEnable: true } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => sumsub.close(resolve));
  rmSync(storage, { recursive: true, force: true });
});

const as = (who: TestPlayer) => ({ cookie: who.cookie, 'x-croupier-client-ip': who.ip });
const status = async (who: TestPlayer) => (await t.call('verification/get', { headers: as(who) })).json.data as VerificationView;

function webhook(payload: object, options: { secret?: string; algorithm?: 'HMAC_SHA256_HEX' | 'HMAC_SHA512_HEX'; claimedAlgorithm?: string } = {}) {
  const raw = JSON.stringify(payload);
  const algorithm = options.algorithm ?? 'HMAC_SHA256_HEX';
  return t.app.request(`${TEST_ORIGIN}/platform/verification/webhook/sumsub`, {
    method: 'POST',
    body: raw,
    headers: {
      'content-type': 'application/json',
      'x-payload-digest': digestPayload(options.secret ?? WEBHOOK_SECRET, raw, algorithm),
      'x-payload-digest-alg': options.claimedAlgorithm ?? algorithm,
    },
  });
}

const reviewed = (applicantId: string, uid: number, answer: 'GREEN' | 'RED', extra: Record<string, unknown> = {}, at = Date.now()) => ({
  applicantId,
  inspectionId: 'insp-1',
  correlationId: `corr-${Math.random()}`,
  externalUserId: `croupier-${uid}`,
  levelName: 'basic-kyc-level',
  type: 'applicantReviewed',
  reviewStatus: 'completed',
  createdAtMs: new Date(at).toISOString().replace('T', ' ').slice(0, 23),
  reviewResult: { reviewAnswer: answer, ...extra },
});

describe('the Sumsub adapter', () => {
  let who: TestPlayer;
  let applicantId: string;

  it('creates the applicant once and gives the web SDK a token, every request signed', async () => {
    who = await registerPlayer(t, { tag: 'sumsub' });
    expect(await status(who)).toMatchObject({ provider: 'sumsub', can_upload: false });
    const created = await t.call('createApplicant', { body: {}, headers: as(who) });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    applicantId = (created.json.data as { applicant_id: string }).applicant_id;
    expect(created.json.data).toEqual({ applicant_id: applicantId, level_name: 'basic-kyc-level' });
    const again = await t.call('createApplicant', { body: {}, headers: as(who) });
    expect(again.json.data).toEqual(created.json.data);
    const token = await t.call('getAccessToken', { body: {}, headers: as(who) });
    expect(token.json.data).toEqual({ token: `_act-sbx-jwt-croupier-${who.uid}`, user_id: `croupier-${who.uid}`, level_name: 'basic-kyc-level' });
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const request of seen) expect(request).toMatchObject({ signatureOk: true, token: APP_TOKEN });
    expect(seen.filter((request) => request.path.startsWith('/resources/applicants')).length).toBe(1);
    // Uploads go through Sumsub's SDK while it is enabled.
    const form = new FormData();
    form.set('kind', 'identity_front');
    form.set('file', new File(['x'], 'a.jpg', { type: 'image/jpeg' }));
    expect((await t.call('verification/upload', { body: form, headers: as(who) })).json.error?.type).toBe('SumsubVerificationRequiredException');
  });

  it('refuses a webhook with a bad signature, a wrong algorithm or a stale event, and changes nothing', async () => {
    const payload = reviewed(applicantId, who.uid, 'GREEN');
    expect((await webhook(payload, { secret: 'not-the-secret-0123456789' })).status).toBe(401);
    const tampered = await t.app.request(`${TEST_ORIGIN}/platform/verification/webhook/sumsub`, {
      method: 'POST',
      body: JSON.stringify({ ...payload, externalUserId: 'croupier-999999' }),
      headers: { 'content-type': 'application/json', 'x-payload-digest': digestPayload(WEBHOOK_SECRET, JSON.stringify(payload)) },
    });
    expect(tampered.status).toBe(401);
    expect((await t.app.request(`${TEST_ORIGIN}/platform/verification/webhook/sumsub`, { method: 'POST', body: JSON.stringify(payload) })).status).toBe(401);
    expect((await webhook(payload, { claimedAlgorithm: 'MD5_HEX' })).status).toBe(401);
    expect((await webhook(reviewed(applicantId, who.uid, 'GREEN', {}, Date.now() - 3 * 24 * 3600 * 1000))).status).toBe(400);
    expect(await status(who)).toMatchObject({ status: 'not_started' });
  });

  it('applies a signed decision once: a retry answers the same and mails nothing more', async () => {
    await t.call('setUserOnVerification', { body: {}, headers: as(who) });
    expect(await status(who)).toMatchObject({ status: 'pending' });
    const retry = reviewed(applicantId, who.uid, 'RED', { reviewRejectType: 'RETRY', clientComment: 'The document is expired', rejectLabels: ['DOCUMENT_EXPIRED'] });
    const first = await webhook(retry);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, replay: false });
    expect(await status(who)).toMatchObject({ status: 'resubmission', reason: 'The document is expired' });
    const replay = await webhook(retry);
    expect(await replay.json()).toEqual({ ok: true, replay: true });

    const green = reviewed(applicantId, who.uid, 'GREEN', {}, Date.now() + 1000);
    expect((await webhook(green, { algorithm: 'HMAC_SHA512_HEX' })).status).toBe(200);
    expect(await status(who)).toMatchObject({ status: 'approved' });
    const info = (await t.call('getInfo', { headers: as(who) })).json.data as { is_verified: boolean; is_on_verification: boolean };
    expect(info).toMatchObject({ is_verified: true, is_on_verification: false });
    expect((await webhook(green, { algorithm: 'HMAC_SHA512_HEX' })).status).toBe(200);
    const mails = await t.database.db.select().from(demoMailbox).where(eq(demoMailbox.recipient, who.email));
    expect(mails.map((mail) => mail.subject).filter((subject) => subject.includes('identity')).sort()).toEqual(['Your identity is verified', 'Your identity verification needs attention']);
  });

  it('answers 404 to webhooks when Sumsub is not configured', async () => {
    const plain = await createTestApp({ KYC_STORAGE_DIR: storage });
    try {
      const answer = await plain.app.request(`${TEST_ORIGIN}/platform/verification/webhook/sumsub`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(404);
      expect((await plain.call('createApplicant', { body: {}, headers: {} })).json.error?.type).toBe('AuthorizationException');
    } finally {
      await plain.close();
    }
  });
});

describe("the pages' Content-Security-Policy", () => {
  it("allows Sumsub's WebSDK (its script and the configured API origin) only while Sumsub verifies players", async () => {
    const apiOrigin = `http://127.0.0.1:${(sumsub.address() as AddressInfo).port}`;
    expect(await t.services.verification.cspOrigins()).toEqual(['https://static.sumsub.com', apiOrigin]);
    await t.services.siteConfig.put('en', { functionalSettings: { isSumsubEnable: false } });
    try {
      expect(await t.services.verification.cspOrigins()).toEqual([]);
    } finally {
      await t.services.siteConfig.put('en', { functionalSettings: { isSumsubEnable: true } });
    }
  });
});
