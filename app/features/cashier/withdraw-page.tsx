import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useLocale, useLocalizedPath, useRootData } from '../../lib/locale.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { FormAlert } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { BURN_CONFIRMED, burnRequest } from '../bonuses/rules.ts';
import { useDialogs } from '../dialogs/store.ts';
import { useToasts } from '../toasts/store.ts';
import { BalanceCard, CashierFrame } from './cashier-frame.tsx';
import { money } from './format.ts';
import { AmountInput, MethodPicker, RequisiteFields } from './form-parts.tsx';
import { cashierFormErrors, errorButtonLink, readProblem, requisitesOf, type FormProblem } from './form-rules.ts';
import { Card, DateTime, Row, StatusBadge, StepTitle } from './parts.tsx';
import { ProblemText, RequirementsNotice, useCashierGates } from './requirements.tsx';
import { useBalance, useRefreshBalance } from './use-balance.ts';
import type { HistoryPage, Transaction, WithdrawSettings } from './types.ts';
import { track } from '../../lib/analytics.ts';

export type WithdrawData = { settings: WithdrawSettings; open: HistoryPage | null };

/** Open requests shown under the form (the daily count caps them at a handful). */
export const OPEN_REQUESTS_COUNT = 20;

type Requested = { id: string; amount: string; method: string };

