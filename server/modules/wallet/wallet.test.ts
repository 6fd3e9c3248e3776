import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { hmacSha256 } from '../../platform/crypto.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { gameProviders, gameSessions, outboxEvents } from '../../db/schema.ts';
import { signBody, verifySignature } from '../payments/index.ts';
import { GAME_SESSION_SECONDS, type WalletAnswer } from './index.ts';

/**
 * The seamless wallet through its HTTP endpoints, as a provider calls it: signed JSON in, signed
 * JSON out. Runs on PGlite, and on the real PostgreSQL with TEST_DATABASE_URL set (the only place
 * row-lock races are real).
 */
const APP_SECRET = 'test-secret-test-secret-test-secret-0123';
const LANTERNFISH_SECRET = 'lanternfish-own-secret-lanternfish-own-secret';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_SECRET, WALLET_SECRET_LANTERNFISH: LANTERNFISH_SECRET });
});
afterAll(async () => {
  await t.close();
});

const derived = (provider: string) => hmacSha256(APP_SECRET, `wallet:${provider}`);

let counter = 0;
type Player = { uid: number; cookie: string; ip: string; email: string };

async function player(currency = 'EUR'): Promise<Player> {
  const ip = `10.8.${Math.floor(++counter / 250)}.${counter % 250}`;
  const email = `wallet.${Date.now()}.${counter}@example.com`;
  const answer = await t.call('register', { body: { email, password: 'secret12', terms: '1', currency }, headers: { 'x-croupier-client-ip': ip } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const cookie = answer.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  return { uid: (answer.json.data as { uid: number }).uid, cookie, ip, email };
}

/** Money in, as a settled deposit would bring it. */
async function fund(uid: number, amount: bigint, currency: 'EUR' | 'GBP' = 'EUR') {
  await t.services.ledger.transfer({
    key: `test-deposit:${randomUUID()}`,
    kind: 'deposit',
    currency,
    legs: [
      { account: { house: 'payment_clearing' }, amount: -amount },
      { account: { player: uid, kind: 'main' }, amount },
    ],
  });
}

const main = async (uid: number) => (await t.services.ledger.balances(uid, 'EUR')).main;
const open = (uid: number | null, game = 'golden-croupier', mode: 'real' | 'demo' = 'real', visitorId?: string) =>
  t.services.wallet.openSession({ game, mode, userId: uid, visitorId }, 'en');

type Sent = { status: number; json: WalletAnswer; text: string; signature: string | null; contentType: string | null };

async function send(endpoint: string, body: object | string, options: { secret?: string; timestamp?: number; header?: string | null } = {}): Promise<Sent> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const provider = typeof body === 'string' ? 'croupier' : ((body as { provider?: string }).provider ?? 'croupier');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const header = options.header === undefined ? signBody(options.secret ?? derived(provider), raw, options.timestamp) : options.header;
  if (header !== null) headers['x-signature'] = header;
  const response = await t.app.request(`${TEST_ORIGIN}/platform/wallet/${endpoint}`, { method: 'POST', body: raw, headers });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as WalletAnswer, text, signature: response.headers.get('x-signature'), contentType: response.headers.get('content-type') };
}

/** Builders of provider requests for one session. */
function game(token: string, provider = 'croupier', currency = 'EUR') {
  const base = () => ({ provider, request_uuid: randomUUID(), user: token });
  return {
    balance: () => send('balance', { ...base(), currency }),
    bet: (transaction: string, amount: number | string, round = `r-${transaction}`, extra: object = {}) =>
      send('bet', { ...base(), transaction_uuid: transaction, round_id: round, amount, currency, ...extra }),
    win: (transaction: string, bet: string, amount: number, round = `r-${bet}`, extra: object = {}) =>
      send('win', { ...base(), transaction_uuid: transaction, reference_transaction_uuid: bet, round_id: round, amount, currency, round_closed: true, ...extra }),
    rollback: (transaction: string, bet: string, round = `r-${bet}`, extra: object = {}) =>
      send('rollback', { ...base(), transaction_uuid: transaction, reference_transaction_uuid: bet, round_id: round, ...extra }),
  };
}

