import clsx from 'clsx';
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BETTING_LIVE_EVENTS, BETTING_METHODS, type BetLegView, type BetStatus, type BetView, type BetsPage } from '../../../contract/betting.ts';
import { formatMoney } from '../../../contract/deposit-sum.ts';
import { api } from '../../lib/api-client.ts';
import { useLiveEvent } from '../../lib/live.ts';
import { useLocalizedPath } from '../../lib/locale.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { DateTime } from '../cashier/parts.tsx';
import { betRefusal } from './bet-errors.ts';
import { useBettingT } from './i18n.ts';
import { useShowOdds } from './odds-format.tsx';

/** Bets a list reads at a time. */
export const BETS_PAGE_SIZE = 10;
export type BetsFilter = 'open' | 'settled' | 'all';

const STATUS_TONE: Record<BetStatus, string> = {
  open: 'bg-gold-500/10 text-gold-300 ring-gold-400/30',
  won: 'bg-jade-500/15 text-jade-400 ring-jade-400/40',
  half_won: 'bg-jade-500/10 text-jade-400 ring-jade-400/30',
  lost: 'bg-ruby-500/10 text-ruby-400 ring-ruby-400/30',
  half_lost: 'bg-ruby-500/10 text-ruby-400 ring-ruby-400/30',
  void: 'bg-white/5 text-ink-300 ring-white/10',
  cashed_out: 'bg-violet-500/15 text-violet-400 ring-violet-400/30',
};

const RESULT_ICON: Record<string, IconName> = { won: 'check', half_won: 'check', lost: 'close', half_lost: 'close', void: 'arrowDown' };

/**
 * The player's bets, newest first (betting/getBets): each with its legs and locked odds, the
 * stake, what it may pay or paid, and the cash-out offer of an open single. A `betting.bet`
 * message of the live channel (placed, settled, cashed out) reads the list again, so a settled
 * bet moves on screen without a reload.
 */
export function BetsList({ filter, first, compact = false }: { filter: BetsFilter; first: BetsPage | null; compact?: boolean }) {
  const { t } = useBettingT();
  const localize = useLocalizedPath();
  const [page, setPage] = useState<BetsPage | null>(first);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(first === null);
  const shown = page?.items.length ?? 0;

  const read = useCallback(
    async (count: number) => {
      setLoading(true);
      setFailed(false);
      try {
        setPage(await api<BetsPage>(BETTING_METHODS.bets, { query: { status: filter, offset: 0, count: Math.max(count, BETS_PAGE_SIZE) } }));
      } catch {
        setFailed(true);
      } finally {
        setLoading(false);
      }
    },
    [filter],
  );
  // A new first page from the loader (a revalidation) replaces the list.
  const [source, setSource] = useState(first);
  if (source !== first) {
    setSource(first);
    setPage(first);
  }
  const onBet = useCallback(() => void read(shown), [read, shown]);
  useLiveEvent(BETTING_LIVE_EVENTS.bet, onBet);

  const replace = (bet: BetView) =>
    setPage((current) => (current ? { ...current, items: current.items.map((item) => (item.id === bet.id ? bet : item)) } : current));

  if (page && !page.items.length) {
    return (
      <EmptyState
        icon="ball"
        title={t(`bets.empty.${filter}.title`)}
        text={t(`bets.empty.${filter}.text`)}
        action={
          <ButtonLink to={localize('/betting')} variant="secondary" className="mt-2">
            {t('bets.toBook')}
          </ButtonLink>
        }
      />
    );
  }

  return (
    <div className="space-y-4">
      <ul className={clsx('grid gap-3', !compact && 'desktop:grid-cols-2')} data-testid="bets-list">
        {page?.items.map((bet) => (
          <BetCard key={bet.id} bet={bet} onChange={replace} />
        ))}
      </ul>
      {failed && <p className="text-center text-sm text-ruby-400">{t('errors.generic')}</p>}
      <div className="flex flex-col items-center gap-2">
        {page && (
          <p className="text-xs text-ink-400" data-testid="bets-count">
            {t('bets.shown', { shown, total: page.total })}
          </p>
        )}
        {(!page || shown < page.total || failed) && (
          <Button variant="secondary" onClick={() => void read(shown + BETS_PAGE_SIZE)} disabled={loading} data-testid="bets-more">
            <Icon name="chevronDown" size={18} />
            {t('bets.more')}
          </Button>
        )}
      </div>
    </div>
  );
}

