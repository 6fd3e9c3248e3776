import { useWebappT } from '../webapp/i18n.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { useLocalizedPath } from '../../lib/locale.ts';
import { PageMeta } from '../pages/page-meta.tsx';

/** What opening an unsubscribe link came to (see app/routes/unsubscribe.tsx). */
export type UnsubscribeOutcome =
  | { state: 'done'; type: 'email' | 'phone'; contact: string }
  | { state: 'invalid'; message: string }
  | { state: 'missing' };

/**
 * /unsubscribe, opened from the link at the bottom of an e-mail: says which address left which
 * list (the newsletter, as /profile/notification names it), or why the link does not work, and
 * leads to the subscription settings either way.
 */
export function UnsubscribePage({ outcome }: { outcome: UnsubscribeOutcome }) {
  const { t } = useWebappT();
  const localize = useLocalizedPath();
  const tone: { icon: IconName; ring: string; glow: string } =
    outcome.state === 'done'
      ? { icon: 'check', ring: 'text-jade-400 ring-jade-400/30', glow: 'bg-jade-500/25' }
      : outcome.state === 'invalid'
        ? { icon: 'alert', ring: 'text-ruby-400 ring-ruby-400/30', glow: 'bg-ruby-500/25' }
        : { icon: 'mail', ring: 'text-gold-300 ring-white/10', glow: 'bg-violet-500/30' };
  const title = outcome.state === 'done' ? t('unsubscribe.doneTitle') : outcome.state === 'invalid' ? t('unsubscribe.errorTitle') : t('unsubscribe.title');

  return (
    <div data-testid="page-unsubscribe" data-state={outcome.state} className="mx-auto max-w-xl py-6 tablet:py-12">
      <PageMeta title={title} robots="noindex" />
      <section className="flex flex-col items-center gap-5 rounded-3xl border border-white/5 bg-ink-850/70 px-6 py-10 text-center shadow-2xl shadow-black/30 tablet:px-12">
        <div className={`relative grid h-16 w-16 place-items-center rounded-2xl bg-ink-800 ring-1 ${tone.ring}`}>
          <div className={`absolute inset-0 -z-10 rounded-2xl blur-xl ${tone.glow}`} />
          <Icon name={tone.icon} size={30} />
        </div>
        <h1 className="text-2xl font-extrabold tracking-tight text-white tablet:text-3xl">{title}</h1>
        {outcome.state === 'done' && (
          <>
            <p className="text-ink-200" data-testid="unsubscribe-result">
              {t('unsubscribe.doneText', { contact: outcome.contact, category: t(`unsubscribe.category.${outcome.type}`) })}
            </p>
            <p className="rounded-2xl bg-white/5 px-4 py-3 text-sm text-ink-300">{t('unsubscribe.keepText')}</p>
          </>
        )}
        {outcome.state === 'invalid' && (
          <p className="text-ink-200" role="alert" data-testid="unsubscribe-error">
            <span className="block font-semibold text-ruby-400">{outcome.message}</span>
            <span className="mt-2 block">{t('unsubscribe.errorText')}</span>
          </p>
        )}
        {outcome.state === 'missing' && <p className="text-ink-200">{t('unsubscribe.missingText')}</p>}
        <div className="mt-2 flex w-full flex-col gap-3 tablet:flex-row tablet:justify-center">
          <ButtonLink to={localize('/profile/notification')} data-testid="unsubscribe-manage">
            <Icon name="bell" size={18} />
            {t('unsubscribe.manage')}
          </ButtonLink>
          <ButtonLink to={localize('/')} variant="secondary">
            {t('unsubscribe.home')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
