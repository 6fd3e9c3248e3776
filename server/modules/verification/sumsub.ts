import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { SUMSUB_SDK_SCRIPT, type VerificationStatus } from '../../../contract/verification.ts';

/**
 * Sumsub (https://docs.sumsub.com) as a verification provider: applicants are created for our
 * players, their browser gets an access token for Sumsub's web SDK, and Sumsub tells the review's
 * outcome by a signed webhook.
 *
 * - API requests are signed as Sumsub documents it: `X-App-Token`, `X-App-Access-Ts` (unix
 *   seconds) and `X-App-Access-Sig` = hex HMAC-SHA256(secret key, ts + METHOD + path with query +
 *   body).
 * - Webhooks carry `X-Payload-Digest` = hex HMAC of the raw body with the webhook secret, the
 *   algorithm named by `X-Payload-Digest-Alg` (HMAC_SHA256_HEX by default; SHA1 and SHA512 as
 *   Sumsub may be set to), compared in constant time. Sumsub retries a failed delivery for about
 *   a day, so an event older than the tolerance (48 h) is refused as stale.
 */
export type SumsubConfig = {
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  baseUrl: string;
  levelName: string;
  /** How old a webhook's event may be, in ms. */
  webhookToleranceMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

export class SumsubError extends Error {}

/** Our player as Sumsub knows them (never the login or a name). */
export const externalUserIdOf = (uid: number) => `croupier-${uid}`;

export const uidOfExternal = (externalUserId: string | undefined) => {
  const match = /^croupier-([1-9][0-9]{0,9})$/.exec(externalUserId ?? '');
  return match ? Number(match[1]) : null;
};

export function signRequest(secretKey: string, ts: number, method: string, pathWithQuery: string, body: string): string {
  return createHmac('sha256', secretKey).update(`${ts}${method.toUpperCase()}${pathWithQuery}${body}`).digest('hex');
}

const DIGEST_ALGORITHMS = { HMAC_SHA1_HEX: 'sha1', HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' } as const;

export function digestPayload(secret: string, rawBody: string, algorithm: keyof typeof DIGEST_ALGORITHMS = 'HMAC_SHA256_HEX'): string {
  return createHmac(DIGEST_ALGORITHMS[algorithm], secret).update(rawBody).digest('hex');
}

const webhookSchema = z.object({
  type: z.string().min(1).max(100),
  applicantId: z.string().min(1).max(100),
  externalUserId: z.string().max(200).optional(),
  correlationId: z.string().max(200).optional(),
  reviewStatus: z.string().max(50).optional(),
  createdAtMs: z.union([z.string(), z.number()]).optional(),
  createdAt: z.string().optional(),
  reviewResult: z
    .object({
      reviewAnswer: z.enum(['GREEN', 'RED']).optional(),
      reviewRejectType: z.enum(['RETRY', 'FINAL', 'EXTERNAL']).optional(),
      moderationComment: z.string().max(2000).optional(),
      clientComment: z.string().max(2000).optional(),
      rejectLabels: z.array(z.string().max(100)).max(50).optional(),
    })
    .optional(),
});

export type SumsubWebhook = z.infer<typeof webhookSchema>;

export type WebhookCheck =
  | { ok: true; event: SumsubWebhook; eventKey: string; outcome: { status: VerificationStatus; reason: string | null } | null }
  | { ok: false; status: 401 | 400; reason: string };

/** What a webhook means for the player's verification; null for events that change nothing here. */
export function outcomeOf(event: SumsubWebhook): { status: VerificationStatus; reason: string | null } | null {
  if (event.type === 'applicantPending') return { status: 'pending', reason: null };
  if (event.type === 'applicantReset') return { status: 'not_started', reason: null };
  if (event.type !== 'applicantReviewed' || !event.reviewResult?.reviewAnswer) return null;
  const result = event.reviewResult;
  if (result.reviewAnswer === 'GREEN') return { status: 'approved', reason: null };
  // The client comment is written for the player; the moderation comment and labels for us.
  const reason = result.clientComment || result.moderationComment || result.rejectLabels?.join(', ') || null;
  return { status: result.reviewRejectType === 'FINAL' ? 'rejected' : 'resubmission', reason };
}

function eventTime(event: SumsubWebhook): number | null {
  if (event.createdAtMs !== undefined) {
    // Sumsub writes "2024-02-21 13:23:19.002" (UTC); a plain number of ms is read too.
    const text = String(event.createdAtMs).trim();
    const ms = /^\d+$/.test(text) ? Number(text) : Date.parse(`${text.replace(' ', 'T')}Z`);
    return Number.isFinite(ms) ? ms : null;
  }
  if (event.createdAt) {
    // Sumsub writes "2024-02-21 13:23:19+0000".
    const ms = Date.parse(event.createdAt.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    return Number.isFinite(ms) ? ms : null;
  }
  return null;
}

export function createSumsubClient(config: SumsubConfig) {
  const doFetch = config.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = config.now ?? Date.now;
  const tolerance = config.webhookToleranceMs ?? 48 * 3600 * 1000;

  async function request<T>(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown): Promise<{ status: number; json: T }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const ts = Math.floor(now() / 1000);
    let response: Response;
    try {
      response = await doFetch(new URL(pathWithQuery, config.baseUrl), {
        method,
        body: body === undefined ? undefined : text,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'X-App-Token': config.appToken,
          'X-App-Access-Ts': String(ts),
          'X-App-Access-Sig': signRequest(config.secretKey, ts, method, pathWithQuery, text),
        },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new SumsubError(`Sumsub did not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
    const json = (await response.json().catch(() => ({}))) as T;
    return { status: response.status, json };
  }

  /** Creates the player's applicant at the configured level, or finds the one made before. */
  async function createApplicant(uid: number): Promise<{ applicantId: string }> {
    const externalUserId = externalUserIdOf(uid);
    const created = await request<{ id?: string; description?: string }>('POST', `/resources/applicants?levelName=${encodeURIComponent(config.levelName)}`, { externalUserId });
    if (created.status === 200 || created.status === 201) {
      if (!created.json.id) throw new SumsubError('Sumsub answered an applicant without id');
      return { applicantId: created.json.id };
    }
    if (created.status === 409) {
      const found = await request<{ id?: string }>('GET', `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`);
      if (found.status === 200 && found.json.id) return { applicantId: found.json.id };
    }
    throw new SumsubError(`Sumsub refused the applicant (${created.status}): ${created.json.description ?? ''}`);
  }

  /** A short-lived token for the web SDK, bound to the player and the level. */
  async function accessToken(uid: number, ttlSeconds = 600): Promise<{ token: string; userId: string }> {
    const answer = await request<{ token?: string; userId?: string; description?: string }>('POST', '/resources/accessTokens/sdk', {
      userId: externalUserIdOf(uid),
      levelName: config.levelName,
      ttlInSecs: ttlSeconds,
    });
    if (answer.status !== 200 || !answer.json.token) throw new SumsubError(`Sumsub refused the access token (${answer.status}): ${answer.json.description ?? ''}`);
    return { token: answer.json.token, userId: answer.json.userId ?? externalUserIdOf(uid) };
  }

  /** Checks a webhook's signature and age on its raw body, and reads what it says. */
  function checkWebhook(rawBody: string, digest: string | undefined, algorithm: string | undefined): WebhookCheck {
    const alg = (algorithm ?? 'HMAC_SHA256_HEX').toUpperCase();
    if (!Object.hasOwn(DIGEST_ALGORITHMS, alg)) return { ok: false, status: 401, reason: `unsupported digest algorithm ${alg}` };
    if (!digest || !/^[0-9a-fA-F]+$/.test(digest)) return { ok: false, status: 401, reason: 'missing signature' };
    const expected = Buffer.from(digestPayload(config.webhookSecret, rawBody, alg as keyof typeof DIGEST_ALGORITHMS), 'hex');
    const given = Buffer.from(digest, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, status: 401, reason: 'bad signature' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      return { ok: false, status: 400, reason: 'body is not JSON' };
    }
    const event = webhookSchema.safeParse(parsed);
    if (!event.success) return { ok: false, status: 400, reason: `unexpected payload: ${event.error.issues[0]?.path.join('.')}` };
    const at = eventTime(event.data);
    if (at === null) return { ok: false, status: 400, reason: 'event has no time' };
    if (now() - at > tolerance || at - now() > 5 * 60 * 1000) return { ok: false, status: 400, reason: 'stale event' };
    // The body itself is the event's identity: Sumsub resends the same bytes when it retries.
    const eventKey = createHash('sha256').update(rawBody).digest('hex');
    return { ok: true, event: event.data, eventKey, outcome: outcomeOf(event.data) };
  }

  /**
   * What a page's Content-Security-Policy must allow for the WebSDK: its builder script, the API
   * origin whose frame it opens and calls, and, against Sumsub itself, the other hosts of theirs
   * that frame loads from.
   */
  const api = new URL(config.baseUrl);
  const cspOrigins = [new URL(SUMSUB_SDK_SCRIPT).origin, api.origin, ...(api.hostname.endsWith('.sumsub.com') ? ['https://*.sumsub.com'] : [])];

  return { createApplicant, accessToken, checkWebhook, levelName: config.levelName, cspOrigins };
}

export type SumsubClient = ReturnType<typeof createSumsubClient>;
