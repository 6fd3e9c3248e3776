import { z } from 'zod';
import { SIGNATURE_HEADER, signBody } from '../payments/index.ts';

/**
 * The two calls of a game aggregator's operator API we use, in the shape of Hub88's
 * (docs/aggregator.md): `POST /operator/generic/v2/game/list` (every game the operator may offer)
 * and `POST /operator/generic/v2/game/url` (the address of one game session to put in a frame).
 * Bodies are JSON; each request carries `operator_id` and is signed. Hub88 signs with an RSA key
 * pair (X-Hub88-Signature); this adapter signs with the shared-secret HMAC of our own wallet API
 * (X-Signature, server/modules/payments/signature.ts), the one piece to swap for a real Hub88
 * contract.
 */
export const GAME_LIST_PATH = '/operator/generic/v2/game/list';
export const GAME_URL_PATH = '/operator/generic/v2/game/url';

/** Hub88's platform names: the layout the game should open in. */
export const PLATFORMS = ['GPL_DESKTOP', 'GPL_MOBILE'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** The currency Hub88 asks for a demo (fun money) game URL: no token, no wallet calls. */
export const DEMO_CURRENCY = 'XXX';

/**
 * One game of the list. Only what the catalogue uses is read (unknown fields are ignored, as the
 * list carries many more); a game whose fields do not read is skipped by the sync, not fatal.
 */
export const listedGameSchema = z.object({
  game_code: z.string().min(1).max(100),
  name: z.string().min(1).max(120),
  /** The studio that made the game (Hub88's `product`). */
  product: z.string().min(1).max(80),
  /** Hub88's category names: "Video Slots", "Live Roulette", "Scratch Cards", ... */
  category: z.string().min(1).max(80),
  enabled: z.boolean(),
  url_thumb: z.url().nullable().optional(),
  url_background: z.url().nullable().optional(),
  demo_game_support: z.boolean().optional().default(false),
  platforms: z.array(z.string()).optional().default([...PLATFORMS]),
  blocked_countries: z.array(z.string().regex(/^[A-Z]{2}$/)).optional().default([]),
  /** RTP in percent, a number or a decimal string ("96.10"). */
  rtp: z.union([z.number(), z.string()]).nullable().optional(),
  /** Hub88 rates volatility 1 (low) to 5 (very high). */
  volatility: z.number().int().min(0).max(5).nullable().optional(),
  release_date: z.string().nullable().optional(),
});
export type ListedGame = z.infer<typeof listedGameSchema>;

export type GameUrlRequest = {
  /** Our player's id; omitted in demo. */
  user?: string;
  /** The wallet's game session token (the `user` of its wallet calls); omitted in demo. */
  token?: string;
  platform: Platform;
  operator_id: string;
  lang: string;
  lobby_url: string;
  deposit_url?: string;
  game_code: string;
  /** The session's currency, or `XXX` for a demo. */
  currency: string;
  country?: string;
  ip?: string;
  meta?: Record<string, unknown>;
};

export class AggregatorError extends Error {
  /** The aggregator's HTTP status, or null when it did not answer. */
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.status = status;
  }
}

export type OperatorClient = {
  gameList(): Promise<unknown[]>;
  gameUrl(request: Omit<GameUrlRequest, 'operator_id'>): Promise<string>;
};

export function createOperatorClient(options: {
  baseUrl: string;
  operatorId: string;
  secret: string;
  timeoutMs: number;
  /** Tests hand the demo aggregator's in-process handler here. */
  fetch?: typeof fetch;
}): OperatorClient {
  // Looked up at each call (not kept): tests stand a local aggregator in for the network.
  const send: typeof fetch = (input, init) => (options.fetch ?? fetch)(input, init);
  const base = options.baseUrl.replace(/\/+$/, '');

  async function post(path: string, payload: Record<string, unknown>): Promise<unknown> {
    const body = JSON.stringify({ ...payload, operator_id: options.operatorId });
    let response: Response;
    try {
      response = await send(`${base}${path}`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(options.secret, body) },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new AggregatorError(`aggregator unreachable: ${(error as Error).message}`, null);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // reported below with the status
    }
    if (!response.ok) {
      const reason = (json as { error?: unknown } | null)?.error;
      throw new AggregatorError(`aggregator answered ${response.status}${typeof reason === 'string' ? `: ${reason}` : ''}`, response.status);
    }
    if (json === null) throw new AggregatorError('aggregator answered something that is not JSON', response.status);
    return json;
  }

  return {
    async gameList() {
      const answer = await post(GAME_LIST_PATH, {});
      if (!Array.isArray(answer)) throw new AggregatorError('game list is not an array', 200);
      return answer;
    },
    async gameUrl(request) {
      const answer = (await post(GAME_URL_PATH, request)) as { url?: unknown };
      if (typeof answer.url !== 'string' || !/^https?:\/\//.test(answer.url)) throw new AggregatorError('game url answer has no http(s) url', 200);
      return answer.url;
    },
  };
}
