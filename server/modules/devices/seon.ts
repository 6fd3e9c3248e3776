import { and, desc, eq } from 'drizzle-orm';
import type { SeonCheckView } from '../../../contract/devices.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import type { NamedJob } from '../../platform/jobs/index.ts';
import type { Logger } from '../../platform/logger.ts';
import { seonChecks } from '../../db/schema/devices.ts';

/**
 * The SEON adapter (docs/devices.md): with `SEON_API_KEY` set, every sign-up and every deposit
 * is sent to SEON's fraud API (v2: a JSON POST authenticated by the `X-API-KEY` header) with what
 * the site knows of it: the address, the e-mail, the account, the amount, the device fingerprint
 * and the session SEON's own browser agent collected. SEON answers its transaction id, a state
 * (APPROVE, REVIEW, DECLINE) and a fraud score; the answer is stored for the back office's
 * player page.
 *
 * The call runs in a job queued in the sign-up's or the deposit's own transaction, never in the
 * player's request: SEON being slow or down cannot hold a player up. A call that fails (a
 * timeout, a 5xx, an error answer) is recorded as failed with why, once, and not tried again:
 * a score that comes minutes later is no use to anyone, and the site's own rules still run.
 */

export const SEON_JOB = 'devices.seon-check';
export const SEON_DEFAULT_API_URL = 'https://api.seon.io/SeonRestService/fraud-api/v2/';

export type SeonConfig = { apiKey: string; apiUrl: string; timeoutMs: number; agentUrl: string };

/** What one check carries from the request that asked for it (the job's payload). */
export type SeonCheckRequest = {
  action: 'sign_up' | 'deposit';
  userId: number;
  ip: string;
  deviceId: string | null;
  seonSession: string | null;
  deposit?: { paymentId: number; publicId: string; amount: string; currency: string; method: string };
};

/** The player facts SEON is sent, from the accounts module. */
export type SeonPlayer = { email: string | null; phone: string | null; registeredAt: Date; country: string | null };

type Deps = {
  db: Db;
  logger: Logger;
  config: SeonConfig | null;
  player(userId: number): Promise<SeonPlayer | null>;
  enqueue(tx: Tx, key: string, payload: Record<string, unknown>): Promise<void>;
  fetch?: typeof fetch;
};

/** SEON's action types for the two moments the site asks it about. */
const ACTION_TYPE = { sign_up: 'account_register', deposit: 'deposit' } as const;

const transactionIdOf = (request: SeonCheckRequest) => request.deposit?.publicId ?? `signup_${request.userId}`;

