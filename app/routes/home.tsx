import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../contract/api.ts';
import { GameRow } from '../features/games/game-row.tsx';
import { ROW_SIZE, type Game, type GameProvider, type GamesPage } from '../features/games/types.ts';
import { JackpotTicker } from '../features/jackpots/jackpot-ticker.tsx';
import { WinnersStrip } from '../features/jackpots/winners-strip.tsx';
import type { JackpotList, WinnerList } from '../features/jackpots/types.ts';
import { requestLocale } from '../lib/locale.ts';
import { serverApi } from '../lib/server-bridge.ts';
import { PageMeta } from '../features/pages/page-meta.tsx';
// Only a player who has just signed up sees it: not part of a guest's first load.
const RegistrationHint = lazy(() => import('../features/hints/registration-hint.tsx').then((module) => ({ default: module.RegistrationHint })));
import { loadHasDeposit } from '../features/hints/has-deposit.ts';
import { HomeBanners } from '../features/promotions/home-banners.tsx';
import { renderBanners } from '../features/promotions/banners.server.tsx';
import type { CampaignList } from '../features/promotions/types.ts';
import { useAuthEntry } from '../features/shell/use-auth-entry.ts';
import { LocalLink } from '../lib/local-link.tsx';
import { useRootData } from '../lib/locale.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Icon, type IconName } from '../ui/icon.tsx';
import { useLocalizedPath } from '../lib/locale.ts';

const CATEGORIES: Array<{ key: string; to: string; icon: IconName; gradient: string }> = [
  { key: 'slots', to: '/gamehall?category=slot', icon: 'sparkles', gradient: 'from-fuchsia-600 via-violet-600 to-indigo-700' },
  { key: 'live', to: '/gamehall?category=live', icon: 'live', gradient: 'from-rose-600 via-red-600 to-orange-500' },
  { key: 'roulette', to: '/gamehall?category=casino', icon: 'compass', gradient: 'from-emerald-600 via-teal-600 to-cyan-700' },
  { key: 'blackjack', to: '/gamehall?category=casino', icon: 'cards', gradient: 'from-slate-700 via-slate-800 to-zinc-900' },
  { key: 'fast', to: '/gamehall?category=fast', icon: 'bolt', gradient: 'from-amber-500 via-orange-500 to-rose-600' },
  { key: 'jackpots', to: '/jackpots', icon: 'crown', gradient: 'from-yellow-500 via-amber-600 to-orange-700' },
];

const PERKS: Array<{ key: string; icon: IconName }> = [
  { key: 'fair', icon: 'shield' },
  { key: 'fast', icon: 'bolt' },
  { key: 'support', icon: 'support' },
  { key: 'responsible', icon: 'heart' },
];

/** The home page's game rows: what games/get asks for each, and where 'see all' leads. */
const ROWS = [
  { id: 'popular', query: { sort_options: 'popularity' }, to: '/gamehall' },
  { id: 'new', query: { sort_options: 'new' }, to: '/gamehall' },
  { id: 'slots', query: { category: 'slot' }, to: '/gamehall?category=slot' },
  { id: 'live', query: { category: 'live' }, to: '/gamehall?category=live' },
] as const;

const ROW_FIELDS = ['name', 'image_url', 'description', 'provider', 'rtp'];

type HomeData = {
  rows: Array<{ id: string; to: string; games: Game[] }>;
  providers: Record<string, string>;
  /** The jackpot ticker and the recent winners strip; null when their call failed. */
  jackpots: JackpotList | null;
  winners: WinnerList | null;
  /** The campaigns placed as home banners, as HTML; null without any (or when their call failed). */
  banners: string | null;
  /** The player has deposited: no more invitations to a first deposit (false for a guest). */
  hasDeposit: boolean;
};

