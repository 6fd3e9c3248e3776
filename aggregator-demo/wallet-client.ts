import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The demo aggregator's side of Croupier's seamless wallet (docs/wallet-api.md), written as a
 * third party writes it from that document alone: JSON bodies signed `t=<unix>,v1=<hmac>` with the
 * shared secret, answers' signatures checked before a balance is trusted, and each transaction
 * resent with its same id after a timeout, a 5xx or RS_ERROR_UNKNOWN (with a fresh signature).
 */
export type WalletEndpoint = 'balance' | 'bet' | 'win' | 'rollback';
export type WalletAnswer = { status: string; request_uuid: string | null; user?: string; currency?: string; balance?: number; transaction_uuid?: string; message?: string };

export const sign = (secret: string, body: string, t = Math.floor(Date.now() / 1000)) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

/** Whether `header` signs `body` with `secret`, within 300 s of now. */
export function signatureMatches(secret: string, body: string, header: string | null | undefined): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  if (Math.abs(Date.now() / 1000 - Number(match[1])) > 300) return false;
  const expected = Buffer.from(sign(secret, body, Number(match[1])).split('v1=')[1], 'hex');
  return timingSafeEqual(expected, Buffer.from(match[2], 'hex'));
}

/** An answer we may not act on: the wallet did not answer, failed, or its signature is wrong. */
export class WalletUnreachable extends Error {}

let requests = 0;
const requestUuid = () => `agg-req-${Date.now().toString(36)}-${(requests += 1).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** One wallet call as sent and answered (the aggregator's transaction report). */
export type JournalEntry = { endpoint: WalletEndpoint; request: Record<string, unknown>; answer: WalletAnswer; at: string };

export function createWalletClient(options: {
  siteUrl: string;
  provider: string;
  secret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Each answered call, for the transaction report. */
  record?: (entry: JournalEntry) => void;
}) {
  const send = options.fetch ?? fetch;
  const base = options.siteUrl.replace(/\/+$/, '');

  /** One signed request; throws WalletUnreachable when the answer cannot be trusted or is a "retry" one. */
  async function once(endpoint: WalletEndpoint, payload: Record<string, unknown>): Promise<WalletAnswer> {
    const request = { provider: options.provider, request_uuid: requestUuid(), ...payload };
    const body = JSON.stringify(request);
    let response: Response;
    try {
      response = await send(`${base}/platform/wallet/${endpoint}`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'x-signature': sign(options.secret, body) },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
    } catch (error) {
      throw new WalletUnreachable(`wallet ${endpoint}: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (response.status >= 500) throw new WalletUnreachable(`wallet ${endpoint}: HTTP ${response.status}`);
    let answer: WalletAnswer;
    try {
      answer = JSON.parse(text) as WalletAnswer;
    } catch {
      throw new WalletUnreachable(`wallet ${endpoint}: not JSON`);
    }
    // Answers about a known provider are signed: an unsigned or forged one is not believed.
    if (response.status === 200 && !signatureMatches(options.secret, text, response.headers.get('x-signature'))) {
      throw new WalletUnreachable(`wallet ${endpoint}: answer signature does not match`);
    }
    if (answer.status === 'RS_ERROR_UNKNOWN') throw new WalletUnreachable(`wallet ${endpoint}: ${answer.message ?? 'unknown error'}`);
    options.record?.({ endpoint, request, answer, at: new Date().toISOString() });
    return answer;
  }

  /** The call, sent again (same transaction, fresh signature) up to `attempts` times while the answer is a "retry" one. */
  async function call(endpoint: WalletEndpoint, payload: Record<string, unknown>, attempts = 3): Promise<WalletAnswer> {
    let last: unknown;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        return await once(endpoint, payload);
      } catch (error) {
        if (!(error instanceof WalletUnreachable)) throw error;
        last = error;
        if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
    throw last;
  }

  return { call, once };
}

export type WalletClient = ReturnType<typeof createWalletClient>;
