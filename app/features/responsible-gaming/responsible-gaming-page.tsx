import clsx from 'clsx';
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../../contract/deposit-sum.ts';
import {
  LIMIT_PERIODS,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_LENGTHS,
  TIME_OUT_LENGTHS,
  exclusionEnd,
  type ExclusionKind,
  type ExclusionView,
  type LimitPeriod,
  type LimitView,
  type MoneyLimitKind,
  type ResponsibleGamingView,
} from '../../../contract/responsible-gaming.ts';
import { api } from '../../lib/api-client.ts';
import { useClientStyle } from '../../lib/client-style.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert, NumberField } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { Panel } from '../../ui/panel.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { DepositLimitCard } from '../cashier/deposit-limit.tsx';
import { formatDateTime } from '../cashier/format.ts';
import { readProblem } from '../cashier/form-rules.ts';
import { PageHeading, PageMeta } from '../pages/page-meta.tsx';
import { useToasts } from '../toasts/store.ts';
import { useRgT } from './i18n.ts';
import type { ResponsibleGamingData } from './load.ts';
import { Modal } from './modal.tsx';

/**
 * /responsible-game and the profile's section (docs/responsible-gaming.md): the deposit limit
 * (the cashier's), loss and wager limits per day / week / month, the session-time limit, the
 * reality-check interval, and a time-out or self-exclusion behind a confirmation.
 */
export function ResponsibleGamingPage({ data }: { data: ResponsibleGamingData }) {
  const { t } = useRgT();
  const [view, setView] = useState(data.view);
  return (
    <div data-testid="responsible-gaming-page">
      <PageMeta title={t('title')} description={t('subtitle')} />
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      {view.exclusion && <ExclusionBanner exclusion={view.exclusion} />}
      <div className="grid gap-5 laptop:grid-cols-2">
        {(['loss', 'wager'] as const).map((kind) => (
          <MoneyLimitCard key={kind} kind={kind} view={view} onSaved={setView} />
        ))}
        {data.depositLimit && <DepositLimitCard initial={data.depositLimit} currency={view.currency} />}
        <SessionLimitCard view={view} onSaved={setView} />
        <RealityCheckCard view={view} onSaved={setView} className="laptop:col-span-2" />
        <BreakCard className="laptop:col-span-2" />
      </div>
    </div>
  );
}

/** A date and time as the site shows them (dd.mm.yyyy H:mm), joined in the page's language. */
function useDateOf() {
  const { t } = useRgT();
  return (iso: string) => formatDateTime(iso, { joiner: t('dateJoiner') });
}

/** Saves a limit change and tells whether it applies now or in 24 hours. */
function useLimitSave(onSaved: (view: ResponsibleGamingView) => void) {
  const { t } = useRgT();
  const dateOf = useDateOf();
  const showToast = useToasts((state) => state.show);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  async function save(body: Record<string, string>, pick: (view: ResponsibleGamingView) => LimitView | undefined): Promise<boolean> {
    setSaving(true);
    setErrors({});
    setAlert(null);
    try {
      const next = await api<ResponsibleGamingView>('responsibleGaming/setLimit', { body });
      onSaved(next);
      const limit = pick(next);
      const later = body.remove === '1' || !!limit?.pending;
      showToast({
        kind: 'success',
        title: later ? t(body.remove === '1' ? 'toast.removed' : 'toast.later') : t('toast.now'),
        message: limit?.pending ? dateOf(limit.pending.effective_at) : undefined,
      });
      return true;
    } catch (error) {
      const problem = readProblem(error, ['amount', 'period', 'kind']);
      setErrors(problem.fields);
      if (problem.alert) setAlert(problem.alert.message ?? t('errors.generic'));
      return false;
    } finally {
      setSaving(false);
    }
  }
  return { save, errors, alert, saving, clear: () => setErrors({}) };
}