const uuid = () => randomUUID();

async function ledgerHolds() {
  expect((await t.services.ledger.verify()).problems).toEqual([]);
}

/**
 * `count` funded players, each with a game session that played one round (of 100, winning 100)
 * alone: the wallet knows the sessions, so requests sent together afterwards reach it together.
 */
async function playingTogether(count: number, funds: bigint) {
  const players = await Promise.all(Array.from({ length: count }, () => player()));
  const games: Array<ReturnType<typeof game>> = [];
  for (const who of players) {
    await fund(who.uid, funds);
    const play = game((await open(who.uid)).token);
    const first = uuid();
    expect((await play.bet(first, 100)).json.status).toBe('RS_OK');
    expect((await play.win(uuid(), first, 100)).json.status).toBe('RS_OK');
    games.push(play);
  }
  return { players, games };
}

describe('balance', () => {
  it('answers the balance in minor units, signed with the provider secret', async () => {
    const who = await player();
    await fund(who.uid, 12_345n);
    const session = await open(who.uid);
    const answer = await game(session.token).balance();
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ status: 'RS_OK', balance: 12_345, currency: 'EUR', user: session.token });
    expect(typeof answer.json.request_uuid).toBe('string');
    // The signature covers the body exactly as sent, a JSON document.
    expect(verifySignature(derived('croupier'), answer.text, answer.signature ?? undefined)).toEqual({ ok: true });
    expect(answer.contentType).toMatch(/^application\/json/);
  });
});

