import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE, consentOf, type AnalyticIds, type Consent } from '../../../contract/analytics.ts';
import { googleTagScript } from '../../../contract/analytics-tag.ts';
import en from '../../locales/en/consent.json';
import fr from '../../locales/fr/consent.json';
import { useBundledTranslation } from '../../lib/namespace.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Button } from '../../ui/button.tsx';

/** Google Analytics' own cookies (`_ga`, `_ga_<id>`, `_gid`), dropped when the player withdraws consent. */
function dropAnalyticsCookies() {
  const host = location.hostname;
  const domains = ['', host, `.${host.split('.').slice(-2).join('.')}`];
  for (const name of document.cookie.split(/;\s*/).map((pair) => pair.split('=')[0])) {
    if (!/^(_ga|_gid|_gat)/.test(name)) continue;
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ''}`;
  }
}

/**
 * The analytics consent banner (docs/analytics.md): a strip at the top of the page, in the flow
 * (it covers nothing: not the header, not a game's controls on a phone), with accept and reject
 * of equal weight. The choice goes into a cookie the server reads. Accepting runs the operator's
 * tag with the page's nonce at once; rejecting after an earlier acceptance reloads the page, so
 * the tag already running is gone and the server renders the page without it.
 */
export default function ConsentBanner({ ids, nonce, consent, focus, onClose }: { ids: AnalyticIds; nonce: string; consent: Consent | null; focus: boolean; onClose(): void }) {
  const { t } = useBundledTranslation('consent', { en, fr });
  const banner = useRef<HTMLElement>(null);
  const location = useLocation();
  // What the player chose last: the cookie in the browser (it may have changed since the page was rendered).
  const [current] = useState(() => (typeof document === 'undefined' ? consent : consentOf(document.cookie)));
  useEffect(() => {
    if (focus) banner.current?.querySelector('button')?.focus();
  }, [focus]);

  function choose(event: MouseEvent, choice: Consent) {
    event.preventDefault();
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
    const running = !!(window as { dataLayer?: unknown }).dataLayer;
    if (choice === 'granted' && !running) {
      const code = googleTagScript(ids);
      if (code) {
        const script = document.createElement('script');
        script.nonce = nonce;
        script.textContent = code;
        document.head.appendChild(script);
      }
    }
    if (choice === 'denied' && running) {
      dropAnalyticsCookies();
      window.location.reload();
      return;
    }
    onClose();
  }

  return (
    <section
      ref={banner}
      role="region"
      aria-labelledby="consent-title"
      aria-describedby="consent-body"
      data-testid="consent-banner"
      className="relative z-50 border-b border-gold-400/20 bg-ink-900 text-ink-100"
    >
      <div className="mx-auto flex max-w-[1600px] flex-col gap-3 px-4 py-3 laptop:flex-row laptop:items-center laptop:gap-6 laptop:px-6">
        <div className="min-w-0 flex-1 text-sm leading-snug">
          <h2 id="consent-title" className="font-semibold text-white">
            {t('title')}
          </h2>
          <p id="consent-body" className="mt-1 text-ink-300">
            {t('body')}{' '}
            <LocalLink to="/privacy" className="text-gold-300 underline underline-offset-2 hover:text-gold-200">
              {t('privacy')}
            </LocalLink>
          </p>
          {current && (
            <p className="mt-1 text-xs text-ink-400" data-testid="consent-current">
              {t('current', { choice: t(current) })}
            </p>
          )}
        </div>
        {/* Without its scripts yet (a slow connection) the choice is posted and the page comes back (server/http/consent.ts). */}
        <form method="post" action="/consent" className="grid shrink-0 grid-cols-2 gap-2 laptop:flex">
          <input type="hidden" name="return" value={`${location.pathname}${location.search}`} />
          <Button type="submit" name="choice" value="denied" variant="secondary" size="sm" data-testid="consent-reject" onClick={(event) => choose(event, 'denied')}>
            {t('reject')}
          </Button>
          <Button type="submit" name="choice" value="granted" variant="primary" size="sm" data-testid="consent-accept" onClick={(event) => choose(event, 'granted')}>
            {t('accept')}
          </Button>
        </form>
      </div>
    </section>
  );
}
