import clsx from 'clsx';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isLoggedIn } from '../../../contract/api.ts';
import { ENGINE_GAMES, type GameMode } from '../../../contract/studio.ts';
import { profileOf } from '../../../games/profiles.ts';
import { usePlatformType } from '../../lib/device.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { useLocale, useLocalizedPath, useRootData } from '../../lib/locale.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { useBalance } from '../cashier/use-balance.ts';
import { useDialogs } from '../dialogs/store.ts';
import { useAuthEntry } from '../shell/use-auth-entry.ts';
import type { DemoPopupResult } from './demo-mode-popup.tsx';
import { fullScreenVisible, initialMode, needsDeposit, playPath, wantsReal } from './game-page-rules.ts';
import { RealityCheck } from '../responsible-gaming/reality-check.tsx';
import { gameImage, gameName, type Game } from './types.ts';
import { useFreeSpinPacks } from './use-free-spins.ts';
import { useGameFrameMessages, useThirdPartyBalance } from './use-game-frame.ts';
import { useLikes } from './use-likes.ts';
import { FavouriteButton } from './favourite-button.tsx';

/** The demo popup shows once per browser session (it explains; it should not nag). */
const DEMO_POPUP_SEEN = 'croupier:demo-popup-seen';

const sessionFlag = {
  get(key: string) {
    try {
      return window.sessionStorage.getItem(key) === '1';
    } catch {
      return false;
    }
  },
  set(key: string) {
    try {
      window.sessionStorage.setItem(key, '1');
    } catch {
      // private mode: the popup may show again, nothing worse
    }
  },
};

const subscribeFullscreen = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};

/** Whether the browser can show an element full screen, and whether it does now (false on the server). */
function useFullscreen() {
  const supported = useSyncExternalStore(
    subscribeFullscreen,
    () => document.fullscreenEnabled === true,
    () => false,
  );
  const active = useSyncExternalStore(
    subscribeFullscreen,
    () => document.fullscreenElement !== null,
    () => false,
  );
  return { supported, active };
}

export type GamePageData = { game: Game; providerName: string };

/**
 * /game/{sysname} (spec 2 sections 2 and 3): the game in a frame of /platform/game/{sysname}/play,
 * in demo for guests and in real money or demo (switch) for players; the demo mode popup; #real
 * opens registration for a guest; "deposit to play" instead of a real-money frame on an empty
 * balance (unless the configuration allows it); full screen as configured; the game's facts and
 * the favourite heart around it. docs/game-page.md.
 */
