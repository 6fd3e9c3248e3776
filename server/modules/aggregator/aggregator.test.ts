import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDemoAggregator, type DemoAggregator } from '../../../aggregator-demo/app.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { gameProviders, games, walletTransactions } from '../../db/schema.ts';
import { aggregatorGames } from '../../db/schema/aggregator.ts';
import { createLogger } from '../../platform/logger.ts';
import { createOperatorClient, syncGameList, typeOf } from './index.ts';

/**
 * The aggregator adapter in process, against the demo aggregator's own handler (no ports): the
 * game list sync (idempotent, updates, disabled and dropped games, what operators set left alone),
 * launches for real and demo, and a round whose bet and win come back to the wallet signed with
 * the aggregator's secret. The same path between real processes: aggregator.server-test.ts.
 */
const SECRET = 'aggregator-test-secret-aggregator-test-secret';
const OPERATOR = 'croupier-test';
const AGGREGATOR_URL = 'http://aggregator.test';
const SCRATCH = 'tinderbox-lantern-scratch';
const WHEEL = 'northwind-fortune-wheel';
const HIGH_CARD = 'gullgale-harbour-high-card';

/** Numbers the demo's games draw next (then crypto's): a test chooses a round's outcome. */
const scripted: number[] = [];
const rng = (max: number) => (scripted.length ? scripted.shift()! % max : randomInt(max));

let t: TestApp;
let demo: DemoAggregator;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  t = await createTestApp({ AGGREGATOR_URL, AGGREGATOR_OPERATOR_ID: OPERATOR, AGGREGATOR_SECRET: SECRET, AGGREGATOR_PROVIDER: 'aggregator' });
  demo = createDemoAggregator({
    operatorId: OPERATOR,
    secret: SECRET,
    provider: 'aggregator',
    siteUrl: TEST_ORIGIN,
    publicUrl: AGGREGATOR_URL,
    rng,
    fetch: ((input, init) => t.app.request(input as string, init)) as typeof fetch,
  });
  // The site's calls to the aggregator reach the demo's handler.
  vi.stubGlobal('fetch', ((input: string | URL | Request, init?: RequestInit) =>
    String(input instanceof Request ? input.url : input).startsWith(AGGREGATOR_URL) ? demo.app.request(input as string, init) : realFetch(input, init)) as typeof fetch);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
});

type GameItem = { sysname: string; name: string; provider: string; type: string; has_demo: boolean; image_url: string; engine: string | null; rtp: string };
const hall = async () =>
  ((await t.call('games/get', { query: { count: '200', fields: ['name', 'provider', 'type', 'has_demo', 'image_url', 'engine', 'rtp'].join(',') } })).json.data as { items: GameItem[] }).items;
const thirdParty = async () => (await hall()).filter((game) => [SCRATCH, WHEEL, HIGH_CARD].includes(game.sysname));

