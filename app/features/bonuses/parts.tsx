import clsx from 'clsx';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BonusKind, BonusStatus, CashbackStatus } from '../../../contract/promotions.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useClientStyle } from '../../lib/client-style.ts';
import { Button } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { DateTime } from '../cashier/parts.tsx';
import { Badge } from '../profile/panel.tsx';
import { BONUS_STATUS_TONES, CASHBACK_STATUS_TONES, COUNTDOWN_SPAN_MS, timeLeft, type Wagering } from './rules.ts';

/** Small building blocks of the bonuses and cashback screens. */

export const KIND_ICONS: Record<BonusKind, IconName> = { bonus: 'gift', free_spins: 'sparkles', betting_bonus: 'ball', cashback_boost: 'percent' };

export function BonusStatusBadge({ status }: { status: BonusStatus }) {
  const { t } = useTranslation('bonuses');
  return (
    <span data-testid="bonus-status" data-status={status}>
      <Badge tone={BONUS_STATUS_TONES[status]}>{t(`status.${status}`)}</Badge>
    </span>
  );
}

export function CashbackStatusBadge({ status }: { status: CashbackStatus }) {
  const { t } = useTranslation('bonuses');
  return (
    <span data-testid="cashback-status" data-status={status}>
      <Badge tone={CASHBACK_STATUS_TONES[status]}>{t(`cashback.status.${status}`)}</Badge>
    </span>
  );
}

