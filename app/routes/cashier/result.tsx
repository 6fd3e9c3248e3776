import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { stripLocale } from '../../../contract/locales.ts';
import { PageMeta } from '../../features/pages/page-meta.tsx';
import { useLocalizedPath } from '../../lib/locale.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';

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

export default function PaymentResultPage() {
  const { t, i18n } = useTranslation('pages');
  const localize = useLocalizedPath();
  const result = stripLocale(useLocation().pathname).split('/')[2] as PaymentResult;
  const look = RESULTS[result];
  // A text without a translation is left out (spec 2 section 2).
  const text = (key: string) => (i18n.exists(`pages:payment.${result}.${key}`) ? t(`payment.${result}.${key}`) : null);
  const title = text('title');
  const description = text('description');

  return (
    <section className="mx-auto flex max-w-lg flex-col items-center py-12 text-center" data-testid={`payment-${result}`}>
      <PageMeta title={title ?? ''} />
      <div className={`mb-6 grid h-20 w-20 place-items-center rounded-3xl bg-ink-800 ring-1 ring-white/10 ${look.tone}`}>
        {look.icon ? (
          <Icon name={look.icon} size={38} />
        ) : (
          <span className="h-10 w-10 animate-spin rounded-full border-4 border-current border-t-transparent" role="progressbar" aria-label={title ?? ''} />
        )}
      </div>
      {title && <h1 className="text-3xl font-extrabold">{title}</h1>}
      {description && <p className="mt-3 text-ink-300">{description}</p>}
      {look.target && look.label && (
        <ButtonLink to={localize(look.target)} size="lg" className="mt-8" data-testid="payment-result-action">
          {t(`actions.${look.label}`, { ns: 'common' })}
        </ButtonLink>
      )}
    </section>
  );
}
