import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { backofficeApi } from '../api.ts';
import { defineTexts, setBackofficeLocale, useBackofficeLocale, useTexts } from '../i18n.ts';
import { connectStaffLive, disconnectStaffLive } from '../live.ts';
import { NAV, NAV_GROUPS } from '../nav.ts';
import { ME_QUERY, useCan, useMe } from '../session.tsx';
import { Button } from '../ui/controls.tsx';

const texts = defineTexts({
  en: { signOut: 'Sign out', language: 'Français', loading: 'Loading the back office…', failed: 'The back office could not load: {message}', role: 'role' },
  fr: { signOut: 'Se déconnecter', language: 'English', loading: 'Chargement du back office…', failed: 'Le back office n’a pas pu se charger : {message}', role: 'rôle' },
});

/** The signed-in frame: side bar (only what the role may see), the member, language, sign-out. */
export default function BackofficeShell() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const me = useMe();
  const can = useCan();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (me.data) connectStaffLive();
    else disconnectStaffLive();
  }, [me.data]);
  useEffect(() => {
    if (me.data === null) navigate(`${BACKOFFICE_PATH}/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }, [me.data, navigate, location.pathname, location.search]);

  if (me.isError) return <p className="bo-error">{t('failed', { message: String(me.error) })}</p>;
  if (!me.data) return <p className="bo-error">{t('loading')}</p>;

  async function signOut() {
    await backofficeApi('auth/logout', { body: {} }).catch(() => undefined);
    queryClient.setQueryData(ME_QUERY, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY[0] || query.queryKey[1] !== ME_QUERY[1] });
    navigate(`${BACKOFFICE_PATH}/sign-in`);
  }

  const visible = NAV.filter((item) => item.permission === 'signed-in' || can(item.permission));
  const groups = (Object.keys(NAV_GROUPS.en) as (keyof typeof NAV_GROUPS.en)[]).filter((group) => visible.some((item) => item.group === group));
  return (
    <div className="bo-shell">
      <aside className="bo-side">
        <a className="bo-brand" href={BACKOFFICE_PATH}>
          <img src="/brand/logo-mark.svg" alt="" width={28} height={28} />
          <span>
            Croupier
            <small>Back office</small>
          </span>
        </a>
        <nav className="bo-nav" aria-label="Back office">
          {groups.map((group) => (
            <div key={group} className="bo-nav">
              <span className="bo-nav-group">{NAV_GROUPS[locale][group]}</span>
              {visible
                .filter((item) => item.group === group)
                .map((item) => (
                  <NavLink key={item.to} to={item.to} end={item.to === BACKOFFICE_PATH || NAV.some((other) => other.to.startsWith(`${item.to}/`))}>
                    {item.label[locale]}
                  </NavLink>
                ))}
            </div>
          ))}
        </nav>
      </aside>
      <div className="bo-main">
        <div className="bo-top">
          <span className="bo-who">
            <strong>{me.data.display_name}</strong> · {me.data.email} · {t('role')} <strong>{me.data.role}</strong>
          </span>
          <Button
            tone="quiet"
            onClick={() => {
              // The language is read by the server for the whole document (its lang, the first paint): reload.
              setBackofficeLocale(locale === 'fr' ? 'en' : 'fr');
              window.location.reload();
            }}
          >
            {t('language')}
          </Button>
          <Button onClick={() => void signOut()}>{t('signOut')}</Button>
        </div>
        <main className="bo-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