function PendingNote({ limit, shown }: { limit: LimitView; shown: (amount: string) => string }) {
  const { t } = useRgT();
  const dateOf = useDateOf();
  if (!limit.pending) return null;
  return (
    <p className="mt-2 flex items-center gap-2 text-xs font-semibold text-gold-300" data-testid="limit-pending">
      <Icon name="clock" size={14} />
      {limit.pending.amount === null
        ? t('pending.remove', { date: dateOf(limit.pending.effective_at) })
        : t('pending.raise', { amount: shown(limit.pending.amount), date: dateOf(limit.pending.effective_at) })}
    </p>
  );
}

function MoneyLimitCard({ kind, view, onSaved }: { kind: MoneyLimitKind; view: ResponsibleGamingView; onSaved: (view: ResponsibleGamingView) => void }) {
  const { t } = useRgT();
  const limits = view.limits.filter((limit) => limit.kind === kind);
  const [editing, setEditing] = useState(false);
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [amount, setAmount] = useState('');
  const { save, errors, alert, saving, clear } = useLimitSave(onSaved);
  const shown = (value: string) => formatMoney(Number(value), view.currency);
  const clientStyle = useClientStyle();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const done = await save({ kind, period, amount }, (next) => next.limits.find((limit) => limit.kind === kind && limit.period === period));
    if (done) {
      setEditing(false);
      setAmount('');
    }
  }

  return (
    <Panel
      icon={kind === 'loss' ? 'shield' : 'coins'}
      title={t(`money.${kind}.title`)}
      text={t(`money.${kind}.text`)}
      testId={`limit-${kind}`}
      aside={
        !editing && (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} data-testid={`limit-${kind}-add`}>
            {limits.length ? t('money.edit') : t('money.add')}
          </Button>
        )
      }
    >
      {limits.length === 0 ? (
        <p className="rounded-2xl bg-ink-900/60 px-4 py-3 text-sm text-ink-300 ring-1 ring-white/5">{t('money.none')}</p>
      ) : (
        <ul className="space-y-3">
          {limits.map((limit) => {
            const share = Number(limit.amount) > 0 ? Math.min(100, (Number(limit.available ?? 0) / Number(limit.amount)) * 100) : 0;
            return (
              <li key={limit.period} className="rounded-2xl bg-ink-900/60 p-4 ring-1 ring-white/5" data-testid={`limit-${kind}-${limit.period}`}>
                <div className="flex items-baseline justify-between gap-3">
                  <span className="text-sm text-ink-300">{t(`periods.${limit.period}`)}</span>
                  <span className="font-bold tabular-nums" data-testid="limit-amount">
                    {shown(limit.amount)}
                  </span>
                </div>
                <div className="mt-3 h-2 overflow-hidden rounded-full bg-ink-700" aria-hidden="true">
                  <div className={clsx('h-full w-0 rounded-full', share > 20 ? 'bg-jade-500' : 'bg-ruby-500')} style={clientStyle({ width: `${share}%` })} />
                </div>
                <div className="mt-2 flex items-center justify-between gap-3">
                  <p className="text-xs text-ink-300">{t('money.used', { used: shown(limit.used ?? '0'), available: shown(limit.available ?? '0') })}</p>
                  {!limit.pending || limit.pending.amount !== null ? (
                    <button
                      type="button"
                      className="text-xs font-semibold text-ink-300 underline-offset-2 hover:text-white hover:underline"
                      onClick={() => save({ kind, period: limit.period, remove: '1' }, (next) => next.limits.find((item) => item.kind === kind && item.period === limit.period))}
                      data-testid="limit-remove"
                    >
                      {t('money.remove')}
                    </button>
                  ) : null}
                </div>
                <PendingNote limit={limit} shown={shown} />
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <form onSubmit={submit} noValidate className="mt-4 space-y-4" data-testid={`limit-${kind}-form`}>
          <Segmented
            label={t('money.period')}
            options={LIMIT_PERIODS.map((value) => ({ value, label: t(`short.${value}`) }))}
            value={period}
            onChange={(value) => {
              setPeriod(value);
              clear();
            }}
            testId={`limit-${kind}-period`}
          />
          <NumberField
            id={`limit-${kind}-amount`}
            label={t('money.amount')}
            value={amount}
            onValue={(value) => {
              setAmount(value);
              clear();
            }}
            error={errors.amount ?? errors.period ?? null}
            unit={view.currency}
            data-testid={`limit-${kind}-amount`}
          />
          <p className="text-xs text-ink-400">{t('money.resets')}</p>
          {alert && <FormAlert>{alert}</FormAlert>}
          <div className="flex gap-2">
            <Button type="submit" disabled={saving} className="flex-1" data-testid={`limit-${kind}-save`}>
              {t('money.save')}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {t('money.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}

function SessionLimitCard({ view, onSaved }: { view: ResponsibleGamingView; onSaved: (view: ResponsibleGamingView) => void }) {
  const { t } = useRgT();
  const limit = view.limits.find((item) => item.kind === 'session');
  const [minutes, setMinutes] = useState(limit?.amount ?? '');
  const { save, errors, alert, saving, clear } = useLimitSave(onSaved);
  const pick = (next: ResponsibleGamingView) => next.limits.find((item) => item.kind === 'session');
  return (
    <Panel icon="clock" title={t('session.title')} text={t('session.text')} testId="limit-session">
      <p className="mb-4 rounded-2xl bg-ink-900/60 px-4 py-3 text-sm ring-1 ring-white/5" data-testid="limit-session-value">
        {limit ? <span className="font-bold">{t('session.value', { minutes: limit.amount })}</span> : <span className="text-ink-300">{t('session.none')}</span>}
        {limit && <PendingNote limit={limit} shown={(value) => t('session.value', { minutes: value })} />}
      </p>
      <form
        noValidate
        className="flex items-start gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void save({ kind: 'session', amount: minutes }, pick);
        }}
      >
        <div className="min-w-0 flex-1">
          <NumberField
            id="limit-session-minutes"
            label={t('session.minutes')}
            value={minutes}
            onValue={(value) => {
              setMinutes(value);
              clear();
            }}
            error={errors.amount ?? null}
            data-testid="limit-session-minutes"
          />
        </div>
        <Button type="submit" disabled={saving} className="mt-[26px] h-12" data-testid="limit-session-save">
          {t('session.save')}
        </Button>
      </form>
      {limit && !limit.pending && (
        <button
          type="button"
          className="mt-3 text-xs font-semibold text-ink-300 hover:text-white hover:underline"
          onClick={() => save({ kind: 'session', remove: '1' }, pick)}
          data-testid="limit-session-remove"
        >
          {t('money.remove')}
        </button>
      )}
      {alert && <FormAlert>{alert}</FormAlert>}
    </Panel>
  );
}

function RealityCheckCard({ view, onSaved, className }: { view: ResponsibleGamingView; onSaved: (view: ResponsibleGamingView) => void; className?: string }) {
  const { t } = useRgT();
  const showToast = useToasts((state) => state.show);
  const value = view.reality_check_minutes === null ? 'off' : String(view.reality_check_minutes);
  async function choose(next: string) {
    try {
      onSaved(await api<ResponsibleGamingView>('responsibleGaming/setRealityCheck', { body: { minutes: next === 'off' ? '0' : next } }));
      showToast({ kind: 'success', title: t('toast.reality') });
    } catch {
      showToast({ kind: 'error', title: t('errors.generic') });
    }
  }
  return (
    <Panel icon="bell" title={t('reality.title')} text={t('reality.text')} className={className} testId="reality-check-settings">
      <Segmented
        label={t('reality.label')}
        options={[{ value: 'off', label: t('reality.off') }, ...REALITY_CHECK_MINUTES.map((minutes) => ({ value: String(minutes), label: t('reality.every', { minutes }) }))]}
        value={value}
        onChange={(next) => void choose(next)}
        testId="reality-check-interval"
      />
    </Panel>
  );
}

/** What each exclusion is called (an operator's one is set from the back office). */
const EXCLUSION_NAMES = { time_out: 'break.timeOut', self_exclusion: 'break.selfExclusion', operator_exclusion: 'break.operatorExclusion' } as const satisfies Record<ExclusionKind, string>;

function ExclusionBanner({ exclusion }: { exclusion: ExclusionView }) {
  const { t } = useRgT();
  const dateOf = useDateOf();
  return (
    <p className="mb-5 flex items-center gap-3 rounded-2xl bg-ruby-500/10 px-4 py-3 text-sm font-semibold text-ruby-300 ring-1 ring-ruby-400/30" data-testid="exclusion-active">
      <Icon name="lock" size={18} />
      {t('break.active', { kind: t(EXCLUSION_NAMES[exclusion.kind]), date: dateOf(exclusion.ends_at) })}
    </p>
  );
}

/** Time-out and self-exclusion: pick a length, then confirm in a dialog that says what it means. */
function BreakCard({ className }: { className?: string }) {
  const { t } = useRgT();
  const dateOf = useDateOf();
  const [asked, setAsked] = useState<{ kind: ExclusionKind; length: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const kindName = (kind: ExclusionKind) => t(EXCLUSION_NAMES[kind]);

  async function confirm() {
    if (!asked) return;
    setBusy(true);
    setAlert(null);
    try {
      await api('responsibleGaming/exclude', { body: { kind: asked.kind, length: asked.length, confirm: '1' } });
      // Signed out everywhere: a full load shows the site as a guest.
      window.location.assign('/');
    } catch (error) {
      const problem = readProblem(error, []);
      setAlert(problem.alert?.message ?? t('errors.generic'));
      setBusy(false);
    }
  }

  const group = (kind: ExclusionKind, lengths: readonly string[]) => (
    <div className="rounded-2xl bg-ink-900/60 p-4 ring-1 ring-white/5">
      <h3 className="font-bold">{kindName(kind)}</h3>
      <p className="mt-1 text-sm text-ink-300">{t(kind === 'time_out' ? 'break.timeOutText' : 'break.selfExclusionText')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {lengths.map((length) => (
          <Button key={length} variant="secondary" size="sm" onClick={() => setAsked({ kind, length })} data-testid={`exclude-${kind}-${length}`}>
            {t(`break.lengths.${length}`)}
          </Button>
        ))}
      </div>
    </div>
  );

  return (
    <Panel icon="heart" title={t('break.title')} text={t('break.text')} className={className} testId="take-a-break">
      <div className="grid gap-3 tablet:grid-cols-2">
        {group('time_out', TIME_OUT_LENGTHS)}
        {group('self_exclusion', SELF_EXCLUSION_LENGTHS)}
      </div>
      <Modal open={asked !== null} label={t('break.title')} onDismiss={() => !busy && setAsked(null)} testId="exclude-confirm">
        {asked && (
          <div className="space-y-4">
            <span className="grid h-12 w-12 place-items-center rounded-2xl bg-ruby-500/15 text-ruby-300 ring-1 ring-ruby-400/30">
              <Icon name="lock" size={24} />
            </span>
            <h2 className="text-xl font-extrabold tracking-tight">
              {t('break.confirmTitle', { kind: kindName(asked.kind), length: t(`break.lengths.${asked.length}`) })}
            </h2>
            <p className="text-sm text-ink-300">
              {t('break.confirmText', { date: dateOf(exclusionEnd(asked.length as never, new Date()).toISOString()) })}
            </p>
            {alert && <FormAlert>{alert}</FormAlert>}
            <div className="flex flex-col gap-2 tablet:flex-row-reverse">
              <Button variant="danger" disabled={busy} onClick={() => void confirm()} className="w-full tablet:flex-1" data-testid="exclude-confirm-yes">
                {t('break.confirm')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => setAsked(null)} className="w-full tablet:flex-1">
                {t('break.cancel')}
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </Panel>
  );
}
