import clsx from 'clsx';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionName, FairnessState, FreeSpinsOffer, GameMode, LaunchResult, PlayBet, RoundView } from '../../../contract/studio.ts';
import { isApiError } from '../../lib/api-error.ts';
import { Button } from '../../ui/button.tsx';
import { studioApi } from './api.ts';
import { CLIENTS } from './clients.ts';
import { BarButton } from './controls.tsx';
import { describeStudioError, type StudioError } from './errors.ts';
import { ErrorNotice } from './error-notice.tsx';
import { FairnessPanel } from './fairness-panel.tsx';
import { postToParent, roundMessages } from './frame-messages.ts';
import { usePrefersReducedMotion } from './hooks.ts';
import { compareAmounts, showAmount, subtractAmount } from './money.ts';
import { Sheet } from './sheet.tsx';
import { cueOfRound, playCue, setSoundMuted, useSoundMuted, type SoundCue } from './sound.ts';
import { defaultStake } from './stake.ts';
import type { StudioGame, StudioSession } from './types.ts';
import './studio.css';

/** The game's artwork, blurred and darkened behind the table: each theme keeps its colours. */
export function Backdrop({ sysname }: { sysname: string }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
      <img src={`/games/${sysname}.svg`} alt="" className="absolute -inset-16 h-[calc(100%+8rem)] w-[calc(100%+8rem)] max-w-none object-cover object-center opacity-90 blur-xl saturate-[1.8]" />
      <div className="absolute inset-0 bg-[radial-gradient(110%_75%_at_50%_10%,rgba(7,8,15,0.35),rgba(7,8,15,0.9)_75%)]" />
    </div>
  );
}

/** A felt-coloured placeholder while the session opens or the client's code arrives. */
function Loading({ label }: { label: string }) {
  return (
    <div className="grid flex-1 place-items-center" aria-busy="true" data-testid="studio-loading">
      <div className="flex flex-col items-center gap-4 text-ink-300">
        <span className="h-12 w-12 animate-spin rounded-full border-4 border-gold-400/80 border-t-transparent" />
        <span className="text-sm font-semibold tracking-wide">{label}</span>
      </div>
    </div>
  );
}

/**
 * The play page's game: opens the studio session (games/launch) for the game and mode, then
 * hosts the engine's client. A failure to open shows in the frame with a retry.
 */
export function StudioPlayer({ game, mode, providerName }: { game: StudioGame; mode: GameMode; providerName: string }) {
  const { t } = useTranslation('studio');
  const [attempt, setAttempt] = useState(0);
  const [launched, setLaunched] = useState<{ key: string; launch: LaunchResult } | null>(null);
  const [failure, setFailure] = useState<{ key: string; error: StudioError } | null>(null);
  const key = `${game.sysname}:${mode}:${attempt}`;
  useEffect(() => {
    let live = true;
    studioApi
      .launch(game.sysname, mode)
      .then((launch) => live && setLaunched({ key, launch }))
      .catch((caught) => live && setFailure({ key, error: describeStudioError(caught) }));
    return () => {
      live = false;
    };
  }, [game.sysname, mode, key]);
  const relaunch = useCallback(() => setAttempt((n) => n + 1), []);

  const launch = launched?.key === key ? launched.launch : null;
  const error = failure?.key === key ? failure.error : null;
  return (
    <div className="relative flex min-h-0 flex-1 flex-col" data-testid="studio-player" data-engine={game.engine} data-mode={mode}>
      <Backdrop sysname={game.sysname} />
      {launch ? (
        <StudioTable key={launch.token} game={game} mode={mode} launch={launch} providerName={providerName} onRelaunch={relaunch} />
      ) : error ? (
        <div className="relative grid flex-1 place-items-center p-4">
          <div className="w-full max-w-sm space-y-4 text-center">
            <ErrorNotice error={error} mode={mode} />
            <Button onClick={relaunch} data-testid="studio-retry">
              {t('retry')}
            </Button>
          </div>
        </div>
      ) : (
        <Loading label={t('opening', { name: game.name })} />
      )}
    </div>
  );
}

