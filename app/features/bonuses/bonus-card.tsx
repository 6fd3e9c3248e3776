import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BonusView } from '../../../contract/promotions.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { money } from '../cashier/format.ts';
import { DateTime } from '../cashier/parts.tsx';
import { BonusStatusBadge, KIND_ICONS, TimeLeft, WageringBar } from './parts.tsx';
import { isPositive } from './balance.ts';
import { canActivate, canRemove, wageringOf } from './rules.ts';

const GLOW: Record<BonusView['kind'], string> = {
  bonus: 'bg-[radial-gradient(90%_140%_at_100%_0%,rgba(245,184,46,0.22),transparent_60%)]',
  free_spins: 'bg-[radial-gradient(90%_140%_at_100%_0%,rgba(124,92,255,0.3),transparent_60%)]',
  betting_bonus: 'bg-[radial-gradient(90%_140%_at_100%_0%,rgba(34,197,142,0.2),transparent_60%)]',
  cashback_boost: 'bg-[radial-gradient(90%_140%_at_100%_0%,rgba(124,92,255,0.22),transparent_60%)]',
};

const detail = (bonus: BonusView, name: string): string | number | undefined => {
  const value = bonus.details[name];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
};

/**
 * One of the player's bonuses: what it is, its figures (amount, bonus money left, maximum bet),
 * the wagering bar for bonus money, when it ends, and what the player can do with it. A finished
 * bonus says how it ended (moved to the main balance, forfeited, expired, removed).
 */
