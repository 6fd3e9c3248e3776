import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import type { AffiliateReport, AffiliateView } from '../../../contract/backoffice-affiliates.ts';
import { AFFILIATES_QUERY } from '../affiliates-shared.tsx';
import { backofficeApi } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { downloadText } from '../marketing-shared.tsx';
import { Button, Notice, PageHeader, Panel, SelectField, TextField } from '../ui/controls.tsx';
import { StaticTable } from '../ui/static-table.tsx';

const texts = defineTexts({
  en: {
    title: 'Affiliate report',
    subtitle: 'A calendar month (UTC) per affiliate and currency, from the ledger. NGR = GGR − bonus cost − cashback (docs/reports.md); revenue share on a positive NGR, no carry-over; CPA per first-time depositor of the month. Test accounts left out.',
    month: 'Month',
    affiliate: 'Affiliate',
    all: 'All affiliates',
    show: 'Show',
    csv: 'Export CSV',
    caption: 'Affiliate figures for the month',
    currency: 'Currency',
    signups: 'Sign-ups',
    ftds: 'FTD',
    deposits: 'Deposits',
    ggr: 'GGR',
    bonus: 'Bonuses',
    cashback: 'cashback {amount}',
    ngr: 'NGR',
    shareOwed: 'Rev. share',
    cpaOwed: 'CPA',
    empty: 'Nothing for this month: no sign-up, deposit or play by these affiliates’ players.',
    back: 'All affiliates',
  },
  fr: {
    title: 'Rapport des affiliés',
    subtitle: 'Un mois civil (UTC) par affilié et par devise, depuis le grand livre. NGR = GGR − coût des bonus − cashback (docs/reports.md) ; partage de revenus sur un NGR positif, sans report ; CPA par premier dépôt du mois. Comptes de test exclus.',
    month: 'Mois',
    affiliate: 'Affilié',
    all: 'Tous les affiliés',
    show: 'Afficher',
    csv: 'Exporter en CSV',
    caption: 'Chiffres des affiliés pour le mois',
    currency: 'Devise',
    signups: 'Inscriptions',
    ftds: 'FTD',
    deposits: 'Dépôts',
    ggr: 'GGR',
    bonus: 'Bonus',
    cashback: 'cashback {amount}',
    ngr: 'NGR',
    shareOwed: 'Partage',
    cpaOwed: 'CPA',
    empty: 'Rien pour ce mois : aucune inscription, aucun dépôt ni jeu des joueurs de ces affiliés.',
    back: 'Tous les affiliés',
  },
});

const thisMonth = () => new Date().toISOString().slice(0, 7);

export default function AffiliateReportScreen() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const [params, setParams] = useSearchParams();
  const month = params.get('month') || thisMonth();
  const affiliateId = params.get('affiliate_id') ?? '';
  const query = { month, affiliate_id: affiliateId };
  const report = useQuery({ queryKey: [...AFFILIATES_QUERY, 'report', query], queryFn: () => backofficeApi<AffiliateReport>('affiliates/report', { query }), refetchOnMount: 'always' });
  const affiliates = useQuery({ queryKey: [...AFFILIATES_QUERY, {}], queryFn: () => backofficeApi<AffiliateView[]>('affiliates/list') });

  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const chosenMonth = String(form.get('month') ?? '');
    const chosen = String(form.get('affiliate_id') ?? '');
    if (chosenMonth) next.set('month', chosenMonth);
    if (chosen) next.set('affiliate_id', chosen);
    setParams(next, { replace: true });
  }
  async function exportCsv() {
    const file = await backofficeApi<{ filename: string; csv: string }>('affiliates/report.csv', { query });
    downloadText(file.filename, file.csv);
  }
  // The row's currency is under the affiliate's name: cells show the figure alone, to fit 1024 px.
  const money = (amount: string) => new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount));

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Link className="bo-button bo-button-quiet" to={`${BACKOFFICE_PATH}/affiliates`}>
            {t('back')}
          </Link>
        }
      />
      <form className="bo-filters" onSubmit={show} key={`${month}:${affiliateId}`}>
        <TextField label={t('month')} name="month" type="month" defaultValue={month} />
        <SelectField
          label={t('affiliate')}
          name="affiliate_id"
          defaultValue={affiliateId}
          options={[{ value: '', label: t('all') }, ...(affiliates.data ?? []).map((affiliate) => ({ value: String(affiliate.id), label: affiliate.name }))]}
        />
        <Button type="submit">{t('show')}</Button>
        <Button onClick={() => void exportCsv()}>{t('csv')}</Button>
      </form>
      {report.error && <Notice tone="bad">{report.error.message}</Notice>}
      <Panel>
        <StaticTable
          caption={t('caption')}
          headers={[t('affiliate'), t('signups'), t('ftds'), t('deposits'), t('ggr'), t('bonus'), t('ngr'), t('shareOwed'), t('cpaOwed')]}
          testId="affiliate-report"
          empty={report.data?.rows.length ? null : report.isLoading ? '…' : t('empty')}
        >
          {(report.data?.rows ?? []).map((row) => (
            <tr key={`${row.affiliate_id}:${row.currency}`} data-affiliate={row.affiliate}>
              <td>
                <Link to={`${BACKOFFICE_PATH}/affiliates/${row.affiliate_id}`} className="font-semibold">
                  {row.affiliate}
                </Link>
                <div className="bo-hint">{row.currency}</div>
              </td>
              <td className="bo-num" data-cell="signups">
                {row.signups}
              </td>
              <td className="bo-num" data-cell="first_deposits">
                {row.first_deposits}
              </td>
              <td className="bo-num" data-cell="deposits">
                {money(row.deposits)}
                <div className="bo-hint">×{row.deposit_count}</div>
              </td>
              <td className="bo-num">{money(row.ggr)}</td>
              <td className="bo-num">
                {money(row.bonus_cost)}
                {/* Cashback is a cost of its own in the NGR: under the bonuses, to keep the month within 1024 px. */}
                <div className="bo-hint">{t('cashback', { amount: money(row.cashback) })}</div>
              </td>
              <td className="bo-num font-semibold">{money(row.ngr)}</td>
              <td className="bo-num">
                {money(row.revenue_share_owed)}
                <div className="bo-hint">{row.revenue_share_percent} %</div>
              </td>
              <td className="bo-num" data-cell="cpa_owed">
                {row.cpa_currency ? `${money(row.cpa_owed)} ${row.cpa_currency}` : '—'}
              </td>
            </tr>
          ))}
        </StaticTable>
      </Panel>
    </>
  );
}