/**
 * The games' mute switch (one per browser). Its icon is drawn here rather than in the site's icon
 * set, which every page downloads.
 */
function SoundSwitch({ muted }: { muted: boolean }) {
  const { t } = useTranslation('studio');
  return (
    <button
      type="button"
      onClick={() => setSoundMuted(!muted)}
      aria-label={t('sound.mute')}
      title={t(muted ? 'sound.unmute' : 'sound.mute')}
      aria-pressed={muted}
      data-testid="studio-sound"
      className="grid h-9 w-9 place-items-center rounded-full bg-black/35 text-ink-100 ring-1 ring-white/10 transition hover:bg-black/55 hover:text-white"
    >
      <svg viewBox="0 0 24 24" width={18} height={18} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M4 9h4l5-4v14l-5-4H4z" />
        {muted ? <path d="M17 9l5 6M22 9l-5 6" /> : <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />}
      </svg>
    </button>
  );
}

function StudioTable({
  game,
  mode,
  launch,
  providerName,
  onRelaunch,
}: {
  game: StudioGame;
  mode: GameMode;
  launch: LaunchResult;
  providerName: string;
  onRelaunch: () => void;
}) {
  const { t } = useTranslation('studio');
  const reducedMotion = usePrefersReducedMotion();
  const [balance, setBalance] = useState(launch.balance);
  const committed = useRef(launch.balance);
  const [stake, setStake] = useState(() => defaultStake(launch.limits, launch.balance));
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [error, setError] = useState<StudioError | null>(null);
  const [fairness, setFairness] = useState<FairnessState>(launch.fairness);
  const [lastRound, setLastRound] = useState<RoundView | null>(null);
  const [fairOpen, setFairOpen] = useState(false);
  const [freeSpins, setFreeSpins] = useState<FreeSpinsOffer | null>(mode === 'real' ? launch.free_spins : null);
  const primary = useRef<(() => void) | null>(null);
  const region = useRef<HTMLDivElement>(null);
  const muted = useSoundMuted();
  // The last cue played (or "muted"), on the game's region: what a test can check of a sound.
  const [lastCue, setLastCue] = useState<SoundCue | 'muted' | null>(null);
  const cue = useCallback((which: SoundCue | null) => {
    if (which) setLastCue(playCue(which) ? which : 'muted');
  }, []);

  useEffect(() => {
    region.current?.focus({ preventScroll: true });
    postToParent({ type: 'croupier:balance', balance: launch.balance, currency: launch.currency, mode });
  }, [launch, mode]);

  const run = useCallback(async (call: () => Promise<RoundView>, staked: string): Promise<RoundView | null> => {
    if (busyRef.current) return null;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    if (Number(staked) > 0) cue('stake');
    // The stake leaves the balance on screen at once (a demo balance too low for it is topped up by the server first).
    if (staked && compareAmounts(committed.current, staked) >= 0) setBalance(subtractAmount(committed.current, staked));
    try {
      const round = await call();
      setFairness({ server_seed_hash: round.server_seed_hash, client_seed: round.client_seed, nonce: round.nonce + 1 });
      return round;
    } catch (caught) {
      setBalance(committed.current);
      setError(describeStudioError(caught));
      return null;
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, [cue]);

  const session = useMemo<StudioSession>(
    () => ({
      game,
      mode,
      launch,
      currency: launch.currency,
      limits: launch.limits,
      balance,
      stake,
      setStake,
      busy,
      reducedMotion,
      play: (bet: PlayBet, staked: string) => run(() => studioApi.play(launch.token, bet), staked),
      freeSpins,
      playFreeSpin: () => {
        if (!freeSpins) return Promise.resolve(null);
        // The pack's count moves as soon as the server took the spin; a refusal says what is left.
        return run(
          () =>
            studioApi.playFreeSpin(launch.token, freeSpins.pack_id, freeSpins.next_spin).then(
              (round) => {
                setFreeSpins(round.free_spins ?? null);
                return round;
              },
              (caught: unknown) => {
                if (isApiError(caught) && 'free_spins' in caught.details) setFreeSpins((caught.details.free_spins as FreeSpinsOffer | null) ?? null);
                throw caught;
              },
            ),
          '',
        );
      },
      act: (roundId: string, action: ActionName, extraStake = '', tile?: number, held?: number[]) => run(() => studioApi.act(launch.token, roundId, action, tile, held), extraStake),
      commit: (round: RoundView) => {
        committed.current = round.balance;
        setBalance(round.balance);
        if (round.status === 'settled') setLastRound(round);
        cue(cueOfRound(round));
        for (const message of roundMessages(round, mode)) postToParent(message);
      },
      setPrimaryAction: (action) => {
        primary.current = action;
      },
      error,
      clearError: () => setError(null),
    }),
    [game, mode, launch, balance, stake, busy, reducedMotion, run, cue, error, freeSpins],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== ' ' && event.code !== 'Space') return;
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, button, a, [role="radio"], [role="slider"], [role="option"]')) return;
    event.preventDefault();
    if (!event.repeat) primary.current?.();
  };

  const Client = CLIENTS[game.engine];
  return (
    <>
      <header className="relative z-10 flex items-center gap-2 px-3 pt-2 pb-1 tablet:px-5 tablet:pt-3">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base leading-tight font-extrabold tracking-tight text-white tablet:text-lg" data-testid="studio-title">
            {game.name}
          </h1>
          <p className="flex items-center gap-1.5 truncate text-[11px] text-ink-300">
            <span className="truncate">{providerName}</span>
            <span
              className={clsx(
                'rounded-full px-1.5 py-px text-[9px] font-black tracking-widest uppercase ring-1',
                mode === 'demo' ? 'bg-violet-500/20 text-violet-400 ring-violet-400/30' : 'bg-jade-500/15 text-jade-400 ring-jade-400/30',
              )}
              data-testid="studio-mode"
            >
              {t(`mode.${mode}`)}
            </span>
          </p>
        </div>
        <div className="rounded-2xl bg-black/45 px-3 py-1.5 text-right ring-1 ring-white/10" data-testid="studio-balance-box">
          <span className="block text-[9px] font-bold tracking-[0.16em] text-ink-300 uppercase">{t(mode === 'demo' ? 'balance.demo' : 'balance.real')}</span>
          <span className="block text-sm leading-tight font-extrabold text-white tabular-nums tablet:text-base">
            <span data-testid="studio-balance">{showAmount(balance)}</span> <span className="text-[10px] font-bold text-ink-300">{launch.currency}</span>
          </span>
        </div>
        <SoundSwitch muted={muted} />
        <BarButton icon="shield" label={t('fair.title')} onClick={() => setFairOpen(true)} pressed={fairOpen} testId="open-fairness" />
      </header>

      <div
        ref={region}
        tabIndex={0}
        onKeyDown={onKeyDown}
        role="region"
        aria-label={t('region', { name: game.name })}
        className="relative z-0 flex min-h-0 flex-1 flex-col outline-none"
        data-testid="studio-game"
        data-sound={lastCue ?? undefined}
      >
        <Suspense fallback={<Loading label={t('loadingGame')} />}>
          <Client session={session} />
        </Suspense>
      </div>

      {error && (
        <div className="pointer-events-none absolute inset-x-3 top-16 z-30 flex justify-center">
          <div className="pointer-events-auto w-full max-w-md space-y-2">
            <ErrorNotice error={error} mode={mode} onClose={() => setError(null)} />
            {(error.kind === 'session' || error.kind === 'notFound') && (
              <Button size="sm" variant="secondary" onClick={onRelaunch} className="w-full">
                {t('reload')}
              </Button>
            )}
          </div>
        </div>
      )}

      <Sheet title={t('fair.title')} open={fairOpen} onClose={() => setFairOpen(false)} testId="fairness-sheet">
        <FairnessPanel active={fairness} lastRound={lastRound} busy={busy} onRotated={(active) => setFairness(active)} />
      </Sheet>
    </>
  );
}
