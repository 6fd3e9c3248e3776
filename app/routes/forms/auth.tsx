import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { stripLocale } from '../../../contract/locales.ts';
import AuthPopup from '../../features/auth-entry/auth-popup.tsx';
import { PageMeta } from '../../features/pages/page-meta.tsx';
import { LocalLink } from '../../lib/local-link.tsx';

/** /forms/sign_in and /forms/sign_up: the auth panel on its own page (empty layout). */
export default function AuthFormPage() {
  const { t } = useTranslation();
  const mode = stripLocale(useLocation().pathname).endsWith('sign_in') ? 'sign_in' : 'sign_up';
  return (
    <div data-testid={`form-${mode}`}>
      <PageMeta title={t(mode === 'sign_in' ? 'actions.signIn' : 'actions.signUp')} />
      <LocalLink to="/" className="mb-8 flex justify-center">
        <img src="/brand/logo.svg" alt="Croupier" className="h-10 w-auto" />
      </LocalLink>
      <div className="rounded-3xl bg-ink-850 p-6 shadow-2xl ring-1 ring-white/10">
        <AuthPopup key={mode} mode={mode} dialogId="page" />
      </div>
    </div>
  );
}
