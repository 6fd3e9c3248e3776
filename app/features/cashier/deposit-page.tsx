import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { isLoggedIn } from '../../../contract/api.ts';
import type { CampaignView } from '../../../contract/promotions.ts';
import { isNavigableUrl } from '../../../contract/routing.ts';
import { api } from '../../lib/api-client.ts';
import { deviceFields, useDeviceWarmup } from '../../lib/device-fingerprint.ts';
import { useLocale, useLocalizedPath, useRootData } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert } from '../../ui/field.tsx';
import { ICON_NAMES, Icon, type IconName } from '../../ui/icon.tsx';
import { ExternalIcon, isSvgUrl } from '../../ui/external-icon.tsx';
import { DepositOffers } from '../bonuses/deposit-offers.tsx';
import { effectiveOffer, offerFromQuery, offerGain, visibleDepositOffers } from '../bonuses/rules.ts';
import { BalanceCard, CashierFrame } from './cashier-frame.tsx';
import { DepositLimitCard } from './deposit-limit.tsx';
import { money } from './format.ts';
import { AmountInput, MethodPicker, RequisiteFields } from './form-parts.tsx';
import { cashierFormErrors, readProblem, requisitesOf, type FormProblem } from './form-rules.ts';
import { Card, Row, StepTitle } from './parts.tsx';
import { CashierRegistrationHint } from './registration-hint.tsx';
import { ProblemText, RequirementsNotice, useCashierGates } from './requirements.tsx';
import { browserStorage, cameFrom, storeSuccessReturn } from './return-path.ts';
import type { DepositLimit, DepositSettings } from './types.ts';

export type DepositData = {
  settings: DepositSettings;
  limit: DepositLimit | null;
  /** The method in the address (/cashier/deposit/{sysname}), when there is one. */
  method: string | null;
  hasDeposit: boolean;
  /** Deposit-triggered offers (campaigns/getoffers trigger=deposit); empty when they could not be read. */
  offers: CampaignView[];
  now: number;
};

/** What a method switch carries to the next address, so the typed amount and the chosen offer survive it. */
type CarriedState = { amount?: string; requisites?: Record<string, string>; offer?: number } | null;

const SIGNALS: ReadonlyArray<{ icon: IconName; key: string }> = [
  { icon: 'lock', key: 'secure' },
  { icon: 'bolt', key: 'instant' },
  { icon: 'shield', key: 'licensed' },
];

