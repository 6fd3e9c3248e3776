/**
 * The rules of rewards, pure (docs/promotions.md): how a campaign's reward and audience are
 * stored and checked, how big a deposit match is, how much wagering a bonus needs and how much
 * a stake counts towards it.
 */
import { z } from 'zod';
import { WAGERING_WEIGHTS, type CampaignAudience, type CampaignReward } from '../../../contract/promotions.ts';

const minor = z.string().regex(/^(0|[1-9][0-9]{0,15})$/, 'minor units as a decimal string');
const days = z.number().int().min(1).max(365);
const wagering = { multiplier: z.number().min(0).max(100), max_bet: minor.nullable(), days };

/**
 * A reward as stored (campaigns.reward): amounts in minor units. A plain union: the two betting
 * bonuses share their `type` and differ by `kind`, which a discriminated union cannot express.
 */
export const rewardSchema: z.ZodType<CampaignReward> = z.union([
  z.object({ type: z.literal('deposit_match'), percent: z.number().int().min(1).max(500), cap: minor, min_deposit: minor, ...wagering }),
  z.object({ type: z.literal('fixed_bonus'), amount: minor, ...wagering }),
  z.object({ type: z.literal('free_spins'), game: z.string().min(1).max(64), spins: z.number().int().min(1).max(1000), stake: minor, days }),
  z.object({ type: z.literal('betting_bonus'), kind: z.literal('free_bet'), amount: minor, days }),
  z.object({ type: z.literal('betting_bonus'), kind: z.literal('odds_boost'), boost_percent: z.number().int().min(1).max(100), days }),
  z.object({
    type: z.literal('cashback'),
    percent: z.number().min(0.1).max(50),
    period_days: z.number().int().min(1).max(31),
    payout: z.enum(['request', 'auto']),
    claim_days: days,
  }),
]) as z.ZodType<CampaignReward>;

export const audienceSchema: z.ZodType<CampaignAudience & { requires_code?: boolean }> = z
  .object({
    new_players_days: z.number().int().min(1).max(365).optional(),
    depositors: z.boolean().optional(),
    countries: z.array(z.string().regex(/^[A-Z]{2}$/)).optional(),
    locales: z.array(z.string()).optional(),
    /** Only players who activated one of the campaign's promo codes. */
    requires_code: z.boolean().optional(),
  })
  .strict();
export type StoredAudience = z.infer<typeof audienceSchema>;

/** What the audience rules look at, about one player. */
export type PlayerFacts = {
  registeredAt: Date;
  hasDeposit: boolean;
  country: string | null;
  locale: string;
  currency: string;
  /** Whether the player activated one of this campaign's promo codes. */
  usedCode: boolean;
};

/** Whether a player is in a campaign's audience. */
export function inAudience(audience: StoredAudience, player: PlayerFacts, now: Date): boolean {
  if (audience.new_players_days !== undefined) {
    if (player.hasDeposit || now.getTime() - player.registeredAt.getTime() > audience.new_players_days * 86_400_000) return false;
  }
  if (audience.depositors && !player.hasDeposit) return false;
  if (audience.countries?.length && (!player.country || !audience.countries.includes(player.country.toUpperCase()))) return false;
  if (audience.locales?.length && !audience.locales.includes(player.locale)) return false;
  if (audience.requires_code && !player.usedCode) return false;
  return true;
}

/** The bonus of a deposit match: percent of the deposit, at most the cap, nothing below the minimum deposit. */
export function depositMatchAmount(reward: { percent: number; cap: string; min_deposit: string }, deposit: bigint): bigint {
  if (deposit < BigInt(reward.min_deposit)) return 0n;
  const matched = (deposit * BigInt(reward.percent)) / 100n;
  const cap = BigInt(reward.cap);
  return matched < cap ? matched : cap;
}

/** Weighted stakes needed to release a bonus: the multiplier (to the hundredth) times the bonus. */
export const wageringRequired = (amount: bigint, multiplier: number): bigint => (amount * BigInt(Math.round(multiplier * 100))) / 100n;

/** The percent of a stake on a game type that counts towards wagering (unknown types: 0). */
export const weightOf = (gameType: string | null | undefined): number => (gameType ? (WAGERING_WEIGHTS[gameType] ?? 0) : 0);

/** What a stake adds to wagering: the weighted stake, never more than what is still needed. */
export function wageringStep(progress: { required: bigint; done: bigint }, stake: bigint, weightPercent: number): bigint {
  if (stake <= 0n || weightPercent <= 0) return progress.done;
  const next = progress.done + (stake * BigInt(weightPercent)) / 100n;
  return next > progress.required ? progress.required : next;
}

/** Progress percentage (spec 2, section 9): (current - min) / (max - min) * 100, or 100 when there is no max. */
export const progressPercent = (done: bigint, required: bigint): number => (required <= 0n ? 100 : Math.min(100, Number((done * 10_000n) / required) / 100));