describe('bets and wins', () => {
  it('debit the main balance into the house and pay wins back, once each, and feed recently played games', async () => {
    const who = await player();
    await fund(who.uid, 10_000n);
    const session = await open(who.uid);
    const g = game(session.token);
    const bet = uuid();
    expect((await g.bet(bet, 250)).json).toMatchObject({ status: 'RS_OK', balance: 9_750, transaction_uuid: bet });
    expect((await g.win(uuid(), bet, 1_000)).json).toMatchObject({ status: 'RS_OK', balance: 10_750 });
    // A losing round closes with a win of 0: accepted, nothing moves.
    const lost = uuid();
    await g.bet(lost, 100);
    expect((await g.win(uuid(), lost, 0)).json).toMatchObject({ status: 'RS_OK', balance: 10_650 });
    expect(await main(who.uid)).toBe(10_650n);
    expect(await t.services.ledger.houseBalance('game_house', 'EUR')).toBeGreaterThanOrEqual(-650n);
    const kinds = (await t.services.ledger.postingsOf(who.uid, 'main', 'EUR')).map((posting) => [posting.kind, posting.amount]);
    expect(kinds).toEqual([['deposit', 10_000n], ['game_bet', -250n], ['game_win', 1_000n], ['game_bet', -100n]]);

    const recent = await t.call('games/getRecent', { headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });
    expect(recent.json.data).toMatchObject({ total: 1, items: [{ sysname: 'golden-croupier', name: 'Golden Croupier', provider: 'croupier' }] });
    expect((recent.json.data as { items: Array<{ last_played_at: string }> }).items[0].last_played_at).toMatch(/^\d{4}-/);
    await ledgerHolds();
  });

  it('keep recently played games in the order last played, without rewriting the latest on every spin', async () => {
    const who = await player();
    await fund(who.uid, 10_000n);
    const slot = game((await open(who.uid)).token);
    const dice = game((await open(who.uid, 'croupier-dice')).token);
    const recent = async () =>
      ((await t.call('games/getRecent', { headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } })).json.data as { items: Array<{ sysname: string; last_played_at: string }> }).items;
    await slot.bet(uuid(), 10);
    await dice.bet(uuid(), 10);
    expect((await recent()).map((item) => item.sysname)).toEqual(['croupier-dice', 'golden-croupier']);
    // Back to the slot: first again.
    await slot.bet(uuid(), 10);
    const [latest] = await recent();
    expect(latest.sysname).toBe('golden-croupier');
    // More spins on the latest game within the minute leave its row as it was.
    await slot.bet(uuid(), 10);
    await slot.bet(uuid(), 10);
    expect((await recent())[0]).toEqual(latest);
  });

  it('answers a replayed transaction with its first answer, and moves money once, even when the repeats race', async () => {
    const who = await player();
    await fund(who.uid, 5_000n);
    const session = await open(who.uid);
    const body = { provider: 'croupier', request_uuid: 'req-1', user: session.token, transaction_uuid: uuid(), round_id: 'round-1', amount: 700, currency: 'EUR' };
    const first = await send('bet', body);
    expect(first.json).toMatchObject({ status: 'RS_OK', balance: 4_300 });
    await fund(who.uid, 1_000n); // the balance changes; a repeat still answers what the first did
    const repeats = await Promise.all(Array.from({ length: 8 }, (_, index) => send('bet', { ...body, request_uuid: `req-repeat-${index}` })));
    for (const [index, repeat] of repeats.entries()) {
      expect(repeat.json).toEqual({ ...first.json, request_uuid: `req-repeat-${index}` });
    }
    expect(await main(who.uid)).toBe(5_300n);

    const win = { ...body, transaction_uuid: uuid(), reference_transaction_uuid: body.transaction_uuid, amount: 2_000, request_uuid: 'win-1' };
    const wins = await Promise.all(Array.from({ length: 6 }, () => send('win', win)));
    expect(new Set(wins.map((answer) => JSON.stringify(answer.json))).size).toBe(1);
    expect(wins[0].json).toMatchObject({ status: 'RS_OK', balance: 7_300 });
    expect(await main(who.uid)).toBe(7_300n);
    await ledgerHolds();
  });

  it('refuses a transaction id used again with other content, moving nothing', async () => {
    const who = await player();
    await fund(who.uid, 5_000n);
    const session = await open(who.uid);
    const g = game(session.token);
    const bet = uuid();
    await g.bet(bet, 100);
    for (const other of [() => g.bet(bet, 101), () => g.bet(bet, 100, 'another-round'), () => g.win(bet, bet, 100), () => g.rollback(bet, uuid())]) {
      const answer = await other();
      expect(answer.status).toBe(200);
      expect(answer.json.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    }
    expect(await main(who.uid)).toBe(4_900n);
    await ledgerHolds();
  });

  it('refuses a win for a bet it never accepted, and accepts it once the bet is there', async () => {
    const who = await player();
    await fund(who.uid, 1_000n);
    const session = await open(who.uid);
    const g = game(session.token);
    const bet = uuid();
    const win = uuid();
    expect((await g.win(win, bet, 500)).json).toMatchObject({ status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' });
    expect(await main(who.uid)).toBe(1_000n);
    await g.bet(bet, 200);
    // The wrong round, or another player's bet, is no bet of this win.
    expect((await g.win(win, bet, 500, 'some-other-round')).json.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    const other = await player();
    const otherSession = await open(other.uid);
    expect((await game(otherSession.token).win(uuid(), bet, 500)).json.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect((await g.win(win, bet, 500)).json).toMatchObject({ status: 'RS_OK', balance: 1_300 });
    expect(await main(other.uid)).toBe(0n);
    await ledgerHolds();
  });

  it('answers not enough money with the current balance, and keeps that answer for the transaction', async () => {
    const who = await player();
    await fund(who.uid, 300n);
    const session = await open(who.uid);
    const g = game(session.token);
    const bet = uuid();
    const refused = await g.bet(bet, 301);
    expect(refused.status).toBe(200);
    expect(refused.json).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 300, currency: 'EUR', transaction_uuid: bet });
    await fund(who.uid, 1_000n);
    expect((await g.bet(bet, 301)).json).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 300 });
    // It was never a bet: no win pays on it, and a rollback has nothing to return.
    expect((await g.win(uuid(), bet, 1_000)).json.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect((await g.rollback(uuid(), bet)).json).toMatchObject({ status: 'RS_OK', balance: 1_300 });
    expect((await g.bet(uuid(), 1_300)).json).toMatchObject({ status: 'RS_OK', balance: 0 });
    await ledgerHolds();
  });

  it('keeps one balance whole under concurrent bets: no negative balance, the books hold', async () => {
    const who = await player();
    await fund(who.uid, 1_000n);
    const session = await open(who.uid);
    const g = game(session.token);
    const answers = await Promise.all(Array.from({ length: 25 }, () => g.bet(uuid(), 100)));
    const statuses = answers.map((answer) => answer.json.status);
    expect(statuses.filter((status) => status === 'RS_OK')).toHaveLength(10);
    expect(statuses.filter((status) => status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(15);
    for (const answer of answers) expect(answer.json.balance).toBeGreaterThanOrEqual(0);
    expect(await main(who.uid)).toBe(0n);
    await ledgerHolds();
  });

  it('settles rounds that arrive together several to a statement, each answered as if alone: exact balances, one event each, the books hold', async () => {
    const { players, games } = await playingTogether(4, 10_000n);
    const before = t.services.wallet.settleFigures();
    const bets = players.flatMap((_, index) => Array.from({ length: 5 }, () => ({ index, id: uuid() })));
    const betAnswers = await Promise.all(bets.map(({ index, id }) => games[index].bet(id, 100)));
    const winAnswers = await Promise.all(bets.map(({ index, id }) => games[index].win(uuid(), id, 30)));
    const after = t.services.wallet.settleFigures();
    expect([...betAnswers, ...winAnswers].map((answer) => answer.json.status)).toEqual(Array(40).fill('RS_OK'));
    expect(after.requests - before.requests).toBe(40);
    expect(after.statements - before.statements).toBeLessThan(40);
    for (const [index, who] of players.entries()) {
      // Each bet answers the balance it left, as it would have alone: 9,900 down to 9,500.
      const balances = betAnswers.filter((_, at) => bets[at].index === index).map((answer) => answer.json.balance);
      expect(balances.sort((a, b) => Number(a) - Number(b))).toEqual([9_500, 9_600, 9_700, 9_800, 9_900]);
      expect(await main(who.uid)).toBe(10_000n - 5n * 100n + 5n * 30n);
      // The sign-up's own event (for the risk rules) is not a movement.
      const events = await t.services.database.db.select().from(outboxEvents).where(and(eq(outboxEvents.userId, who.uid), ne(outboxEvents.type, 'account.signed_up')));
      expect(events).toHaveLength(2 + 10);
    }
    await ledgerHolds();
  });

  it('undoes a request that fails among others settled with it alone: it moves nothing, the others are paid', async () => {
    const { players, games } = await playingTogether(3, 1_100n);
    // The journal refuses one transaction id, as a failing write would.
    const poisoned = `poisoned-${uuid()}`;
    const { db } = t.services.database;
    await db.execute(
      sql.raw(`
        create function wallet_test_refuse() returns trigger language plpgsql as $$
        begin
          if new.transaction_uuid = '${poisoned}' then raise exception 'refused by the test'; end if;
          return new;
        end $$`),
    );
    await db.execute(sql.raw('create trigger wallet_test_refuse before insert on wallet_transactions for each row execute function wallet_test_refuse()'));
    onTestFinished(async () => {
      await db.execute(sql.raw('drop trigger wallet_test_refuse on wallet_transactions'));
      await db.execute(sql.raw('drop function wallet_test_refuse()'));
    });
    const before = t.services.wallet.settleFigures();
    const requests = [...Array.from({ length: 9 }, (_, at) => ({ index: at % 3, id: uuid() })), { index: 1, id: poisoned }];
    const answers = await Promise.all(requests.map(({ index, id }) => games[index].bet(id, 100)));
    const after = t.services.wallet.settleFigures();
    expect(after.statements - before.statements).toBeLessThan(after.requests - before.requests);
    expect(answers.map((answer) => answer.json.status)).toEqual([...Array(9).fill('RS_OK'), 'RS_ERROR_UNKNOWN']);
    expect(answers[9].json.message).toMatch(/nothing was recorded/);
    // Three bets of 100 each: the poisoned one took nothing.
    for (const who of players) expect(await main(who.uid)).toBe(1_100n - 300n);
    await ledgerHolds();
  });
});

describe('rollbacks', () => {
  it('reverse their bet once, whatever rollback ids arrive, and void later wins', async () => {
    const who = await player();
    await fund(who.uid, 2_000n);
    const session = await open(who.uid);
    const g = game(session.token);
    const bet = uuid();
    await g.bet(bet, 500);
    const rollback = uuid();
    const first = await g.rollback(rollback, bet);
    expect(first.json).toMatchObject({ status: 'RS_OK', balance: 2_000, transaction_uuid: rollback });
    const again = await send('rollback', { provider: 'croupier', request_uuid: 'again', user: session.token, transaction_uuid: rollback, reference_transaction_uuid: bet, round_id: `r-${bet}` });
    expect(again.json).toEqual({ ...first.json, request_uuid: 'again' });
    const racing = await Promise.all(Array.from({ length: 5 }, () => g.rollback(uuid(), bet)));
    for (const answer of racing) expect(answer.json).toMatchObject({ status: 'RS_OK', balance: 2_000 });
    expect((await g.win(uuid(), bet, 900)).json.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await main(who.uid)).toBe(2_000n);
    await ledgerHolds();
  });

  it('arriving before their bet, are kept: the late bet moves no money and says so', async () => {
    const who = await player();
    await fund(who.uid, 1_000n);
    const session = await open(who.uid);
    const g = game(session.token);
    const bet = uuid();
    expect((await g.rollback(uuid(), bet)).json).toMatchObject({ status: 'RS_OK', balance: 1_000 });
    const late = await g.bet(bet, 400);
    expect(late.json).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: 1_000, transaction_uuid: bet });
    expect((await g.bet(bet, 400)).json).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: 1_000 });
    expect((await g.win(uuid(), bet, 800)).json.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await main(who.uid)).toBe(1_000n);

    // A rollback racing its own bet: whichever comes first, the money ends where it started.
    for (let round = 0; round < 5; round++) {
      const racingBet = uuid();
      await Promise.all([g.bet(racingBet, 100), g.rollback(uuid(), racingBet)]);
      expect(await main(who.uid)).toBe(1_000n);
    }
    await ledgerHolds();
  });
});

