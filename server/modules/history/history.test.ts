import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameHistoryItem, GameHistoryPage, HistoryExportInfo } from '../../../contract/history.ts';
import { sha256 } from '../../platform/crypto.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { fairSeeds, gameRounds, historyExports } from '../../db/schema.ts';
import { csvCell, csvDocument, EXPORT_LIMIT } from './index.ts';

/**
 * Game history through the API, on rounds played through the seamless wallet as a provider
 * plays them (bet, win, rollback), and its CSV export and download.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Player = { uid: number; cookie: string; ip: string };

const player = (): Promise<Player> => registerPlayer(t, { tag: 'history' });
const fund = (uid: number, amount: bigint) => fundPlayer(t, uid, amount);

const call = (who: Player, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) =>
  t.call(method, { ...options, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });

async function history(who: Player, query: Record<string, string> = {}): Promise<GameHistoryPage> {
  const answer = await call(who, 'games/getHistory', { query });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as GameHistoryPage;
}

/** A game session and the wallet calls of its provider. */
async function table(uid: number, game = 'golden-croupier', mode: 'real' | 'demo' = 'real') {
  const session = await t.services.wallet.openSession({ game, mode, userId: uid }, 'en');
  const base = () => ({ provider: session.provider, request_uuid: randomUUID(), user: session.token, game });
  return {
    session,
    bet: (tx: string, round: string, amount: number) =>
      t.services.wallet.handle('bet', { ...base(), transaction_uuid: tx, round_id: round, amount, currency: session.currency }),
    win: (tx: string, bet: string, round: string, amount: number) =>
      t.services.wallet.handle('win', { ...base(), transaction_uuid: tx, reference_transaction_uuid: bet, round_id: round, amount, currency: session.currency }),
    rollback: (tx: string, bet: string, round: string) =>
      t.services.wallet.handle('rollback', { ...base(), transaction_uuid: tx, reference_transaction_uuid: bet, round_id: round }),
  };
}

/** Plays one round: a bet and, unless null, its win. */
async function round(g: Awaited<ReturnType<typeof table>>, stake: number, win: number | null, id = randomUUID()) {
  const bet = randomUUID();
  expect((await g.bet(bet, id, stake)).status).toBe('RS_OK');
  if (win !== null) expect((await g.win(randomUUID(), bet, id, win)).status).toBe('RS_OK');
  return { id, bet };
}

const byId = (page: GameHistoryPage, id: string) => page.items.find((item) => item.round_id === id);

