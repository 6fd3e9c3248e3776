import clsx from 'clsx';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { depositSumError } from '../../../contract/deposit-sum.ts';
import { api } from '../../lib/api-client.ts';
import { useClientStyle } from '../../lib/client-style.ts';
import { useLocale } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert, NumberField } from '../../ui/field.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { useToasts } from '../toasts/store.ts';
import { formatDateTime, money } from './format.ts';
import { readProblem } from './form-rules.ts';
import { Card, DateTime } from './parts.tsx';
import type { DepositLimit, LimitPeriod } from './types.ts';

const PERIODS: LimitPeriod[] = ['none', 'day', 'week', 'month'];
/** The bounds the server applies to a limit amount. */
const LIMIT_BOUNDS = { min: 1, max: 1_000_000 };

/**
 * The deposit limit (responsible gaming): what is left in the current period and until when, a
 * requested increase and when it applies, and a form to set or lower it. A stricter limit applies
 * at once; a looser one (or none) after 24 hours.
 */
export function DepositLimitCard({ initial, currency, className }: { initial: DepositLimit; currency: string; className?: string }) {
  const { t } = useTranslation('cashier');
  const locale = useLocale();
  const showToast = useToasts((state) => state.show);
  const clientStyle = useClientStyle();
  const [limit, setLimit] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [period, setPeriod] = useState<LimitPeriod>(initial.period === 'none' ? 'day' : initial.period);
  const [amount, setAmount] = useState(initial.limit_amount ? String(Math.round(Number(initial.limit_amount.amount))) : '');
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const amountError = period === 'none' ? null : depositSumError(amount, { ...LIMIT_BOUNDS, currency }, locale);
  const shownAmountError = serverErrors.amount ?? (touched || amount ? amountError : null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (amountError) return;
    setSaving(true);
    setAlert(null);
    setServerErrors({});
    try {
      const next = await api<DepositLimit>('setDepositLimit', { body: { period, amount: period === 'none' ? undefined : amount } });
      setLimit(next);
      setEditing(false);
      setTouched(false);
      showToast({
        kind: 'success',
        title: next.pending ? t('limit.savedLater') : t('limit.saved'),
        message: next.pending ? t('limit.appliesOn', { date: formatDateTime(next.pending.effective_at, { joiner: t('dateJoiner') }) }) : undefined,
      });
    } catch (error) {
      const problem = readProblem(error, ['amount', 'period']);
      setServerErrors(problem.fields);
      if (problem.alert) setAlert(problem.alert.message ?? t('errors.generic'));
    } finally {
      setSaving(false);
    }
  }

  const limitAmount = limit.limit_amount ? Number(limit.limit_amount.amount) : 0;
  const available = limit.available_amount ? Number(limit.available_amount.amount) : 0;
  const share = limitAmount > 0 ? Math.min(100, Math.max(0, (available / limitAmount) * 100)) : 0;

  return (
    <Card
      icon="shield"
      title={t('limit.title')}
      text={t('limit.text')}
      className={className}
      testId="deposit-limit"
      aside={
        limit.can_edit && !editing ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} data-testid="deposit-limit-edit">
            {limit.period === 'none' ? t('limit.set') : t('limit.change')}
          </Button>
        ) : undefined
      }
    >
      {limit.period === 'none' ? (
        <p className="rounded-2xl bg-ink-900/60 px-4 py-3 text-sm text-ink-300 ring-1 ring-white/5" data-testid="deposit-limit-none">
          {t('limit.none')}
        </p>
      ) : (
        <div className="rounded-2xl bg-ink-900/60 p-4 ring-1 ring-white/5" data-testid="deposit-limit-summary">
          <div className="flex items-baseline justify-between gap-3">
            <span className="text-sm text-ink-300">{t(`limit.periods.${limit.period}`)}</span>
            <span className="font-bold tabular-nums">{money(limit.limit_amount)}</span>
          </div>
          <div className="mt-3 h-2 overflow-hidden rounded-full bg-ink-700" aria-hidden="true">
            <div className={clsx('h-full w-0 rounded-full', share > 20 ? 'bg-jade-500' : 'bg-ruby-500')} style={clientStyle({ width: `${share}%` })} />
          </div>
          <p className="mt-2 text-sm text-ink-300">
            {t('limit.available', { amount: money(limit.available_amount) })}
            {limit.expired_at && (
              <>
                {' '}
                {t('limit.until')} <DateTime iso={limit.expired_at} className="text-ink-200" />
              </>
            )}
          </p>
        </div>
      )}
      {limit.pending && (
        <p className="mt-3 flex gap-2 rounded-2xl bg-gold-500/10 px-4 py-3 text-sm text-gold-300 ring-1 ring-gold-500/25" data-testid="deposit-limit-pending">
          <span>
            {limit.pending.period === 'none'
              ? t('limit.pendingRemoval')
              : t('limit.pendingIncrease', { period: t(`limit.periods.${limit.pending.period}`), amount: money(limit.pending.limit_amount) })}{' '}
            {t('limit.appliesFrom')} <DateTime iso={limit.pending.effective_at} className="font-semibold" />
          </span>
        </p>
      )}
      {editing && (
        <form onSubmit={save} noValidate className="mt-4 space-y-4" data-testid="deposit-limit-form">
          <Segmented
            label={t('limit.period')}
            options={PERIODS.map((value) => ({ value, label: t(`limit.short.${value}`) }))}
            value={period}
            onChange={(value) => {
              setPeriod(value);
              setServerErrors({});
            }}
            testId="deposit-limit-period"
          />
          {period !== 'none' && (
            <NumberField
              id="deposit-limit-amount"
              label={t('limit.amount')}
              value={amount}
              onValue={(value) => {
                setAmount(value);
                setServerErrors({});
              }}
              error={shownAmountError}
              unit={currency}
              data-testid="deposit-limit-amount"
            />
          )}
          <p className="text-xs text-ink-400">{t('limit.rule')}</p>
          {alert && <FormAlert>{alert}</FormAlert>}
          <div className="flex gap-2">
            <Button type="submit" disabled={saving} className="flex-1" data-testid="deposit-limit-save">
              {t('limit.save')}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
