/**
 * Operator commands of the loyalty programme (see the header of scripts/ops.ts): a player's
 * points and last movements, an adjustment (a journal row and its operator_audit row in one
 * transaction), the shop's products (docs/loyalty.md).
 */
import { userInfo } from 'node:os';
import type { Database } from '../server/platform/db/database.ts';
import type { Env } from '../server/platform/env.ts';
import { createLogger } from '../server/platform/logger.ts';
import { createServices } from '../server/services.ts';
import { createLoyaltyAdmin } from '../server/modules/loyalty/index.ts';
import { playerTopic } from '../server/modules/notices/index.ts';

export async function runLoyaltyCommand(database: Database, env: Env, command: string, args: string[], fail: (message: string) => never): Promise<void> {
  const services = await createServices({ database, env, logger: createLogger('warn') });
  try {
    const admin = createLoyaltyAdmin(database.db, services.loyalty, {
      actor: process.env.OPERATOR || userInfo().username,
      // The player's open pages hear of it at once (the bus reaches every web process).
      publish: (userId, message) => services.live.publish(playerTopic(userId), message),
    });
    const player = async (login: string | undefined, usage: string) => {
      if (!login) fail(usage);
      const uid = await services.accounts.uidOf(login);
      if (uid === null) fail(`no account with the login ${login}`);
      return uid;
    };
    switch (command) {
      case 'loyalty:points': {
        const uid = await player(args[0], 'usage: loyalty:points <login>');
        const shown = await admin.points(uid);
        console.log(`${args[0]} (uid ${uid}): ${shown.points} points to spend, ${shown.lifetime} lifetime`);
        for (const row of shown.movements) console.log(`${row.at.toISOString()}  ${row.kind}  ${row.points >= 0 ? '+' : ''}${row.points}  ${row.key}  ${JSON.stringify(row.details)}`);
        return;
      }
      case 'loyalty:adjust': {
        const usage = 'usage: loyalty:adjust <login> <points, negative to take> <reason>';
        const uid = await player(args[0], usage);
        const points = Number(args[1]);
        const reason = args.slice(2).join(' ');
        if (!Number.isInteger(points) || points === 0 || !reason) fail(usage);
        const done = await admin.adjust(uid, points, reason);
        console.log(`${args[0]} now has ${done.points} points (${done.key})`);
        return;
      }
      case 'loyalty:products': {
        for (const row of await admin.listProducts()) {
          const name = (row.texts as Record<string, { name?: string }>).en?.name ?? row.sysname;
          console.log(`${row.id}  ${row.sysname}  ${row.kind}  ${row.price} points  from level ${row.minLevel}  ${row.currency}  ${row.isActive ? 'on sale' : 'withdrawn'}  ${name}`);
        }
        return;
      }
    }
  } finally {
    await services.close();
  }
}
