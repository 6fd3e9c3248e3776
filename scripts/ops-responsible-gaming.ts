/**
 * Operator command of responsible gaming (see the header of scripts/ops.ts,
 * docs/responsible-gaming.md): a player's limits, pending changes, reality check and every
 * time-out or self-exclusion. Read only: no operator can lift or shorten an exclusion.
 */
import type { Database } from '../server/platform/db/database.ts';
import type { Env } from '../server/platform/env.ts';
import { createLogger } from '../server/platform/logger.ts';
import { createServices } from '../server/services.ts';

export async function runResponsibleGamingCommand(database: Database, env: Env, args: string[], fail: (message: string) => never): Promise<void> {
  const services = await createServices({ database, env, logger: createLogger('warn') });
  try {
    const login = args[0];
    if (!login) fail('usage: rg:show <login>');
    const uid = await services.accounts.uidOf(login);
    if (uid === null) fail(`no account with the login ${login}`);
    const state = await services.accounts.playerState(uid);
    const view = await services.responsibleGaming.view({ userId: uid, currency: state?.currency ?? 'EUR' });
    console.log(`${login} (uid ${uid}), ${view.currency}`);
    if (!view.limits.length) console.log('  no loss, wager or session-time limit');
    for (const limit of view.limits) {
      const unit = limit.kind === 'session' ? 'minutes' : view.currency;
      const used = limit.used === null ? '' : `, used ${limit.used}, left ${limit.available}`;
      const pending = limit.pending ? `, pending ${limit.pending.amount ?? 'removal'} from ${limit.pending.effective_at}` : '';
      console.log(`  ${limit.kind} ${limit.period}: ${limit.amount} ${unit}${used}${pending}`);
    }
    console.log(`  reality check: ${view.reality_check_minutes === null ? 'off' : `every ${view.reality_check_minutes} minutes`}`);
    const exclusions = await services.responsibleGaming.exclusionsOf(uid);
    if (!exclusions.length) console.log('  no time-out or self-exclusion');
    for (const row of exclusions) {
      const running = row.startsAt <= new Date() && row.endsAt > new Date() ? '  (running: cannot be lifted)' : '';
      console.log(`  ${row.kind} ${row.length}: ${row.startsAt.toISOString()} to ${row.endsAt.toISOString()}${running}`);
    }
  } finally {
    await services.close();
  }
}