describe('games/getHistory', () => {
  it('needs a session', async () => {
    const answer = await t.call('games/getHistory');
    expect(answer.status).toBe(401);
    expect(answer.json.error?.type).toBe('AuthorizationException');
  });

  it('answers an empty page for a player who never played', async () => {
    expect(await history(await player())).toEqual({ items: [], total: 0 });
  });

  it('groups the wallet journal into rounds: bet, win, net and status, newest first, the player only', async () => {
    const who = await player();
    await fund(who.uid, 10_000n);
    const g = await table(who.uid);
    const won = await round(g, 250, 1_000);
    const lost = await round(g, 100, 0);
    const open = await round(g, 200, null);
    const reversed = await round(g, 300, null);
    expect((await g.rollback(randomUUID(), reversed.bet, reversed.id)).status).toBe('RS_OK');
    // A bet the balance does not cover moves nothing and is no round.
    const refused = randomUUID();
    expect((await g.bet(randomUUID(), refused, 1_000_000)).status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    // Someone else's rounds stay theirs.
    const other = await player();
    await fund(other.uid, 1_000n);
    await round(await table(other.uid), 100, 0);

    const page = await history(who);
    expect(page.total).toBe(4);
    expect(page.items.map((item) => item.round_id)).toEqual([reversed.id, open.id, lost.id, won.id]);
    expect(byId(page, refused)).toBeUndefined();
    expect(byId(page, won.id)).toMatchObject({
      provider: 'croupier',
      game: { sysname: 'golden-croupier', name: 'Golden Croupier' },
      mode: 'real',
      currency: 'EUR',
      bet: '2.50',
      win: '10.00',
      refunded: '0.00',
      net: '7.50',
      status: 'settled',
    } satisfies Partial<GameHistoryItem>);
    expect(byId(page, lost.id)).toMatchObject({ bet: '1.00', win: '0.00', net: '-1.00', status: 'settled' });
    expect(byId(page, open.id)).toMatchObject({ bet: '2.00', win: '0.00', net: '-2.00', status: 'open', finished_at: null });
    expect(byId(page, reversed.id)).toMatchObject({ bet: '3.00', refunded: '3.00', net: '0.00', status: 'rolled_back' });
    for (const item of page.items) {
      expect(Date.parse(item.started_at)).toBeGreaterThan(Date.now() - 60_000);
      expect(item.started_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      if (item.status !== 'open') expect(Date.parse(item.finished_at!)).toBeGreaterThanOrEqual(Date.parse(item.started_at));
    }
    // Wins and rollbacks of a round add up to the ledger's balance.
    expect((await t.services.ledger.balances(who.uid, 'EUR')).main).toBe(10_000n - 250n + 1_000n - 100n - 200n);
  });

  it('pages with offset and count, filters by mode, game and dates, and names games in the caller locale', async () => {
    const who = await player();
    await fund(who.uid, 100_000n);
    const slot = await table(who.uid);
    const dice = await table(who.uid, 'croupier-dice');
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) ids.unshift((await round(index % 2 ? dice : slot, 100, 50)).id);
    const demo = await table(who.uid, 'golden-croupier', 'demo');
    const fun = await round(demo, 100, 0);

    const first = await history(who, { count: '2' });
    expect(first.total).toBe(5);
    expect(first.items.map((item) => item.round_id)).toEqual(ids.slice(0, 2));
    expect((await history(who, { offset: '2', count: '2' })).items.map((item) => item.round_id)).toEqual(ids.slice(2, 4));
    expect((await history(who, { offset: '10' })).items).toEqual([]);

    const demoPage = await history(who, { mode: 'demo' });
    expect(demoPage.items.map((item) => item.round_id)).toEqual([fun.id]);
    expect(demoPage.items[0]).toMatchObject({ mode: 'demo', status: 'settled', net: '-1.00' });

    const diceOnly = await history(who, { game: 'croupier-dice' });
    expect(diceOnly.total).toBe(2);
    expect(diceOnly.items.every((item) => item.game.sysname === 'croupier-dice')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await history(who, { from: today, to: today })).total).toBe(5);
    expect((await history(who, { from: tomorrow })).total).toBe(0);
    expect((await history(who, { to: yesterday })).total).toBe(0);
    expect((await history(who, { from: new Date(Date.now() - 60_000).toISOString() })).total).toBe(5);

    const french = await history(who, { game: 'golden-croupier', locale: 'fr' });
    expect(french.items[0].game).toEqual({ sysname: 'golden-croupier', name: 'Croupier Doré' });
  });

  it('refuses bad filters naming the field', async () => {
    const who = await player();
    for (const [query, field] of [
      [{ mode: 'fun' }, 'mode'],
      [{ count: '101' }, 'count'],
      [{ from: '2026-13-45' }, 'from'],
      [{ from: 'yesterday' }, 'from'],
      [{ from: '2026-05-02', to: '2026-05-01' }, 'from'],
      [{ game: '../etc' }, 'game'],
    ] as const) {
      const answer = await call(who, 'games/getHistory', { query });
      expect(answer.status, JSON.stringify(query)).toBe(422);
      expect(Object.keys(answer.json.error?.fields ?? {}), JSON.stringify(query)).toContain(field);
    }
  });

  it('joins the provably fair data of a studio round, verifiable once its seed pair is revealed', async () => {
    const who = await player();
    await fund(who.uid, 10_000n);
    const g = await table(who.uid);
    const played = await round(g, 200, 0);
    const serverSeed = 'a'.repeat(64);
    const [seed] = await t.database.db
      .insert(fairSeeds)
      .values({ userId: who.uid, serverSeed, serverSeedHash: sha256(serverSeed), clientSeed: 'my-seed', nonce: 8 })
      .returning();
    await t.database.db.insert(gameRounds).values({
      roundId: played.id,
      sessionId: g.session.sessionId,
      userId: who.uid,
      game: 'golden-croupier',
      engine: 'slot',
      mode: 'real',
      currency: 'EUR',
      seedId: seed.id,
      nonce: 7,
      bet: { amount: '200' },
      staked: 200n,
      status: 'settled',
      settledAt: new Date(),
    });
    expect(byId(await history(who), played.id)?.fairness).toEqual({ nonce: 7, client_seed: 'my-seed', server_seed_hash: sha256(serverSeed), verifiable: false });
    await t.database.db.update(fairSeeds).set({ status: 'revealed', revealedAt: new Date() }).where(eq(fairSeeds.id, seed.id));
    expect(byId(await history(who), played.id)?.fairness?.verifiable).toBe(true);
    // An external provider's round has none.
    const other = await round(g, 100, 0);
    expect(byId(await history(who), other.id)?.fairness).toBeNull();
  });
});

