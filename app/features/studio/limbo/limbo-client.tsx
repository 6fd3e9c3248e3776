import clsx from 'clsx';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayBar, RecentRounds } from '../controls.tsx';
import { useAnimationProgress, usePrimaryAction, useWait } from '../hooks.ts';
import { showAmount } from '../money.ts';
import { outcomeOf, type LimboOutcomeView, type StudioClientProps } from '../types.ts';
import { clampTarget, climbDuration, climbing, markLabel, METER_MARKS, meterPosition, parseTarget, payout, showChance, showMultiplier } from './limbo-logic.ts';

const HISTORY = 14;
const PRESETS = [150, 200, 500, 1_000, 10_000, 100_000];

/**
 * Limbo: the player sets a target multiplier (1.01x to 1,000,000x); the server draws the result
 * multiplier. The result climbs from 1.00x to its value on a log meter where the target is
 * flagged: at or past the flag wins stake x target. Reduced motion shows the result at once.
 */
export default function LimboClient({ session }: StudioClientProps) {
  const { t } = useTranslation('studio');
  const wait = useWait();
  const { reducedMotion, stake } = session;
  const [target, setTarget] = useState(200);
  const [text, setText] = useState<string | null>(null);
  const [rolling, setRolling] = useState<{ key: number; outcome: LimboOutcomeView } | null>(null);
  const [last, setLast] = useState<LimboOutcomeView | null>(null);
  const [history, setHistory] = useState<LimboOutcomeView[]>([]);
  const [rounds, setRounds] = useState(0);
  const locked = rolling !== null || session.busy;

  const bet = useCallback(async () => {
    if (locked) return;
    session.clearError();
    const round = await session.play({ amount: stake, target }, stake);
    if (!round) return;
    const outcome = outcomeOf<LimboOutcomeView>(round);
    setRolling({ key: Date.now(), outcome });
    await wait(reducedMotion ? 0 : climbDuration(outcome.result) + 120);
    setRolling(null);
    setLast(outcome);
    setHistory((list) => [outcome, ...list].slice(0, HISTORY));
    setRounds((n) => n + 1);
    session.commit(round);
  }, [locked, session, stake, target, reducedMotion, wait]);

  usePrimaryAction(session, bet);

  const commitText = () => {
    const value = text === null ? null : parseTarget(text);
    if (value !== null) setTarget(clampTarget(value));
    setText(null);
  };
  const shownTarget = rolling?.outcome.target ?? last?.target ?? target;
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="limbo-client" data-rounds={rounds}>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pt-1 pb-3 tablet:px-6">
        <div className="mx-auto flex max-w-3xl flex-col gap-4">
          <LimboStage rolling={rolling} last={last} target={rolling || last ? shownTarget : target} reducedMotion={reducedMotion} />

          <section className="space-y-3 rounded-3xl bg-black/35 p-3 ring-1 ring-white/10 tablet:p-4">
            <div className="grid grid-cols-2 gap-3 tablet:grid-cols-3">
              <label className="col-span-2 block tablet:col-span-1">
                <span className="text-[10px] font-bold tracking-[0.14em] text-ink-400 uppercase">{t('limbo.target')}</span>
                <span className="mt-1 flex h-11 items-center rounded-xl bg-black/40 pr-3 ring-1 ring-white/10 focus-within:ring-gold-400">
                  <input
                    inputMode="decimal"
                    value={text ?? showMultiplier(target)}
                    disabled={locked}
                    onChange={(event) => setText(event.target.value)}
                    onBlur={commitText}
                    onKeyDown={(event) => event.key === 'Enter' && (event.target as HTMLInputElement).blur()}
                    className="h-full min-w-0 flex-1 bg-transparent px-3 text-lg font-bold text-white tabular-nums outline-none"
                    data-testid="limbo-target"
                  />
                  <span className="font-bold text-ink-300">×</span>
                </span>
                <span className="mt-1 block text-[10px] text-ink-400">{t('limbo.range')}</span>
              </label>
              <Stat label={t('limbo.chance')} value={`${showChance(target)}%`} testId="limbo-chance" />
              <Stat label={t('limbo.payout')} value={showAmount(payout(stake, target))} testId="limbo-payout" />
            </div>
            <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('limbo.presets')}>
              {PRESETS.map((value) => (
                <button
                  key={value}
                  type="button"
                  disabled={locked}
                  onClick={() => setTarget(value)}
                  aria-pressed={target === value}
                  className={clsx('h-9 rounded-xl px-3 text-sm font-bold tabular-nums ring-1 transition', target === value ? 'bg-gold-400 text-ink-950 ring-gold-300' : 'bg-white/5 text-ink-100 ring-white/10 hover:bg-white/10')}
                >
                  {(value / 100).toLocaleString('en-US')}×
                </button>
              ))}
            </div>
          </section>

          <RecentRounds
            title={t('limbo.history')}
            empty={t('limbo.noHistory')}
            items={history}
            testId="limbo-history"
            render={(item) => ({
              className: clsx('font-bold ring-1', item.won ? 'bg-jade-500/15 text-jade-400 ring-jade-400/30' : 'bg-ruby-500/15 text-ruby-400 ring-ruby-400/30'),
              text: `${showMultiplier(item.result)}×`,
            })}
          />
        </div>
      </div>

      <PlayBar session={session} locked={locked} lastWin={last?.win ?? null} lastWinTestId="limbo-last-win" action={t('limbo.action')} onAction={() => void bet()} testId="limbo-bet" />
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <span className="text-[10px] font-bold tracking-[0.14em] text-ink-400 uppercase">{label}</span>
      <span className="mt-1 flex h-11 items-center truncate rounded-xl bg-black/25 px-3 text-lg font-extrabold text-white tabular-nums ring-1 ring-white/5" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** The result's number climbing to its value, and the log meter with the target's flag. */
