/**
 * What the money benches share: players with money in the bank, and a closed loop of rounds.
 */
import { sql } from 'drizzle-orm';
import type { Services } from '../server/services.ts';
import { queryRows, type Database, type Db } from '../server/platform/db/database.ts';
import { users } from '../server/db/schema.ts';

/** `count` new EUR players, each credited `amount` minor units through the ledger as a deposit would. */
export async function fundedPlayers(database: Database, services: Pick<Services, 'ledger'>, count: number, amount: bigint, tag: string): Promise<number[]> {
  const players = (
    await database.db
      .insert(users)
      .values(Array.from({ length: count }, () => ({ passwordHash: 'bench', currency: 'EUR', locale: 'en' })))
      .returning({ id: users.id })
  ).map((row) => row.id);
  for (const player of players) {
    await services.ledger.transfer({
      key: `${tag}:${player}`,
      kind: 'deposit',
      currency: 'EUR',
      legs: [
        { account: { house: 'payment_clearing' }, amount: -amount },
        { account: { player, kind: 'main' }, amount },
      ],
    });
  }
  return players;
}

/** `concurrency` players' rounds back to back for `ms`, taking tokens in turn; answers the rounds played. */
export async function closedLoop(concurrency: number, ms: number, tokens: string[], play: (token: string) => Promise<void>): Promise<number> {
  let rounds = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; performance.now() < until; i += concurrency) {
        await play(tokens[i % tokens.length]);
        rounds++;
      }
    }),
  );
  return rounds;
}

/** Outbox rows not dispatched yet and event jobs (one per event, or grouped) not done yet. */
async function pendingEventWork(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`
    select (select count(*)::int from outbox_events where dispatched_at is null)
         + (select count(*)::int from jobs where completed_at is null and failed_at is null and (event_id is not null or payload ? 'events')) as n`);
  return row.n;
}

/**
 * Waits until the job runner has handled every event written so far (two minutes at the most).
 * It looks every 5 ms: a settled window ends when this notices, so the interval is added to
 * every window (on average half of it: 12.5 ms of a 1 s window when it looked every 25 ms).
 */
export async function settleEvents(db: Db): Promise<void> {
  for (let i = 0; i < 24_000 && (await pendingEventWork(db)) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
}
