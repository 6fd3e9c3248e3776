import { useEffect } from 'react';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { stripLocale } from '../../../contract/locales.ts';
import { PaymentDetails, usePaymentStatus } from '../../features/cashier/payment-result.tsx';
import { SuccessReturn } from '../../features/cashier/success-return.tsx';
import type { Transaction } from '../../features/cashier/types.ts';
import { PageMeta } from '../../features/pages/page-meta.tsx';
import { requestLocale, useLocalizedPath } from '../../lib/locale.ts';
import { ROUTE_ID_PATTERN } from '../../lib/params.ts';
import { serverApi } from '../../lib/server-bridge.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { track } from '../../lib/analytics.ts';

/** Payment result pages and their buttons (spec 2 section 2). Pending shows a loader, not an icon. */
const RESULTS = {
  paysuccess: { icon: 'sparkles', tone: 'text-jade-400', target: '/gamehall', label: 'toGameHall' },
  payfail: { icon: 'alert', tone: 'text-ruby-400', target: '/cashier/deposit', label: 'toDeposit' },
  paycancel: { icon: 'close', tone: 'text-ink-300', target: '/cashier/deposit', label: 'toDeposit' },
  paynewwindow: { icon: 'wallet', tone: 'text-gold-400', target: '/cashier/deposit', label: 'toDeposit' },
  paypending: { icon: null, tone: 'text-gold-400', target: null, label: null },
  paymobile: { icon: 'wallet', tone: 'text-gold-400', target: null, label: null },
} as const satisfies Record<string, { icon: IconName | null; tone: string; target: string | null; label: string | null }>;

export type PaymentResult = keyof typeof RESULTS;

/** A settled status shows the page of its outcome (a pending payment that went through reads as success). */
const SETTLED_RESULT: Record<string, PaymentResult> = { success: 'paysuccess', failed: 'payfail', cancelled: 'paycancel' };

/** The transaction in the address, when there is one and it is the player's: its amount and method. */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<{ transaction: Transaction | null }> {
  const id = params.transaction;
  if (!id || !ROUTE_ID_PATTERN.test(id)) return { transaction: null };
  // The result stands on its own: a transaction that cannot be read only leaves its details out.
  const transaction = await serverApi<Transaction>(context, 'cashier/getdepositinfo', { query: { id }, locale: requestLocale(request) }).catch(() => null);
  return { transaction };
}

export default function PaymentResultPage() {
  const { t, i18n } = useTranslation('pages');
  const localize = useLocalizedPath();
  const { transaction: loaded } = useLoaderData<typeof loader>();
  const page = stripLocale(useLocation().pathname).split('/')[2] as PaymentResult;
  const transaction = usePaymentStatus(loaded, page === 'paypending');
  const result: PaymentResult = page === 'paypending' && transaction ? (SETTLED_RESULT[transaction.status] ?? page) : page;
  const look = RESULTS[result];
  // A credited deposit for the data layer (docs/analytics.md), once per transaction in this tab.
  useEffect(() => {
    if (!transaction || transaction.type !== 'deposit' || transaction.status !== 'success') return;
    const key = `analytics:deposit:${transaction.id}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    track('deposit', { amount: transaction.amount.amount, currency: transaction.amount.currency, method: transaction.method });
  }, [transaction]);
  // A text without a translation is left out (spec 2 section 2).
  const text = (key: string) => (i18n.exists(`pages:payment.${result}.${key}`) ? t(`payment.${result}.${key}`) : null);
  const title = text('title');
  const description = text('description');

  return (
    <section className="mx-auto flex max-w-lg flex-col items-center py-12 text-center" data-testid={`payment-${result}`} data-page={page}>
      <PageMeta title={title ?? ''} />
      <div className="relative mb-6">
        <div className={`absolute inset-0 -z-10 rounded-3xl opacity-40 blur-2xl ${look.tone} bg-current`} aria-hidden="true" />
        <div className={`grid h-20 w-20 place-items-center rounded-3xl bg-ink-800 ring-1 ring-white/10 ${look.tone}`}>
          {look.icon ? (
            <Icon name={look.icon} size={38} />
          ) : (
            <span className="h-10 w-10 animate-spin rounded-full border-4 border-current border-t-transparent" role="progressbar" aria-label={title ?? ''} />
          )}
        </div>
      </div>
      {title && <h1 className="text-3xl font-extrabold">{title}</h1>}
      {description && <p className="mt-3 text-ink-300">{description}</p>}
      {transaction && <PaymentDetails transaction={transaction} />}
      {result === 'paysuccess' && <SuccessReturn />}
      {look.target && look.label && (
        <ButtonLink to={localize(look.target)} size="lg" className="mt-8" data-testid="payment-result-action">
          {t(`actions.${look.label}`, { ns: 'common' })}
        </ButtonLink>
      )}
    </section>
  );
}
