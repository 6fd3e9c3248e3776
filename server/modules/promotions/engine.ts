/**
 * Bonus money through the ledger (docs/promotions.md). Every function here runs inside the
 * caller's transaction and moves money only through the ledger under a key that names the bonus,
 * so a repeat moves nothing twice:
 *
 *   bonus-credit:<id>    house bonus_funding -> player bonus     (activation)
 *   bonus-convert:<id>   player bonus -> player main             (wagering complete)
 *   bonus-forfeit:<id>   player bonus -> house bonus_funding     (expiry, forfeit, withdrawal)
 *   betting-credit:<id>  house bonus_funding -> player betting_bonus (a free bet activated)
 *   betting-forfeit:<id> player betting_bonus -> house bonus_funding
 *
 * The player's bonus balance belongs to their one active bonus of that currency (a unique index
 * keeps it one): conversion and forfeit move the whole of it.
 *
 * A free_spins bonus carries no money: it starts at once when granted and issues its free spin
 * pack (the catalogue's free_spin_packs), which the studio plays; its wins are paid as they come
 * (docs/studio.md, "Free-spin packs"). The pack ends with the bonus, and the bonus completes
 * when the pack's last spin is played.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { CurrencyCode } from '../../../contract/money.ts';
import type { CampaignReward } from '../../../contract/promotions.ts';
import { queryRows, type Tx } from '../../platform/db/database.ts';
import { writeOutboxEvent } from '../../platform/events/outbox.ts';
import { playerBonuses } from '../../db/schema.ts';
import { closeFreeSpinPack, issueFreeSpinPack } from '../catalogue/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { depositMatchAmount, wageringRequired } from './rules.ts';


export type BonusRow = typeof playerBonuses.$inferSelect;
export type Titles = Partial<Record<string, string>>;

/** A reward to give one player, as a grant (from a campaign, the loyalty shop, a tournament). */
export type GrantInput = {
  userId: number;
  currency: CurrencyCode;
  /** Unique reason, the grant's idempotency key: a second grant with it answers the first. */
  source: string;
  reward: CampaignReward;
  /** For a deposit match: the deposit it matches (minor units). */
  deposit?: { paymentId: number; amount: bigint };
  campaignId?: number | null;
  titles: Titles;
  /** Activate at once when nothing else is active (deposit offers); otherwise the player does. */
  activateNow?: boolean;
  now: Date;
};

const DAY_MS = 86_400_000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
/** How long a granted bonus may wait for its activation. */
export const ACTIVATE_WITHIN_DAYS = 30;

