import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { formatMinor, isCurrency } from '../../../contract/money.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { hmacSha256 } from '../../platform/crypto.ts';
import type { Logger } from '../../platform/logger.ts';
import type { EventHandler, NamedJob } from '../../platform/jobs/index.ts';
import { affiliatePostbacks, affiliates, playerAttributions } from '../../db/schema/affiliates.ts';

/**
 * Postbacks (docs/affiliates.md, "Postbacks"): a server-to-server GET to the partner's URL
 * template on sign-up and first deposit. The handler writes the postback row and queues its
 * delivery job in the event's transaction; the job calls the partner outside any transaction,
 * is retried with the runner's backoff while the partner fails, and marks the row delivered once
 * it answered 2xx: a delivered postback is never sent again.
 */
export const POSTBACK_JOB = 'affiliates.postback';
export const POSTBACK_MAX_ATTEMPTS = 12;
export const POSTBACK_EVENTS = ['signup', 'first_deposit'] as const;
export type PostbackEvent = (typeof POSTBACK_EVENTS)[number];

/** Placeholders a template may use; `td_*` names any tracking parameter of the first touch. */
export const POSTBACK_PLACEHOLDERS = ['click_id', 'track_id', 'event', 'player', 'amount', 'currency'] as const;
const PLACEHOLDER = /\{([a-z_0-9]+)\}/g;

/** Placeholders of a template that are not known (checked when an operator saves it). */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]).filter((name) => !(POSTBACK_PLACEHOLDERS as readonly string[]).includes(name) && !/^td_[a-z0-9_]{1,40}$/.test(name));
}

/**
 * The URL a postback calls: each placeholder replaced by its value (URL-encoded; unknown or
 * missing ones by nothing), then `signature`, the HMAC-SHA256 of that URL with the affiliate's
 * secret, added to the query: the partner recomputes it over the URL without it.
 */
export function postbackUrl(template: string, params: Record<string, string>, secret: string): { url: string; signature: string } {
  const filled = template.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const signature = hmacSha256(secret, filled);
  // Appended as text: re-serialising the query through URLSearchParams would change its bytes
  // (a %20 becoming +), and the partner checks the signature over the bytes it received.
  return { url: `${filled}${filled.includes('?') ? '&' : '?'}signature=${signature}`, signature };
}

type Deps = { db: Db; logger: Logger; fetch?: typeof fetch; timeoutMs?: number; enqueue(tx: Tx, key: string, payload: Record<string, unknown>): Promise<void> };