/** The fraud API's request body for one check (only the fields the site knows; SEON takes every field as optional). */
export function seonRequestBody(request: SeonCheckRequest, player: SeonPlayer | null): Record<string, unknown> {
  const body: Record<string, unknown> = {
    config: { ip_api: true, email_api: player?.email != null, phone_api: player?.phone != null, device_fingerprinting: request.seonSession !== null },
    action_type: ACTION_TYPE[request.action],
    ip: request.ip || undefined,
    user_id: String(request.userId),
    email: player?.email ?? undefined,
    phone_number: player?.phone ?? undefined,
    user_created: player ? Math.floor(player.registeredAt.getTime() / 1000) : undefined,
    user_country: player?.country ?? undefined,
    session: request.seonSession ?? undefined,
    device_id: request.deviceId ?? undefined,
    transaction_id: transactionIdOf(request),
  };
  if (request.deposit) {
    body.transaction_type = 'deposit';
    body.transaction_amount = Number(request.deposit.amount);
    body.transaction_currency = request.deposit.currency;
    body.payment_mode = request.deposit.method;
  }
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

type SeonAnswer = {
  success?: boolean;
  error?: { code?: string | number; message?: string } | Record<string, never>;
  data?: { id?: string; state?: string; fraud_score?: number; applied_rules?: Array<{ id?: string; name?: string; score?: number }> };
};

/** SEON's answer read into what is stored, or why it cannot be. */
export function readSeonAnswer(status: number, answer: SeonAnswer | null): { ok: true; seonId: string; state: string; score: number; rules: Array<{ id: string; name: string; score: number }> } | { ok: false; error: string } {
  if (status >= 500) return { ok: false, error: `HTTP ${status}` };
  if (!answer || typeof answer !== 'object') return { ok: false, error: `HTTP ${status}: unreadable answer` };
  const error = answer.error as { code?: string | number; message?: string } | undefined;
  if (!answer.success || status >= 300) return { ok: false, error: `HTTP ${status}: ${error?.code ?? ''} ${error?.message ?? 'refused'}`.trim().slice(0, 300) };
  const data = answer.data;
  if (!data || typeof data.id !== 'string' || typeof data.state !== 'string' || typeof data.fraud_score !== 'number' || !Number.isFinite(data.fraud_score)) {
    return { ok: false, error: 'answer without id, state and fraud_score' };
  }
  const rules = (Array.isArray(data.applied_rules) ? data.applied_rules : [])
    .slice(0, 10)
    .map((rule) => ({ id: String(rule.id ?? '').slice(0, 40), name: String(rule.name ?? '').slice(0, 120), score: Number(rule.score ?? 0) }));
  return { ok: true, seonId: data.id.slice(0, 100), state: data.state.slice(0, 20), score: data.fraud_score, rules };
}

export function createSeon(deps: Deps) {
  const { db, logger, config } = deps;
  const send = deps.fetch ?? fetch;

  /** Queues the check of a sign-up or a deposit in the caller's transaction; nothing when SEON is off. */
  async function queue(tx: Tx, request: SeonCheckRequest): Promise<void> {
    if (!config) return;
    const key = request.action === 'deposit' ? `deposit:${request.deposit!.paymentId}` : `sign_up:${request.userId}`;
    await deps.enqueue(tx, key, request as unknown as Record<string, unknown>);
  }

  async function record(request: SeonCheckRequest, result: ReturnType<typeof readSeonAnswer>) {
    await db
      .insert(seonChecks)
      .values({
        userId: request.userId,
        action: request.action,
        paymentId: request.deposit?.paymentId ?? null,
        transactionId: transactionIdOf(request),
        status: result.ok ? 'scored' : 'failed',
        seonId: result.ok ? result.seonId : null,
        state: result.ok ? result.state : null,
        fraudScore: result.ok ? result.score.toFixed(2) : null,
        rules: result.ok ? result.rules : [],
        error: result.ok ? null : result.error,
      })
      .onConflictDoNothing();
  }

  /** One call to SEON; whatever happens is recorded, nothing is thrown (the job is not retried). */
  async function check(request: SeonCheckRequest): Promise<void> {
    if (!config) return;
    const player = await deps.player(request.userId);
    let result: ReturnType<typeof readSeonAnswer>;
    try {
      const response = await send(config.apiUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-API-KEY': config.apiKey },
        body: JSON.stringify(seonRequestBody(request, player)),
        signal: AbortSignal.timeout(config.timeoutMs),
        redirect: 'error',
      });
      const text = await response.text();
      let answer: SeonAnswer | null = null;
      try {
        answer = JSON.parse(text) as SeonAnswer;
      } catch {
        answer = null;
      }
      result = readSeonAnswer(response.status, answer);
    } catch (error) {
      result = { ok: false, error: error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${config.timeoutMs} ms` : `request failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300) };
    }
    if (!result.ok) logger.warn({ action: request.action, userId: request.userId, error: result.error }, 'SEON fraud check failed: recorded, the player goes on');
    await record(request, result);
  }

  const job: NamedJob = {
    name: SEON_JOB,
    maxAttempts: 1,
    ownTransactions: true,
    leaseSeconds: 60,
    run: async (payload) => check(payload as unknown as SeonCheckRequest),
  };

  /** A player's checks, newest first, for the back office's player page. */
  async function checksOf(userId: number, limit = 20): Promise<SeonCheckView[]> {
    const rows = await db.select().from(seonChecks).where(and(eq(seonChecks.userId, userId))).orderBy(desc(seonChecks.id)).limit(limit);
    return rows.map((row) => ({
      action: row.action,
      transaction_id: row.transactionId,
      status: row.status,
      seon_id: row.seonId,
      state: row.state,
      fraud_score: row.fraudScore,
      rules: row.rules as SeonCheckView['rules'],
      error: row.error,
      created_at: row.createdAt.toISOString(),
    }));
  }

  return { enabled: config !== null, agentUrl: config?.agentUrl ?? null, queue, check, job, checksOf };
}

export type Seon = ReturnType<typeof createSeon>;
