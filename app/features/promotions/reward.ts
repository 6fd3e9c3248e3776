import type { TFunction } from 'i18next';
import { groupAmount } from '../../../contract/money.ts';
import type { CampaignView, RewardType, RewardView } from '../../../contract/promotions.ts';
import type { IconName } from '../../ui/icon.tsx';

/**
 * How a campaign's reward reads on cards, pages and popups, kept pure for tests: the badge
 * ("100% up to 25.00 EUR"), the short terms beside it ("Wager 3x in 14 days") and the big figure
 * of the generated art. Every text is a key of the promotions namespace with its values, so the
 * same reward reads the same in both languages.
 */

export type Text = { key: string; values?: Record<string, string | number> };

/** Amounts as the cashier and the balance show them: grouped, two decimals, then the code. */
export const amountText = (amount: string, currency: string) => `${groupAmount(amount)} ${currency}`;

/** The headline of a reward: what the player gets. */
export function rewardBadge(reward: RewardView, currency: string): Text {
  switch (reward.type) {
    case 'deposit_match':
      return { key: 'reward.depositMatch', values: { percent: reward.percent, cap: amountText(reward.cap, currency) } };
    case 'fixed_bonus':
      return { key: 'reward.fixedBonus', values: { amount: amountText(reward.amount, currency) } };
    case 'free_spins':
      return { key: 'reward.freeSpins', values: { count: reward.spins, game: reward.game_name } };
    case 'betting_bonus':
      return reward.kind === 'free_bet'
        ? { key: 'reward.freeBet', values: { amount: amountText(reward.amount ?? '0', currency) } }
        : { key: 'reward.oddsBoost', values: { percent: reward.boost_percent ?? 0 } };
    case 'cashback':
      return { key: 'reward.cashback', values: { percent: reward.percent } };
  }
}

/** Bonus money's wagering: "Wager 3x in 14 days", or none at all. */
function wagering(multiplier: number, days: number): Text {
  return multiplier > 0 ? { key: 'terms.wagering', values: { multiplier, count: days } } : { key: 'terms.noWagering' };
}

/** The conditions that matter before taking it, most important first. */
export function rewardTerms(reward: RewardView, currency: string): Text[] {
  switch (reward.type) {
    case 'deposit_match':
      return [
        wagering(reward.wagering, reward.days),
        { key: 'terms.minDeposit', values: { amount: amountText(reward.min_deposit, currency) } },
        ...(reward.max_bet ? [{ key: 'terms.maxBet', values: { amount: amountText(reward.max_bet, currency) } }] : []),
      ];
    case 'fixed_bonus':
      return [wagering(reward.wagering, reward.days), ...(reward.max_bet ? [{ key: 'terms.maxBet', values: { amount: amountText(reward.max_bet, currency) } }] : [])];
    case 'free_spins':
      return [
        { key: 'terms.spinStake', values: { amount: amountText(reward.stake, currency) } },
        { key: 'terms.validDays', values: { count: reward.days } },
      ];
    case 'betting_bonus':
      return [{ key: 'terms.validDays', values: { count: reward.days } }];
    case 'cashback':
      return [
        { key: 'terms.cashbackPeriod', values: { count: reward.period_days } },
        { key: reward.payout === 'auto' ? 'terms.payoutAuto' : 'terms.payoutRequest' },
      ];
  }
}

/** The reward as label/value rows of the campaign page ("Wagering: 3x the bonus"). */
export function rewardFacts(reward: RewardView, currency: string): Array<{ label: string; value: Text }> {
  const plain = (value: string | number): Text => ({ key: 'facts.value', values: { value } });
  const days = (count: number): Text => ({ key: 'facts.days', values: { count } });
  const money = (amount: string) => plain(amountText(amount, currency));
  const bonusMoney = (multiplier: number, maxBet: string | null, validFor: number) => [
    { label: 'facts.wagering', value: multiplier > 0 ? { key: 'facts.wageringValue', values: { multiplier } } : { key: 'terms.noWagering' } },
    { label: 'facts.wageringDays', value: days(validFor) },
    { label: 'facts.maxBet', value: maxBet ? money(maxBet) : { key: 'facts.noLimit' } },
  ];
  const headline = { label: 'facts.reward', value: rewardBadge(reward, currency) };
  switch (reward.type) {
    case 'deposit_match':
      return [headline, { label: 'facts.minDeposit', value: money(reward.min_deposit) }, { label: 'facts.cap', value: money(reward.cap) }, ...bonusMoney(reward.wagering, reward.max_bet, reward.days)];
    case 'fixed_bonus':
      return [headline, ...bonusMoney(reward.wagering, reward.max_bet, reward.days)];
    case 'free_spins':
      return [headline, { label: 'facts.game', value: plain(reward.game_name) }, { label: 'facts.spinStake', value: money(reward.stake) }, { label: 'facts.validity', value: days(reward.days) }];
    case 'betting_bonus':
      return [headline, { label: 'facts.validity', value: days(reward.days) }];
    case 'cashback':
      return [
        headline,
        { label: 'facts.period', value: days(reward.period_days) },
        { label: 'facts.payout', value: { key: reward.payout === 'auto' ? 'terms.payoutAuto' : 'terms.payoutRequest' } },
      ];
  }
}