/** The wagering bar with its figures: "€70.00 of €200.00 wagered", and the percent. */
export function WageringBar({ wagering, done, required }: { wagering: Wagering; done: string; required: string }) {
  const { t } = useTranslation('bonuses');
  const finished = wagering.percent >= 100;
  const clientStyle = useClientStyle();
  return (
    <div data-testid="bonus-wagering">
      <div className="mb-1.5 flex items-baseline justify-between gap-3 text-xs">
        <span className="font-semibold text-ink-200">{t('card.wagering')}</span>
        <span className="font-bold text-gold-300 tabular-nums" data-testid="bonus-wagering-percent">
          {t('card.percent', { percent: wagering.percent })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('card.wagering')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={wagering.percent}
        aria-valuetext={t('card.wageringOf', { done, required })}
        className="h-2.5 overflow-hidden rounded-full bg-ink-950/80 ring-1 ring-white/5"
      >
        <div
          className={clsx(
            'h-full w-0 rounded-full transition-[width] duration-700',
            finished ? 'bg-gradient-to-r from-jade-500 to-jade-400' : 'bg-gradient-to-r from-gold-600 via-gold-400 to-gold-300 shadow-[0_0_12px_rgba(245,184,46,0.55)]',
          )}
          style={clientStyle({ width: `${Math.max(wagering.percent, wagering.percent > 0 ? 2 : 0)}%` })}
        />
      </div>
      <p className="mt-1.5 text-xs text-ink-400 tabular-nums" data-testid="bonus-wagering-figures">
        {t('card.wageringOf', { done, required })}
      </p>
    </div>
  );
}

/**
 * When something ends: "Expires in 2d 4h" within a week, otherwise its date and time
 * (dd.mm.yyyy H:mm); "Expired" once past. `label` picks the wording (expires, activate by, claim by).
 */
export function TimeLeft({ iso, now, label, className }: { iso: string; now: number; label: 'expires' | 'activate' | 'claim'; className?: string }) {
  const { t } = useTranslation('bonuses');
  const left = timeLeft(iso, now);
  const soon = Date.parse(iso) - now < COUNTDOWN_SPAN_MS;
  return (
    <span className={clsx('inline-flex items-center gap-1.5 tabular-nums', left.over ? 'text-ink-400' : soon ? 'text-gold-300' : 'text-ink-300', className)} data-testid="time-left">
      <Icon name="clock" size={14} className="shrink-0" />
      {left.over ? (
        t(`time.${label}Over`)
      ) : soon ? (
        t(`time.${label}In`, { time: durationText(left, t) })
      ) : (
        <span>
          {t(`time.${label}On`)} <DateTime iso={iso} />
        </span>
      )}
    </span>
  );
}

function durationText(left: { days: number; hours: number; minutes: number }, t: TFunction<'bonuses'>): string {
  if (left.days > 0) return `${t('time.days', { count: left.days })} ${t('time.hours', { count: left.hours })}`;
  if (left.hours > 0) return `${t('time.hours', { count: left.hours })} ${t('time.minutes', { count: left.minutes })}`;
  return t('time.minutes', { count: Math.max(1, left.minutes) });
}

/** "4 of 9" and "Load more" under a list that has more rows, or a retry after a failure; nothing otherwise. */
export function ListFooter({ shown, total, more, loading, failed, onMore }: { shown: number; total: number; more: boolean; loading: boolean; failed: boolean; onMore: () => void }) {
  const { t } = useTranslation('bonuses');
  return (
    <div className="flex flex-col items-center gap-2 pt-2">
      {failed && <p className="text-center text-sm text-ruby-400">{t('errors.load')}</p>}
      {more && shown > 0 && (
        <p className="text-xs text-ink-400" data-testid="list-count">
          {t('list.shown', { shown, total })}
        </p>
      )}
      {more && (
        <Button variant="secondary" size="sm" onClick={onMore} disabled={loading} data-testid="list-more">
          {loading ? <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" /> : <Icon name="chevronDown" size={18} />}
          {failed ? t('list.retry') : t('list.more')}
        </Button>
      )}
    </div>
  );
}

/** The head of the bonuses dialogs: an icon in a tile, a small kicker and the title. */
export function DialogHeading({ icon, tone, kicker, title }: { icon: IconName; tone: 'gold' | 'ruby'; kicker: string; title: string }) {
  return (
    <div className="flex items-center gap-3 pr-10">
      <span
        className={clsx(
          'grid h-12 w-12 shrink-0 place-items-center rounded-2xl ring-1',
          tone === 'ruby' ? 'bg-ruby-500/15 text-ruby-400 ring-ruby-500/30' : 'bg-gradient-to-br from-gold-400/30 to-violet-500/30 text-gold-300 ring-white/15',
        )}
      >
        <Icon name={icon} size={24} />
      </span>
      <div className="min-w-0">
        <p className={clsx('text-xs font-semibold tracking-widest uppercase', tone === 'ruby' ? 'text-ruby-400' : 'text-gold-400')}>{kicker}</p>
        <h2 className="text-xl leading-tight font-extrabold">{title}</h2>
      </div>
    </div>
  );
}

/** The big glowing tile that opens the celebratory dialogs (a free bet ready, cashback arrived). */
export function HeroTile({ icon, tone }: { icon: IconName; tone: 'gold' | 'jade' }) {
  return (
    <div
      className={clsx(
        'relative mx-auto grid h-20 w-20 place-items-center rounded-3xl bg-gradient-to-br to-violet-500/35 ring-1 ring-white/15',
        tone === 'jade' ? 'from-jade-500/30 text-jade-400' : 'from-gold-400/40 text-gold-300',
      )}
    >
      <div className={clsx('absolute inset-0 -z-10 rounded-3xl blur-2xl', tone === 'jade' ? 'bg-jade-500/30' : 'bg-gold-500/30')} aria-hidden="true" />
      <Icon name={icon} size={38} />
    </div>
  );
}

/** What to tell the player about a refused action: the server's message in their language, or a generic line. */
export function errorText(error: unknown, t: TFunction<'bonuses'>, field?: string): string {
  if (isApiError(error) && error.type !== 'UnknownError' && error.type !== 'InternalServerErrorException') {
    const message = (field && error.fields[field]) || error.message;
    if (message) return message;
  }
  return t('errors.generic');
}