export function WithdrawPage({ data }: { data: WithdrawData }) {
  const { t } = useTranslation('cashier');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const errorButtons = useRootData()?.config.cashier.withdrawalErrorButtons ?? {};
  const showToast = useToasts((state) => state.show);
  const openDialog = useDialogs((state) => state.open);
  const balance = useBalance();
  const refreshBalance = useRefreshBalance();

  const { settings } = data;
  const [chosen, setChosen] = useState(settings.methods[0]?.sysname);
  const method = settings.methods.find((item) => item.sysname === chosen) ?? settings.methods[0];
  const [amount, setAmount] = useState('');
  const [requisites, setRequisites] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<FormProblem>({ fields: {}, alert: null });
  const [sending, setSending] = useState(false);
  const [requested, setRequested] = useState<Requested | null>(null);
  const [open, setOpen] = useState<Transaction[]>(data.open?.items ?? []);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const gates = useCashierGates();

  const errors = cashierFormErrors({ amount, requisites }, method, settings.currency, locale);
  if (!errors.amount && amount && Number(amount) > Number(balance.amount)) errors.amount = t('withdraw.notEnough', { amount: money(balance) });
  const valid = Object.keys(errors).length === 0;
  const shown = (name: string) => problem.fields[name] ?? (submitted || (name === 'amount' && amount !== '') ? errors[name] : undefined) ?? null;

  async function reloadOpen() {
    try {
      const page = await api<HistoryPage>('cashier/gethistory', { query: { type: 'withdrawal', statuses: ['requested'], count: OPEN_REQUESTS_COUNT } });
      setOpen(page.items);
    } catch {
      // the list stays as it was; the history page has the truth
    }
  }

  /** The player's answer in the burn-bonuses confirm: true when they accept to lose the bonus. */
  const confirmBurn = (burn: { balance: string; message: string }) =>
    new Promise<boolean>((resolve) => {
      openDialog({
        component: 'burn-bonuses',
        type: 'confirm',
        componentProps: { balance: burn.balance, currency: settings.currency, message: burn.message },
        dialogProps: { title: t('burn.title', { ns: 'bonuses' }) },
        onClose: (result) => resolve(result === BURN_CONFIRMED),
      });
    });

  async function submit(event: FormEvent, burnBonuses = false) {
    event.preventDefault();
    setSubmitted(true);
    if (!valid || !method || sending) return;
    setSending(true);
    setProblem({ fields: {}, alert: null });
    try {
      const answer = await api<{ transaction_id: string; status: string }>('cashier/makewithdrawal', {
        body: { method: method.sysname, amount, requisites: requisitesOf(method, requisites), ...(burnBonuses ? { burn_bonuses: '1' } : {}) },
      });
      setRequested({ id: answer.transaction_id, amount, method: method.sysname });
      track('withdrawal', { amount, currency: settings.currency, method: method.sysname });
      setAmount('');
      setSubmitted(false);
      await Promise.all([refreshBalance(), reloadOpen()]);
    } catch (error) {
      // A bonus being wagered: the withdrawal would remove it. Asked first, then sent again with burn_bonuses=1.
      const burn = !burnBonuses && isApiError(error) ? burnRequest(error) : null;
      if (burn) {
        setSending(false);
        if (await confirmBurn(burn)) return submit(event, true);
        setProblem({ fields: {}, alert: { type: 'WithdrawalDeclinedException', message: burn.message || null } });
        return;
      }
      setProblem(readProblem(error, ['amount', ...method.requisites.map((field) => `requisites.${field.name}`)]));
      // Profile data or a confirmed contact missing: the dialog that fixes it opens at once.
      gates.handle(error);
      // Identity verification stands in the way: its popup lets the player send documents right here.
      if (isApiError(error) && error.type === 'KycWithdrawalException') {
        openDialog({ component: 'identity-verification', type: 'popup', componentProps: { message: error.message } });
      }
    } finally {
      setSending(false);
    }
  }

  async function cancel(id: string) {
    setCancelling(id);
    try {
      await api('cashier/cancelwithdrawal', { body: { id } });
      setOpen((items) => items.filter((item) => item.id !== id));
      if (requested?.id === id) setRequested(null);
      showToast({ kind: 'success', title: t('withdraw.cancelled') });
      await refreshBalance();
    } catch (error) {
      const problem = readProblem(error, []);
      showToast({ kind: 'error', title: t('withdraw.cancelFailed'), message: problem.alert?.message ?? undefined });
      await reloadOpen();
    } finally {
      setCancelling(null);
    }
  }

  const buttonLink = errorButtonLink(errorButtons, problem.alert?.type, localize);

  return (
    <CashierFrame page="withdraw" title={t('withdraw.title')} subtitle={t('withdraw.subtitle')}>
      <div className="grid grid-cols-1 gap-6 laptop:grid-cols-[minmax(0,1fr)_360px] laptop:grid-rows-[auto_1fr]">
        <BalanceCard actions="deposit" className="laptop:col-start-2 laptop:row-start-1" />
        <div className="min-w-0 space-y-6 laptop:col-start-1 laptop:row-span-2 laptop:row-start-1">
          <RequirementsNotice direction="withdrawal" missing={settings.requirements} />
          {requested && (
            <section
              className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-jade-500/20 via-ink-850 to-ink-850 p-5 ring-1 ring-jade-500/30 tablet:p-6"
              data-testid="withdrawal-requested"
              aria-live="polite"
            >
              <div className="flex items-start gap-4">
                <span className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-jade-500/20 text-jade-400 ring-1 ring-jade-500/30">
                  <Icon name="check" size={26} />
                </span>
                <div className="min-w-0 flex-1">
                  <h2 className="text-lg font-extrabold">{t('withdraw.requestedTitle')}</h2>
                  <p className="mt-1 text-sm text-ink-300">
                    {t('withdraw.requestedText', { amount: money({ amount: requested.amount, currency: settings.currency }) })}
                  </p>
                  <div className="mt-3 flex flex-wrap items-center gap-2">
                    <StatusBadge status="requested" />
                    <span className="font-mono text-xs text-ink-400">{requested.id}</span>
                  </div>
                </div>
                <button type="button" className="rounded-lg p-1 text-ink-400 hover:bg-white/5 hover:text-white" onClick={() => setRequested(null)} aria-label={t('common.close')}>
                  <Icon name="close" size={18} />
                </button>
              </div>
            </section>
          )}

          <form onSubmit={submit} noValidate className="space-y-6" data-testid="withdraw-form">
            <Card>
              <StepTitle step={1}>{t('withdraw.method')}</StepTitle>
              <MethodPicker
                methods={settings.methods}
                selected={method?.sysname}
                onSelect={(sysname) => {
                  setChosen(sysname);
                  setProblem({ fields: {}, alert: null });
                }}
                label={t('withdraw.method')}
              />
            </Card>
            <Card>
              <StepTitle
                step={2}
                aside={
                  Number(balance.amount) >= 1 ? (
                    <button
                      type="button"
                      className="rounded-lg px-2 py-1 text-xs font-semibold text-gold-300 ring-1 ring-gold-400/30 hover:bg-gold-500/10"
                      onClick={() => setAmount(String(Math.floor(Number(balance.amount))))}
                      data-testid="withdraw-max"
                    >
                      {t('withdraw.max')}
                    </button>
                  ) : undefined
                }
              >
                {t('withdraw.amount')}
              </StepTitle>
              <AmountInput
                id="withdraw-amount"
                label={t('amount.label')}
                value={amount}
                onChange={setAmount}
                presets={[]}
                currency={settings.currency}
                method={method}
                error={shown('amount')}
              />
            </Card>
            {method && method.requisites.length > 0 && (
              <Card>
                <StepTitle step={3}>{t('withdraw.details')}</StepTitle>
                <RequisiteFields
                  fields={method.requisites}
                  values={requisites}
                  errors={Object.fromEntries(method.requisites.map((field) => [`requisites.${field.name}`, shown(`requisites.${field.name}`) ?? '']))}
                  onChange={(name, value) => setRequisites((current) => ({ ...current, [name]: value }))}
                />
              </Card>
            )}
            <Card className="space-y-4">
              {problem.alert && (
                <FormAlert>
                  <span className="flex flex-col gap-3 tablet:flex-row tablet:items-center tablet:justify-between">
                    <ProblemText alert={problem.alert} testId="withdraw-alert" />
                    {buttonLink && (
                      <ButtonLink to={buttonLink} variant="secondary" size="sm" className="shrink-0" data-testid="withdraw-error-button">
                        {t(`withdraw.errorButtons.${problem.alert.type}`, { defaultValue: t('withdraw.errorButtons.default') })}
                      </ButtonLink>
                    )}
                  </span>
                </FormAlert>
              )}
              <Button type="submit" size="lg" className="w-full" disabled={sending} aria-busy={sending || undefined} data-testid="withdraw-submit">
                {sending ? (
                  <span className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
                ) : (
                  <Icon name="arrowUp" size={20} />
                )}
                {valid && amount ? t('withdraw.submitAmount', { amount: money({ amount, currency: settings.currency }) }) : t('withdraw.submit')}
              </Button>
              <p className="text-center text-xs text-ink-400">
                {t('withdraw.limits', { amount: money(settings.limits.daily_amount), requests: settings.limits.daily_count })}
              </p>
            </Card>
          </form>
        </div>

        <Card
          icon="clock"
          title={t('withdraw.openTitle')}
          text={open.length ? t('withdraw.openText') : undefined}
          className="laptop:col-start-2 laptop:row-start-2 laptop:self-start"
          testId="open-withdrawals"
        >
          {open.length === 0 ? (
            <p className="rounded-2xl bg-ink-900/60 px-4 py-3 text-sm text-ink-300 ring-1 ring-white/5" data-testid="open-withdrawals-empty">
              {t('withdraw.openEmpty')}
            </p>
          ) : (
            <ul className="space-y-3">
              {open.map((item) => (
                <li key={item.id} className="rounded-2xl bg-ink-900/60 p-4 ring-1 ring-white/5" data-testid="open-withdrawal">
                  <dl>
                    <div className="flex items-center justify-between gap-3">
                      <dt className="sr-only">{t('receipt.amount')}</dt>
                      <dd className="text-lg font-extrabold tabular-nums">{money(item.amount)}</dd>
                      <StatusBadge status={item.status} />
                    </div>
                    <Row label={t(`methods.${item.method}`, { defaultValue: item.method })}>
                      <DateTime iso={item.created_at} className="text-ink-300" />
                    </Row>
                  </dl>
                  <Button
                    variant="secondary"
                    size="sm"
                    className="mt-1 w-full"
                    disabled={cancelling === item.id}
                    onClick={() => void cancel(item.id)}
                    data-testid="cancel-withdrawal"
                  >
                    <Icon name="close" size={16} />
                    {t('withdraw.cancel')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </CashierFrame>
  );
}
