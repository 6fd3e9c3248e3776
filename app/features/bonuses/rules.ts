import type { Amount } from '../../../contract/api.ts';
import { progressPercent } from '../../../contract/constants.ts';
import { formatMinor, isCurrency, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import type { BonusStatus, BonusView, CampaignView, CashbackView, RewardView } from '../../../contract/promotions.ts';

/**
 * The pure rules of the player's bonuses and cashback pages (docs/promotions.md): the wagering
 * bar, which deposit offers a player may pick, what an offer gives for the typed amount, the
 * unseen cashback popup, the burn-bonuses refusal of a withdrawal (the header's balance is in
 * balance.ts).
 */

/** The tabs of /profile/bonuses, in order; the first is the default. */
export const BONUS_TABS = ['active', 'available', 'history'] as const;
export type BonusTab = (typeof BONUS_TABS)[number];

export const bonusTab = (value: string | null | undefined): BonusTab =>
  (BONUS_TABS as readonly string[]).includes(value ?? '') ? (value as BonusTab) : BONUS_TABS[0];

/** Rows of one bonuses/get or cashbacks/get page on the profile pages (the API's default). */
export const PROFILE_PAGE_SIZE = 20;

export type { Page } from '../../lib/use-paged-list.ts';

// --- wagering ------------------------------------------------------------------------------------

export type Wagering = { percent: number; done: string; required: string };

/**
 * Wagering progress of bonus money (spec 2 section 9): (done - 0) / (required - 0) * 100, or 100
 * when nothing is required; kept within 0..100 and to one decimal so the bar and the figure agree.
 * Null for a bonus without wagering terms (free spins, betting bonuses, cashback boosts).
 */
export function wageringOf(bonus: Pick<BonusView, 'wagering'>): Wagering | null {
  if (!bonus.wagering) return null;
  const done = Number(bonus.wagering.done);
  const required = Number(bonus.wagering.required);
  const raw = progressPercent(Number.isFinite(done) ? done : 0, 0, Number.isFinite(required) && required > 0 ? required : null);
  const percent = Math.min(100, Math.max(0, Math.floor(raw * 10) / 10));
  return { percent, done: bonus.wagering.done, required: bonus.wagering.required };
}

// --- statuses ------------------------------------------------------------------------------------

export type Tone = 'jade' | 'gold' | 'ruby' | 'ink' | 'violet';

/** The colour of a bonus status badge. */
export const BONUS_STATUS_TONES: Record<BonusStatus, Tone> = {
  available: 'gold',
  active: 'jade',
  completed: 'violet',
  expired: 'ink',
  forfeited: 'ruby',
  removed: 'ink',
};

export const CASHBACK_STATUS_TONES: Record<CashbackView['status'], Tone> = { active: 'gold', paid_out: 'jade', expired: 'ink' };

/** What the player may do with a bonus: activate one waiting, remove one waiting or running. */
export const canActivate = (bonus: Pick<BonusView, 'status'>) => bonus.status === 'available';
export const canRemove = (bonus: Pick<BonusView, 'status'>) => bonus.status === 'available' || bonus.status === 'active';

/** A cashback the player can still have paid out: active and its claim window open. */
export const canPayOut = (cashback: Pick<CashbackView, 'status' | 'receiving_expired_at'>, now: number) =>
  cashback.status === 'active' && (cashback.receiving_expired_at === null || Date.parse(cashback.receiving_expired_at) > now);

/** Days, hours and minutes until a time (never negative). */
export function timeLeft(untilIso: string, now: number): { days: number; hours: number; minutes: number; over: boolean } {
  const ms = Date.parse(untilIso) - now;
  const minutesTotal = Math.max(0, Math.floor(ms / 60_000));
  return { days: Math.floor(minutesTotal / 1440), hours: Math.floor((minutesTotal % 1440) / 60), minutes: minutesTotal % 60, over: !(ms > 0) };
}

/** A time left is shown as a countdown within this span, as a date beyond it. */
export const COUNTDOWN_SPAN_MS = 7 * 86_400_000;

// --- deposit offers ------------------------------------------------------------------------------

/** No offer chosen: the value makedeposit's campaign_offer_id takes by default. */
export const NO_OFFER = -1;

/**
 * The deposit offers a player may pick (spec 2 section 4): deposit-triggered only; for a signed-in
 * player only those whose conditions they meet (a guest sees them all); none that excludes the
 * chosen payment method.
 */
export function visibleDepositOffers(offers: readonly CampaignView[], context: { signedIn: boolean; method: string | null | undefined }): CampaignView[] {
  return offers.filter((offer) => {
    if (offer.trigger !== 'deposit' || offer.trigger_info.action !== 'deposit') return false;
    const satisfied = offer.eligibility ? offer.eligibility.eligible : offer.trigger_info.user_satisfies_params;
    if (context.signedIn && !satisfied) return false;
    return !(context.method && offer.trigger_info.params.exclude_methods.includes(context.method));
  });
}

/** The offer the address asks for (`?offer=<campaign id>`) when it is one the player may pick. */
export function offerFromQuery(value: string | null, visible: readonly CampaignView[]): number {
  const id = Number(value);
  return Number.isInteger(id) && visible.some((offer) => offer.id === id) ? id : NO_OFFER;
}

/** The chosen offer, or none when it is not (or no longer, after a method switch) among those shown. */
export const effectiveOffer = (chosen: number, visible: readonly CampaignView[]): number =>
  visible.some((offer) => offer.id === chosen) ? chosen : NO_OFFER;

export type OfferGain =
  | { kind: 'money'; amount: Amount }
  | { kind: 'upTo'; percent: number; amount: Amount }
  | { kind: 'belowMinimum'; minimum: Amount }
  | { kind: 'spins'; spins: number; game: string }
  | { kind: 'freeBet'; amount: Amount }
  | { kind: 'oddsBoost'; percent: number }
  | { kind: 'cashback'; percent: number }
  | { kind: 'none' };

/**
 * What an offer adds for the amount typed (major units): a deposit match gives its percent of the
 * deposit up to its cap, rounded down to the cent as the server does, and nothing below its
 * minimum deposit (before an amount is typed: its percent and cap); the other rewards do not
 * depend on the amount.
 */
export function offerGain(reward: RewardView, typed: string, currencyCode: string): OfferGain {
  const currency: CurrencyCode = isCurrency(currencyCode) ? currencyCode : 'EUR';
  const amountOf = (minor: bigint): Amount => ({ amount: formatMinor(minor, currency), currency });
  switch (reward.type) {
    case 'deposit_match': {
      const minimum = parseMajor(reward.min_deposit, currency) ?? 0n;
      const cap = parseMajor(reward.cap, currency) ?? 0n;
      const deposit = parseMajor(typed, currency);
      if (deposit === null || deposit <= 0n) return { kind: 'upTo', percent: reward.percent, amount: amountOf(cap) };
      if (deposit < minimum) return { kind: 'belowMinimum', minimum: amountOf(minimum) };
      const matched = (deposit * BigInt(reward.percent)) / 100n;
      return { kind: 'money', amount: amountOf(matched < cap ? matched : cap) };
    }
    case 'fixed_bonus':
      return { kind: 'money', amount: { amount: reward.amount, currency } };
    case 'free_spins':
      return { kind: 'spins', spins: reward.spins, game: reward.game_name };
    case 'betting_bonus':
      return reward.kind === 'free_bet' && reward.amount
        ? { kind: 'freeBet', amount: { amount: reward.amount, currency } }
        : { kind: 'oddsBoost', percent: reward.boost_percent ?? 0 };
    case 'cashback':
      return { kind: 'cashback', percent: reward.percent };
    default:
      return { kind: 'none' };
  }
}

// --- the unseen cashback popup -------------------------------------------------------------------

/** Where the id of the last cashback shown in the popup is stored (storage/set). */
export const SEEN_CASHBACK_KEY = 'already_seen_cashback_id';
/** The popup reads the latest cashback among these, one row (spec 2 section 9). */
export const UNSEEN_CASHBACK_QUERY = { statuses: 'paid_out,active', count: 1 } as const;

/**
 * The unseen cashback popup (spec 2 section 4), on the latest cashback by end_date among paid_out
 * and active ones: shown when it is active, or paid_out with no receiving_expired_at (paid
 * automatically, so the player is told it arrived). Read literally the spec shows the second kind
 * whatever was seen; the already-seen id applies to both here, so each new cashback pops up once
 * (docs/promotions.md), not in every new tab until a newer one exists.
 */
export function shouldShowCashbackPopup(latest: Pick<CashbackView, 'id' | 'status' | 'receiving_expired_at'> | null | undefined, seenId: string | null | undefined): boolean {
  if (!latest) return false;
  if (String(latest.id) === (seenId ?? '')) return false;
  return latest.status === 'active' || (latest.status === 'paid_out' && !latest.receiving_expired_at);
}

/** The latest cashback of a list, by end_date (the server sorts so already; this does not rely on it). */
export function latestCashback<T extends Pick<CashbackView, 'end_date' | 'status'>>(items: readonly T[]): T | null {
  return (
    items
      .filter((item) => item.status === 'active' || item.status === 'paid_out')
      .reduce<T | null>((latest, item) => (!latest || Date.parse(item.end_date) > Date.parse(latest.end_date) ? item : latest), null)
  );
}

/** The last day of a cashback period: its end is exclusive, so the day before the end instant. */
export const periodLastDay = (endIso: string): string => new Date(Date.parse(endIso) - 1).toISOString();

// --- withdrawal ----------------------------------------------------------------------------------

/** The burn-bonuses confirm closes with this result when the player accepts to lose the bonus. */
export const BURN_CONFIRMED = 'burn';

/**
 * The bonus a withdrawal would burn, when makewithdrawal refused it for that reason
 * (WithdrawalDeclinedException with details.burn_bonuses); null for any other refusal.
 */
export function burnRequest(error: { type?: string; message?: string; details?: Record<string, unknown> } | null | undefined): { balance: string; message: string } | null {
  if (!error || error.type !== 'WithdrawalDeclinedException' || error.details?.burn_bonuses !== true) return null;
  const balance = error.details.bonus_balance;
  return { balance: typeof balance === 'string' || typeof balance === 'number' ? String(balance) : '0.00', message: error.message ?? '' };
}