describe('history exports', () => {
  const download = (id: number, cookie?: string) =>
    t.app.request(`${TEST_ORIGIN}/platform/history-export/${id}.csv`, { headers: cookie ? { cookie } : {} });

  async function exportOf(who: Player, body: Record<string, string>): Promise<HistoryExportInfo> {
    const created = await call(who, 'games/createhistoryexportrequest', { body });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const info = created.json.data as HistoryExportInfo;
    expect(info).toMatchObject({ status: 'pending', row_count: null, url: null });
    await t.services.history.idle();
    const answer = await call(who, 'games/gethistoryexportrequest', { query: { id: String(info.id) } });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.data as HistoryExportInfo;
  }

  it('builds a CSV of the range that only its owner downloads, guarded against formula injection', async () => {
    const who = await player();
    await fund(who.uid, 10_000n);
    const g = await table(who.uid);
    const won = await round(g, 250, 1_000);
    const lost = await round(g, 100, 0);
    const serverSeed = 'b'.repeat(64);
    const [seed] = await t.database.db
      .insert(fairSeeds)
      .values({ userId: who.uid, serverSeed, serverSeedHash: sha256(serverSeed), clientSeed: '=HYPERLINK("http://evil.example","x")' })
      .returning();
    await t.database.db.insert(gameRounds).values({
      roundId: lost.id,
      sessionId: g.session.sessionId,
      userId: who.uid,
      game: 'golden-croupier',
      engine: 'slot',
      mode: 'real',
      currency: 'EUR',
      seedId: seed.id,
      nonce: 0,
      bet: { amount: '100' },
      status: 'settled',
    });

    const today = new Date().toISOString().slice(0, 10);
    const info = await exportOf(who, { from: today, to: today });
    expect(info).toMatchObject({ status: 'ready', row_count: 2, truncated: false, url: `/platform/history-export/${info.id}.csv` });

    const response = await download(info.id, who.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="croupier-game-history-\d{4}-\d{2}-\d{2}-\d+\.csv"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('round_id,time_utc,game,provider,mode,currency,bet,win,net,status,nonce,client_seed,server_seed_hash');
    expect(lines).toHaveLength(4); // header, two rounds, and the empty string after the last CRLF
    expect(lines[1]).toBe(`${lost.id},${lines[1].split(',')[1]},Golden Croupier,croupier,real,EUR,1.00,0.00,-1.00,settled,0,"'=HYPERLINK(""http://evil.example"",""x"")",${sha256(serverSeed)}`);
    expect(lines[2]).toMatch(new RegExp(`^${won.id},\\d{4}-\\d{2}-\\d{2}T[0-9:.]+Z,Golden Croupier,croupier,real,EUR,2.50,10.00,7.50,settled,,,$`));

    // Nobody else gets it: not another player, not a guest.
    const other = await player();
    expect((await download(info.id, other.cookie)).status).toBe(404);
    expect((await download(info.id)).status).toBe(401);
    expect((await call(other, 'games/gethistoryexportrequest', { query: { id: String(info.id) } })).status).toBe(404);
    expect((await download(999_999, who.cookie)).status).toBe(404);
    expect((await t.app.request(`${TEST_ORIGIN}/platform/history-export/abc.csv`, { headers: { cookie: who.cookie } })).status).toBe(404);
  });

  it('needs from and to in order, and keeps only a few exports per player', async () => {
    const who = await player();
    expect((await call(who, 'games/createhistoryexportrequest', { body: { from: '2026-01-01' } })).json.error?.fields).toHaveProperty('to');
    expect((await call(who, 'games/createhistoryexportrequest', { body: { from: '2026-02-01', to: '2026-01-01' } })).json.error?.fields).toHaveProperty('from');
    expect((await t.call('games/createhistoryexportrequest', { body: { from: '2026-01-01', to: '2026-01-02' } })).status).toBe(401);
    const ids: number[] = [];
    for (let index = 0; index < 7; index++) ids.push((await exportOf(who, { from: '2026-01-01', to: '2026-01-02' })).id);
    const kept = await t.database.db.select({ id: historyExports.id }).from(historyExports).where(eq(historyExports.userId, who.uid));
    expect(kept.map((row) => row.id).sort((a, b) => a - b)).toEqual(ids.slice(-5));
  });

  it(`allows ${EXPORT_LIMIT.max} exports an hour, then answers TooManyRequestsException`, async () => {
    const who = await player();
    for (let index = 0; index < EXPORT_LIMIT.max; index++) await exportOf(who, { from: '2026-01-01', to: '2026-01-02', mode: 'demo' });
    const refused = await call(who, 'games/createhistoryexportrequest', { body: { from: '2026-01-01', to: '2026-01-02' } });
    expect(refused.status).toBe(429);
    expect(refused.json.error?.type).toBe('TooManyRequestsException');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a second export while one is being prepared', async () => {
    const who = await player();
    const first = await call(who, 'games/createhistoryexportrequest', { body: { from: '2026-01-01', to: '2026-01-02' } });
    expect(first.status).toBe(200);
    // Held pending, as if its build were still running.
    await t.services.history.idle();
    await t.database.db.update(historyExports).set({ status: 'pending', csv: null }).where(eq(historyExports.id, (first.json.data as HistoryExportInfo).id));
    const second = await call(who, 'games/createhistoryexportrequest', { body: { from: '2026-01-01', to: '2026-01-02' } });
    expect(second.status).toBe(429);
    // One left pending for longer than a build can take counts as failed, and no longer blocks.
    await t.database.db
      .update(historyExports)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(historyExports.id, (first.json.data as HistoryExportInfo).id));
    const stale = await call(who, 'games/gethistoryexportrequest', { query: { id: String((first.json.data as HistoryExportInfo).id) } });
    expect((stale.json.data as HistoryExportInfo).status).toBe('failed');
    expect((await call(who, 'games/createhistoryexportrequest', { body: { from: '2026-01-01', to: '2026-01-02' } })).status).toBe(200);
    await t.services.history.idle();
  });
});

describe('csv', () => {
  it('quotes what needs quoting and defuses formulas, leaving numbers alone', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    for (const formula of ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(formula).replace(/^"/, '').startsWith("'"), formula).toBe(true);
    expect(csvCell('-2.50')).toBe('-2.50');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-')).toBe("'-");
    expect(csvDocument(['a', 'b'], [[1, 'x']])).toBe('\uFEFFa,b\r\n1,x\r\n');
  });
});
