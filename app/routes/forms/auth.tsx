import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { stripLocale } from '../../../contract/locales.ts';
import AuthPopup from '../../features/auth-entry/auth-popup.tsx';
import { PageMeta } from '../../features/pages/page-meta.tsx';
import { LocalLink } from '../../lib/local-link.tsx';
import { useRootData } from '../../lib/locale.ts';

/**
 * /forms/sign_in and /forms/sign_up: the auth panel on its own page (empty layout). The restore
 * e-mail's link, /forms/sign_in?restore=1&login=..&code=.., opens the restore form prefilled.
 */
export default function AuthFormPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const config = useRootData()?.config;
  const mode = stripLocale(location.pathname).endsWith('sign_in') ? 'sign_in' : 'sign_up';
  const params = new URLSearchParams(location.search);
  const restore =
    mode === 'sign_in' && params.get('restore') === '1' ? { login: params.get('login') ?? '', code: params.get('code') ?? '' } : null;
  return (
    <div data-testid={`form-${mode}`}>
      <PageMeta title={t(mode === 'sign_in' ? 'signIn.metaTitle' : 'signUp.metaTitle')} />
      <LocalLink to="/" className="mb-8 flex justify-center" aria-label={t('page.home')}>
        <img src={config?.logos.logo ?? '/brand/logo.svg'} alt="Croupier" className="h-10 w-auto" />
      </LocalLink>
      <div className="rounded-3xl bg-ink-850 p-6 shadow-2xl ring-1 ring-white/10 tablet:p-8">
        <AuthPopup key={`${mode}${location.search}`} mode={mode} standalone restore={restore} dialogId="page" />
      </div>
      <LocalLink to="/" className="mx-auto mt-6 flex w-fit items-center gap-1 text-sm text-ink-300 hover:text-white">
        {t('page.back')}
      </LocalLink>
    </div>
  );
}
