/**
 * What the money benches share: players with money in the bank, and a closed loop of rounds.
 */
import type { Services } from '../server/services.ts';
import type { Database } from '../server/platform/db/database.ts';
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