describe('game sessions', () => {
  it('pay wins and rollbacks on an expired session, and refuse new bets and balance calls on it', async () => {
    const who = await player();
    await fund(who.uid, 1_000n);
    const session = await open(who.uid);
    const g = game(session.token);
    const bet = uuid();
    const other = uuid();
    await g.bet(bet, 300);
    await g.bet(other, 200);
    // The session's life passes (the clock moves; the session row, which never changes, is not touched).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (GAME_SESSION_SECONDS + 1) * 1000 });
    onTestFinished(() => void vi.useRealTimers());
    expect((await g.bet(uuid(), 100)).json.status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect((await g.balance()).json.status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect((await g.win(uuid(), bet, 900)).json).toMatchObject({ status: 'RS_OK', balance: 1_400 });
    expect((await g.rollback(uuid(), other)).json).toMatchObject({ status: 'RS_OK', balance: 1_600 });
    // A bet accepted before expiry is still answered the same when repeated after it.
    expect((await g.bet(bet, 300)).json).toMatchObject({ status: 'RS_OK', balance: 700 });
    await ledgerHolds();
  });

  it('refuse unknown tokens, another provider’s tokens, another game and another currency', async () => {
    const who = await player();
    await fund(who.uid, 1_000n);
    const session = await open(who.uid);
    expect((await game('not-a-token').bet(uuid(), 100)).json.status).toBe('RS_ERROR_INVALID_TOKEN');
    const lantern = await send('bet', { provider: 'lanternfish', request_uuid: uuid(), user: session.token, transaction_uuid: uuid(), round_id: 'r', amount: 100, currency: 'EUR' }, { secret: LANTERNFISH_SECRET });
    expect(lantern.json.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await game(session.token).bet(uuid(), 100, 'r', { game: 'croupier-dice' })).json.status).toBe('RS_ERROR_INVALID_GAME');
    expect((await game(session.token, 'croupier', 'GBP').bet(uuid(), 100)).json.status).toBe('RS_ERROR_WRONG_CURRENCY');
    expect((await game(session.token, 'croupier', 'GBP').balance()).json.status).toBe('RS_ERROR_WRONG_CURRENCY');
    expect(await main(who.uid)).toBe(1_000n);
  });

  it('stop a blocked player’s bets, but still pay the wins of bets already placed', async () => {
    const who = await player();
    await fund(who.uid, 1_000n);
    const session = await open(who.uid);
    const g = game(session.token);
    const bet = uuid();
    await g.bet(bet, 100);
    await t.services.accounts.setStatus(who.email, 'banned');
    expect((await g.bet(uuid(), 100)).json.status).toBe('RS_ERROR_USER_DISABLED');
    expect((await g.win(uuid(), bet, 250)).json).toMatchObject({ status: 'RS_OK', balance: 1_150 });
    await expect(open(who.uid)).rejects.toMatchObject({ type: 'UserBannedException' });
    await ledgerHolds();
  });

  it('open only for known games, real money only for players, demo only where a game has one', async () => {
    const who = await player();
    await expect(open(who.uid, 'no-such-game')).rejects.toMatchObject({ type: 'InvalidParameterException', status: 404 });
    await expect(open(null, 'golden-croupier', 'real', 'visitor-real')).rejects.toMatchObject({ type: 'AuthorizationException' });
    await expect(open(who.uid, 'velvet-roulette-live', 'demo')).rejects.toMatchObject({ type: 'InvalidParameterException', fields: { mode: 'This game has no demo mode' } });
    const real = await open(who.uid, 'velvet-roulette-live', 'real');
    expect(real).toMatchObject({ provider: 'velvet-room', mode: 'real', currency: 'EUR', balance: 0n });
    expect(real.token.length).toBeGreaterThanOrEqual(32);
    // Only the token's hash is stored.
    const [row] = await t.database.db.select().from(gameSessions).where(eq(gameSessions.id, real.sessionId));
    expect(row.tokenHash).not.toContain(real.token);
  });
});

describe('fun money', () => {
  it('gives a guest a demo balance of 1,000.00 from the fun issuer, and refills it once it drops below 1.00', async () => {
    const visitor = `visitor-${uuid()}`;
    const session = await open(null, 'croupier-dice', 'demo', visitor);
    expect(session).toMatchObject({ mode: 'demo', currency: 'EUR', balance: 100_000n });
    const g = game(session.token);
    const bet = uuid();
    expect((await g.bet(bet, 99_950)).json).toMatchObject({ status: 'RS_OK', balance: 50 });
    expect((await g.bet(uuid(), 51)).json).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 50 });
    // Below the minimum bet: the balance call (or the next demo session) refills it.
    expect((await g.balance()).json).toMatchObject({ status: 'RS_OK', balance: 100_000 });
    expect((await g.balance()).json).toMatchObject({ status: 'RS_OK', balance: 100_000 });
    expect((await g.win(uuid(), bet, 5_000)).json).toMatchObject({ status: 'RS_OK', balance: 105_000 });
    // The same visitor keeps the same fun wallet.
    expect((await open(null, 'golden-croupier', 'demo', visitor)).balance).toBe(105_000n);
    await ledgerHolds();
  });

  it("plays a signed-in player's demo with the player's own fun balance, never the real one", async () => {
    const who = await player('GBP');
    await fund(who.uid, 5_000n, 'GBP');
    const session = await open(who.uid, 'golden-croupier', 'demo');
    expect(session).toMatchObject({ currency: 'GBP', balance: 100_000n });
    const g = game(session.token, 'croupier', 'GBP');
    await g.bet(uuid(), 1_000);
    const balances = await t.services.ledger.balances(who.uid, 'GBP');
    expect(balances).toMatchObject({ main: 5_000n, fun: 99_000n });
    const info = await t.call('getBalance', { headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });
    expect(info.json.data).toMatchObject({ balance_fun: { amount: '990.00', currency: 'GBP' }, balance_main: { amount: '50.00' } });
    await ledgerHolds();
  });
});

