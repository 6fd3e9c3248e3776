/**
 * The whole third-party path between real processes (docs/aggregator.md): the demo aggregator
 * (`aggregator-demo/main.ts`, its own process and port) and the site (`server/main.ts`, the
 * production build) wired to each other by environment only. The site reads the game list at
 * startup; a signed-in player's real-money launch gives the aggregator a wallet session; a round
 * played on the aggregator's page bets and wins through the site's wallet over signed HTTP; the
 * aggregator's transaction report shows the calls, and a rollback and replays sent as the
 * aggregator sends them move money once and get the first answers again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, sign, type JournalEntry, type WalletAnswer } from '../../../aggregator-demo/wallet-client.ts';
import { seedDemoContent } from '../../db/seed.ts';
import { createHttpApp } from '../../http/app.ts';
import { parseEnv } from '../../platform/env.ts';
import { createLogger } from '../../platform/logger.ts';
import { createServices } from '../../services.ts';
import { freePort, hasBuild, keepLastLines, ROOT, startServerProcess, type ServerProcess } from '../../platform/testing/server-process.ts';
import { pgliteStore, type Store } from '../../platform/testing/wallet-players.ts';

const SECRET = 'aggregator-process-secret-aggregator-process';
const OPERATOR = 'croupier-process-test';
const APP_SECRET = 'aggregator-process-app-secret-0123456789abcdef';
const GAMES = ['tinderbox-lantern-scratch', 'northwind-fortune-wheel', 'gullgale-harbour-high-card'];

let store: Store;
let player: { email: string; uid: number };
let site: ServerProcess;
let aggregator: ChildProcess;
const aggregatorLines: string[] = [];
let aggregatorUrl = '';

async function waitFor(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await fetch(url, { signal: AbortSignal.timeout(1000) }).then((response) => response.ok).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer:\n${aggregatorLines.join('\n')}`);
}

/** An /api call over HTTP as the browser makes it (form body), with a player's cookie. */
async function api(method: string, body: Record<string, string> | null, cookie = '') {
  const form = body ? new URLSearchParams(body) : undefined;
  const response = await fetch(`${site.baseUrl}/api/${method}${method.includes('?') ? '&' : '?'}v=2.34`, {
    method: body ? 'POST' : 'GET',
    body: form,
    headers: { cookie, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
  });
  const setCookie = response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  return { status: response.status, json: (await response.json()) as { data?: unknown; error?: { type: string; message: string } }, setCookie };
}

/** The aggregator's transaction report of a round, asked as the operator asks (signed). */
async function report(roundId: string): Promise<JournalEntry[]> {
  const body = JSON.stringify({ operator_id: OPERATOR, round_id: roundId });
  const response = await fetch(`${aggregatorUrl}/operator/generic/v2/transactions/list`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-signature': sign(SECRET, body) } });
  expect(response.status).toBe(200);
  return (await response.json()) as JournalEntry[];
}

/**
 * A registered player with 50.00 EUR, made on the store's database before the site opens it (the
 * embedded database has one process at a time): registered through the API in process, funded as
 * a settled deposit funds.
 */
async function preparePlayer(target: Store): Promise<{ email: string; uid: number }> {
  const database = await target.open();
  try {
    await database.migrate();
    await seedDemoContent(database.db);
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET, JOBS: 'off' });
    const logger = createLogger('silent');
    const services = await createServices({ database, env, logger, buildId: 'aggregator-run' });
    try {
      const app = createHttpApp({ services, env, logger });
      const email = `aggregator.${Date.now()}@example.com`;
      const form = new FormData();
      for (const [key, value] of Object.entries({ email, password: 'secret12', terms: '1', currency: 'EUR' })) form.append(key, value);
      const answer = await app.request('http://localhost/api/register?v=2.34', { method: 'POST', body: form, headers: { 'x-croupier-client-ip': '10.9.9.9' } });
      const uid = ((await answer.json()) as { data: { uid: number } }).data.uid;
      await services.ledger.transfer({
        key: `aggregator-run-deposit:${uid}`,
        kind: 'deposit',
        currency: 'EUR',
        legs: [
          { account: { house: 'payment_clearing' }, amount: -5_000n },
          { account: { player: uid, kind: 'main' }, amount: 5_000n },
        ],
      });
      return { email, uid };
    } finally {
      await services.close();
    }
  } finally {
    await database.close();
  }
}

const withoutRequestId = (answer: WalletAnswer) => ({ ...answer, request_uuid: null });