/** The game rows; a row that fails to load is left out rather than failing the home page. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<HomeData> {
  const locale = requestLocale(request);
  const jackpots = serverApi<JackpotList>(context, 'jackpots/get', { locale }).catch(() => null);
  const winners = serverApi<WinnerList>(context, 'jackpots/getWinners', { query: { type: 'all', count: 10 }, locale }).catch(() => null);
  const banners = serverApi<CampaignList>(context, 'banners/get', { locale })
    .then((list) => renderBanners(list.items, locale))
    .catch(() => null);
  const hasDeposit = loadHasDeposit(context, locale);
  const [providers, ...rows] = await Promise.all([
    serverApi<GameProvider[]>(context, 'games/getProviders', { locale }).catch(() => [] as GameProvider[]),
    ...ROWS.map((row) =>
      serverApi<GamesPage>(context, 'games/get', { query: { ...row.query, count: ROW_SIZE, fields: ROW_FIELDS }, locale })
        .then((page) => ({ id: row.id, to: row.to, games: page.items }))
        .catch(() => ({ id: row.id, to: row.to, games: [] as Game[] })),
    ),
  ]);
  return {
    rows,
    providers: Object.fromEntries(providers.map((provider) => [provider.sysname, provider.name])),
    jackpots: await jackpots,
    winners: await winners,
    banners: await banners,
    hasDeposit: await hasDeposit,
  };
}

export default function Home() {
  const { t } = useTranslation('home');
  const { t: tg } = useTranslation('games');
  const data = useLoaderData<typeof loader>();
  const root = useRootData();
  const openAuth = useAuthEntry();
  const localize = useLocalizedPath();
  const signedIn = isLoggedIn(root?.user);
  // The live casino's tile shows only while it holds a live-dealer game (its row, empty, shows nothing).
  const categories = root?.liveCasino ? CATEGORIES : CATEGORIES.filter((category) => category.key !== 'live');

  return (
    <div className="space-y-12 pb-6" data-testid="home">
      <PageMeta home title={t('meta.title')} description={root?.config.seo.default.description} />
      {signedIn && (
        <Suspense fallback={null}>
          <RegistrationHint variant="banner" hasDeposit={data.hasDeposit} className="mb-8!" />
        </Suspense>
      )}

      <section className="relative overflow-hidden rounded-3xl bg-ink-800 ring-1 ring-white/10">
        <div className="absolute inset-0 bg-[radial-gradient(120%_90%_at_85%_20%,rgba(124,92,255,0.55),transparent_55%),radial-gradient(80%_80%_at_10%_100%,rgba(245,184,46,0.28),transparent_60%)]" />
        <HeroArt />
        <div className="relative grid gap-6 px-6 py-10 tablet:px-10 tablet:py-14 laptop:max-w-[58%] laptop:py-20">
          <span className="inline-flex w-fit items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-gold-300 ring-1 ring-white/15">
            <Icon name="sparkles" size={14} />
            {t('hero.badge')}
          </span>
          <h1 className="text-4xl leading-[1.05] font-black tracking-tight tablet:text-5xl desktop:text-6xl" data-testid="home-title">
            {t('hero.title')}
          </h1>
          <p className="max-w-xl text-base text-ink-200 tablet:text-lg">{t('hero.text')}</p>
          <div className="flex flex-wrap gap-3">
            {!signedIn ? (
              <Button size="lg" onClick={() => openAuth('sign_up')} data-testid="hero-sign-up">
                {t('hero.cta')}
              </Button>
            ) : (
              !data.hasDeposit && (
                <ButtonLink to={localize('/cashier/deposit')} size="lg" data-testid="hero-deposit">
                  {t('hero.deposit')}
                </ButtonLink>
              )
            )}
            {/* A player who has deposited is invited to play: the game hall is the hero's first call. */}
            <ButtonLink to={localize('/gamehall')} variant={signedIn && data.hasDeposit ? 'primary' : 'secondary'} size="lg" data-testid="hero-browse">
              {t('hero.browse')}
            </ButtonLink>
          </div>
        </div>
      </section>

      <HomeBanners html={data.banners} />

      {data.jackpots && data.jackpots.items.length > 0 && <JackpotTicker initial={data.jackpots} />}

      <section aria-labelledby="categories-title">
        <div className="mb-5 flex items-end justify-between">
          <h2 id="categories-title" className="text-xl font-extrabold tablet:text-2xl">
            {t('categories.title')}
          </h2>
          <LocalLink to="/gamehall" className="flex items-center gap-1 text-sm font-semibold text-gold-400 hover:text-gold-300">
            {t('categories.all')}
            <Icon name="chevronRight" size={16} />
          </LocalLink>
        </div>
        <ul className={`grid grid-cols-2 gap-3 tablet:grid-cols-3 ${categories.length === 6 ? 'laptop:grid-cols-6' : 'laptop:grid-cols-5'}`} data-testid="home-categories">
          {categories.map((category) => (
            <li key={category.key}>
              <LocalLink
                to={category.to}
                data-testid={`home-category-${category.key}`}
                className={`group relative flex aspect-[4/3] flex-col justify-end overflow-hidden rounded-2xl bg-gradient-to-br p-4 ring-1 ring-white/10 transition hover:-translate-y-0.5 hover:ring-white/30 ${category.gradient}`}
              >
                <Icon name={category.icon} size={88} className="absolute -top-3 -right-3 text-white/20 transition group-hover:scale-110" />
                <span className="relative text-lg font-extrabold">{t(`categories.${category.key}.name`)}</span>
                <span className="relative text-xs text-white/75">{t(`categories.${category.key}.text`)}</span>
              </LocalLink>
            </li>
          ))}
        </ul>
      </section>

      {data.rows.map((row) => (
        <GameRow key={row.id} id={row.id} title={tg(`rows.${row.id}`)} to={row.to} games={row.games} providers={data.providers} />
      ))}

      <WinnersStrip winners={data.winners?.items ?? []} />

      <section className="grid gap-4 laptop:grid-cols-[1.2fr_1fr]">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-amber-500/25 via-ink-800 to-ink-800 p-8 ring-1 ring-gold-500/20">
          <Icon name="crown" size={140} className="absolute -right-6 -bottom-8 text-gold-400/15" />
          <p className="text-xs font-semibold tracking-widest text-gold-400 uppercase">{t('jackpot.kicker')}</p>
          <h2 className="mt-2 text-2xl font-extrabold tablet:text-3xl">{t('jackpot.title')}</h2>
          <p className="mt-2 max-w-md text-ink-300">{t('jackpot.text')}</p>
          <ButtonLink to={localize('/jackpots')} variant="secondary" className="mt-6">
            {t('jackpot.cta')}
          </ButtonLink>
        </div>
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-violet-600/35 via-ink-800 to-ink-800 p-8 ring-1 ring-violet-500/20">
          <Icon name="trophy" size={140} className="absolute -right-6 -bottom-8 text-violet-400/15" />
          <p className="text-xs font-semibold tracking-widest text-violet-400 uppercase">{t('tournaments.kicker')}</p>
          <h2 className="mt-2 text-2xl font-extrabold tablet:text-3xl">{t('tournaments.title')}</h2>
          <p className="mt-2 max-w-md text-ink-300">{t('tournaments.text')}</p>
          <ButtonLink to={localize('/tournaments')} variant="secondary" className="mt-6">
            {t('tournaments.cta')}
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="perks-title">
        <h2 id="perks-title" className="mb-5 text-xl font-extrabold tablet:text-2xl">
          {t('perks.title')}
        </h2>
        <ul className="grid gap-3 tablet:grid-cols-2 laptop:grid-cols-4">
          {PERKS.map((perk) => (
            <li key={perk.key} className="rounded-2xl bg-ink-850 p-5 ring-1 ring-white/5">
              <div className="mb-3 grid h-11 w-11 place-items-center rounded-xl bg-gold-500/15 text-gold-300">
                <Icon name={perk.icon} />
              </div>
              <h3 className="font-bold">{t(`perks.${perk.key}.title`)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-ink-300">{t(`perks.${perk.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** Decorative hero art: stacked chips and cards drawn in SVG, hidden from assistive technology. */
function HeroArt() {
  return (
    <svg viewBox="0 0 520 420" aria-hidden="true" className="pointer-events-none absolute top-1/2 -right-24 hidden h-[120%] -translate-y-1/2 opacity-90 laptop:block desktop:right-0">
      <defs>
        <linearGradient id="card" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stopColor="#ffffff" /><stop offset="1" stopColor="#d9dcef" /></linearGradient>
        <linearGradient id="chipGold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stopColor="#ffe08a" /><stop offset="1" stopColor="#d9951a" /></linearGradient>
        <linearGradient id="chipViolet" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stopColor="#a58bff" /><stop offset="1" stopColor="#5d3ee8" /></linearGradient>
        <linearGradient id="chipRuby" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stopColor="#ff8da0" /><stop offset="1" stopColor="#c92a48" /></linearGradient>
      </defs>
      <g transform="rotate(-14 260 210)">
        <rect x="170" y="70" width="150" height="210" rx="16" fill="url(#card)" />
        <text x="190" y="115" fontSize="40" fontWeight="800" fill="#ef3e5c">A</text>
        <text x="222" y="210" fontSize="96" fill="#ef3e5c">♥</text>
      </g>
      <g transform="rotate(10 330 210)">
        <rect x="260" y="60" width="150" height="210" rx="16" fill="url(#card)" />
        <text x="280" y="105" fontSize="40" fontWeight="800" fill="#151927">K</text>
        <text x="305" y="200" fontSize="96" fill="#151927">♠</text>
      </g>
      {[
        { x: 150, y: 330, fill: 'url(#chipGold)' },
        { x: 290, y: 345, fill: 'url(#chipViolet)' },
        { x: 420, y: 300, fill: 'url(#chipRuby)' },
      ].map((chip, index) => (
        <g key={index}>
          <ellipse cx={chip.x} cy={chip.y + 10} rx="56" ry="20" fill="#000" opacity="0.35" />
          <circle cx={chip.x} cy={chip.y} r="52" fill={chip.fill} />
          <circle cx={chip.x} cy={chip.y} r="36" fill="none" stroke="#fff" strokeWidth="6" strokeDasharray="10 9" opacity="0.9" />
          <circle cx={chip.x} cy={chip.y} r="24" fill="#fff" opacity="0.18" />
        </g>
      ))}
    </svg>
  );
}