describe('signatures and syntax', () => {
  it('refuses a missing, wrong, stale or tampered signature, moving nothing', async () => {
    const who = await player();
    await fund(who.uid, 1_000n);
    const session = await open(who.uid);
    const body = { provider: 'croupier', request_uuid: uuid(), user: session.token, transaction_uuid: uuid(), round_id: 'r', amount: 100, currency: 'EUR' };
    const raw = JSON.stringify(body);
    const attempts = [
      await send('bet', body, { header: null }),
      await send('bet', body, { secret: 'someone-else-someone-else-someone-else' }),
      await send('bet', body, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await send('bet', body, { header: 't=1,v1=zz' }),
      await send('bet', JSON.stringify({ ...body, amount: 1 }), { header: signBody(derived('croupier'), raw) }),
      // A demo provider's secret is its own: croupier's does not sign for lanternfish.
      await send('bet', { ...body, provider: 'lanternfish' }, { secret: derived('croupier') }),
      // WALLET_SECRET_LANTERNFISH replaces the derived secret.
      await send('balance', { provider: 'lanternfish', request_uuid: uuid(), user: session.token }, { secret: derived('lanternfish') }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(401);
      expect(attempt.json.status).toBe('RS_ERROR_INVALID_SIGNATURE');
      expect(attempt.signature).toBeNull();
    }
    expect(await main(who.uid)).toBe(1_000n);
  });

  it('refuses unknown providers and external providers without a configured secret', async () => {
    await t.database.db.insert(gameProviders).values({ sysname: 'faraway-studio', name: 'Faraway Studio', integration: 'external' }).onConflictDoNothing();
    for (const provider of ['faraway-studio', 'no-such-provider']) {
      const answer = await send('balance', { provider, request_uuid: uuid(), user: 'x' }, { secret: derived(provider) });
      expect(answer.status).toBe(401);
      expect(answer.json.status).toBe('RS_ERROR_INVALID_PARTNER');
    }
  });

  it('keeps a known provider for a few seconds only: a deactivated provider is refused once they pass', async () => {
    await t.database.db.insert(gameProviders).values({ sysname: 'brief-studio', name: 'Brief Studio', integration: 'in_house' }).onConflictDoNothing();
    const ask = () => send('balance', { provider: 'brief-studio', request_uuid: uuid(), user: 'x' }, { secret: derived('brief-studio') });
    expect((await ask()).json.status).not.toBe('RS_ERROR_INVALID_PARTNER');
    await t.database.db.update(gameProviders).set({ isActive: false }).where(eq(gameProviders.sysname, 'brief-studio'));
    // Within the few seconds the process keeps the provider's secret, it is still known...
    expect((await ask()).json.status).not.toBe('RS_ERROR_INVALID_PARTNER');
    // ...and once they pass, it is read again and refused.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6_000 });
    onTestFinished(() => void vi.useRealTimers());
    expect((await ask()).json.status).toBe('RS_ERROR_INVALID_PARTNER');
  });

  it('answers unreadable or incomplete requests with a syntax error naming the fields', async () => {
    const who = await player();
    const session = await open(who.uid);
    const notJson = await send('bet', '{"provider": "croupier", ', { header: signBody(derived('croupier'), '{"provider": "croupier", ') });
    expect(notJson).toMatchObject({ status: 400, json: { status: 'RS_ERROR_WRONG_SYNTAX' } });
    const base = { provider: 'croupier', request_uuid: 'rq', user: session.token, transaction_uuid: uuid(), round_id: 'r', currency: 'EUR' };
    for (const amount of [-1, 1.5, '01', '1e3', 'ten', null]) {
      const answer = await send('bet', { ...base, amount });
      expect(answer.status, String(amount)).toBe(400);
      expect(answer.json).toMatchObject({ status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: 'rq' });
      expect(answer.json.message).toContain('amount');
    }
    const missing = await send('win', { ...base, amount: 1 });
    expect(missing.json.message).toContain('reference_transaction_uuid');
    // A NUL in the session token used to reach PostgreSQL, which refuses it: a 500, not a syntax error.
    const nul = await send('balance', { provider: 'croupier', request_uuid: 'rq', user: `${session.token}\u0000` });
    expect(nul).toMatchObject({ status: 400, json: { status: 'RS_ERROR_WRONG_SYNTAX' } });
    expect(nul.json.message).toContain('user');
    const huge = await send('bet', { ...base, amount: 1, padding: 'x'.repeat(20_000) });
    expect(huge).toMatchObject({ status: 400, json: { status: 'RS_ERROR_WRONG_SYNTAX' } });
    expect((await t.app.request(`${TEST_ORIGIN}/platform/wallet/transfer`, { method: 'POST', body: '{}' })).status).toBe(404);
  });
});

describe('in-process calls (in-house engines)', () => {
  it('take the same rules without a signature', async () => {
    const who = await player();
    await fund(who.uid, 1_000n);
    const session = await open(who.uid, 'croupier-roulette');
    const bet = { provider: 'croupier', request_uuid: uuid(), user: session.token, transaction_uuid: uuid(), round_id: 'spin-1', amount: 100, currency: 'EUR', game: 'croupier-roulette' };
    expect(await t.services.wallet.handle('bet', bet)).toMatchObject({ status: 'RS_OK', balance: 900 });
    expect(await t.services.wallet.handle('bet', bet)).toMatchObject({ status: 'RS_OK', balance: 900 });
    expect(await t.services.wallet.handle('win', { ...bet, transaction_uuid: uuid(), reference_transaction_uuid: bet.transaction_uuid, amount: 3_600 })).toMatchObject({ status: 'RS_OK', balance: 4_500 });
    await ledgerHolds();
  });
});

describe('outbox events of game movements (docs/events.md)', () => {
  const eventsOf = async (uid: number) =>
    (
      await t.services.database.db.select().from(outboxEvents).where(and(eq(outboxEvents.userId, uid), ne(outboxEvents.type, 'account.signed_up'))).orderBy(outboxEvents.id)
    ).map((row) => ({ type: row.type, payload: row.payload as Record<string, unknown> }));

  it('a bet, its win and a rollback each write one event with the balance after; replays and refusals write none', async () => {
    const p = await player();
    await fund(p.uid, 1000n);
    const session = await open(p.uid);
    const play = game(session.token);
    const bet = randomUUID();
    expect((await play.bet(bet, 300)).json.status).toBe('RS_OK');
    expect((await play.bet(bet, 300)).json.status).toBe('RS_OK'); // replay: the first answer, no second event
    expect((await play.win(randomUUID(), bet, 500)).json.status).toBe('RS_OK');
    expect((await play.bet(randomUUID(), 5000)).json.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    const second = randomUUID();
    expect((await play.bet(second, 100)).json.status).toBe('RS_OK');
    expect((await play.rollback(randomUUID(), second)).json.status).toBe('RS_OK');

    const events = await eventsOf(p.uid);
    expect(events.map((event) => [event.type, event.payload.amount, event.payload.balanceAfter])).toEqual([
      ['game.bet', '300', '700'],
      ['game.win', '500', '1200'],
      ['game.bet', '100', '1100'],
      ['game.rollback', '100', '1200'],
    ]);
    expect(events[0].payload).toMatchObject({ account: 'main', currency: 'EUR', mode: 'real', game: 'golden-croupier', round: `r-${bet}`, providerTransaction: bet });
    expect(events[1].payload.bet).toBe(bet);
    expect(typeof events[0].payload.transactionId).toBe('number');
  });

  it("a guest's demo rounds write no event", async () => {
    const before = await t.services.database.db.select().from(outboxEvents);
    const session = await open(null, 'golden-croupier', 'demo', 'guestVisitor0000000001');
    expect((await game(session.token).bet(randomUUID(), 100)).json.status).toBe('RS_OK');
    expect(await t.services.database.db.select().from(outboxEvents)).toHaveLength(before.length);
  });
});
