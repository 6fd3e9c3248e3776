import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../lib/local-link.tsx';
import { Icon } from '../../ui/icon.tsx';
import type { DialogComponentProps } from '../dialogs/registry.tsx';

/**
 * The auth popup's frame: sign-in and sign-up tabs. The forms themselves arrive with the
 * accounts module; until then each tab explains what the account will give and links to the
 * stand-alone form page.
 */
export default function AuthPopup({ mode }: DialogComponentProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'sign_in' | 'sign_up'>(mode === 'sign_in' ? 'sign_in' : 'sign_up');
  return (
    <div data-testid="auth-popup">
      <div className="mb-6 flex rounded-xl bg-ink-900 p-1" role="tablist">
        {(['sign_in', 'sign_up'] as const).map((key) => (
          <button
            key={key}
            role="tab"
            type="button"
            aria-selected={tab === key}
            onClick={() => setTab(key)}
            className={clsx(
              'flex-1 rounded-lg py-2.5 text-sm font-semibold transition',
              tab === key ? 'bg-ink-700 text-white shadow' : 'text-ink-400 hover:text-ink-200',
            )}
          >
            {t(key === 'sign_in' ? 'actions.signIn' : 'actions.signUp')}
          </button>
        ))}
      </div>
      <div className="rounded-2xl bg-gradient-to-br from-violet-600/40 via-ink-800 to-ink-800 p-5 ring-1 ring-white/10">
        <h2 className="text-xl font-bold">{t(`auth.${tab}.title`)}</h2>
        <p className="mt-2 text-sm text-ink-300">{t(`auth.${tab}.text`)}</p>
        <ul className="mt-4 space-y-2 text-sm text-ink-200">
          {(['bonus', 'fair', 'fast'] as const).map((key) => (
            <li key={key} className="flex items-center gap-2">
              <Icon name="sparkles" size={16} className="text-gold-400" />
              {t(`auth.perks.${key}`)}
            </li>
          ))}
        </ul>
      </div>
      <LocalLink
        to={`/forms/${tab}`}
        className="mt-5 flex h-12 items-center justify-center rounded-xl bg-gradient-to-b from-gold-400 to-gold-600 font-semibold text-ink-950"
      >
        {t(`auth.${tab}.cta`)}
      </LocalLink>
    </div>
  );
}
