import { useMutation, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import type { HouseBalanceView, LedgerVerifyView, ReconciliationDayView } from '../../../contract/backoffice-money.ts';
import { backofficeApi } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel } from '../ui/controls.tsx';
import { formatAmount, formatTime } from '../ui/format.ts';
import '../money.css';

const texts = defineTexts({
  en: {
    title: 'Ledger',
    subtitle: 'The house side of the books, the check that every balance equals its postings and everything sums to zero, and the provider’s totals against the clearing accounts.',
    houses: 'House accounts',
    account: 'Account',
    currency: 'Currency',
    balance: 'Balance',
    postings: 'Postings',
    none: 'No house account has moved yet.',
    verify: 'Run the ledger check',
    verifying: 'Checking…',
    check: 'Ledger check',
    neverRun: 'Not run in this session. The result of each run is written to the audit trail.',
    holds: 'The ledger holds: {accounts} accounts, {transactions} transactions, {postings} postings; every balance equals its postings and every transaction sums to zero.',
    broken: 'The ledger does NOT hold: {count} problems.',
    checkedAt: 'Checked {at}',
    reconciliation: 'Reconciliation: provider against ledger, per day (UTC)',
    reconciliationHint: 'Provider: pay-ins it settled and payouts it made, by the day it opened them. Ledger: deposits credited from payment_clearing and payouts posted to payout_clearing. A pending deposit settled on a later day shows as a difference on both days.',
    day: 'Day',
    providerIn: 'Provider in',
    ledgerIn: 'Ledger in',
    providerOut: 'Provider out',
    ledgerOut: 'Ledger out',
    difference: 'Difference',
    matches: 'matches',
    differs: 'differs',
    noReport: 'no provider report',
    noDays: 'No money moved through the providers in these days.',
    days: '{n} days',
  },
  fr: {
    title: 'Grand livre',
    subtitle: 'Le côté maison des comptes, la vérification que chaque solde égale ses écritures et que tout s’équilibre à zéro, et les totaux du prestataire face aux comptes de compensation.',
    houses: 'Comptes maison',
    account: 'Compte',
    currency: 'Devise',
    balance: 'Solde',
    postings: 'Écritures',
    none: 'Aucun compte maison n’a encore bougé.',
    verify: 'Vérifier le grand livre',
    verifying: 'Vérification…',
    check: 'Vérification du grand livre',
    neverRun: 'Pas encore lancée dans cette session. Le résultat de chaque vérification est inscrit au journal d’audit.',
    holds: 'Le grand livre est juste : {accounts} comptes, {transactions} transactions, {postings} écritures ; chaque solde égale ses écritures et chaque transaction s’équilibre à zéro.',
    broken: 'Le grand livre n’est PAS juste : {count} problèmes.',
    checkedAt: 'Vérifié le {at}',
    reconciliation: 'Rapprochement : prestataire face au grand livre, par jour (UTC)',
    reconciliationHint: 'Prestataire : les encaissements réglés et les paiements effectués, au jour de leur ouverture. Grand livre : les dépôts crédités depuis payment_clearing et les paiements passés sur payout_clearing. Un dépôt en attente réglé un autre jour apparaît comme un écart les deux jours.',
    day: 'Jour',
    providerIn: 'Prestataire entrées',
    ledgerIn: 'Grand livre entrées',
    providerOut: 'Prestataire sorties',
    ledgerOut: 'Grand livre sorties',
    difference: 'Écart',
    matches: 'concorde',
    differs: 'écart',
    noReport: 'pas de rapport du prestataire',
    noDays: 'Aucun mouvement par les prestataires sur ces jours.',
    days: '{n} jours',
  },
});

const DAYS = 14;