export function BonusCard({
  bonus,
  now,
  busy = false,
  onActivate,
  onRemove,
}: {
  bonus: BonusView;
  now: number;
  busy?: boolean;
  onActivate?: () => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('bonuses');
  const wagering = wageringOf(bonus);
  const running = bonus.status === 'active' || bonus.status === 'available';
  const amountOf = (value: string | null) => (value === null ? null : money({ amount: value, currency: bonus.currency }));
  const game = detail(bonus, 'game');

  const headline = (() => {
    switch (bonus.kind) {
      case 'bonus':
        return amountOf(bonus.amount);
      case 'free_spins':
        return t('card.spins', { count: Number(detail(bonus, 'spins') ?? 0) });
      case 'betting_bonus':
        return detail(bonus, 'type') === 'odds_boost' ? t('card.boost', { percent: detail(bonus, 'boost_percent') ?? 0 }) : amountOf(bonus.amount);
      case 'cashback_boost':
        return t('card.cashbackBoost', { percent: detail(bonus, 'percent') ?? 0 });
    }
  })();

  return (
    <article
      className={clsx(
        'relative overflow-hidden rounded-3xl bg-ink-800 ring-1 transition',
        bonus.status === 'active' ? 'ring-jade-500/30' : bonus.status === 'available' ? 'ring-gold-400/25' : 'ring-white/10',
      )}
      data-testid="bonus-card"
      data-id={bonus.id}
      data-kind={bonus.kind}
      data-status={bonus.status}
    >
      <div className={clsx('pointer-events-none absolute inset-0', GLOW[bonus.kind], !running && 'opacity-40')} />
      <div className="relative p-4 tablet:p-5">
        <div className="flex items-start gap-3 tablet:gap-4">
          <span
            className={clsx(
              'grid h-12 w-12 shrink-0 place-items-center rounded-2xl ring-1 tablet:h-14 tablet:w-14',
              running ? 'bg-gradient-to-br from-gold-400/30 to-violet-500/30 text-gold-300 ring-white/15' : 'bg-white/5 text-ink-400 ring-white/10',
            )}
            aria-hidden="true"
          >
            <Icon name={KIND_ICONS[bonus.kind]} size={24} />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1.5">
              <h3 className="min-w-0 text-base leading-snug font-bold text-white tablet:text-lg" data-testid="bonus-title">
                {bonus.title || t(`kind.${bonus.kind}`)}
              </h3>
              <BonusStatusBadge status={bonus.status} />
            </div>
            <p className="mt-1 text-sm leading-relaxed text-ink-300" data-testid="bonus-description">
              {bonus.description}
            </p>
          </div>
        </div>

        <dl className="mt-4 grid grid-cols-2 gap-2 tablet:grid-cols-3">
          <Figure label={t(`card.headline.${bonus.kind}`)} strong testId="bonus-amount">
            {headline}
          </Figure>
          {bonus.balance !== null && (
            <Figure label={t('card.balance')} testId="bonus-balance">
              {amountOf(bonus.balance)}
            </Figure>
          )}
          {bonus.max_bet !== null && running && (
            <Figure label={t('card.maxBet')} testId="bonus-max-bet">
              {amountOf(bonus.max_bet)}
            </Figure>
          )}
          {bonus.kind === 'free_spins' && typeof detail(bonus, 'game_name') === 'string' && (
            <Figure label={t('card.game')}>{String(detail(bonus, 'game_name'))}</Figure>
          )}
          {bonus.kind === 'free_spins' && running && typeof detail(bonus, 'spins_left') === 'number' && (
            <Figure label={t('card.spinsLeft')} testId="bonus-spins-left">
              {`${detail(bonus, 'spins_left')} / ${detail(bonus, 'spins') ?? '?'}`}
            </Figure>
          )}
        </dl>

        {wagering && bonus.wagering && (
          <div className="mt-4 rounded-2xl bg-ink-900/60 p-3.5 ring-1 ring-white/5">
            <WageringBar wagering={wagering} done={amountOf(bonus.wagering.done) ?? ''} required={amountOf(bonus.wagering.required) ?? ''} />
          </div>
        )}

        <div className="mt-4 flex flex-col gap-3 tablet:flex-row tablet:items-center tablet:justify-between">
          <div className="text-xs">
            {running ? (
              <TimeLeft iso={bonus.expires_at} now={now} label={bonus.status === 'available' ? 'activate' : 'expires'} />
            ) : (
              <Outcome bonus={bonus} />
            )}
          </div>
          {(onActivate || onRemove || (bonus.status === 'active' && bonus.kind === 'free_spins' && game)) && (
            <div className="flex gap-2 tablet:shrink-0">
              {onRemove && canRemove(bonus) && (
                <Button variant="ghost" size="sm" className="flex-1 tablet:flex-none" disabled={busy} onClick={onRemove} data-testid="bonus-remove">
                  <Icon name="close" size={16} />
                  {t('actions.remove')}
                </Button>
              )}
              {bonus.status === 'active' && bonus.kind === 'free_spins' && game && (
                <LocalLink to={`/game/${game}`} className={buttonClass('primary', 'sm', 'flex-1 tablet:flex-none')} data-testid="bonus-play">
                  <Icon name="dice" size={16} />
                  {t('actions.play')}
                </LocalLink>
              )}
              {onActivate && canActivate(bonus) && (
                <Button size="sm" className="flex-1 tablet:flex-none" disabled={busy} aria-busy={busy || undefined} onClick={onActivate} data-testid="bonus-activate">
                  <Icon name="bolt" size={16} />
                  {t('actions.activate')}
                </Button>
              )}
            </div>
          )}
        </div>
      </div>
    </article>
  );
}

function Figure({ label, children, strong = false, testId }: { label: string; children: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <div className="min-w-0 rounded-2xl bg-ink-900/50 px-3 py-2.5 ring-1 ring-white/5">
      <dt className="truncate text-[11px] font-semibold tracking-wider text-ink-400 uppercase">{label}</dt>
      <dd className={clsx('mt-0.5 truncate tabular-nums', strong ? 'text-lg font-extrabold text-white' : 'text-sm font-semibold text-ink-100')} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** How a finished bonus ended, and when. */
function Outcome({ bonus }: { bonus: BonusView }) {
  const { t } = useTranslation('bonuses');
  const amount = (value: string | null) => (value === null ? '' : money({ amount: value, currency: bonus.currency }));
  const line =
    bonus.status === 'completed' && isPositive(bonus.converted ? { amount: bonus.converted, currency: bonus.currency } : null)
      ? t('outcome.converted', { amount: amount(bonus.converted) })
      : (bonus.status === 'forfeited' || bonus.status === 'expired') && isPositive(bonus.forfeited ? { amount: bonus.forfeited, currency: bonus.currency } : null)
        ? t('outcome.forfeitedAmount', { amount: amount(bonus.forfeited) })
        : t(`outcome.${bonus.status}`);
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-ink-300" data-testid="bonus-outcome">
      <span className="font-semibold text-ink-200">{line}</span>
      {bonus.finished_at && (
        <>
          <span aria-hidden="true" className="text-ink-600">
            •
          </span>
          <DateTime iso={bonus.finished_at} className="text-ink-400 tabular-nums" />
        </>
      )}
    </span>
  );
}
