import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { seedDemoContent } from '../../db/seed.ts';
import { users } from '../../db/schema.ts';
import { parseEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { createServices, type Services } from '../../services.ts';
import { createReadRouting } from './read-routing.ts';

/**
 * READ_DATABASE_URL (docs/operations.md, "Read replica"): a second database stands in for the
 * replica, a copy of the seeded site that then drifts (its game names are its own, and it never
 * sees the players' rounds), and every statement sent to it is counted, so each read tells where
 * it went. On PostgreSQL in CI's second pass (two schemas), on two PGlite databases otherwise.
 */
const GAME = 'copper-comet';
const REPLICA_NAME = 'Read from the replica';
let primary: Database;
let replica: Database;
let replicaStatements = 0;
/** Two web processes of one site: same databases, same bus. */
let site: Services;
let otherProcess: Services;

/** Counts what reaches a database: checked-out connections on PostgreSQL, queries on PGlite. */
function countStatements(database: Database) {
  if (database.raw.kind === 'postgres') database.raw.pool.on('acquire', () => replicaStatements++);
  else {
    const client = database.raw.client as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => unknown>;
    for (const method of ['query', 'exec', 'transaction'] as const) {
      const original = client[method].bind(client);
      client[method] = (...args: unknown[]) => {
        replicaStatements++;
        return original(...args);
      };
    }
  }
}

const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'replica-test-secret-replica-test-secret', SHARED_CACHE_MS: '0', JOBS: 'off' });
const services = (database: Database) => createServices({ database, replica, env, logger: createLogger('silent'), buildId: 'test' });

beforeAll(async () => {
  [primary, replica] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await Promise.all([seedDemoContent(primary.db), seedDemoContent(replica.db)]);
  await replica.db.execute(sql`update games set name = ${REPLICA_NAME}, description = '{}'::jsonb`);
  countStatements(replica);
  site = await services(primary);
  otherProcess = await services(primary);
});
afterAll(async () => {
  await site?.close();
  await otherProcess?.close();
  await primary?.close();
  await replica?.close();
});

/** A funded player with a real-money session of GAME, made on the primary only. */
async function player(funds = 100_000n) {
  const [{ id }] = await primary.db.insert(users).values({ passwordHash: 'x', currency: 'EUR', locale: 'en' }).returning({ id: users.id });
  await site.ledger.transfer({
    key: `replica-test-deposit:${id}`,
    kind: 'deposit',
    currency: 'EUR',
    legs: [
      { account: { house: 'payment_clearing' }, amount: -funds },
      { account: { player: id, kind: 'main' }, amount: funds },
    ],
  });
  const { token } = await site.wallet.openSession({ game: GAME, mode: 'real', userId: id }, 'en');
  return { id, token };
}

const round = (token: string, id: string, bet: number, win: number) => [
  { endpoint: 'bet' as const, body: { provider: 'brass-comet', user: token, game: GAME, round_id: id, request_uuid: `${id}-1`, transaction_uuid: `${id}-bet`, amount: bet, currency: 'EUR' } },
  { endpoint: 'win' as const, body: { provider: 'brass-comet', user: token, game: GAME, round_id: id, request_uuid: `${id}-2`, transaction_uuid: `${id}-win`, reference_transaction_uuid: `${id}-bet`, amount: win, currency: 'EUR', round_closed: true } },
];
const history = (process: Services, userId: number) => process.history.rounds(userId, { mode: 'real' }, { offset: 0, count: 10 }, 'en');

describe('read replica', () => {
  it('serves the catalogue lists', async () => {
    const before = replicaStatements;
    const list = await site.catalogue.listGames({ offset: 0, count: 5, sort: 'popularity' }, 'en');
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((item) => item.name === REPLICA_NAME)).toBe(true);
    expect(replicaStatements).toBeGreaterThan(before);
    // A single game's lookup (a launch, a bet) is the primary's.
    expect((await site.catalogue.findGame(GAME))?.name).not.toBe(REPLICA_NAME);
  });

  it('never serves money: sessions, bets, wins and balances read the primary only', async () => {
    const ann = await player();
    const before = replicaStatements;
    for (const call of round(ann.token, 'money-r1', 400, 150)) expect((await site.wallet.handle(call.endpoint, call.body)).status).toBe('RS_OK');
    expect((await site.wallet.handle('balance', { provider: 'brass-comet', user: ann.token, game: GAME, request_uuid: 'money-b', currency: 'EUR' })).status).toBe('RS_OK');
    expect((await site.ledger.balances(ann.id, 'EUR')).main).toBe(100_000n - 400n + 150n);
    expect(replicaStatements).toBe(before);
  });

  it("serves a player's history from the replica, but their own round at once from the primary, in every process", async () => {
    const bob = await player();
    // Nothing of Bob's changed lately: his history is the replica's (which has not seen him).
    let before = replicaStatements;
    expect((await history(site, bob.id)).total).toBe(0);
    expect(replicaStatements).toBeGreaterThan(before);

    for (const call of round(bob.token, 'ryw-r1', 300, 0)) expect((await site.wallet.handle(call.endpoint, call.body)).status).toBe('RS_OK');
    before = replicaStatements;
    const own = await history(site, bob.id);
    expect(own.items.map((item) => [item.round_id, item.bet])).toEqual([['ryw-r1', '3.00']]);
    expect(replicaStatements).toBe(before);

    // The other process heard of the change through the bus: its read goes to the primary too.
    const deadline = Date.now() + 2_000;
    while (otherProcess.reads.forPlayer(bob.id) !== primary.db && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await history(otherProcess, bob.id)).items.map((item) => item.round_id)).toEqual(['ryw-r1']);
    expect(replicaStatements).toBe(before);
  });

  it('pins a player to the primary for a few seconds only, then reads the replica again', () => {
    let now = 1_000;
    const routing = createReadRouting({ primary: primary.db, replica: replica.db, pinMs: 5_000, now: () => now });
    expect(routing.forPlayer(7)).toBe(replica.db);
    routing.wrote(7);
    expect(routing.forPlayer(7)).toBe(primary.db);
    expect(routing.forPlayer(8)).toBe(replica.db);
    now += 4_999;
    expect(routing.forPlayer(7)).toBe(primary.db);
    now += 2;
    expect(routing.forPlayer(7)).toBe(replica.db);
    expect(routing.shared).toBe(replica.db);
    routing.close();
  });

  it('without READ_DATABASE_URL, reads everything from the primary', async () => {
    const alone = createReadRouting({ primary: primary.db });
    alone.wrote(1);
    expect([alone.shared, alone.forPlayer(1), alone.forPlayer(2), alone.hasReplica]).toEqual([primary.db, primary.db, primary.db, false]);
    const single = await createServices({ database: primary, env, logger: createLogger('silent'), buildId: 'test' });
    try {
      const before = replicaStatements;
      expect((await single.catalogue.listGames({ offset: 0, count: 5, sort: 'popularity' }, 'en')).items.some((item) => item.name === REPLICA_NAME)).toBe(false);
      const carl = await player();
      expect((await history(single, carl.id)).total).toBe(0);
      expect(replicaStatements).toBe(before);
    } finally {
      await single.close();
    }
  });
});