describe('game list sync', () => {
  it('lists the aggregator games as their studios games, with images, demo support and hall types', async () => {
    const summary = await t.services.aggregator.sync();
    expect(summary).toMatchObject({ listed: 3, added: 3, updated: 0, disabled: 0, skipped: [] });
    const listed = await thirdParty();
    expect(listed.map((game) => [game.sysname, game.provider, game.type, game.has_demo, game.engine]).sort()).toEqual([
      [HIGH_CARD, 'gull-and-gale', 'casino', true, null],
      [WHEEL, 'northwind-play', 'fast', true, null],
      [SCRATCH, 'tinderbox-games', 'fast', true, null],
    ].sort());
    expect(listed.find((game) => game.sysname === SCRATCH)).toMatchObject({ name: 'Lantern Scratch', image_url: `${AGGREGATOR_URL}/thumbs/${SCRATCH}.svg`, rtp: '95.00' });
    const providers = (await t.call('games/getProviders')).json.data as { items?: Array<{ sysname: string; name: string }> } | Array<{ sysname: string; name: string }>;
    const names = (Array.isArray(providers) ? providers : (providers.items ?? [])).map((provider) => provider.name);
    expect(names).toEqual(expect.arrayContaining(['Gull & Gale', 'Northwind Play', 'Tinderbox Games']));
    // The aggregator is the wallet partner, not a provider of the hall: it offers no game itself.
    expect(names).not.toContain('aggregator');
    const [partner] = await t.database.db.select().from(gameProviders).where(eq(gameProviders.sysname, 'aggregator'));
    expect(partner).toMatchObject({ integration: 'external', isActive: true });
  });

  it('is idempotent: the same list again changes nothing', async () => {
    const before = await t.database.db.select().from(games).where(eq(games.provider, 'tinderbox-games'));
    const summary = await t.services.aggregator.sync();
    expect(summary).toMatchObject({ added: 0, updated: 0, unchanged: 3, disabled: 0 });
    expect(await t.database.db.select().from(games).where(eq(games.provider, 'tinderbox-games'))).toEqual(before);
  });

  it('takes a changed name, hides a game disabled or dropped there, and brings it back when listed again', async () => {
    demo.levers.renamed.set(WHEEL, 'Northwind Wheel Deluxe');
    demo.levers.disabled.add(SCRATCH);
    demo.levers.hidden.add(HIGH_CARD);
    expect(await t.services.aggregator.sync()).toMatchObject({ added: 0, updated: 1, disabled: 2 });
    expect((await thirdParty()).map((game) => [game.sysname, game.name])).toEqual([[WHEEL, 'Northwind Wheel Deluxe']]);
    // A hidden game cannot be launched either.
    const refused = await t.call('games/launchThirdParty', { body: { sysname: SCRATCH, mode: 'demo' } });
    expect(refused.status).toBe(404);

    demo.levers.renamed.clear();
    demo.levers.disabled.clear();
    demo.levers.hidden.clear();
    expect(await t.services.aggregator.sync()).toMatchObject({ added: 0, updated: 3, disabled: 0 });
    expect((await thirdParty()).map((game) => game.name).sort()).toEqual(['Harbour High Card', 'Lantern Scratch', 'Northwind Fortune Wheel']);
  });

  it('leaves a game the operators disabled disabled while the aggregator still lists it', async () => {
    await t.database.db.update(games).set({ isActive: false }).where(eq(games.sysname, WHEEL));
    expect(await t.services.aggregator.sync()).toMatchObject({ updated: 0, unchanged: 3 });
    expect((await thirdParty()).map((game) => game.sysname)).not.toContain(WHEEL);
    await t.database.db.update(games).set({ isActive: true }).where(eq(games.sysname, WHEEL));
  });

  it('never takes over a game or a provider of the catalogue, and skips what it cannot read', async () => {
    const logger = createLogger('silent');
    const summary = await syncGameList(t.database.db, {
      aggregator: 'aggregator',
      logger,
      list: [
        { game_code: 'golden-croupier', name: 'Impostor', product: 'Someone', category: 'Video Slots', enabled: true, url_thumb: 'https://x.test/a.svg', rtp: '96' },
        { game_code: 'fresh-game', name: 'Fresh', product: 'Croupier', category: 'Video Slots', enabled: true, url_thumb: 'https://x.test/b.svg', rtp: 96 },
        { game_code: 'no-rtp', name: 'No RTP', product: 'Else', category: 'Video Slots', enabled: true, url_thumb: 'https://x.test/c.svg' },
        { name: 'no code' },
      ],
    });
    expect(summary.added).toBe(0);
    expect(summary.skipped.map((item) => item.game_code)).toEqual(['golden-croupier', 'fresh-game', 'no-rtp', 'undefined']);
    const [golden] = await t.database.db.select().from(games).where(eq(games.sysname, 'golden-croupier'));
    expect(golden.name).not.toBe('Impostor');
    // That list dropped the demo's three games: the next real sync brings them back.
    expect(summary.disabled).toBe(3);
    expect(await t.services.aggregator.sync()).toMatchObject({ updated: 3 });
  });

  it('reads hall types from the category names', () => {
    expect(['Video Slots', 'Live Blackjack', 'Scratch Cards', 'Table Games', 'Crash Games'].map(typeOf)).toEqual(['slot', 'live', 'fast', 'casino', 'fast']);
  });

  it('refuses a list signed with another secret (the aggregator answers 401)', async () => {
    const client = createOperatorClient({ baseUrl: AGGREGATOR_URL, operatorId: OPERATOR, secret: 'x'.repeat(40), timeoutMs: 2000 });
    await expect(client.gameList()).rejects.toThrow(/401/);
  });
});

