import { clsx } from 'clsx';
import type { LiabilityAmount } from '../../contract/backoffice-trading.ts';
import type { EventStatus } from '../../contract/betting.ts';
import { defineTexts, useBackofficeLocale, useTexts } from './i18n.ts';
import { Badge } from './ui/controls.tsx';
import { formatAmount } from './ui/format.ts';

/** Words the trading screens share: sports, event and market statuses, bet statuses. */
export const tradingTexts = defineTexts({
  en: {
    football: 'Football',
    tennis: 'Tennis',
    basketball: 'Basketball',
    scheduled: 'scheduled',
    live: 'live',
    ended: 'ended',
    settled: 'settled',
    cancelled: 'cancelled',
    open: 'open',
    suspended: 'suspended',
    won: 'won',
    lost: 'lost',
    void: 'void',
    half_won: 'half won',
    half_lost: 'half lost',
    cashed_out: 'cashed out',
    none: 'none',
  },
  fr: {
    football: 'Football',
    tennis: 'Tennis',
    basketball: 'Basket-ball',
    scheduled: 'programmé',
    live: 'en direct',
    ended: 'terminé',
    settled: 'réglé',
    cancelled: 'annulé',
    open: 'ouvert',
    suspended: 'suspendu',
    won: 'gagné',
    lost: 'perdu',
    void: 'annulé',
    half_won: 'à moitié gagné',
    half_lost: 'à moitié perdu',
    cashed_out: 'encaissé',
    none: 'aucune',
  },
});

const eventTone = { live: 'good', scheduled: 'info', ended: 'warn', settled: 'neutral', cancelled: 'bad' } as const;

export function EventStatusBadge({ status, score }: { status: EventStatus; score: { home: number; away: number } | null }) {
  const t = useTexts(tradingTexts);
  return (
    <span className="trading-nowrap">
      <Badge tone={eventTone[status]}>{t(status)}</Badge>
      {score && <span className="trading-score">{`${score.home}–${score.away}`}</span>}
    </span>
  );
}

/** A signed amount as the house sees it: positive is what it stands to lose (shown red). */
export function SignedAmount({ amount, currency }: { amount: string; currency: string }) {
  const locale = useBackofficeLocale();
  const value = Number(amount);
  return <span className={clsx('trading-amount', value > 0 && 'trading-loss', value < 0 && 'trading-gain')}>{formatAmount(amount, currency, locale)}</span>;
}

/** Liability per currency (never added across currencies); a dash when nothing is exposed. */
export function LiabilityFigures({ amounts }: { amounts: LiabilityAmount[] }) {
  const t = useTexts(tradingTexts);
  if (!amounts.length) return <span className="bo-hint">{t('none')}</span>;
  return (
    <span className="trading-figures">
      {amounts.map((line) => (
        <SignedAmount key={line.currency} amount={line.amount} currency={line.currency} />
      ))}
    </span>
  );
}
