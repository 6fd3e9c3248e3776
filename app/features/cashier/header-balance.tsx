import { groupAmount } from '../../../contract/money.ts';
import { useBalance } from './use-balance.ts';

/**
 * The header's balance text: the main balance, grouped with 2 decimals, and its currency, kept
 * fresh by useBalance. Small on purpose: it is part of every page's first load.
 */
export function HeaderBalance() {
  const balance = useBalance();
  return (
    <span className="font-semibold tabular-nums" data-testid="header-balance-amount">
      {groupAmount(balance.amount)} <span className="text-ink-300">{balance.currency}</span>
    </span>
  );
}