describe.skipIf(!hasBuild())('third-party games through the demo aggregator process', () => {
  beforeAll(async () => {
    store = pgliteStore();
    player = await preparePlayer(store);
    const [sitePort, aggregatorPort] = [await freePort(), await freePort()];
    aggregatorUrl = `http://127.0.0.1:${aggregatorPort}`;
    const shared = { AGGREGATOR_SECRET: SECRET, AGGREGATOR_OPERATOR_ID: OPERATOR, AGGREGATOR_PROVIDER: 'aggregator' };
    aggregator = spawn(process.execPath, ['aggregator-demo/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...shared, AGGREGATOR_DEMO_PORT: String(aggregatorPort), SITE_URL: `http://127.0.0.1:${sitePort}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    keepLastLines(aggregator, aggregatorLines, 50);
    await waitFor(`${aggregatorUrl}/healthz`);
    site = await startServerProcess({ port: sitePort, env: { ...store.serverEnv, ...shared, APP_SECRET, AGGREGATOR_URL: aggregatorUrl, RATE_LIMIT_MULTIPLIER: '20' } });
  });
  afterAll(async () => {
    await site?.stop();
    aggregator?.kill('SIGTERM');
    await store?.remove();
  });

  it('syncs at startup, launches, bets and wins over signed HTTP, rolls back once and answers replays the same', async () => {
    // The game list was read at startup: the three games are in the hall.
    let listed: string[] = [];
    for (let attempt = 0; attempt < 100 && listed.length < 3; attempt += 1) {
      const answer = await api(`games/get?count=10&sysnames=${GAMES.join(',')}`, null);
      listed = ((answer.json.data as { items?: Array<{ sysname: string }> })?.items ?? []).map((item) => item.sysname);
      if (listed.length < 3) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(listed.sort(), site.log().slice(-20).join('\n')).toEqual([...GAMES].sort());

    // A guest gets the demo (the aggregator's own fun money), never real money.
    const demoLaunch = await api('games/launchThirdParty', { sysname: GAMES[0], mode: 'demo' });
    expect(demoLaunch.status, JSON.stringify(demoLaunch.json)).toBe(200);
    expect((demoLaunch.json.data as { url: string }).url).toMatch(new RegExp(`^${aggregatorUrl}/games/`));
    expect((await api('games/launchThirdParty', { sysname: GAMES[1], mode: 'real' })).status).toBe(401);

    // The player funded before the site started signs in and launches for real money.
    const signedIn = await api('login', { login: player.email, password: 'secret12' });
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    const cookie = signedIn.setCookie;
    const launch = await api('games/launchThirdParty', { sysname: GAMES[1], mode: 'real' }, cookie);
    expect(launch.status, JSON.stringify(launch.json)).toBe(200);
    const { url } = launch.json.data as { url: string };
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Northwind Fortune Wheel');
    expect(await (await fetch(`${url}/state`)).json()).toMatchObject({ balance: 5_000, currency: 'EUR', mode: 'real' });

    // A round on the aggregator's page: its bet and win reach the wallet, signed with its secret.
    const played = await fetch(`${url}/round`, { method: 'POST', body: JSON.stringify({ stake: 200 }), headers: { 'content-type': 'application/json' } });
    const round = (await played.json()) as { round_id: string; win: number; balance: number };
    expect(played.status, JSON.stringify(round)).toBe(200);
    expect(round.balance).toBe(5_000 - 200 + round.win);
    const balance = async () => Math.round(Number(((await api('getBalance', null, cookie)).json.data as { balance_main: { amount: string } }).balance_main.amount) * 100);
    expect(await balance()).toBe(round.balance);

    const calls = await report(round.round_id);
    expect(calls.map((call) => [call.endpoint, call.answer.status])).toEqual([
      ['bet', 'RS_OK'],
      ['win', 'RS_OK'],
    ]);
    const [bet, win] = calls;

    // Replays, as the aggregator resends after a lost answer: same transaction, fresh signature.
    // The first answers come back (but the request id) and nothing moves again.
    const wallet = createWalletClient({ siteUrl: site.baseUrl, provider: 'aggregator', secret: SECRET });
    const { provider: _provider, request_uuid: _id, ...betBody } = bet.request;
    const { provider: _p2, request_uuid: _id2, ...winBody } = win.request;
    expect(withoutRequestId(await wallet.once('bet', betBody))).toEqual(withoutRequestId(bet.answer));
    expect(withoutRequestId(await wallet.once('win', winBody))).toEqual(withoutRequestId(win.answer));
    expect(await balance()).toBe(round.balance);

    // A rollback of the bet, sent twice under two ids: the stake comes back once.
    const rollback = { user: bet.request.user, game: bet.request.game, round_id: round.round_id, reference_transaction_uuid: bet.request.transaction_uuid };
    const first = await wallet.once('rollback', { ...rollback, transaction_uuid: `${round.round_id}:rollback` });
    expect(first).toMatchObject({ status: 'RS_OK', balance: round.balance + 200 });
    const again = await wallet.once('rollback', { ...rollback, transaction_uuid: `${round.round_id}:rollback` });
    expect(withoutRequestId(again)).toEqual(withoutRequestId(first));
    const other = await wallet.once('rollback', { ...rollback, transaction_uuid: `${round.round_id}:rollback-2` });
    expect(other).toMatchObject({ status: 'RS_OK', balance: round.balance + 200 });
    expect(await balance()).toBe(round.balance + 200);

    // A call signed with another secret is refused and moves nothing.
    const forged = createWalletClient({ siteUrl: site.baseUrl, provider: 'aggregator', secret: 'f'.repeat(48) });
    const refused = await forged.once('bet', { ...betBody, transaction_uuid: `${round.round_id}:forged` });
    expect(refused.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(await balance()).toBe(round.balance + 200);
  });
});