export default function LedgerScreen() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const can = useCan();
  const houses = useQuery({ queryKey: ['backoffice', 'ledger', 'houses'], queryFn: () => backofficeApi<HouseBalanceView[]>('ledger/houses') });
  const reconciliation = useQuery({
    queryKey: ['backoffice', 'ledger', 'reconciliation', DAYS],
    queryFn: () => backofficeApi<{ provider: string; days: ReconciliationDayView[] }>('ledger/reconciliation', { query: { days: DAYS } }),
  });
  const verify = useMutation({ mutationFn: () => backofficeApi<LedgerVerifyView>('ledger/verify', { body: {} }) });
  const amount = (value: string, currency: string) => formatAmount(value, currency, locale);

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          can('ledger.verify') && (
            <Button tone="primary" disabled={verify.isPending} onClick={() => verify.mutate()}>
              {verify.isPending ? t('verifying') : t('verify')}
            </Button>
          )
        }
      />
      <Panel title={t('check')}>
        {verify.error && <Notice tone="bad">{(verify.error as Error).message}</Notice>}
        {!verify.data && !verify.error && <p className="bo-hint">{t('neverRun')}</p>}
        {verify.data && (
          <>
            <Notice tone={verify.data.holds ? 'good' : 'bad'}>
              {verify.data.holds ? t('holds', { accounts: verify.data.accounts, transactions: verify.data.transactions, postings: verify.data.postings }) : t('broken', { count: verify.data.problems.length })}
            </Notice>
            {verify.data.problems.length > 0 && (
              <ul className="money-problems">
                {verify.data.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
            <p className="bo-hint">{t('checkedAt', { at: formatTime(verify.data.checked_at, locale) })}</p>
          </>
        )}
      </Panel>
      <Panel title={t('houses')}>
        {houses.data && houses.data.length === 0 && <p className="bo-hint">{t('none')}</p>}
        <dl className="money-summary">
          {houses.data?.map((row) => (
            <div key={`${row.account}-${row.currency}`} className="money-stat">
              <dt>
                {row.account} · {row.currency}
              </dt>
              <dd className={clsx(row.balance.startsWith('-') && 'money-negative')}>{amount(row.balance, row.currency)}</dd>
              <dd className="bo-hint">
                {t('postings')}: {row.postings}
              </dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel title={t('reconciliation')} actions={<Badge>{t('days', { n: DAYS })}</Badge>}>
        <p className="bo-hint">{t('reconciliationHint')}</p>
        <div className="bo-table-wrap">
          <table className="bo-table money-recon">
            <caption className="sr-only">{t('reconciliation')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('day')}</th>
                <th scope="col">{t('providerIn')}</th>
                <th scope="col">{t('ledgerIn')}</th>
                <th scope="col">{t('providerOut')}</th>
                <th scope="col">{t('ledgerOut')}</th>
                <th scope="col">{t('difference')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {reconciliation.data?.days.map((row) => (
                <tr key={`${row.day}-${row.currency}`} data-testid={`reconciliation-${row.day}-${row.currency}`}>
                  <td>
                    {row.day} <span className="bo-hint">{row.currency}</span>
                  </td>
                  <td className="bo-num">{row.provider ? `${amount(row.provider.payins, row.currency)} (${row.provider.payin_count})` : '—'}</td>
                  <td className="bo-num">
                    {amount(row.ledger.deposits, row.currency)} ({row.ledger.deposit_count})
                  </td>
                  <td className="bo-num">{row.provider ? `${amount(row.provider.payouts, row.currency)} (${row.provider.payout_count})` : '—'}</td>
                  <td className="bo-num">
                    {amount(row.ledger.payouts, row.currency)} ({row.ledger.payout_count})
                  </td>
                  <td className="bo-num">{row.difference ? `${amount(row.difference.payins, row.currency)} / ${amount(row.difference.payouts, row.currency)}` : '—'}</td>
                  <td>{row.matches === null ? <Badge>{t('noReport')}</Badge> : <Badge tone={row.matches ? 'good' : 'bad'}>{row.matches ? t('matches') : t('differs')}</Badge>}</td>
                </tr>
              ))}
              {reconciliation.data?.days.length === 0 && (
                <tr>
                  <td colSpan={7} className="bo-empty">
                    {t('noDays')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </Panel>
    </>
  );
}
