import { and, eq, gt, sql } from 'drizzle-orm';
import { SPIN_PACE_ALLOWANCE_MS, type GamePace } from '../../../contract/jurisdiction.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { gameRounds } from '../../db/schema.ts';
import { studioText } from './texts.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Refuses a slot spin that starts sooner after the owner's previous spin of the same game than the
 * jurisdiction's game cycle allows (contract/jurisdiction.ts). Runs inside the seed pair's
 * transaction, which holds the pair's row lock: two spins sent at once cannot both pass, and the
 * refusal rolls the nonce back. The previous round is the pair's nonce - 1 (the pair's unique
 * index finds it); on a freshly rotated pair there is none, and the spin goes.
 */
export async function assertSpinPace(tx: Tx, input: { pace: GamePace; seedId: number; nonce: number; game: string; locale: LocaleCode }): Promise<void> {
  const { pace, seedId, nonce, game, locale } = input;
  if (pace.min_spin_ms === 0 || nonce === 0) return;
  // Measured on the database's clock: both rounds' created_at are their transactions' start.
  const floorSeconds = Math.max(0, pace.min_spin_ms - SPIN_PACE_ALLOWANCE_MS) / 1000;
  const [recent] = await tx
    .select({ id: gameRounds.id })
    .from(gameRounds)
    .where(
      and(
        eq(gameRounds.seedId, seedId),
        eq(gameRounds.nonce, nonce - 1),
        eq(gameRounds.game, game),
        gt(gameRounds.createdAt, sql`now() - make_interval(secs => ${floorSeconds})`),
      ),
    );
  if (!recent) return;
  const seconds = (pace.min_spin_ms / 1000).toString();
  throw new AppError('TooManyRequestsException', studioText('en', 'tooFast', { seconds }), {
    fields: { bet: studioText(locale, 'tooFast', { seconds }) },
    details: { code: 'TOO_FAST', min_spin_ms: pace.min_spin_ms },
  });
}