export function DepositPage({ data }: { data: DepositData }) {
  const { t } = useTranslation('cashier');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const root = useRootData();
  const config = root?.config.cashier;
  const signedIn = isLoggedIn(root?.user);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const carried = (location.state as CarriedState) ?? null;
  useDeviceWarmup();

  const { settings } = data;
  const bySysname = config?.paymentMethodsUrlDisplay !== 'none';
  const [localMethod, setLocalMethod] = useState<string | null>(data.method);
  // While the next method's address loads, its tile is already shown as chosen.
  const pendingSysname = navigation.location?.pathname.match(/\/cashier\/deposit\/([^/]+)$/)?.[1];
  const chosen = (bySysname ? (pendingSysname ?? data.method) : localMethod) ?? settings.methods[0]?.sysname;
  const method = settings.methods.find((item) => item.sysname === chosen) ?? settings.methods[0];

  const [amount, setAmount] = useState(carried?.amount ?? '');
  const [requisites, setRequisites] = useState<Record<string, string>>(carried?.requisites ?? {});
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<FormProblem>({ fields: {}, alert: null });
  const [sending, setSending] = useState(false);
  const gates = useCashierGates();

  // Deposit offers (spec 2 section 4): those the player may pick with this method; ?offer=<id>
  // preselects one. An offer a promo code just unlocked is taken as the code's answer has it: the
  // loader's copy may still be the one read before the code (not eligible) until it reads again.
  const [unlocked, setUnlocked] = useState<CampaignView[]>([]);
  const merged = [
    ...data.offers.map((offer) => unlocked.find((extra) => extra.id === offer.id) ?? offer),
    ...unlocked.filter((extra) => !data.offers.some((offer) => offer.id === extra.id)),
  ];
  const offers = visibleDepositOffers(merged, { signedIn, method: method?.sysname });
  const [chosenOffer, setChosenOffer] = useState<number>(() => carried?.offer ?? offerFromQuery(new URLSearchParams(location.search).get('offer'), offers));
  const offerId = effectiveOffer(chosenOffer, offers);
  const offer = offers.find((item) => item.id === offerId) ?? null;
  const gain = offer ? offerGain(offer.reward, amount, settings.currency) : null;

  const errors = cashierFormErrors({ amount, requisites }, method, settings.currency, locale);
  const valid = Object.keys(errors).length === 0;
  // The sum message shows live as soon as something is typed; the rest after a first try.
  const shown = (name: string) => problem.fields[name] ?? (submitted || (name === 'amount' && amount !== '') ? errors[name] : undefined) ?? null;

  function clearServerError(name: string) {
    if (!(name in problem.fields)) return;
    setProblem((current) => ({ ...current, fields: Object.fromEntries(Object.entries(current.fields).filter(([key]) => key !== name)) }));
  }

  function choose(sysname: string) {
    setProblem({ fields: {}, alert: null });
    if (!bySysname) {
      setLocalMethod(sysname);
      return;
    }
    if (sysname === data.method) return;
    void navigate(localize(`/cashier/deposit/${sysname}`), { replace: true, preventScrollReset: true, state: { amount, requisites, offer: chosenOffer } satisfies CarriedState });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!valid || !method || sending) return;
    setSending(true);
    setProblem({ fields: {}, alert: null });
    try {
      const answer = await api<{ transaction_id: string; redirect_url: string }>('cashier/makedeposit', {
        // The deposit carries the browser's fingerprint (docs/devices.md), never waiting long for it.
        body: { method: method.sysname, amount, campaign_offer_id: offerId, requisites: requisitesOf(method, requisites), ...(await deviceFields()) },
      });
      if (!isNavigableUrl(answer.redirect_url, window.location.origin, { external: true })) throw new Error('unsafe redirect');
      const back = cameFrom(browserStorage('sessionStorage'), document.referrer, window.location.origin) ?? localize('/gamehall');
      storeSuccessReturn(browserStorage('localStorage'), back);
      window.location.assign(answer.redirect_url);
      // The page is leaving for the provider: the button stays busy.
    } catch (error) {
      const shownFields = ['amount', 'campaign_offer_id', ...(method.requisites.map((field) => `requisites.${field.name}`) ?? [])];
      setProblem(readProblem(error, shownFields));
      // Profile data or a confirmed contact missing: the dialog that fixes it opens at once.
      gates.handle(error);
      setSending(false);
    }
  }

  const buttonEnabledByDefault = config?.defaultStateDepositButton ?? true;
  const buttonDisabled = sending || (!buttonEnabledByDefault && !valid);
  const icon = config?.depositButtonIcon ?? '';
  const detalization = config?.detalization;
  const amountShown = valid ? money({ amount, currency: settings.currency }) : null;

  return (
    <CashierFrame page="deposit" title={t('deposit.title')} subtitle={t('deposit.subtitle')}>
      <CashierRegistrationHint hasDeposit={data.hasDeposit} serverNow={data.now} />
      <RequirementsNotice direction="deposit" missing={settings.requirements} />
      <div className="grid grid-cols-1 gap-6 laptop:grid-cols-[minmax(0,1fr)_360px] laptop:grid-rows-[auto_1fr]">
        <BalanceCard actions="withdraw" className="laptop:col-start-2 laptop:row-start-1" />
        <div className="min-w-0 laptop:col-start-1 laptop:row-span-2 laptop:row-start-1">
          <form onSubmit={submit} noValidate className="space-y-6" data-testid="deposit-form">
            <Card>
              <StepTitle step={1}>{t('deposit.method')}</StepTitle>
              <MethodPicker
                methods={settings.methods}
                selected={method?.sysname}
                onSelect={choose}
                label={t('deposit.method')}
                scroll={config?.depositView === 'ContainerScrollView'}
              />
            </Card>

            <Card>
              <StepTitle step={2}>{t('deposit.amount')}</StepTitle>
              <AmountInput
                id="deposit-amount"
                label={t('amount.label')}
                value={amount}
                onChange={(value) => {
                  setAmount(value);
                  clearServerError('amount');
                }}
                presets={settings.amounts}
                currency={settings.currency}
                method={method}
                error={shown('amount')}
              />
            </Card>

            <DepositOffers
              step={3}
              offers={offers}
              selected={offerId}
              onSelect={(id) => {
                setChosenOffer(id);
                clearServerError('campaign_offer_id');
              }}
              amount={amount}
              currency={settings.currency}
              error={problem.fields.campaign_offer_id ?? null}
              onCodeActivated={(answer) => {
                if (answer.campaign.trigger !== 'deposit') return;
                setUnlocked((current) => [...current.filter((item) => item.id !== answer.campaign.id), answer.campaign]);
                setChosenOffer(answer.campaign.id);
                clearServerError('campaign_offer_id');
              }}
            />

            {method && method.requisites.length > 0 && (
              <Card>
                <StepTitle step={4}>{t('deposit.details')}</StepTitle>
                <RequisiteFields
                  fields={method.requisites}
                  values={requisites}
                  errors={Object.fromEntries(method.requisites.map((field) => [`requisites.${field.name}`, shown(`requisites.${field.name}`) ?? '']))}
                  onChange={(name, value) => {
                    setRequisites((current) => ({ ...current, [name]: value }));
                    clearServerError(`requisites.${name}`);
                  }}
                />
              </Card>
            )}

            <Card className="space-y-4">
              {detalization?.enableDetalization && (
                <details open={detalization.displayedDetalization} className="group rounded-2xl bg-ink-900/60 px-4 ring-1 ring-white/5" data-testid="deposit-detalization">
                  <summary className="flex cursor-pointer list-none items-center justify-between py-3 text-sm font-semibold text-ink-200">
                    {t('deposit.summary')}
                    <Icon name="chevronDown" size={18} className="transition group-open:rotate-180" />
                  </summary>
                  <dl className="divide-y divide-white/5 border-t border-white/5">
                    <Row label={t('deposit.summaryMethod')}>{method ? t(`methods.${method.sysname}`, { defaultValue: method.name }) : '—'}</Row>
                    <Row label={t('deposit.summaryAmount')}>{amountShown ?? '—'}</Row>
                    <Row label={t('deposit.summaryFee')}>{t('deposit.free')}</Row>
                    {offer && (
                      <Row label={t('offers.summary', { ns: 'bonuses' })} testId="deposit-summary-bonus">
                        {gain?.kind === 'money' ? t('offers.gain', { ns: 'bonuses', amount: money(gain.amount) }) : offer.title}
                      </Row>
                    )}
                    <Row label={t('deposit.summaryTotal')} strong>
                      {amountShown ?? '—'}
                    </Row>
                  </dl>
                </details>
              )}
              {problem.alert && (
                <FormAlert>
                  <ProblemText alert={problem.alert} testId="deposit-alert" />
                </FormAlert>
              )}
              <Button type="submit" size="lg" className="w-full" disabled={buttonDisabled} aria-busy={sending || undefined} data-testid="deposit-submit">
                {sending ? (
                  <span className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
                ) : icon && (ICON_NAMES as string[]).includes(icon) ? (
                  <Icon name={icon as IconName} size={20} />
                ) : icon && isSvgUrl(icon) ? (
                  <ExternalIcon src={icon} size={20} className="h-5 w-5" />
                ) : icon ? (
                  <img src={icon} alt="" className="h-5 w-5" />
                ) : null}
                {sending ? t('deposit.redirecting') : amountShown ? t('deposit.submitAmount', { amount: amountShown }) : t('deposit.submit')}
              </Button>
              <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-xs text-ink-400">
                {SIGNALS.map((signal) => (
                  <li key={signal.key} className="flex items-center gap-1.5">
                    <Icon name={signal.icon} size={14} className="text-jade-400" />
                    {t(`deposit.signals.${signal.key}`)}
                  </li>
                ))}
              </ul>
            </Card>
          </form>
        </div>

        {data.limit && <DepositLimitCard initial={data.limit} currency={settings.currency} className="laptop:col-start-2 laptop:row-start-2 laptop:self-start" />}
      </div>
    </CashierFrame>
  );
}