export function BetCard({ bet, onChange }: { bet: BetView; onChange: (bet: BetView) => void }) {
  const { t } = useBettingT();
  const show = useShowOdds();
  const money = (amount: string) => formatMoney(Number(amount), bet.currency);
  const settled = bet.status !== 'open';
  return (
    <li className="overflow-hidden rounded-3xl border border-white/5 bg-ink-850/70" data-testid="bet-card" data-bet={bet.id} data-status={bet.status}>
      <header className="flex flex-wrap items-center gap-2 border-b border-white/5 px-4 py-3">
        <span className="text-sm font-extrabold text-white">{t(`kind.${bet.kind}`, { count: bet.legs.length })}</span>
        {bet.bonus && (
          <span className="rounded-md bg-jade-500/10 px-1.5 py-0.5 text-[11px] font-bold text-jade-400 ring-1 ring-jade-400/30">
            {bet.bonus.kind === 'free_bet' ? t('bets.freeBet') : t('bets.boost', { percent: bet.bonus.boost_percent ?? 0 })}
          </span>
        )}
        <span className={clsx('ml-auto rounded-full px-2.5 py-1 text-xs font-bold ring-1', STATUS_TONE[bet.status])} data-testid="bet-status">
          {t(`bets.status.${bet.status}`)}
        </span>
      </header>
      <ol className="divide-y divide-white/5 px-4">
        {bet.legs.map((leg) => (
          <LegRow key={leg.selection_id} leg={leg} show={show} />
        ))}
      </ol>
      <footer className="grid grid-cols-3 gap-2 border-t border-white/5 bg-white/[0.02] px-4 py-3 text-xs">
        <Figure label={t('receipt.stake')} value={money(bet.stake)} />
        <Figure label={t('bets.odds')} value={show(bet.odds)} testId="bet-odds" />
        <Figure
          label={settled ? t('bets.paid') : t('slip.potentialReturn')}
          value={money(settled ? (bet.return ?? '0') : bet.potential_return)}
          tone={settled && Number(bet.return ?? 0) > 0 ? 'jade' : undefined}
          testId="bet-return"
        />
      </footer>
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pb-3 text-xs text-ink-400">
        <span>
          {t('bets.placed')} <DateTime iso={bet.placed_at} />
        </span>
        {bet.settled_at && (
          <span>
            {t('bets.settled')} <DateTime iso={bet.settled_at} />
          </span>
        )}
      </div>
      {bet.status === 'open' && bet.cash_out?.available && bet.cash_out.amount && <CashOut bet={bet} offer={bet.cash_out.amount} onChange={onChange} />}
    </li>
  );
}

function LegRow({ leg, show }: { leg: BetLegView; show: (odds: string) => string }) {
  const { t } = useBettingT();
  const icon = leg.result ? RESULT_ICON[leg.result] : null;
  return (
    <li className="flex items-start gap-3 py-2.5" data-testid="bet-leg" data-result={leg.result ?? 'open'}>
      <span
        className={clsx(
          'mt-0.5 grid h-5 w-5 shrink-0 place-items-center rounded-full ring-1',
          leg.result === 'won' || leg.result === 'half_won'
            ? 'bg-jade-500/20 text-jade-400 ring-jade-400/40'
            : leg.result === 'lost' || leg.result === 'half_lost'
              ? 'bg-ruby-500/15 text-ruby-400 ring-ruby-400/40'
              : 'bg-white/5 text-ink-400 ring-white/10',
        )}
        aria-label={t(`bets.result.${leg.result ?? 'open'}`)}
      >
        {icon ? <Icon name={icon} size={11} /> : <span className="h-1.5 w-1.5 rounded-full bg-current" />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-bold text-white">{leg.selection_name}</span>
        <span className="block truncate text-xs text-ink-400">
          {leg.market_name} · {leg.event_name}
          {leg.score && ` · ${leg.score.home}:${leg.score.away}`}
        </span>
      </span>
      <span className="text-sm font-extrabold text-gold-300 tabular-nums">{show(leg.odds)}</span>
    </li>
  );
}

function Figure({ label, value, tone, testId }: { label: string; value: string; tone?: 'jade'; testId?: string }) {
  return (
    <div>
      <p className="text-ink-400">{label}</p>
      <p className={clsx('mt-0.5 text-sm font-extrabold tabular-nums', tone === 'jade' ? 'text-jade-400' : 'text-white')} data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** Cash-out of an open single: the offer on the button; a moved offer is shown and asked again. */
function CashOut({ bet, offer, onChange }: { bet: BetView; offer: string; onChange: (bet: BetView) => void }) {
  const { t } = useBettingT();
  const client = useQueryClient();
  const [amount, setAmount] = useState(offer);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // A fresh offer from the list replaces the one shown.
  const [source, setSource] = useState(offer);
  if (source !== offer) {
    setSource(offer);
    setAmount(offer);
  }
  async function cashOut() {
    setBusy(true);
    setMessage(null);
    try {
      onChange(await api<BetView>(BETTING_METHODS.cashOut, { body: { bet_id: bet.id, amount } }));
      void client.invalidateQueries({ queryKey: ['balance'] });
    } catch (error) {
      const refusal = betRefusal(error, t, bet.currency);
      if (refusal.code === 'CASHOUT_CHANGED' && typeof refusal.details.amount === 'string') setAmount(refusal.details.amount);
      setMessage(refusal.message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="border-t border-white/5 px-4 py-3">
      <Button variant="secondary" className="w-full" disabled={busy} onClick={() => void cashOut()} data-testid="cash-out">
        <Icon name="coins" size={16} className="text-gold-400" />
        {t('bets.cashOut', { amount: formatMoney(Number(amount), bet.currency) })}
      </Button>
      {message && (
        <p className="mt-2 text-xs text-ruby-400" role="alert" data-testid="cash-out-error">
          {message}
        </p>
      )}
    </div>
  );
}
