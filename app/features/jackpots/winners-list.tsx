import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state.tsx';
import { WinnerRow } from './winner-row.tsx';
import type { Winner } from './types.ts';

/** Wins, in two columns from a laptop up unless told one; an empty list says so. */
export function WinnersList({ winners, now, emptyText, columns = 2 }: { winners: Winner[]; now: number | null; emptyText?: string; columns?: 1 | 2 }) {
  const { t } = useTranslation('jackpots');
  if (!winners.length) return <EmptyState compact icon="trophy" title={t('winners.emptyTitle')} text={emptyText ?? t('winners.emptyText')} />;
  return (
    <ul className={columns === 2 ? 'grid gap-2 laptop:grid-cols-2' : 'grid gap-2'} data-testid="winners-list">
      {winners.map((winner) => (
        <WinnerRow key={`${winner.type}:${winner.won_at}:${winner.name}:${winner.amount}`} winner={winner} now={now} />
      ))}
    </ul>
  );
}
