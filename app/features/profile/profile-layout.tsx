import clsx from 'clsx';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { stripLocale } from '../../../contract/locales.ts';
import { LocalLink, LocalNavLink } from '../../lib/local-link.tsx';
import { useRootData } from '../../lib/locale.ts';
import { Icon } from '../../ui/icon.tsx';
import { useToasts } from '../toasts/store.ts';
import { Badge } from './panel.tsx';
import { readProfileToast } from './profile-toast.ts';
import { PROFILE_SECTIONS } from './sections.ts';

/**
 * The frame of every profile page: the player (display name, login, id) on top, the sections as
 * a side navigation (a scrollable tab bar on phones and tablets), the section's page beside it.
 */
export function ProfileLayout({ children }: { children: ReactNode }) {
  useProfileToast();
  return (
    <div className="pb-10" data-testid="profile-layout">
      <PlayerCard />
      <div className="mt-6 grid grid-cols-1 gap-6 laptop:grid-cols-[248px_minmax(0,1fr)] laptop:items-start">
        <ProfileNav />
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}

function PlayerCard() {
  const { t } = useTranslation('profile');
  const user = useRootData()?.user;
  if (!user) return null;
  const name = user.fakename || user.login || t('card.player');
  const since = user.reg_time ? formatDay(user.reg_time) : null;
  return (
    <section
      aria-label={t('card.label')}
      className="relative overflow-hidden rounded-3xl bg-ink-800 p-5 ring-1 ring-white/10 tablet:p-6"
      data-testid="profile-card"
    >
      <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(90%_120%_at_100%_0%,rgba(124,92,255,0.35),transparent_60%),radial-gradient(60%_100%_at_0%_100%,rgba(245,184,46,0.16),transparent_60%)]" />
      <div className="relative flex items-center gap-4">
        <div
          aria-hidden="true"
          className="grid h-14 w-14 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-gold-400 to-gold-600 text-2xl font-black text-ink-950 uppercase shadow-[0_8px_28px_-10px_rgba(245,184,46,0.8)] tablet:h-16 tablet:w-16"
        >
          {name.trim().charAt(0) || '?'}
        </div>
        <div className="min-w-0 flex-1">
          {user.fakename ? (
            <p className="truncate text-xl font-extrabold tablet:text-2xl" data-testid="profile-fakename">
              {user.fakename}
            </p>
          ) : (
            // No display name chosen: an invitation to choose one, leading to its field (whole, never cut).
            <LocalLink
              to="/profile/settings#profile-fakename"
              className="inline-flex items-center gap-1.5 text-lg leading-tight font-extrabold text-gold-300 hover:text-gold-400 tablet:text-xl"
              data-testid="profile-choose-fakename"
            >
              {t('card.noFakename')}
              <Icon name="chevronRight" size={18} className="shrink-0" />
            </LocalLink>
          )}
          <p className="mt-0.5 truncate text-sm text-ink-300" data-testid="profile-login">
            {user.login}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone="ink" testId="profile-uid">
              {t('card.uid', { uid: user.uid })}
            </Badge>
            {since && <Badge tone="ink">{t('card.since', { date: since })}</Badge>}
            {user.two_factor_auth && (
              <Badge tone="jade" icon="shield">
                {t('card.twoFactor')}
              </Badge>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

/** dd.mm.yyyy (spec 1 section 9) of an ISO time, read in UTC so server and browser agree. */
function formatDay(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

function ProfileNav() {
  const { t } = useTranslation('profile');
  // functionalSettings.isResponsibleGamingEnable off: the section is not offered (its address answers 404).
  const responsibleGaming = useRootData()?.config.functionalSettings.isResponsibleGamingEnable ?? true;
  const sections = PROFILE_SECTIONS.filter((section) => section.key !== 'responsible-game' || responsibleGaming);
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);
  const current = stripLocale(pathname).split('/')[2];

  // On the tab bar, bring the current section into view (horizontally only: the page stays put).
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    const start = active.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    list.scrollTo({ left: start - (list.clientWidth - active.offsetWidth) / 2 });
  }, [current]);

  return (
    <nav aria-label={t('nav.label')} className="-mx-4 min-w-0 laptop:sticky laptop:top-[calc(var(--header-height)+24px)] laptop:mx-0" data-testid="profile-nav">
      <ul
        ref={listRef}
        className={clsx(
          'flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
          'laptop:flex-col laptop:gap-1 laptop:overflow-visible laptop:rounded-3xl laptop:border laptop:border-white/5 laptop:bg-ink-850/60 laptop:p-3',
        )}
      >
        {sections.map((section) => (
          <li key={section.key} className="shrink-0 snap-start">
            <LocalNavLink
              to={`/profile/${section.key}`}
              className={({ isActive }) =>
                clsx(
                  'flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap ring-1 transition',
                  'laptop:rounded-xl laptop:px-3 laptop:py-2.5 laptop:ring-0',
                  isActive
                    ? 'bg-gold-500/15 text-gold-300 ring-gold-500/40 laptop:bg-gradient-to-r laptop:from-gold-500/20 laptop:to-transparent'
                    : 'bg-ink-800 text-ink-300 ring-white/10 hover:text-white laptop:bg-transparent laptop:hover:bg-white/5',
                )
              }
              data-testid={`profile-nav-${section.key}`}
            >
              <Icon name={section.icon} size={18} className="shrink-0" />
              {t(`nav.${section.key}`)}
            </LocalNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * `?toastType=success|error|info&from=...` (spec 1 section 2): shows the toast for where the
 * player comes from, then drops both params from the address.
 */
function useProfileToast() {
  const { t } = useTranslation('profile');
  const location = useLocation();
  const navigate = useNavigate();
  const showToast = useToasts((state) => state.show);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const found = readProfileToast(location.search);
    if (!found || handled.current === location.key) return;
    handled.current = location.key;
    if (found.toast) showToast({ kind: found.toast.kind, title: t(found.toast.titleKey), message: t(found.toast.messageKey) });
    navigate({ pathname: location.pathname, search: found.search, hash: location.hash }, { replace: true, preventScrollReset: true });
  }, [location.key, location.search, location.pathname, location.hash, navigate, showToast, t]);
}
