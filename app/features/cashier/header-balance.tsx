import { useTranslation } from 'react-i18next';
import { groupAmount } from '../../../contract/money.ts';
import { isPositive, playableBalance } from '../bonuses/balance.ts';
import { useRootData } from '../../lib/locale.ts';
import { useBalances } from './use-balance.ts';

/**
 * The header's balance text, kept fresh by useBalances: what the player can play with, grouped
 * with 2 decimals, and its currency. While bonus money is in play that is main plus bonus, with
 * the bonus part on a small second line (with bonus isolation on, main money alone and the bonus below). Small on purpose: it is part of every page's first load.
 */
export function HeaderBalance() {
  const { t } = useTranslation('bonuses');
  const balances = useBalances();
  const main = balances?.balance_main ?? { amount: '0.00', currency: 'EUR' };
  const bonus = balances && isPositive(balances.balance_bonus) && balances.balance_bonus.currency === main.currency ? balances.balance_bonus : null;
  // General info's is_bonus_isolation_enabled: bonus money kept apart, the balance is the player's own money alone.
  const isolated = useRootData()?.general.is_bonus_isolation_enabled ?? false;
  const shown = isolated ? main : playableBalance(main, bonus);
  const amount = (
    <span className="font-semibold tabular-nums" data-testid="header-balance-amount">
      {groupAmount(shown.amount)} <span className="text-ink-300">{shown.currency}</span>
    </span>
  );
  if (!bonus) return amount;
  return (
    <span className="flex flex-col items-end leading-tight">
      {amount}
      <span className="flex items-center gap-1 text-[10px] font-bold text-gold-300 tabular-nums tablet:text-[11px]" data-testid="header-balance-bonus">
        <span className="h-1.5 w-1.5 rounded-full bg-gold-400" aria-hidden="true" />
        {t('header.bonus', { amount: groupAmount(bonus.amount) })}
      </span>
    </span>
  );
}
