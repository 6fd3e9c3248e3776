import { useQuery } from '@tanstack/react-query';
import { useMemo, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { BusinessReport, BusinessReportRow, ReportDimension, ReportPeriod } from '../../../contract/backoffice-reports.ts';
import { REPORT_DIMENSIONS, REPORT_PERIODS } from '../../../contract/backoffice-reports.ts';
import { CURRENCIES, formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { downloadText } from '../marketing-shared.tsx';
import '../reports.css';
import { Button, Notice, PageHeader, Panel, SelectField, TextField } from '../ui/controls.tsx';
import { Kpi } from '../ui/kpi.tsx';
import { LineChart, type ChartSeries } from '../ui/line-chart.tsx';
import { periodStarts } from '../report-periods.ts';
import { StaticTable } from '../ui/static-table.tsx';

const texts = defineTexts({
  en: {
    title: 'Business report',
    subtitle: 'From the ledger, folded every minute: GGR = stakes − wins − refunds; NGR = GGR − bonus cost − cashback (docs/reports.md). Days in UTC, test accounts left out, each currency on its own.',
    from: 'From',
    to: 'Until (excluded)',
    period: 'Period',
    by: 'Split by',
    currency: 'Currency',
    allCurrencies: 'All currencies',
    show: 'Show',
    csv: 'Export CSV',
    day: 'Day',
    week: 'Week',
    month: 'Month',
    total: 'Nothing (totals)',
    country: 'Country',
    provider: 'Provider',
    game: 'Game',
    campaign: 'Campaign',
    affiliate: 'Affiliate',
    noCampaign: 'No campaign',
    caption: 'Business figures per period',
    stakes: 'Stakes',
    wins: 'Wins',
    ggr: 'GGR',
    bonus: 'Bonus cost',
    cashback: 'cashback {amount}',
    staked: 'staked {amount}',
    ngr: 'NGR',
    deposits: 'Deposits',
    ftd: 'FTD',
    withdrawals: 'Withdrawals',
    signups: 'Sign-ups',
    activeHint: '{count} active',
    arpuHint: 'ARPU {amount}',
    unknownCountry: 'Unknown',
    empty: 'Nothing in this period: no play, deposit, withdrawal or sign-up.',
    kpis: 'The period in {currency}',
    chart: 'GGR, NGR and deposits in {currency}',
    folded: 'Includes ledger movements up to #{through}, folded {at}. Movements settle for a minute before they are folded.',
    notFolded: 'The ledger has not been folded yet: the job runs every minute.',
    sports: 'Sports turnover',
    sportsColumn: 'Sports',
    marginHint: 'margin {margin}',
    conversionCell: 'converted {rate} of {amount}',
    sportsHint: 'margin {margin} on {settled} settled',
    noMargin: 'no bet settled',
    bonusConversion: 'Bonus conversion',
    conversionHint: '{converted} of {granted} granted',
    noGrant: 'no bonus money granted',
    granted: 'Bonus granted',
    converted: 'Converted',
    lapsed: 'Expired · forfeited',
    running: 'Running',
    conversion: 'Conversion',
    owed: 'Owed now in {currency}',
    owedNote: 'A point in time, read {at}: not a sum over the period.',
    sportsLiability: 'Open sports liability',
    sportsLiabilityHint: '{bets} open bets, {stakes} staked, {payout} if all win',
    jackpots: 'Jackpot pools',
    jackpotsHint: 'ledger balance of jackpot_pool',
    loyalty: 'Loyalty points',
    loyaltyHint: 'worth {value} at {points} CP = {buys}',
    loyaltyNoRate: 'the shop sells no money for points',
    nothingOwed: 'Nothing owed in {currency}: no open bet, pool or points.',
  },
  fr: {
    title: 'Rapport d’activité',
    subtitle: 'Depuis le grand livre, agrégé chaque minute : GGR = mises − gains − remboursements ; NGR = GGR − coût des bonus − cashback (docs/reports.md). Jours en UTC, comptes de test exclus, chaque devise à part.',
    from: 'Du',
    to: 'Au (exclu)',
    period: 'Période',
    by: 'Détail par',
    currency: 'Devise',
    allCurrencies: 'Toutes les devises',
    show: 'Afficher',
    csv: 'Exporter en CSV',
    day: 'Jour',
    week: 'Semaine',
    month: 'Mois',
    total: 'Rien (totaux)',
    country: 'Pays',
    provider: 'Fournisseur',
    game: 'Jeu',
    campaign: 'Campagne',
    affiliate: 'Affilié',
    noCampaign: 'Sans campagne',
    caption: 'Chiffres d’activité par période',
    stakes: 'Mises',
    wins: 'Gains',
    ggr: 'GGR',
    bonus: 'Coût des bonus',
    cashback: 'cashback {amount}',
    staked: 'misé {amount}',
    ngr: 'NGR',
    deposits: 'Dépôts',
    ftd: 'FTD',
    withdrawals: 'Retraits',
    signups: 'Inscriptions',
    activeHint: '{count} actifs',
    arpuHint: 'ARPU {amount}',
    unknownCountry: 'Inconnu',
    empty: 'Rien sur cette période : ni jeu, ni dépôt, ni retrait, ni inscription.',
    kpis: 'La période en {currency}',
    chart: 'GGR, NGR et dépôts en {currency}',
    folded: 'Inclut les mouvements du grand livre jusqu’au n° {through}, agrégés {at}. Un mouvement attend une minute avant d’être agrégé.',
    notFolded: 'Le grand livre n’a pas encore été agrégé : la tâche passe chaque minute.',
    sports: 'Mises paris sportifs',
    sportsColumn: 'Paris',
    marginHint: 'marge {margin}',
    conversionCell: 'converti {rate} sur {amount}',
    sportsHint: 'marge {margin} sur {settled} réglés',
    noMargin: 'aucun pari réglé',
    bonusConversion: 'Conversion des bonus',
    conversionHint: '{converted} sur {granted} accordés',
    noGrant: 'aucun bonus en argent accordé',
    granted: 'Bonus accordés',
    converted: 'Convertis',
    lapsed: 'Expirés · perdus',
    running: 'En cours',
    conversion: 'Conversion',
    owed: 'Dû maintenant en {currency}',
    owedNote: 'Un instant, lu {at} : pas une somme sur la période.',
    sportsLiability: 'Engagement paris ouverts',
    sportsLiabilityHint: '{bets} paris ouverts, {stakes} misés, {payout} s’ils gagnent tous',
    jackpots: 'Cagnottes des jackpots',
    jackpotsHint: 'solde du compte jackpot_pool',
    loyalty: 'Points de fidélité',
    loyaltyHint: 'valent {value} à {points} CP = {buys}',
    loyaltyNoRate: 'la boutique ne vend rien en argent contre des points',
    nothingOwed: 'Rien de dû en {currency} : ni pari ouvert, ni cagnotte, ni points.',
  },
});

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const defaultRange = () => {
  const tomorrow = Date.parse(isoDay(Date.now())) + DAY_MS;
  return { from: isoDay(tomorrow - 30 * DAY_MS), to: isoDay(tomorrow) };
};
const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

export default function ReportsScreen() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const [params, setParams] = useSearchParams();
  const range = defaultRange();
  const query = {
    from: params.get('from') || range.from,
    to: params.get('to') || range.to,
    period: pick<ReportPeriod>(params.get('period'), REPORT_PERIODS, 'day'),
    by: pick<ReportDimension>(params.get('by'), REPORT_DIMENSIONS, 'total'),
    currency: params.get('currency') ?? '',
  };
  const report = useQuery({ queryKey: ['backoffice', 'reports', query], queryFn: () => backofficeApi<BusinessReport>('reports/business', { query }), refetchOnMount: 'always' });

  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['from', 'to', 'period', 'by', 'currency']) {
      const value = String(form.get(name) ?? '');
      if (value) next.set(name, value);
    }
    setParams(next, { replace: true });
  }
  async function exportCsv() {
    const file = await backofficeApi<{ filename: string; csv: string }>('reports/business.csv', { query });
    downloadText(file.filename, file.csv);
  }

  const numberFormat = useMemo(() => new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }), [locale]);
  const money = (amount: string | null) => (amount === null ? '—' : numberFormat.format(Number(amount)));
  const wholeNumber = (value: number) => new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB').format(value);
  const percent = (value: string | null) => (value === null ? '—' : `${numberFormat.format(Number(value))} %`);
  const rows = report.data?.rows ?? [];
  // Figures in several currencies are never added up: the tiles and the chart show one currency,
  // the chosen one or else the first the report holds.
  const chartCurrency = query.currency || rows[0]?.currency || '';
  const inCurrency = rows.filter((row) => row.currency === chartCurrency);
  const totals = sumRows(inCurrency, chartCurrency);
  // Every period of the range, so a quiet day shows as zero on the chart instead of vanishing.
  const periods = periodStarts(report.data?.from ?? query.from, report.data?.to ?? query.to, report.data?.period ?? query.period);
  const series: ChartSeries[] = useMemo(() => {
    const byPeriod = (field: 'ggr' | 'ngr' | 'deposits') => periods.map((period) => inCurrency.filter((row) => row.period === period).reduce((sum, row) => sum + Number(row[field] ?? 0), 0));
    return [
      { label: t('ggr'), values: byPeriod('ggr'), color: '#2f55e4' },
      { label: t('ngr'), values: byPeriod('ngr'), color: '#0f8a5f' },
      { label: t('deposits'), values: byPeriod('deposits'), color: '#b7791f' },
    ];
    // The rows change only with the answer; recomputing on each render would redraw the canvas.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [report.data, chartCurrency, locale]);
  // Short labels under the axis: 11-27 for days and weeks (the year is in the range above), 2026-11 for months.
  const periodLabels = useMemo(() => periods.map((start) => (query.period === 'month' ? start.slice(0, 7) : start.slice(5))), [report.data, chartCurrency]); // eslint-disable-line react-hooks/exhaustive-deps
  const chartFormat = useMemo(() => (value: number) => numberFormat.format(value), [numberFormat]);
  const keyLabel = (row: BusinessReportRow) =>
    row.key !== '' ? row.key : query.by === 'country' ? t('unknownCountry') : query.by === 'campaign' ? t('noCampaign') : row.key;
  const perPerson = query.by === 'total' || query.by === 'country' || query.by === 'affiliate';
  // A campaign's rows carry its bonuses only (docs/reports.md): their own columns.
  const perCampaign = query.by === 'campaign';
  const hasSports = perPerson;
  const owed = report.data?.liabilities.find((line) => line.currency === chartCurrency);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <form className="bo-filters" onSubmit={show} key={JSON.stringify(query)}>
        <TextField label={t('from')} name="from" type="date" defaultValue={query.from} required error={fieldError(report.error, 'from')} />
        <TextField label={t('to')} name="to" type="date" defaultValue={query.to} required error={fieldError(report.error, 'to')} />
        <SelectField label={t('period')} name="period" defaultValue={query.period} options={REPORT_PERIODS.map((value) => ({ value, label: t(value) }))} />
        <SelectField label={t('by')} name="by" defaultValue={query.by} options={REPORT_DIMENSIONS.map((value) => ({ value, label: t(value) }))} />
        <SelectField
          label={t('currency')}
          name="currency"
          defaultValue={query.currency}
          options={[{ value: '', label: t('allCurrencies') }, ...Object.keys(CURRENCIES).map((code) => ({ value: code, label: code }))]}
        />
        <Button type="submit" tone="primary">
          {t('show')}
        </Button>
        <Button onClick={() => void exportCsv()}>{t('csv')}</Button>
      </form>
      {report.error && !fieldError(report.error, 'from') && !fieldError(report.error, 'to') && <Notice tone="bad">{report.error.message}</Notice>}
      {report.data && (
        <p className="bo-report-meta" data-testid="report-folded">
          {report.data.folded_at ? t('folded', { through: String(report.data.folded_through), at: new Date(report.data.folded_at).toLocaleString(locale === 'fr' ? 'fr-FR' : 'en-GB') }) : t('notFolded')}
        </p>
      )}
      {chartCurrency && (
        <Panel title={t('kpis', { currency: chartCurrency })}>
          <dl className="bo-kpis" data-testid="report-kpis">
            <Kpi label={t('ggr')} value={money(totals.ggr)} name="ggr" bad={Number(totals.ggr) < 0} />
            <Kpi label={t('ngr')} value={money(totals.ngr)} name="ngr" bad={Number(totals.ngr) < 0} />
            <Kpi label={t('stakes')} value={money(totals.stakes)} name="stakes" />
            <Kpi label={t('deposits')} value={money(totals.deposits)} name="deposits" />
            <Kpi label={t('withdrawals')} value={money(totals.withdrawals)} name="withdrawals" />
            <Kpi label={t('ftd')} value={String(totals.firstDeposits)} name="first_deposits" />
            {perPerson && <Kpi label={t('signups')} value={String(totals.signups)} name="signups" />}
            {hasSports && (
              <Kpi
                label={t('sports')}
                value={money(totals.sportsTurnover)}
                name="sports_turnover"
                hint={totals.sportsMargin === null ? t('noMargin') : t('sportsHint', { margin: percent(totals.sportsMargin), settled: money(totals.sportsSettled) })}
              />
            )}
            <Kpi
              label={t('bonusConversion')}
              value={percent(totals.bonusConversion)}
              name="bonus_conversion"
              hint={totals.bonusConversion === null ? t('noGrant') : t('conversionHint', { converted: money(totals.bonusConverted), granted: money(totals.bonusGranted) })}
            />
          </dl>
        </Panel>
      )}
      {chartCurrency && report.data && (
        <Panel title={t('owed', { currency: chartCurrency })}>
          <p className="bo-report-meta">{t('owedNote', { at: new Date(report.data.liabilities_at).toLocaleString(locale === 'fr' ? 'fr-FR' : 'en-GB') })}</p>
          {owed ? (
            <dl className="bo-kpis bo-kpis-owed" data-testid="report-liabilities">
              <Kpi
                label={t('sportsLiability')}
                value={money(owed.sports_open_liability)}
                name="sports_open_liability"
                hint={t('sportsLiabilityHint', { bets: String(owed.sports_open_bets), stakes: money(owed.sports_open_stakes), payout: money(owed.sports_potential_payout) })}
              />
              <Kpi label={t('jackpots')} value={money(owed.jackpot_pools)} name="jackpot_pools" hint={t('jackpotsHint')} />
              <Kpi
                label={t('loyalty')}
                value={wholeNumber(owed.loyalty_points)}
                name="loyalty_points"
                hint={owed.loyalty_rate ? t('loyaltyHint', { value: money(owed.loyalty_value), points: wholeNumber(owed.loyalty_rate.points), buys: money(owed.loyalty_rate.buys) }) : t('loyaltyNoRate')}
              />
            </dl>
          ) : (
            <p>{t('nothingOwed', { currency: chartCurrency })}</p>
          )}
        </Panel>
      )}
      {query.by === 'total' && chartCurrency && periodLabels.length > 1 && (
        <Panel title={t('chart', { currency: chartCurrency })}>
          <LineChart labels={periodLabels} xLabel={t('period')} series={series} format={chartFormat} testId="report-chart" />
        </Panel>
      )}
      <Panel className="bo-report">
        <StaticTable
          caption={t('caption')}
          headers={
            perCampaign
              ? [t('period'), t('campaign'), t('bonus'), t('granted'), t('converted'), t('lapsed'), t('running'), t('conversion')]
              : [
                  t('period'),
                  ...(query.by === 'total' ? [] : [t(query.by)]),
                  t('ggr'),
                  t('bonus'),
                  t('ngr'),
                  t('deposits'),
                  t('ftd'),
                  t('withdrawals'),
                  ...(perPerson ? [t('signups'), t('sportsColumn')] : []),
                ]
          }
          testId="business-report"
          empty={rows.length ? null : report.isLoading ? '…' : t('empty')}
        >
          {rows.map((row) => (
            <tr key={`${row.period}:${row.currency}:${row.key}`} data-period={row.period} data-currency={row.currency} data-key={row.key}>
              <td>
                {row.period}
                <div className="bo-hint">{row.currency}</div>
              </td>
              {query.by !== 'total' && <td>{keyLabel(row)}</td>}
              {perCampaign ? (
                <>
                  <td className="bo-num" data-cell="bonus_cost">
                    {money(row.bonus_cost)}
                    <div className="bo-hint">{t('cashback', { amount: money(row.cashback) })}</div>
                  </td>
                  <td className="bo-num" data-cell="bonus_granted">
                    {money(row.bonus_granted)}
                  </td>
                  <td className="bo-num" data-cell="bonus_converted">
                    {money(row.bonus_converted)}
                  </td>
                  <td className="bo-num bo-nowrap" data-cell="bonus_lapsed">
                    {money(row.bonus_expired)} · {money(row.bonus_forfeited)}
                  </td>
                  <td className="bo-num" data-cell="bonus_running">
                    {row.bonus_running ?? '—'}
                  </td>
                  <td className="bo-num font-semibold" data-cell="bonus_conversion">
                    {percent(row.bonus_conversion)}
                  </td>
                </>
              ) : (
                <>
                  <td className="bo-num" data-cell="ggr">
                    {money(row.ggr)}
                    {/* The stakes under the GGR they made, to keep every column within 1024 px. */}
                    <div className="bo-hint">{t('staked', { amount: money(row.stakes) })}</div>
                  </td>
                  <td className="bo-num" data-cell="bonus_cost">
                    {money(row.bonus_cost)}
                    <div className="bo-hint">{t('cashback', { amount: money(row.cashback) })}</div>
                    {/* What became of the bonus money granted, beside what bonuses cost: within 1024 px. */}
                    {row.bonus_granted !== null && (
                      <div className="bo-hint bo-nowrap" data-cell="bonus_conversion">
                        {t('conversionCell', { rate: percent(row.bonus_conversion), amount: money(row.bonus_granted) })}
                      </div>
                    )}
                  </td>
                  <td className="bo-num font-semibold" data-cell="ngr">
                    {money(row.ngr)}
                    {perPerson && <div className="bo-hint font-normal">{t('arpuHint', { amount: money(row.arpu) })}</div>}
                  </td>
                  <td className="bo-num" data-cell="deposits">
                    {money(row.deposits)}
                    <div className="bo-hint">×{row.deposit_count}</div>
                  </td>
                  <td className="bo-num" data-cell="first_deposits">
                    {row.first_deposits}
                  </td>
                  <td className="bo-num" data-cell="withdrawals">
                    {money(row.withdrawals)}
                    <div className="bo-hint">×{row.withdrawal_count}</div>
                  </td>
                </>
              )}
              {perPerson && (
                <>
                  {/* Who played under who signed up, ARPU under the NGR it divides: every column within 1024 px. */}
                  <td className="bo-num" data-cell="signups">
                    {row.signups ?? '—'}
                    <div className="bo-hint">{t('activeHint', { count: String(row.active_players ?? '—') })}</div>
                  </td>
                  <td className="bo-num" data-cell="sports_turnover">
                    {money(row.sports_turnover)}
                    {/* The margin of the bets settled in the period under the turnover placed in it. */}
                    <div className="bo-hint bo-nowrap">{t('marginHint', { margin: percent(row.sports_margin) })}</div>
                  </td>
                </>
              )}
            </tr>
          ))}
        </StaticTable>
      </Panel>
    </>
  );
}

