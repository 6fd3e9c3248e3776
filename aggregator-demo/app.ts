import { randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { THUMBNAILS } from './art.ts';
import { cryptoRng, DEMO_GAMES, STAKES, type DemoGame, type Rng } from './games.ts';
import { gamePage } from './page.ts';
import { createWalletClient, signatureMatches, WalletUnreachable, type JournalEntry, type WalletAnswer } from './wallet-client.ts';

/**
 * The demo game aggregator (docs/aggregator.md): a stand-in for Hub88 with its own three games,
 * run as its own process (`npm run aggregator:demo`, aggregator-demo/main.ts). Towards the
 * operator it speaks the operator API's game list and game URL calls (signed bodies, checked);
 * towards the player it serves each game session's page; for money it calls the operator's
 * seamless wallet over signed HTTP, as any provider does: a bet, then the round's win (0 for a
 * loss), or a rollback when the bet's fate is unknown. Real money lives only in the operator's
 * wallet; demo launches (currency XXX) play the aggregator's own fun money.
 */
export type DemoAggregatorOptions = {
  operatorId: string;
  secret: string;
  /** The wallet's `provider` name for our calls (the operator's AGGREGATOR_PROVIDER). */
  provider: string;
  /** The operator's site, whose /platform/wallet/* we call. */
  siteUrl: string;
  /** Our own address as players' browsers reach it (game URLs and thumbnails). */
  publicUrl: string;
  rng?: Rng;
  /** Tests call the site in process. */
  fetch?: typeof fetch;
};

type Launch = {
  id: string;
  game: DemoGame;
  lang: string;
  mode: 'real' | 'demo';
  currency: string;
  /** The operator's wallet session token (real money). */
  token: string | null;
  /** Demo only: the fun balance, minor units. */
  fun: number;
  createdAt: number;
};

/** How many sessions a process keeps (oldest forgotten first): a demo, not a data store. */
const MAX_LAUNCHES = 20_000;
const FUN_START = 100_000;
const MAX_JOURNAL = 10_000;

export function createDemoAggregator(options: DemoAggregatorOptions) {
  const rng = options.rng ?? cryptoRng;
  /** The wallet calls made, newest last (the transaction report, as Hub88's Transactions API gives operators). */
  const journal: JournalEntry[] = [];
  const wallet = createWalletClient({
    siteUrl: options.siteUrl,
    provider: options.provider,
    secret: options.secret,
    fetch: options.fetch,
    record: (entry) => {
      if (journal.length >= MAX_JOURNAL) journal.shift();
      journal.push(entry);
    },
  });
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const launches = new Map<string, Launch>();
  /** Test levers: games listed as disabled, games left out of the list, names changed. */
  const levers = { disabled: new Set<string>(), hidden: new Set<string>(), renamed: new Map<string, string>() };
  /** Wins the wallet did not confirm yet: sent again until it does (a win is never dropped). */
  const pendingWins = new Map<string, Record<string, unknown>>();

  const app = new Hono();

  /** The operator's signed request body, or null (answered 401) when the signature or operator does not match. */
  async function operatorBody(raw: string, signature: string | undefined): Promise<Record<string, unknown> | null> {
    if (!signatureMatches(options.secret, raw, signature)) return null;
    try {
      const body = JSON.parse(raw) as Record<string, unknown>;
      return String(body.operator_id) === options.operatorId ? body : null;
    } catch {
      return null;
    }
  }

  const listed = () =>
    DEMO_GAMES.filter((game) => !levers.hidden.has(game.game_code)).map((game) => ({
      game_code: game.game_code,
      name: levers.renamed.get(game.game_code) ?? game.name,
      product: game.product,
      category: game.category,
      enabled: !levers.disabled.has(game.game_code),
      url_thumb: `${publicUrl}/thumbs/${game.game_code}.svg`,
      url_background: `${publicUrl}/thumbs/${game.game_code}.svg`,
      demo_game_support: game.demo_game_support,
      freebet_support: false,
      platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
      blocked_countries: [],
      rtp: game.rtp,
      volatility: game.volatility,
      release_date: game.release_date,
    }));

  app.post('/operator/generic/v2/game/list', async (c) => {
    const body = await operatorBody(await c.req.text(), c.req.header('x-signature'));
    if (!body) return c.json({ error: 'bad signature or operator' }, 401);
    return c.json(listed());
  });

  app.post('/operator/generic/v2/game/url', async (c) => {
    const body = await operatorBody(await c.req.text(), c.req.header('x-signature'));
    if (!body) return c.json({ error: 'bad signature or operator' }, 401);
    const game = DEMO_GAMES.find((item) => item.game_code === body.game_code);
    if (!game || levers.disabled.has(game.game_code) || levers.hidden.has(game.game_code)) return c.json({ error: 'unknown game_code' }, 404);
    const demo = body.currency === 'XXX';
    if (demo && !game.demo_game_support) return c.json({ error: 'no demo for this game' }, 400);
    if (!demo && (typeof body.token !== 'string' || body.token.length < 10 || typeof body.currency !== 'string')) return c.json({ error: 'token and currency are required' }, 400);
    const id = randomBytes(18).toString('base64url');
    if (launches.size >= MAX_LAUNCHES) launches.delete(launches.keys().next().value as string);
    launches.set(id, {
      id,
      game,
      lang: body.lang === 'fr' ? 'fr' : 'en',
      mode: demo ? 'demo' : 'real',
      currency: String(body.currency),
      token: demo ? null : String(body.token),
      fun: FUN_START,
      createdAt: Date.now(),
    });
    return c.json({ url: `${publicUrl}/games/${id}` });
  });

  /** The wallet calls of a round (`round_id`), or the last 100: what was sent and what the wallet answered. */
  app.post('/operator/generic/v2/transactions/list', async (c) => {
    const body = await operatorBody(await c.req.text(), c.req.header('x-signature'));
    if (!body) return c.json({ error: 'bad signature or operator' }, 401);
    const round = typeof body.round_id === 'string' ? body.round_id : null;
    return c.json(round ? journal.filter((entry) => entry.request.round_id === round) : journal.slice(-100));
  });

  app.get('/thumbs/:file', (c) => {
    const draw = THUMBNAILS[c.req.param('file').replace(/\.svg$/, '')];
    if (!draw) return c.notFound();
    return c.body(draw(), 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' });
  });

  app.get('/games/:launch', (c) => {
    const launch = launches.get(c.req.param('launch'));
    if (!launch) return c.html('<!doctype html><title>Session ended</title><p style="font-family:sans-serif;color:#eee;background:#111;padding:2em">This game session has ended: reopen the game.</p>', 404);
    return c.html(gamePage({ launch: launch.id, code: launch.game.game_code, name: launch.game.name, product: launch.game.product, lang: launch.lang, mode: launch.mode, currency: launch.currency }));
  });

  app.get('/games/:launch/state', async (c) => {
    const launch = launches.get(c.req.param('launch'));
    if (!launch) return c.json({ error: 'session ended' }, 404);
    if (!launch.token) return c.json({ balance: launch.fun, currency: launch.currency, mode: launch.mode });
    try {
      const answer = await wallet.call('balance', { user: launch.token, game: launch.game.game_code });
      if (answer.status !== 'RS_OK') return c.json({ error: answer.message ?? answer.status }, 409);
      return c.json({ balance: answer.balance, currency: answer.currency, mode: launch.mode });
    } catch (error) {
      return c.json({ error: (error as Error).message }, 502);
    }
  });

  app.post('/games/:launch/round', async (c) => {
    const launch = launches.get(c.req.param('launch'));
    if (!launch) return c.json({ error: 'session ended' }, 404);
    const input = (await c.req.json().catch(() => ({}))) as { stake?: unknown };
    const stake = Number(input.stake);
    if (!(STAKES as readonly number[]).includes(stake)) return c.json({ error: 'choose a stake from the list' }, 400);
    const round = await playRound(launch, stake);
    return 'error' in round ? c.json({ error: round.error }, round.status) : c.json(round);
  });

  app.get('/healthz', (c) => c.text('ok'));

  type RoundAnswer = { round_id: string; outcome: Record<string, unknown>; win: number; balance: number; currency: string };

  /** One round: bet, draw, win (0 for a loss); a bet whose fate is unknown is rolled back. */
  async function playRound(launch: Launch, stake: number): Promise<RoundAnswer | { error: string; status: 402 | 409 | 502 }> {
    const roundId = randomUUID();
    const { outcome, win } = launch.game.play(stake, rng);
    if (!launch.token) {
      if (launch.fun < stake) launch.fun = FUN_START; // fun money refills
      launch.fun += win - stake;
      return { round_id: roundId, outcome, win, balance: launch.fun, currency: launch.currency };
    }
    const common = { user: launch.token, game: launch.game.game_code, round_id: roundId, currency: launch.currency };
    const betId = `${roundId}:bet`;
    let bet: WalletAnswer;
    try {
      bet = await wallet.call('bet', { ...common, transaction_uuid: betId, amount: stake });
    } catch (error) {
      if (!(error instanceof WalletUnreachable)) throw error;
      // We do not know whether the stake was taken: cancel it (the wallet returns it at most once).
      await rollback(common, betId);
      return { error: 'The round could not start: your stake was returned', status: 502 };
    }
    if (bet.status !== 'RS_OK') return { error: bet.message ?? bet.status, status: bet.status === 'RS_ERROR_NOT_ENOUGH_MONEY' ? 402 : 409 };
    const winRequest = { ...common, transaction_uuid: `${roundId}:win`, reference_transaction_uuid: betId, amount: win, round_closed: true };
    try {
      const paid = await wallet.call('win', winRequest, 4);
      if (paid.status !== 'RS_OK') throw new WalletUnreachable(`win refused: ${paid.status}`);
      return { round_id: roundId, outcome, win, balance: paid.balance ?? 0, currency: launch.currency };
    } catch (error) {
      pendingWins.set(String(winRequest.transaction_uuid), winRequest);
      return { error: `Your win is being paid: ${(error as Error).message}`, status: 502 };
    }
  }

  async function rollback(common: Record<string, unknown>, betId: string) {
    const request = { ...common, transaction_uuid: `${betId}:rollback`, reference_transaction_uuid: betId };
    try {
      await wallet.call('rollback', request, 5);
    } catch {
      pendingWins.set(String(request.transaction_uuid), { ...request, endpoint: 'rollback' });
    }
  }

  /** Sends unconfirmed wins and rollbacks again; main.ts runs it every few seconds. */
  async function retryPending(): Promise<number> {
    for (const [id, request] of pendingWins) {
      const { endpoint, ...body } = request as { endpoint?: 'rollback' } & Record<string, unknown>;
      try {
        const answer = await wallet.once(endpoint ?? 'win', body);
        if (answer.status === 'RS_OK' || answer.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK') pendingWins.delete(id);
      } catch {
        // still unreachable: next time
      }
    }
    return pendingWins.size;
  }

  return { app, levers, wallet, retryPending, launches };
}

export type DemoAggregator = ReturnType<typeof createDemoAggregator>;