export function createPostbacks(deps: Deps) {
  const { db, logger } = deps;
  const send = deps.fetch ?? fetch;

  /** Writes the postback owed (once per affiliate, player and event) and queues its delivery, in `tx`. */
  async function owe(tx: Tx, input: { affiliateId: number; userId: number; event: PostbackEvent; params: Record<string, string> }) {
    const [affiliate] = await tx.select({ url: affiliates.postbackUrl }).from(affiliates).where(eq(affiliates.id, input.affiliateId));
    if (!affiliate?.url) return;
    const [row] = await tx
      .insert(affiliatePostbacks)
      .values({ affiliateId: input.affiliateId, userId: input.userId, event: input.event, params: input.params })
      .onConflictDoNothing()
      .returning({ id: affiliatePostbacks.id });
    if (row) await deps.enqueue(tx, String(row.id), { postback: row.id });
  }

  const paramsOf = (attribution: { trackId: string | null; tracking: unknown }, userId: number, event: PostbackEvent, money?: { amount: string; currency: string }) => {
    const tracking = (attribution.tracking ?? {}) as Record<string, string>;
    return {
      ...tracking,
      click_id: tracking.td_click_id ?? attribution.trackId ?? '',
      track_id: attribution.trackId ?? '',
      event,
      player: String(userId),
      amount: money?.amount ?? '',
      currency: money?.currency ?? '',
    };
  };

  /**
   * `affiliate.signup` and credited deposits of attributed players. The first credited deposit
   * is written onto the attribution (once: the update only takes a row without one), which makes
   * it the player's first-time deposit for the report and its postback.
   */
  const handler: EventHandler = {
    name: 'affiliates.postbacks',
    events: ['affiliate.signup', 'cashier.deposit'],
    dispatchWhen: sql`s.type = 'affiliate.signup' or exists (select 1 from player_attributions pa where pa.user_id = s.user_id and pa.affiliate_id is not null and pa.first_deposit_at is null)`,
    async handle(event, tx) {
      if (event.userId === null) return;
      if (event.type === 'affiliate.signup') {
        const [attribution] = await tx.select().from(playerAttributions).where(and(eq(playerAttributions.userId, event.userId), isNotNull(playerAttributions.affiliateId)));
        if (!attribution) return;
        await owe(tx, { affiliateId: attribution.affiliateId!, userId: event.userId, event: 'signup', params: paramsOf(attribution, event.userId, 'signup') });
        return;
      }
      const payload = event.payload as { status?: string; paymentId?: number; amount?: string; currency?: string };
      if (payload.status !== 'success' || !payload.amount || !isCurrency(payload.currency)) return;
      const amount = BigInt(payload.amount);
      const [first] = await tx
        .update(playerAttributions)
        .set({ firstDepositAt: event.createdAt, firstDepositPaymentId: payload.paymentId ?? null, firstDepositAmount: amount, firstDepositCurrency: payload.currency })
        .where(and(eq(playerAttributions.userId, event.userId), isNotNull(playerAttributions.affiliateId), isNull(playerAttributions.firstDepositAt)))
        .returning();
      if (!first) return;
      const money = { amount: formatMinor(amount, payload.currency), currency: payload.currency };
      await owe(tx, { affiliateId: first.affiliateId!, userId: event.userId, event: 'first_deposit', params: paramsOf(first, event.userId, 'first_deposit', money) });
    },
  };

  /**
   * Calls the partner for one postback. A delivered one is not sent again; a failure (no answer,
   * a status other than 2xx) is recorded and thrown, so the runner tries again later; after the
   * last attempt the row says `failed`.
   */
  async function deliver(postbackId: number): Promise<void> {
    const [row] = await db
      .select({ postback: affiliatePostbacks, url: affiliates.postbackUrl, secret: affiliates.postbackSecret })
      .from(affiliatePostbacks)
      .innerJoin(affiliates, eq(affiliates.id, affiliatePostbacks.affiliateId))
      .where(eq(affiliatePostbacks.id, postbackId));
    if (!row || row.postback.status !== 'pending' || !row.url) return;
    const { url, signature } = postbackUrl(row.url, row.postback.params as Record<string, string>, row.secret);
    const attempt = row.postback.attempts + 1;
    let status: number | null = null;
    let failure: string | null = null;
    try {
      const answer = await send(url, {
        method: 'GET',
        redirect: 'manual',
        signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
        headers: { 'X-Croupier-Signature': signature, 'X-Croupier-Postback': String(postbackId), 'User-Agent': 'Croupier-Postback/1' },
      });
      status = answer.status;
      await answer.body?.cancel();
      if (status < 200 || status > 299) failure = `HTTP ${status}`;
    } catch (error) {
      failure = error instanceof Error ? error.message.slice(0, 200) : 'request failed';
    }
    const finalFailure = failure !== null && attempt >= POSTBACK_MAX_ATTEMPTS;
    await db
      .update(affiliatePostbacks)
      .set({
        attempts: attempt,
        lastStatus: status,
        lastError: failure,
        status: failure === null ? 'delivered' : finalFailure ? 'failed' : 'pending',
        deliveredAt: failure === null ? new Date() : null,
      })
      .where(and(eq(affiliatePostbacks.id, postbackId), eq(affiliatePostbacks.status, 'pending')));
    if (failure !== null) {
      logger.warn({ postback: postbackId, attempt, failure }, 'affiliate postback failed');
      throw new Error(`postback ${postbackId}: ${failure}`);
    }
  }

  const job: NamedJob = {
    name: POSTBACK_JOB,
    maxAttempts: POSTBACK_MAX_ATTEMPTS,
    // The call to the partner is made with no transaction held.
    ownTransactions: true,
    leaseSeconds: 60,
    run: async (payload) => deliver(Number(payload.postback)),
  };

  return { handler, job, deliver };
}