describe('launching a third-party game', () => {
  it('gives a guest the demo, played with the aggregator\'s fun money, and refuses them real money', async () => {
    const demoLaunch = await t.call('games/launchThirdParty', { body: { sysname: WHEEL, mode: 'demo' } });
    expect(demoLaunch.status, JSON.stringify(demoLaunch.json)).toBe(200);
    const { url, currency } = demoLaunch.json.data as { url: string; currency: string | null };
    expect(url).toMatch(new RegExp(`^${AGGREGATOR_URL}/games/`));
    expect(currency).toBeNull();
    const page = await demo.app.request(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Northwind Fortune Wheel');
    const state = (await (await demo.app.request(`${url}/state`)).json()) as { balance: number; mode: string };
    expect(state).toMatchObject({ balance: 100_000, mode: 'demo' });

    const real = await t.call('games/launchThirdParty', { body: { sysname: WHEEL, mode: 'real' } });
    expect(real.status).toBe(401);
  });

  it('refuses a game that is not the aggregator\'s', async () => {
    const answer = await t.call('games/launchThirdParty', { body: { sysname: 'golden-croupier', mode: 'demo' } });
    expect(answer.status).toBe(404);
    expect(answer.json.error?.fields?.sysname).toBeTruthy();
  });

  it('opens a real-money session whose bets and wins come back to the wallet from the aggregator', async () => {
    const player = await registerPlayer(t, { tag: 'aggregator' });
    await fundPlayer(t, player.uid, 5_000n);
    const launch = await t.call('games/launchThirdParty', { body: { sysname: HIGH_CARD, mode: 'real', platform: 'GPL_MOBILE' }, headers: { cookie: player.cookie } });
    expect(launch.status, JSON.stringify(launch.json)).toBe(200);
    const { url, currency } = launch.json.data as { url: string; currency: string };
    expect(currency).toBe('EUR');
    expect((await (await demo.app.request(`${url}/state`)).json()) as object).toMatchObject({ balance: 5_000, currency: 'EUR', mode: 'real' });

    // Player's ace against the dealer's two: a win of 1.9 x 2.00.
    scripted.push(51, 0);
    const round = await demo.app.request(`${url}/round`, { method: 'POST', body: JSON.stringify({ stake: 200 }), headers: { 'content-type': 'application/json' } });
    const played = (await round.json()) as { round_id: string; win: number; balance: number; outcome: { result: string } };
    expect(round.status, JSON.stringify(played)).toBe(200);
    expect(played).toMatchObject({ win: 380, balance: 5_180, outcome: { result: 'win' } });
    expect((await t.services.ledger.balances(player.uid, 'EUR')).main).toBe(5_180n);

    const moves = await t.database.db
      .select({ kind: walletTransactions.kind, amount: walletTransactions.amount, game: walletTransactions.game })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.provider, 'aggregator'), eq(walletTransactions.roundId, played.round_id)));
    expect(moves.map((move) => [move.kind, move.amount, move.game]).sort()).toEqual([
      ['bet', 200n, HIGH_CARD],
      ['win', 380n, HIGH_CARD],
    ]);
    const [owned] = await t.database.db.select().from(aggregatorGames).where(eq(aggregatorGames.game, HIGH_CARD));
    expect(owned).toMatchObject({ aggregator: 'aggregator', gameCode: HIGH_CARD, listed: true });
  });

  it('turns a bet the balance does not cover into a refusal the game shows, moving nothing', async () => {
    const player = await registerPlayer(t, { tag: 'aggregator-poor' });
    await fundPlayer(t, player.uid, 100n);
    const launch = await t.call('games/launchThirdParty', { body: { sysname: SCRATCH, mode: 'real' }, headers: { cookie: player.cookie } });
    const { url } = launch.json.data as { url: string };
    const round = await demo.app.request(`${url}/round`, { method: 'POST', body: JSON.stringify({ stake: 500 }), headers: { 'content-type': 'application/json' } });
    expect(round.status).toBe(402);
    expect((await t.services.ledger.balances(player.uid, 'EUR')).main).toBe(100n);
  });
});

describe('without an aggregator configured', () => {
  it('has no third-party games and launches none', async () => {
    const bare = await createTestApp();
    try {
      expect(bare.services.aggregator.enabled).toBe(false);
      expect(await bare.services.aggregator.sync()).toBeNull();
      const answer = await bare.call('games/launchThirdParty', { body: { sysname: WHEEL, mode: 'demo' } });
      expect(answer.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
