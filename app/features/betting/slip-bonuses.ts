import { useQuery } from '@tanstack/react-query';
import { parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import type { BonusView } from '../../../contract/promotions.ts';
import { api } from '../../lib/api-client.ts';
import type { SlipBonus } from './slip-rules.ts';

/**
 * The player's active betting bonuses (bettingBonuses/get, status active: activated on
 * /profile/bonuses), usable from the slip: a free bet is the stake, an odds boost raises the
 * winnings. Read only for a signed-in player.
 */
export const slipBonusesKey = ['betting', 'bonuses'] as const;

export function useSlipBonuses(signedIn: boolean): BonusView[] {
  const query = useQuery({
    queryKey: slipBonusesKey,
    enabled: signedIn,
    staleTime: 30_000,
    queryFn: () => api<{ items: BonusView[] }>('bettingBonuses/get', { query: { status: 'active', offset: 0, count: 20 } }),
  });
  return signedIn ? (query.data?.items ?? []).filter((bonus) => bonus.kind === 'betting_bonus') : [];
}

/** What a betting bonus does on the slip; null when it is not one the slip can use. */
export function slipBonusOf(bonus: BonusView, currency: CurrencyCode): SlipBonus | null {
  const type = bonus.details.type;
  if (type === 'free_bet') {
    const amount = parseMajor(bonus.balance ?? bonus.amount, currency);
    return amount && amount > 0n ? { kind: 'free_bet', amount } : null;
  }
  if (type === 'odds_boost') {
    const percent = Number(bonus.details.boost_percent);
    return Number.isInteger(percent) && percent > 0 ? { kind: 'odds_boost', boostPercent: percent } : null;
  }
  return null;
}