export function createBonusEngine(deps: { ledger: Ledger }) {
  const { ledger } = deps;

  async function lockBonus(tx: Tx, id: number): Promise<BonusRow | null> {
    const [row] = await tx.select().from(playerBonuses).where(eq(playerBonuses.id, id)).for('update');
    return row ?? null;
  }

  /** The player's bonus balance, its account row locked (0 when they never had one). */
  async function lockedBonusBalance(tx: Tx, userId: number, currency: string, kind: 'bonus' | 'betting_bonus' = 'bonus'): Promise<bigint> {
    const [row] = await queryRows<{ balance: string }>(
      tx,
      sql`select balance::text as balance from ledger_accounts
          where owner_type = 'player' and owner_id = ${String(userId)} and currency = ${currency} and kind = ${kind} for update`,
    );
    return row ? BigInt(row.balance) : 0n;
  }

  async function activeBonus(tx: Tx, userId: number, currency: string): Promise<BonusRow | null> {
    const [row] = await tx
      .select()
      .from(playerBonuses)
      .where(and(eq(playerBonuses.userId, userId), eq(playerBonuses.currency, currency), eq(playerBonuses.kind, 'bonus'), eq(playerBonuses.status, 'active')))
      .for('update');
    return row ?? null;
  }

  /**
   * Records a reward for a player, once per source. Bonus money and free bets wait as
   * `available` for the player to activate (or are activated at once with `activateNow` when no
   * other bonus runs); a cashback boost is active at once, and so are free spins (their pack is
   * ready to play: nothing in them competes with a bonus being wagered). Answers the bonus and
   * whether it is new.
   */
  async function grant(tx: Tx, input: GrantInput): Promise<{ bonus: BonusRow; created: boolean }> {
    const [existing] = await tx.select().from(playerBonuses).where(eq(playerBonuses.source, input.source));
    if (existing) return { bonus: existing, created: false };
    const reward = input.reward;
    let values: Omit<typeof playerBonuses.$inferInsert, 'userId' | 'source' | 'currency' | 'expiresAt' | 'titles' | 'status'>;
    switch (reward.type) {
      case 'deposit_match':
      case 'fixed_bonus': {
        const amount = reward.type === 'fixed_bonus' ? BigInt(reward.amount) : depositMatchAmount(reward, input.deposit?.amount ?? 0n);
        values = {
          kind: 'bonus',
          amount,
          wageringRequired: wageringRequired(amount, reward.multiplier),
          maxBet: reward.max_bet === null ? null : BigInt(reward.max_bet),
          validDays: reward.days,
          details: input.deposit ? { payment: input.deposit.paymentId, deposit: input.deposit.amount.toString() } : {},
        };
        break;
      }
      case 'free_spins':
        values = { kind: 'free_spins', validDays: reward.days, details: { game: reward.game, spins: reward.spins, stake: reward.stake } };
        break;
      case 'betting_bonus':
        values =
          reward.kind === 'free_bet'
            ? { kind: 'betting_bonus', amount: BigInt(reward.amount), validDays: reward.days, details: { type: 'free_bet', amount: reward.amount } }
            : { kind: 'betting_bonus', validDays: reward.days, details: { type: 'odds_boost', boost_percent: reward.boost_percent } };
        break;
      case 'cashback':
        values = { kind: 'cashback_boost', validDays: reward.period_days, details: { percent: reward.percent } };
        break;
    }
    const instant = values.kind === 'cashback_boost';
    const [bonus] = await tx
      .insert(playerBonuses)
      .values({
        ...values,
        userId: input.userId,
        campaignId: input.campaignId ?? null,
        source: input.source,
        currency: input.currency,
        titles: input.titles,
        status: instant ? 'active' : 'available',
        activatedAt: instant ? input.now : null,
        expiresAt: addDays(input.now, instant ? values.validDays : ACTIVATE_WITHIN_DAYS),
      })
      .onConflictDoNothing()
      .returning();
    if (!bonus) {
      // A concurrent grant with the same source won.
      const [other] = await tx.select().from(playerBonuses).where(eq(playerBonuses.source, input.source));
      return { bonus: other, created: false };
    }
    if (input.activateNow && bonus.kind === 'bonus' && bonus.amount > 0n && !(await activeBonus(tx, input.userId, input.currency))) {
      return { bonus: await activate(tx, bonus, input.now), created: true };
    }
    if (bonus.kind === 'free_spins') return { bonus: await activate(tx, bonus, input.now), created: true };
    return { bonus, created: true };
  }


  /**
   * Starts an available bonus: bonus money is credited to the bonus balance (a free bet to the
   * betting bonus balance) and its wagering clock starts. The caller has checked it is the
   * player's, available and not expired, and (bonus money) that no other bonus is active.
   */
  async function activate(tx: Tx, bonus: BonusRow, now: Date): Promise<BonusRow> {
    const [row] = await tx
      .update(playerBonuses)
      .set({ status: 'active', activatedAt: now, expiresAt: addDays(now, bonus.validDays) })
      .where(and(eq(playerBonuses.id, bonus.id), eq(playerBonuses.status, 'available')))
      .returning();
    if (!row) throw new Error(`bonus ${bonus.id} is not available`);
    const account = bonus.kind === 'bonus' ? 'bonus' : bonus.kind === 'betting_bonus' && bonus.amount > 0n ? 'betting_bonus' : null;
    if (account && bonus.amount > 0n) {
      const moved = await ledger.transfer(
        {
          key: `${account === 'bonus' ? 'bonus' : 'betting'}-credit:${bonus.id}`,
          kind: account === 'bonus' ? 'bonus_credit' : 'betting_bonus_credit',
          currency: bonus.currency as CurrencyCode,
          legs: [
            { account: { house: 'bonus_funding' }, amount: -bonus.amount },
            { account: { player: bonus.userId, kind: account }, amount: bonus.amount },
          ],
          metadata: { bonus: bonus.id },
        },
        tx,
      );
      await moneyEvent(tx, 'bonus.activated', bonus, moved.transactionId, bonus.amount, account, moved.balanceAfter(bonus.userId, account));
    }
    if (row.kind === 'free_spins') await issuePack(tx, row);
    // Bonus money without wagering is main money at once.
    if (row.kind === 'bonus' && row.wageringRequired === 0n) return finish(tx, row, 'completed', 'no wagering', now);
    return row;
  }

  /** The pack of a free_spins bonus just activated: its spins, stake and game, ending with the bonus. */
  async function issuePack(tx: Tx, bonus: BonusRow) {
    const details = bonus.details as { game: string; spins: number; stake: string };
    const titles = (bonus.titles ?? {}) as Titles;
    await issueFreeSpinPack(tx, {
      userId: bonus.userId,
      bonusId: bonus.id,
      game: details.game,
      spins: details.spins,
      stake: BigInt(details.stake),
      currency: bonus.currency,
      expiresAt: bonus.expiresAt,
      description: Object.fromEntries(Object.entries(titles).flatMap(([locale, title]) => (title ? [[locale, { title }]] : []))),
    });
  }

  /** Ends an active bonus: what is left of its money moves to main (completed) or back to the house. */
  async function finish(tx: Tx, bonus: BonusRow, outcome: 'completed' | 'expired' | 'forfeited', reason: string, now: Date): Promise<BonusRow> {
    const account = bonus.kind === 'betting_bonus' ? ('betting_bonus' as const) : ('bonus' as const);
    const carriesMoney = bonus.status === 'active' && (bonus.kind === 'bonus' || (bonus.kind === 'betting_bonus' && bonus.amount > 0n));
    const left = carriesMoney ? await lockedBonusBalance(tx, bonus.userId, bonus.currency, account) : 0n;
    // A betting bonus's balance may hold other free bets; only this one's amount is taken back.
    const amount = account === 'betting_bonus' && left > bonus.amount ? bonus.amount : left;
    if (amount > 0n) {
      const toMain = outcome === 'completed';
      const moved = await ledger.transfer(
        {
          key: `${account === 'bonus' ? 'bonus' : 'betting'}-${toMain ? 'convert' : 'forfeit'}:${bonus.id}`,
          kind: toMain ? 'bonus_convert' : 'bonus_forfeit',
          currency: bonus.currency as CurrencyCode,
          legs: [
            { account: { player: bonus.userId, kind: account }, amount: -amount },
            toMain ? { account: { player: bonus.userId, kind: 'main' }, amount } : { account: { house: 'bonus_funding' }, amount },
          ],
          metadata: { bonus: bonus.id, reason },
        },
        tx,
      );
      const shown = toMain ? 'main' : account;
      await moneyEvent(tx, toMain ? 'bonus.converted' : 'bonus.forfeited', bonus, moved.transactionId, amount, shown, moved.balanceAfter(bonus.userId, shown));
    }
    const [row] = await tx
      .update(playerBonuses)
      .set({
        status: outcome,
        finishedAt: now,
        finishReason: reason,
        convertedAmount: outcome === 'completed' ? amount : null,
        forfeitedAmount: outcome === 'completed' ? null : amount,
      })
      .where(eq(playerBonuses.id, bonus.id))
      .returning();
    // Free spins end with their bonus: what is left of the pack can no longer be played.
    if (bonus.kind === 'free_spins' && outcome !== 'completed') await closeFreeSpinPack(tx, bonus.id, outcome === 'expired' ? 'expired' : 'cancelled');
    return row;
  }

  async function moneyEvent(
    tx: Tx,
    type: 'bonus.activated' | 'bonus.converted' | 'bonus.forfeited',
    bonus: BonusRow,
    transactionId: number,
    amount: bigint,
    account: string,
    balanceAfter: bigint | undefined,
  ) {
    await writeOutboxEvent(tx, {
      type,
      userId: bonus.userId,
      payload: { transactionId, currency: bonus.currency, amount: amount.toString(), account, balanceAfter: String(balanceAfter ?? 0n), bonusId: bonus.id },
    });
  }

  /**
   * Converts the player's active bonus once its wagering is done. Wagering itself is counted by
   * each bet, in the bet's own transaction (bonus_wager, migration 0015, decision 015); the bet's
   * event brings the runner here only when the requirement is met. Answers the bonus when it
   * completed now, null when there was nothing to do (already converted, forfeited, or not yet
   * wagered: a repeat finds nothing).
   */
  async function completeWagered(tx: Tx, userId: number, currency: string): Promise<BonusRow | null> {
    const bonus = await activeBonus(tx, userId, currency);
    if (!bonus || bonus.wageringDone < bonus.wageringRequired) return null;
    return finish(tx, bonus, 'completed', 'wagered', new Date());
  }

  return { grant, activate, finish, completeWagered, lockBonus, activeBonus, lockedBonusBalance };
}

export type BonusEngine = ReturnType<typeof createBonusEngine>;

/**
 * The studio's side of a free_spins bonus, inside its spin's transaction. `lockFreeSpinsBonus`
 * comes first, before the pack's row lock: removal and expiry lock the bonus and then its pack, so
 * a spin taking them in the other order could deadlock with them. Once the pack's last spin is
 * played, `completeFreeSpins` ends the bonus as completed.
 */
export async function lockFreeSpinsBonus(tx: Tx, bonusId: number): Promise<void> {
  await tx.select({ id: playerBonuses.id }).from(playerBonuses).where(eq(playerBonuses.id, bonusId)).for('update');
}

export async function completeFreeSpins(tx: Tx, bonusId: number, now: Date): Promise<void> {
  await tx
    .update(playerBonuses)
    .set({ status: 'completed', finishedAt: now, finishReason: 'all spins played' })
    .where(and(eq(playerBonuses.id, bonusId), eq(playerBonuses.kind, 'free_spins'), eq(playerBonuses.status, 'active')));
}
