import { useState } from 'react';
import { SUMSUB_SDK_SCRIPT, type VerificationView } from '../../../contract/verification.ts';
import { api } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Icon } from '../../ui/icon.tsx';
import { Panel } from '../../ui/panel.tsx';
import { PageHeading, PageMeta } from '../pages/page-meta.tsx';
import { useVerification } from './api.ts';
import { useVerificationT } from './i18n.ts';
import { DocumentList, StatusBanner } from './parts.tsx';

export type VerificationData = { view: VerificationView | null };

/**
 * /profile/verification (docs/verification.md): the player's status (not started, under review,
 * new documents needed with the reviewer's reason, rejected, verified), the documents asked for
 * with their uploads, Send for review, and what verification means for withdrawals. With Sumsub
 * enabled, their web SDK takes the documents instead.
 */
export function VerificationPage({ data }: { data: VerificationData }) {
  const { t } = useVerificationT();
  const locale = useLocale();
  const { view, refresh, set } = useVerification(data.view);

  return (
    <div data-testid="page-profile.verification">
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      {!view ? (
        <EmptyState icon="shield" title={t('errors.load')} />
      ) : (
        <div className="grid gap-6 laptop:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="space-y-6">
            <StatusBanner view={view} />
            {view.provider === 'sumsub' && view.status !== 'approved' && view.status !== 'rejected' ? (
              <SumsubPanel locale={locale} onDone={() => void refresh()} />
            ) : (
              view.status !== 'approved' && (
                <Panel icon="receipt" title={t('documents')} testId="verification-documents-panel">
                  <DocumentList view={view} locale={locale} onChanged={() => void refresh()} onSubmitted={set} />
                </Panel>
              )
            )}
            {view.status === 'approved' && view.documents.length > 0 && (
              <Panel icon="check" title={t('documents')}>
                <DocumentList view={view} locale={locale} onChanged={() => void refresh()} onSubmitted={set} />
              </Panel>
            )}
          </div>
          <aside className="space-y-4 self-start">
            <div className="rounded-3xl bg-ink-850/70 p-5 ring-1 ring-white/5" data-testid="verification-withdrawal">
              <p className="flex items-center gap-2 font-bold text-white">
                <Icon name="wallet" size={18} className="text-gold-300" />
                {t('withdrawal.title')}
              </p>
              <p className="mt-2 text-sm text-ink-300">
                {!view.withdrawal.gated ? t('withdrawal.open') : view.withdrawal.threshold ? t('withdrawal.threshold', { amount: `${view.withdrawal.threshold.amount} ${view.withdrawal.threshold.currency}` }) : t('withdrawal.always')}
              </p>
            </div>
            <div className="flex gap-3 rounded-3xl bg-ink-850/70 p-5 text-sm text-ink-300 ring-1 ring-white/5">
              <Icon name="lock" size={18} className="mt-0.5 shrink-0 text-jade-400" />
              <p>{t('privacy')}</p>
            </div>
          </aside>
        </div>
      )}
    </div>
  );
}

type SnsBuilder = {
  init(token: string, refresh: () => Promise<string>): SnsBuilder;
  withConf(conf: Record<string, unknown>): SnsBuilder;
  on(event: string, handler: () => void): SnsBuilder;
  build(): { launch(selector: string): void };
};

/** Sumsub's web SDK, loaded on demand with a token from getAccessToken; when it says the applicant submitted, the site is told (setUserOnVerification). */
function SumsubPanel({ locale, onDone }: { locale: string; onDone: () => void }) {
  const { t } = useVerificationT();
  const [state, setState] = useState<'idle' | 'loading' | 'open' | 'failed'>('idle');
  const token = () => api<{ token: string }>('getAccessToken', { body: {} }).then((answer) => answer.token);

  async function start() {
    setState('loading');
    try {
      const first = await token();
      await new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = SUMSUB_SDK_SCRIPT;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('sdk'));
        document.head.append(script);
      });
      const builder = (window as unknown as { snsWebSdk: SnsBuilder }).snsWebSdk;
      builder
        .init(first, token)
        .withConf({ lang: locale })
        .on('idCheck.onApplicantSubmitted', () => void api('setUserOnVerification', { body: {} }).then(onDone))
        .build()
        .launch('#sumsub-websdk-container');
      setState('open');
    } catch {
      setState('failed');
    }
  }

  return (
    <Panel icon="shield" title={t('sumsub.title')} text={t('sumsub.text')} testId="verification-sumsub">
      {state !== 'open' && (
        <Button size="lg" onClick={() => void start()} disabled={state === 'loading'}>
          {state === 'loading' ? t('sumsub.loading') : t('sumsub.start')}
        </Button>
      )}
      {state === 'failed' && <p className="mt-3 text-sm text-ruby-400">{t('errors.load')}</p>}
      <div id="sumsub-websdk-container" />
    </Panel>
  );
}