/** The big figure the generated art shows ("100%", "50", "10 EUR") and the word under it. */
export function rewardFigure(reward: RewardView, currency: string): { figure: string; caption: Text } {
  const whole = (amount: string) => `${groupAmount(amount).replace(/\.00$/, '')} ${currency}`;
  switch (reward.type) {
    case 'deposit_match':
      return { figure: `${reward.percent}%`, caption: { key: 'figure.depositMatch' } };
    case 'fixed_bonus':
      return { figure: whole(reward.amount), caption: { key: 'figure.fixedBonus' } };
    case 'free_spins':
      return { figure: String(reward.spins), caption: { key: 'figure.freeSpins', values: { count: reward.spins } } };
    case 'betting_bonus':
      return reward.kind === 'free_bet'
        ? { figure: whole(reward.amount ?? '0'), caption: { key: 'figure.freeBet' } }
        : { figure: `+${reward.boost_percent ?? 0}%`, caption: { key: 'figure.oddsBoost' } };
    case 'cashback':
      return { figure: `${reward.percent}%`, caption: { key: 'figure.cashback' } };
  }
}

/** Renders a Text with the promotions namespace's t. */
export const say = (t: TFunction<'promotions'>, text: Text): string => String(t(text.key as never, (text.values ?? {}) as never));

/**
 * The look of each reward type: icon and art colours, so the kinds read apart at a glance; each
 * type has a few palettes, picked by campaign, so two offers of a kind side by side still differ.
 */
export const REWARD_LOOK: Record<RewardType, { icon: IconName; arts: string[]; glow: string }> = {
  deposit_match: {
    icon: 'coins',
    arts: ['from-amber-400 via-orange-600 to-rose-800', 'from-yellow-300 via-amber-600 to-orange-900', 'from-orange-400 via-rose-600 to-fuchsia-900'],
    glow: 'bg-amber-300/50',
  },
  fixed_bonus: { icon: 'gift', arts: ['from-fuchsia-500 via-violet-700 to-indigo-900', 'from-pink-500 via-fuchsia-700 to-violet-950'], glow: 'bg-fuchsia-300/40' },
  free_spins: { icon: 'sparkles', arts: ['from-sky-400 via-indigo-600 to-violet-900', 'from-cyan-400 via-blue-600 to-indigo-950'], glow: 'bg-sky-300/40' },
  betting_bonus: { icon: 'ball', arts: ['from-lime-400 via-emerald-600 to-teal-900', 'from-green-400 via-teal-600 to-cyan-950'], glow: 'bg-lime-300/40' },
  cashback: { icon: 'percent', arts: ['from-emerald-400 via-teal-600 to-cyan-900', 'from-teal-300 via-cyan-600 to-blue-900'], glow: 'bg-emerald-300/40' },
};

/** The art palette of one campaign: its reward type's, chosen by its id so it never changes. */
export function campaignLook(campaign: Pick<CampaignView, 'id' | 'reward'>) {
  const look = REWARD_LOOK[campaign.reward.type];
  return { icon: look.icon, glow: look.glow, art: look.arts[Math.abs(campaign.id) % look.arts.length] };
}

/** Where a campaign's page lives: offers when it is placed among the offers, otherwise promotions. */
export function campaignSection(campaign: Pick<CampaignView, 'placements'>): 'offers' | 'promotions' {
  return campaign.placements.includes('offers') ? 'offers' : 'promotions';
}

export const campaignPath = (campaign: Pick<CampaignView, 'placements' | 'sysname'>) => `/${campaignSection(campaign)}/${campaign.sysname}`;

/** The deposit page with this offer chosen. */
export const depositPath = (campaignId: number) => `/cashier/deposit?offer=${campaignId}`;