function LimboStage({ rolling, last, target, reducedMotion }: { rolling: { key: number; outcome: LimboOutcomeView } | null; last: LimboOutcomeView | null; target: number; reducedMotion: boolean }) {
  const { t } = useTranslation('studio');
  const progress = useAnimationProgress(rolling?.key ?? null, rolling ? climbDuration(rolling.outcome.result) : 0, reducedMotion);
  const shown = rolling ? climbing(rolling.outcome.result, progress) : (last?.result ?? 100);
  const settled = !rolling && last !== null;
  const reached = shown >= target;
  return (
    <section
      className="relative overflow-hidden rounded-3xl bg-[radial-gradient(110%_90%_at_50%_0%,#1f4a5e_0%,#10243a_50%,#08101f_100%)] px-4 pt-6 pb-5 text-center shadow-2xl ring-1 ring-white/10 tablet:pt-10"
      aria-live="polite"
      data-testid="limbo-stage"
    >
      <p className="text-xs font-bold tracking-[0.2em] text-ink-300 uppercase">{t('limbo.rule', { target: showMultiplier(target) })}</p>
      <p
        className={clsx(
          'mt-2 text-5xl font-black tabular-nums tablet:text-8xl',
          settled ? (last.won ? 'text-jade-400' : 'text-ruby-400') : reached && rolling ? 'text-jade-300' : 'text-white',
          settled && !reducedMotion && 'studio-pop',
        )}
        data-testid="limbo-result"
        data-result={settled ? last.result : undefined}
      >
        {showMultiplier(shown)}×
      </p>
      <p className="mt-1 h-6 text-sm font-bold" data-testid="limbo-outcome">
        {settled ? (
          last.won ? (
            <span className="text-jade-400">{t('limbo.won', { amount: showAmount(last.win) })}</span>
          ) : (
            <span className="text-ruby-400">{t('limbo.lost')}</span>
          )
        ) : (
          <span className="text-ink-300">{rolling ? '' : t('limbo.hint')}</span>
        )}
      </p>
      <div className="relative mx-auto mt-5 max-w-xl px-2 pb-5" aria-hidden="true">
        <div className="relative h-3 rounded-full bg-white/10">
          <div
            className={clsx('absolute inset-y-0 left-0 rounded-full', reached ? 'bg-gradient-to-r from-jade-500 to-jade-300' : 'bg-gradient-to-r from-ruby-500 to-ruby-400')}
            style={{ width: `${meterPosition(shown) * 100}%` }}
            data-testid="limbo-meter"
          />
          <div className="absolute -top-2 -bottom-2 w-1 -translate-x-1/2 rounded bg-gold-300 shadow-[0_0_10px_rgba(255,210,90,0.8)]" style={{ left: `${meterPosition(target) * 100}%` }} />
        </div>
        {METER_MARKS.map((mark) => (
          <span key={mark} className="absolute top-5 -translate-x-1/2 text-[10px] font-bold text-ink-400 tabular-nums" style={{ left: `calc(0.5rem + (100% - 1rem) * ${meterPosition(mark)})` }}>
            {markLabel(mark)}×
          </span>
        ))}
      </div>
    </section>
  );
}