export function GamePageView({ data }: { data: GamePageData }) {
  const { t } = useTranslation('games');
  const { game, providerName } = data;
  const root = useRootData();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const { hash } = useLocation();
  const signedIn = isLoggedIn(root?.user);
  const uid = root?.user.uid ?? 0;
  const hasDemo = game.has_demo !== false;
  const gamesItem = root?.config.games.gamesItem;
  const openAuth = useAuthEntry();
  const openDialog = useDialogs((state) => state.open);
  const balance = useBalance();
  const platform = usePlatformType();
  const fullscreen = useFullscreen();
  const likes = useLikes();
  const freeSpinPacks = useFreeSpinPacks();
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [mode, setMode] = useState<GameMode>(() => initialMode(signedIn));
  const name = gameName(game);

  useGameFrameMessages(frame, uid);
  useThirdPartyBalance(frame, uid, !game.engine && signedIn && mode === 'real');

  const showDemoPopup = useCallback(() => {
    sessionFlag.set(DEMO_POPUP_SEEN);
    openDialog({
      component: 'demo-mode',
      type: 'popup',
      dialogProps: { title: t('demoPopup.title') },
      componentProps: { signedIn, game: name },
      onClose: (result) => {
        if ((result as DemoPopupResult | undefined) !== 'real') return;
        if (signedIn) setMode('real');
        else openAuth('sign_up');
      },
    });
  }, [openAuth, openDialog, signedIn, name, t]);

  // #real opens registration for a guest (a player starts in real money anyway). Otherwise a
  // guest's demo explains itself, once per browser session.
  const greeted = useRef(false);
  useEffect(() => {
    if (wantsReal(hash)) {
      greeted.current = true;
      if (!signedIn) openAuth('sign_up');
      return;
    }
    if (greeted.current) return;
    greeted.current = true;
    if (!signedIn && hasDemo && !sessionFlag.get(DEMO_POPUP_SEEN)) showDemoPopup();
    // Only the address's hash decides here; the popup's own dependencies must not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash]);

  const switchMode = (next: GameMode) => {
    setMode(next);
    if (next === 'demo' && !sessionFlag.get(DEMO_POPUP_SEEN)) showDemoPopup();
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void stage.current?.requestFullscreen().catch(() => {});
  };

  const blocked: 'signUp' | 'deposit' | null =
    !signedIn && !hasDemo
      ? 'signUp'
      : needsDeposit({
            mode,
            signedIn,
            canAccessWithZeroBalance: gamesItem?.canAccessSlotWithZeroBalance ?? false,
            mainBalance: balance.amount,
            hasFreeSpins: freeSpinPacks.some((pack) => pack.game.sysname === game.sysname && pack.remaining_count > 0),
          })
        ? 'deposit'
        : null;
  const showFullscreen = fullScreenVisible(gamesItem?.visibleFullScreen ?? 'all', platform, fullscreen.supported) && !blocked;

  return (
    <div className="flex flex-1 flex-col laptop:px-6 laptop:py-5" data-testid="game-page" data-mode={mode}>
      <div className="mx-auto grid w-full max-w-[1600px] flex-1 gap-5 laptop:grid-cols-[minmax(0,1fr)_320px] laptop:items-start">
        <section aria-labelledby="game-title" className="flex min-w-0 flex-col">
          <div className="flex h-13 items-center gap-2 px-3 laptop:mb-3 laptop:h-auto laptop:px-0">
            {/* On a phone the frame shows the game's name itself: the bar keeps its room for the controls. */}
            <div className="min-w-0 flex-1 max-laptop:sr-only">
              <h1 id="game-title" className="truncate text-2xl font-extrabold tracking-tight" data-testid="game-title">
                {name}
              </h1>
              <p className="truncate text-sm text-ink-400">{providerName}</p>
            </div>
            {signedIn && hasDemo ? (
              <Segmented
                label={t('page.modeLabel')}
                value={mode}
                onChange={switchMode}
                options={[
                  { value: 'real', label: t('page.real') },
                  { value: 'demo', label: t('page.demo') },
                ]}
                className="mr-auto w-44 shrink-0 laptop:mr-0 laptop:w-52"
                testId="game-mode-switch"
              />
            ) : (
              !signedIn &&
              hasDemo && (
                <>
                  <button
                    type="button"
                    onClick={showDemoPopup}
                    className="mr-auto inline-flex h-8 items-center gap-1.5 rounded-full bg-violet-500/15 px-3 text-xs font-bold tracking-wide text-violet-300 uppercase ring-1 ring-violet-400/30 hover:bg-violet-500/25 laptop:mr-0"
                    data-testid="demo-badge"
                  >
                    <Icon name="info" size={14} />
                    {t('page.demoBadge')}
                  </button>
                  <Button size="sm" onClick={() => openAuth('sign_up')} data-testid="game-play-real">
                    {t('page.playReal')}
                  </Button>
                </>
              )
            )}
            {likes.enabled && (
              <FavouriteButton
                likes={likes}
                sysname={game.sysname}
                name={name}
                size={18}
                className={(liked) =>
                  clsx('h-10 w-10 shrink-0 rounded-xl bg-ink-800 ring-1 ring-white/10 hover:ring-white/25', liked ? 'text-rose-400' : 'text-ink-200 hover:text-white')
                }
                testId="game-favourite"
              />
            )}
            {showFullscreen && (
              <button
                type="button"
                onClick={toggleFullscreen}
                aria-label={t(fullscreen.active ? 'page.exitFullscreen' : 'page.fullscreen')}
                title={t(fullscreen.active ? 'page.exitFullscreen' : 'page.fullscreen')}
                className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-ink-800 text-ink-200 ring-1 ring-white/10 transition hover:text-white hover:ring-white/25"
                data-testid="game-fullscreen"
              >
                <Icon name={fullscreen.active ? 'shrink' : 'expand'} size={18} />
              </button>
            )}
          </div>

          <div
            ref={stage}
            className={clsx(
              'relative h-[calc(100dvh-6.25rem)] min-h-[420px] w-full overflow-hidden bg-black',
              'laptop:h-[calc(100dvh-9.5rem)] laptop:max-h-[1000px] laptop:min-h-[520px] laptop:rounded-3xl laptop:shadow-2xl laptop:shadow-black/60 laptop:ring-1 laptop:ring-white/10',
              fullscreen.active && 'h-dvh! max-h-none! rounded-none!',
            )}
            data-testid="game-stage"
          >
            {blocked === 'deposit' ? (
              <StagePanel
                icon="wallet"
                title={t('page.depositTitle')}
                text={t('page.depositText')}
                testId="game-deposit-panel"
                actions={
                  <>
                    <ButtonLink to={localize('/cashier/deposit')} size="lg" data-testid="game-deposit-link">
                      {t('page.deposit')}
                    </ButtonLink>
                    {hasDemo && (
                      <Button variant="secondary" size="lg" onClick={() => switchMode('demo')} data-testid="game-try-demo">
                        {t('page.tryDemo')}
                      </Button>
                    )}
                  </>
                }
                art={gameImage(game)}
              />
            ) : blocked === 'signUp' ? (
              <StagePanel
                icon="lock"
                title={t('page.signUpTitle')}
                text={t('page.signUpText')}
                testId="game-sign-up-panel"
                actions={
                  <>
                    <Button size="lg" onClick={() => openAuth('sign_up')}>
                      {t('page.signUp')}
                    </Button>
                    <Button variant="secondary" size="lg" onClick={() => openAuth('sign_in')}>
                      {t('page.signIn')}
                    </Button>
                  </>
                }
                art={gameImage(game)}
              />
            ) : (
              <iframe
                key={mode}
                ref={frame}
                src={playPath(game.sysname, mode, locale)}
                title={t('page.frameTitle', { name })}
                allow="fullscreen; autoplay"
                className="absolute inset-0 h-full w-full border-0"
                data-testid="game-frame"
              />
            )}
          </div>
        </section>

        <GameFacts game={game} providerName={providerName} signedIn={signedIn} />
      </div>
      {/* Reminders of real-money play with its time and net result (docs/responsible-gaming.md). */}
      <RealityCheck active={signedIn && mode === 'real' && !blocked} />
    </div>
  );
}

/** What replaces the frame when it cannot play: the game's art dimmed behind a message and its buttons. */
function StagePanel({ icon, title, text, actions, art, testId }: { icon: IconName; title: string; text: string; actions: React.ReactNode; art: string; testId: string }) {
  return (
    <div className="absolute inset-0 grid place-items-center overflow-hidden p-6" data-testid={testId}>
      <img src={art} alt="" aria-hidden="true" className="absolute inset-0 h-full w-full scale-110 object-cover opacity-30 blur-xl" />
      <div className="absolute inset-0 bg-gradient-to-b from-ink-950/40 via-ink-950/70 to-ink-950/90" />
      <div className="relative flex max-w-md flex-col items-center gap-4 text-center">
        <span className="relative grid h-16 w-16 place-items-center rounded-2xl bg-gradient-to-br from-gold-400/30 to-violet-500/30 text-gold-300 ring-1 ring-white/15">
          <span className="absolute inset-0 -z-10 rounded-2xl bg-gold-500/25 blur-xl" />
          <Icon name={icon} size={30} />
        </span>
        <h2 className="text-2xl font-extrabold tracking-tight">{title}</h2>
        <p className="text-sm leading-relaxed text-ink-200">{text}</p>
        <div className="mt-2 flex w-full flex-col gap-2 tablet:w-auto tablet:flex-row">{actions}</div>
      </div>
    </div>
  );
}

/**
 * Grid span of a fact under the provider's full-width one (6 columns): up to three share a row;
 * of five, three then two.
 */
function spanOf(index: number, count: number): string {
  if (count <= 3) return ['col-span-6', 'col-span-6', 'col-span-3', 'col-span-2'][count];
  if (count === 4) return 'col-span-3';
  return index < 3 ? 'col-span-2' : 'col-span-3';
}

/** The game's facts: provider, RTP, volatility, type, and the provably fair note for the studio's games. */
function GameFacts({ game, providerName, signedIn }: { game: Game; providerName: string; signedIn: boolean }) {
  const { t, i18n } = useTranslation('games');
  const locale = useLocale();
  // A studio game's simulation, where its rounds have one shape (games/profiles.ts): its volatility is the simulation's.
  const profile = profileOf(game.engine);
  // A theme on an engine says whose game it plays (a theme must not pass for a game of its own).
  const original = game.engine && ENGINE_GAMES[game.engine].sysname !== game.sysname ? ENGINE_GAMES[game.engine] : null;
  const volatility = profile?.volatility ?? game.volatility;
  const number = (value: number, digits: number) => value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  const facts: Array<{ key: string; label: string; value: string; testId: string; wide?: boolean }> = [
    { key: 'provider', label: t('page.facts.provider'), value: providerName, testId: 'game-fact-provider', wide: true },
    ...(game.rtp ? [{ key: 'rtp', label: t('page.facts.rtp'), value: `${game.rtp}%`, testId: 'game-fact-rtp' }] : []),
    ...(volatility ? [{ key: 'volatility', label: t('page.facts.volatility'), value: t(`page.volatility.${volatility}`, { defaultValue: volatility }), testId: 'game-fact-volatility' }] : []),
    { key: 'type', label: t('page.facts.type'), value: t(`page.type.${game.type}`, { defaultValue: game.type }), testId: 'game-fact-type' },
    ...(profile
      ? [
          { key: 'hit-rate', label: t('page.facts.hitRate'), value: t('page.facts.hitRateValue', { percent: `${number(profile.hitRate * 100, 1)}%`, every: number(1 / profile.hitRate, 1) }), testId: 'game-fact-hit-rate' },
          { key: 'max-win', label: t('page.facts.maxWin'), value: t('page.facts.maxWinValue', { times: number(Math.floor(profile.maxReturn), 0) }), testId: 'game-fact-max-win' },
        ]
      : []),
  ];
  const listed = facts.filter((fact) => !fact.wide);
  return (
    <aside className="space-y-4 px-3 pt-4 pb-8 laptop:px-0 laptop:pt-0" aria-label={t('page.factsTitle')} data-testid="game-facts">
      <div className="overflow-hidden rounded-3xl border border-white/5 bg-ink-850/80">
        <div className="relative aspect-[3/2] w-full overflow-hidden">
          <img src={gameImage(game)} alt="" aria-hidden="true" width={288} height={192} className="h-full w-full object-cover" />
          <div className="absolute inset-x-0 bottom-0 h-1/4 bg-gradient-to-t from-ink-850 to-transparent" />
          {game.engine && (
            <span className="absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-black/60 px-2.5 py-1 text-[11px] font-bold tracking-wide text-jade-400 ring-1 ring-jade-400/30 backdrop-blur">
              <Icon name="shield" size={13} />
              {t('page.fairBadge')}
            </span>
          )}
        </div>
        <dl className="grid grid-cols-6 gap-px bg-white/5">
          {facts.map((fact) => (
            <div key={fact.key} className={clsx('min-w-0 bg-ink-850 px-4 py-3', fact.wide ? 'col-span-6' : spanOf(listed.indexOf(fact), listed.length))} data-testid={fact.testId}>
              <dt className="text-[11px] font-semibold tracking-wider text-ink-400 uppercase">{fact.label}</dt>
              {/* Wrapped, never cut: "Table game" or "Casino en direct" in a third of the panel. */}
              <dd className="mt-0.5 text-sm font-bold break-words text-white">{fact.value}</dd>
            </div>
          ))}
        </dl>
        {profile && (
          <p className="px-4 py-3 text-xs leading-relaxed text-ink-400" data-testid="game-fact-simulated">
            {t('page.facts.simulated', { rounds: number(profile.rounds, 0) })}
          </p>
        )}
        {original && (
          <p className="border-t border-white/5 px-4 py-3 text-xs leading-relaxed text-ink-300" data-testid="game-fact-theme-of">
            <Trans t={t} i18nKey="page.facts.themeOf" values={{ name: original.names[locale] }} components={{ game: <LocalLink to={`/game/${original.sysname}`} className="font-semibold text-gold-400 hover:underline" /> }} />
          </p>
        )}
      </div>

      {game.engine && (
        <div className="rounded-3xl border border-jade-500/20 bg-gradient-to-br from-jade-500/10 via-ink-850/80 to-ink-850/80 p-5" data-testid="game-fair-note">
          <h2 className="flex items-center gap-2 text-base font-bold">
            <Icon name="shield" size={18} className="text-jade-400" />
            {t('page.fairTitle')}
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-ink-300">{t('page.fairText')}</p>
          <LocalLink to="/fairness" className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-jade-400 hover:text-jade-500">
            {t('page.fairLink')}
            <Icon name="chevronRight" size={16} />
          </LocalLink>
        </div>
      )}

      {signedIn && (
        <LocalLink
          to="/cashier/history?tab=games"
          className="flex items-center gap-3 rounded-2xl border border-white/5 bg-ink-850/80 px-4 py-3 text-sm font-semibold text-ink-200 transition hover:border-white/15 hover:text-white"
          data-testid="game-history-link"
        >
          <Icon name="history" size={18} className="text-gold-400" />
          <span className="flex-1">{t('page.historyLink')}</span>
          <Icon name="chevronRight" size={16} />
        </LocalLink>
      )}
      <p className="px-1 text-xs leading-relaxed text-ink-400">{t('page.responsible')}</p>
    </aside>
  );
}
