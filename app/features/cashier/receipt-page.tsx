import { useTranslation } from 'react-i18next';
import { useLocalizedPath, useRootData } from '../../lib/locale.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Icon } from '../../ui/icon.tsx';
import { CashierFrame } from './cashier-frame.tsx';
import { money } from './format.ts';
import { MethodArt } from './method-art.tsx';
import { DateTime, Row, StatusBadge } from './parts.tsx';
import type { Transaction } from './types.ts';
// Printing shows the receipt alone (its print rules).
import './cashier.css';

/** /cashier/receipt?id=...: one transaction as a printable receipt. */
export function ReceiptPage({ transaction }: { transaction: Transaction | null }) {
  const { t } = useTranslation('cashier');
  const localize = useLocalizedPath();
  const root = useRootData();
  if (!transaction) {
    return (
      <CashierFrame page="receipt" title={t('receipt.title')} subtitle={t('receipt.subtitle')}>
        <EmptyState
          icon="receipt"
          title={t('receipt.noneTitle')}
          text={t('receipt.noneText')}
          action={
            <ButtonLink to={localize('/cashier/history')} variant="secondary" className="mt-2">
              {t('nav.history')}
            </ButtonLink>
          }
        />
      </CashierFrame>
    );
  }
  const requisites = Object.entries(transaction.requisites);
  return (
    <CashierFrame page="receipt" title={t('receipt.title')} subtitle={t('receipt.subtitle')}>
      <div className="mx-auto max-w-xl">
        <article
          id="cashier-receipt"
          className="relative text-ink-900 drop-shadow-[0_24px_40px_rgba(0,0,0,0.55)]"
          data-testid="receipt"
        >
          <div className="h-2 rounded-t-3xl bg-gradient-to-r from-gold-400 via-gold-500 to-violet-500" />
          <div className="bg-[#fbfaf6] p-6 tablet:p-8">
            <header className="flex items-start justify-between gap-4">
              <div>
                <img src={root?.config.logos.logoMobile ?? '/brand/logo-mark.svg'} alt="" className="mb-3 h-10 w-10" />
                <p className="text-xs font-semibold tracking-[0.2em] text-ink-400 uppercase">{root?.config.seo.product.name ?? 'Croupier'}</p>
                <h2 className="text-xl font-extrabold text-ink-900">{t(`receipt.heading.${transaction.type}`)}</h2>
              </div>
              <MethodArt sysname={transaction.method} className="h-12 w-[74px] shrink-0 rounded-lg shadow-md" />
            </header>

            <div className="my-6 rounded-2xl bg-ink-900/[0.04] px-5 py-6 text-center">
              <p className="text-sm text-ink-500">{t('receipt.amount')}</p>
              <p className="mt-1 text-4xl font-black tracking-tight text-ink-900 tabular-nums" data-testid="receipt-amount">
                {money(transaction.amount)}
              </p>
              <StatusBadge status={transaction.status} className="mt-3 bg-white!" />
            </div>

            <dl className="divide-y divide-dashed divide-ink-900/15 [&_dd]:text-ink-900! [&_dt]:text-ink-500!">
              <Row label={t('receipt.id')}>
                <span className="font-mono text-xs" data-testid="receipt-id">
                  {transaction.id}
                </span>
              </Row>
              <Row label={t('receipt.type')}>{t(`history.type.${transaction.type}`)}</Row>
              <Row label={t('receipt.method')}>
                <span data-testid="receipt-method">{t(`methods.${transaction.method}`, { defaultValue: transaction.method })}</span>
              </Row>
              {requisites.map(([name, value]) => (
                <Row key={name} label={t(`requisites.${name}`, { defaultValue: name })}>
                  <span className="font-mono text-xs">{value}</span>
                </Row>
              ))}
              <Row label={t('receipt.created')}>
                <DateTime iso={transaction.created_at} />
              </Row>
              <Row label={t('receipt.updated')}>
                <DateTime iso={transaction.updated_at} />
              </Row>
              {transaction.domain && <Row label={t('receipt.domain')}>{transaction.domain}</Row>}
            </dl>
            <p className="mt-6 border-t border-ink-900/10 pt-4 text-center text-xs text-ink-500">{t('receipt.footer')}</p>
          </div>
          {/* A torn-paper edge */}
          <div
            aria-hidden="true"
            className="h-3 bg-[radial-gradient(circle_at_8px_12px,transparent_6px,#fbfaf6_6.5px)] bg-[length:16px_12px]"
          />
        </article>
        <div className="mt-6 flex flex-col gap-3 tablet:flex-row tablet:justify-center print:hidden">
          <Button variant="primary" onClick={() => window.print()} data-testid="receipt-print">
            <Icon name="printer" size={18} />
            {t('receipt.print')}
          </Button>
          <ButtonLink to={localize(`/cashier/history?tab=${transaction.type}`)} variant="secondary">
            <Icon name="history" size={18} />
            {t('receipt.back')}
          </ButtonLink>
        </div>
      </div>
    </CashierFrame>
  );
}