/** One currency's rows added up in minor units (every currency the site knows has two decimals, as the rows show); a figure a row lacks adds nothing. */
function sumRows(rows: BusinessReportRow[], currency: string) {
  const code: CurrencyCode = isCurrency(currency) ? currency : 'EUR';
  type MoneyField = 'ggr' | 'ngr' | 'stakes' | 'deposits' | 'withdrawals' | 'sports_turnover' | 'sports_settled_stakes' | 'sports_ggr' | 'bonus_granted' | 'bonus_converted';
  const minor = (field: MoneyField) => rows.reduce((sum, row) => sum + BigInt((row[field] ?? '0').replace('.', '')), 0n);
  const add = (field: MoneyField) => formatMinor(minor(field), code);
  const ratio = (part: bigint, whole: bigint) => (whole === 0n ? null : ((Number(part) / Number(whole)) * 100).toFixed(2));
  return {
    ggr: add('ggr'),
    ngr: add('ngr'),
    stakes: add('stakes'),
    deposits: add('deposits'),
    withdrawals: add('withdrawals'),
    firstDeposits: rows.reduce((sum, row) => sum + (row.first_deposits ?? 0), 0),
    signups: rows.reduce((sum, row) => sum + (row.signups ?? 0), 0),
    sportsTurnover: add('sports_turnover'),
    sportsSettled: add('sports_settled_stakes'),
    sportsMargin: ratio(minor('sports_ggr'), minor('sports_settled_stakes')),
    bonusGranted: add('bonus_granted'),
    bonusConverted: add('bonus_converted'),
    bonusConversion: ratio(minor('bonus_converted'), minor('bonus_granted')),
  };
}
