import clsx from 'clsx';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../../ui/segmented.tsx';
import { PlayBar } from '../controls.tsx';
import { usePrimaryAction, useWait } from '../hooks.ts';
import { showAmount } from '../money.ts';
import { outcomeOf, type DiceOutcomeView, type StudioClientProps } from '../types.ts';
import {
  COIN,
  chanceOf,
  clampTarget,
  coinSide,
  crashPoint,
  flipped,
  multiplierOf,
  overTargetForMultiplier,
  parseTarget,
  payoutFor,
  showChance,
  showMultiplier,
  showRoll,
  targetForChance,
  targetRange,
  type DiceDirection,
} from './dice-logic.ts';
import { RollNumber, useRollingNumber } from './roll-display.tsx';

type Variant = 'dice' | 'rocket' | 'coin';
const VARIANTS: Record<string, Variant> = { 'fuse-rocket': 'rocket', 'coin-flip-rush': 'coin' };
const HISTORY = 12;
const ROCKET_PRESETS = [1.5, 2, 3, 5, 10, 50];

/**
 * Dice: roll 0.00-99.99 over or under a target. The target slider keeps the win chance within
 * 1%-98%; chance, multiplier and payout are the engine's own figures. The themed games read the
 * same bet differently: Fuse Rocket flies to the roll's multiplier (cash out at a target
 * multiplier = an over bet), Coin Flip Rush is heads (under 50.00) or tails (over 49.99).
 */
export default function DiceClient({ session }: StudioClientProps) {
  const { t } = useTranslation('studio');
  const wait = useWait();
  const variant = VARIANTS[session.game.sysname] ?? 'dice';
  const { reducedMotion, stake } = session;
  const [direction, setDirection] = useState<DiceDirection>(variant === 'rocket' ? 'over' : 'under');
  const [target, setTarget] = useState(variant === 'rocket' ? overTargetForMultiplier(2) : 5000);
  const [rollKey, setRollKey] = useState(0);
  const [last, setLast] = useState<DiceOutcomeView | null>(null);
  const [history, setHistory] = useState<DiceOutcomeView[]>([]);
  const [rolling, setRolling] = useState(false);
  const duration = reducedMotion ? 0 : variant === 'rocket' ? rocketDuration(last ? crashPoint(last.roll) : 1) : variant === 'coin' ? 1400 : 900;
  const { shown, landing } = useRollingNumber(last?.roll ?? null, rollKey, variant === 'dice' ? duration : 0);
  const locked = rolling || session.busy;

  const roll = useCallback(async () => {
    if (locked) return;
    session.clearError();
    const round = await session.play({ amount: stake, target, direction }, stake);
    if (!round) return;
    const outcome = outcomeOf<DiceOutcomeView>(round);
    setRolling(true);
    setLast(outcome);
    setRollKey((k) => k + 1);
    const time = reducedMotion ? 0 : variant === 'rocket' ? rocketDuration(crashPoint(outcome.roll)) : variant === 'coin' ? 1400 : 900;
    await wait(time + 80);
    setHistory((list) => [outcome, ...list].slice(0, HISTORY));
    session.commit(round);
    setRolling(false);
  }, [locked, session, stake, target, direction, reducedMotion, variant, wait]);

  usePrimaryAction(session, roll);

  const settledLast = rolling ? null : last;
  const chance = chanceOf(target, direction);
  const multiplier = multiplierOf(target, direction);
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="dice-client" data-variant={variant}>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pt-1 pb-3 tablet:px-6">
        <div className="mx-auto flex max-w-3xl flex-col gap-4">
          {variant === 'rocket' ? (
            <RocketStage last={last} rollKey={rollKey} flying={rolling} duration={duration} target={target} />
          ) : variant === 'coin' ? (
            <CoinStage last={last} rollKey={rollKey} flipping={rolling} duration={duration} />
          ) : (
            <DiceStage shown={shown} landing={landing} last={settledLast} target={target} direction={direction} />
          )}

          {variant === 'dice' && (
            <DiceControls
              target={target}
              direction={direction}
              disabled={locked}
              onTarget={(value) => setTarget(clampTarget(value, direction))}
              onDirection={(next) => {
                if (next === direction) return;
                setDirection(next);
                setTarget(clampTarget(flipped(target), next));
              }}
              lastRoll={settledLast?.roll ?? null}
              lastWon={settledLast?.won ?? null}
            />
          )}
          {variant === 'rocket' && <RocketControls target={target} disabled={locked} onTarget={setTarget} />}
          {variant === 'coin' && (
            <Segmented
              label={t('coin.pick')}
              value={direction === 'under' ? 'heads' : 'tails'}
              onChange={(side: 'heads' | 'tails') => {
                setDirection(COIN[side].direction);
                setTarget(COIN[side].target);
              }}
              options={[
                { value: 'heads', label: t('coin.heads') },
                { value: 'tails', label: t('coin.tails') },
              ]}
              className="mx-auto w-full max-w-sm"
              testId="coin-side"
            />
          )}

          <dl className={clsx('grid gap-2 text-center', variant === 'dice' ? 'grid-cols-2' : 'grid-cols-3')} data-testid="dice-stats">
            {variant !== 'dice' && <Stat label={t('dice.chance')} value={`${showChance(chance)}%`} testId="dice-chance" />}
            <Stat label={t('dice.multiplier')} value={`${showMultiplier(multiplier)}×`} testId="dice-multiplier" />
            <Stat label={t('dice.payout')} value={showAmount(payoutFor(stake, target, direction))} testId="dice-payout" />
          </dl>

          <section>
            <h2 className="mb-1.5 text-[10px] font-bold tracking-[0.16em] text-ink-400 uppercase">{t('dice.history')}</h2>
            <ol className="flex flex-wrap gap-1.5" data-testid="dice-history">
              {history.length === 0 && <li className="text-xs text-ink-400">{t('dice.noHistory')}</li>}
              {history.map((item, i) => (
                <li
                  key={`${history.length - i}`}
                  className={clsx('rounded-lg px-2 py-1 text-xs font-bold tabular-nums ring-1', item.won ? 'bg-jade-500/15 text-jade-400 ring-jade-400/30' : 'bg-ruby-500/15 text-ruby-400 ring-ruby-400/30')}
                >
                  {variant === 'rocket' ? `${showFlight(Math.min(crashPoint(item.roll), 99))}×` : variant === 'coin' ? t(`coin.${coinSide(item.roll)}`) : showRoll(item.roll)}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>

      <PlayBar session={session} locked={locked} lastWin={settledLast?.win ?? null} action={t(`${variant}.action`)} onAction={() => void roll()} testId="dice-roll-button" />
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-2xl bg-black/40 px-2 py-2.5 ring-1 ring-white/10">
      <dt className="text-[10px] font-bold tracking-[0.14em] text-ink-400 uppercase">{label}</dt>
      <dd className="mt-0.5 truncate text-base font-extrabold text-white tabular-nums tablet:text-lg" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function DiceStage({ shown, landing, last, target, direction }: { shown: number | null; landing: boolean; last: DiceOutcomeView | null; target: number; direction: DiceDirection }) {
  const { t } = useTranslation('studio');
  return (
    <section className="relative overflow-hidden rounded-3xl bg-gradient-to-b from-ink-800/90 to-ink-900/90 px-4 py-4 text-center shadow-2xl ring-1 ring-white/10 tablet:py-10" aria-live="polite">
      <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_80%_at_50%_0%,rgba(124,92,255,0.35),transparent)]" />
      <p className="relative text-xs font-bold tracking-[0.2em] text-ink-300 uppercase">{t(`dice.rule.${direction}`, { target: showRoll(target) })}</p>
      <RollNumber shown={shown} won={landing ? null : (last?.won ?? null)} landing={landing} className="relative mt-1 block text-5xl tablet:mt-2 tablet:text-8xl" />
      <p className="relative mt-2 h-6 text-sm font-bold" data-testid="dice-outcome">
        {last && !landing && (last.won ? <span className="text-jade-400">{t('dice.won', { amount: showAmount(last.win) })}</span> : <span className="text-ruby-400">{t('dice.lost')}</span>)}
      </p>
    </section>
  );
}

function DiceControls({
  target,
  direction,
  disabled,
  onTarget,
  onDirection,
  lastRoll,
  lastWon,
}: {
  target: number;
  direction: DiceDirection;
  disabled: boolean;
  onTarget: (value: number) => void;
  onDirection: (direction: DiceDirection) => void;
  lastRoll: number | null;
  lastWon: boolean | null;
}) {
  const { t } = useTranslation('studio');
  const [text, setText] = useState<string | null>(null);
  const [chanceText, setChanceText] = useState<string | null>(null);
  const range = targetRange(direction);
  const pct = (target / 100).toFixed(2);
  const track =
    direction === 'under'
      ? `linear-gradient(90deg, #16c784 0%, #3ee6a4 ${pct}%, #ef3e5c ${pct}%, #b3203b 100%)`
      : `linear-gradient(90deg, #b3203b 0%, #ef3e5c ${pct}%, #3ee6a4 ${pct}%, #16c784 100%)`;
  return (
    <section className="space-y-3 rounded-3xl bg-black/35 p-3 ring-1 ring-white/10 tablet:space-y-4 tablet:p-4">
      <div className="relative pt-7">
        {lastRoll !== null && (
          <span
            className={clsx('studio-pop absolute top-0 -translate-x-1/2 rounded-md px-1.5 py-0.5 text-[11px] font-black tabular-nums shadow', lastWon ? 'bg-jade-500 text-ink-950' : 'bg-ruby-500 text-white')}
            style={{ left: `${lastRoll / 100}%` }}
            data-testid="dice-marker"
          >
            {showRoll(lastRoll)}
          </span>
        )}
        <input
          type="range"
          min={0}
          max={9999}
          step={1}
          value={target}
          disabled={disabled}
          onChange={(event) => onTarget(Number(event.target.value))}
          aria-label={t('dice.target')}
          aria-valuetext={showRoll(target)}
          className="studio-range w-full"
          style={{ background: track }}
          data-testid="dice-slider"
        />
        <div className="mt-1 flex justify-between text-[10px] font-bold text-ink-400 tabular-nums" aria-hidden="true">
          {[0, 25, 50, 75, 100].map((n) => (
            <span key={n}>{n}</span>
          ))}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 tablet:grid-cols-[1fr_1fr_1.2fr]">
        <label className="block">
          <span className="text-[10px] font-bold tracking-[0.14em] text-ink-400 uppercase">{t('dice.target')}</span>
          <input
            inputMode="decimal"
            value={text ?? showRoll(target)}
            disabled={disabled}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => {
              const value = text === null ? null : parseTarget(text);
              if (value !== null) onTarget(value);
              setText(null);
            }}
            onKeyDown={(event) => event.key === 'Enter' && (event.target as HTMLInputElement).blur()}
            className="mt-1 h-10 w-full rounded-xl bg-black/40 px-3 font-bold text-white tabular-nums ring-1 ring-white/10 outline-none focus:ring-gold-400"
            data-testid="dice-target"
          />
          <span className="mt-1 block text-[10px] text-ink-400">{t('dice.targetRange', { min: showRoll(range.min), max: showRoll(range.max) })}</span>
        </label>
        <label className="block">
          <span className="text-[10px] font-bold tracking-[0.14em] text-ink-400 uppercase">{t('dice.chance')}</span>
          <input
            inputMode="decimal"
            value={chanceText ?? showChance(chanceOf(target, direction))}
            disabled={disabled}
            onChange={(event) => setChanceText(event.target.value)}
            onBlur={() => {
              const value = chanceText === null ? NaN : Number(chanceText.replace(',', '.').replace('%', ''));
              if (Number.isFinite(value)) onTarget(targetForChance(value, direction));
              setChanceText(null);
            }}
            onKeyDown={(event) => event.key === 'Enter' && (event.target as HTMLInputElement).blur()}
            className="mt-1 h-10 w-full rounded-xl bg-black/40 px-3 font-bold text-white tabular-nums ring-1 ring-white/10 outline-none focus:ring-gold-400"
            data-testid="dice-chance-input"
          />
          <span className="mt-1 block text-[10px] text-ink-400">{t('dice.chanceRange')}</span>
        </label>
        <div className="col-span-2 tablet:col-span-1">
          <span className="text-[10px] font-bold tracking-[0.14em] text-ink-400 uppercase">{t('dice.direction')}</span>
          <Segmented
            label={t('dice.direction')}
            value={direction}
            onChange={onDirection}
            options={[
              { value: 'under', label: t('dice.under') },
              { value: 'over', label: t('dice.over') },
            ]}
            className="mt-1"
            testId="dice-direction"
          />
        </div>
      </div>
    </section>
  );
}

function rocketDuration(crash: number): number {
  return Math.round(Math.min(3600, Math.max(900, Math.log(Math.max(crash, 1)) * 1400 + 700)));
}

/** Multiplier of the rocket on screen: cut to 2 decimals. */
const showFlight = (value: number) => (Math.floor(value * 100 + 1e-9) / 100).toFixed(2);

/**
 * The rocket's flight as a crash curve: time runs left to right, the multiplier grows
 * exponentially up to the roll's height; at the end it has cashed out (the target was reached)
 * or blown up.
 */
function RocketStage({ last, rollKey, flying, duration, target }: { last: DiceOutcomeView | null; rollKey: number; flying: boolean; duration: number; target: number }) {
  const { t } = useTranslation('studio');
  const crash = last ? Math.min(crashPoint(last.roll), 99) : null;
  const [flight, setFlight] = useState<{ key: number; progress: number } | null>(null);
  useEffect(() => {
    if (crash === null || duration <= 0) return;
    const started = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const progress = Math.min(1, (now - started) / duration);
      setFlight({ key: rollKey, progress });
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rollKey]);
  const progress = crash === null ? 0 : flying && duration > 0 ? (flight?.key === rollKey ? flight.progress : 0) : 1;
  const top = Math.log(Math.max(crash ?? 1, 1));
  const valueAt = (s: number) => (crash !== null && crash < 1 ? crash : Math.exp(top * s));
  const value = crash === null ? 1 : valueAt(progress);
  // The curve in a 400 x 200 box: x is time, y the multiplier on a log scale up to 20x.
  const point = (s: number): [number, number] => [24 + 340 * s, 184 - 160 * Math.min(1, Math.log(Math.max(valueAt(s), 1)) / Math.log(20))];
  const steps = Math.max(2, Math.round(progress * 40));
  const curve = Array.from({ length: steps + 1 }, (_, i) => point((progress * i) / steps));
  const [rx, ry] = point(progress);
  const [px, py] = point(Math.max(0, progress - 0.02));
  const angle = progress > 0.01 ? (Math.atan2(ry - py, rx - px) * 180) / Math.PI + 90 : 0;
  const cashOut = multiplierOf(target, 'over');
  const done = last !== null && !flying;
  const boom = done && last !== null && !last.won;
  return (
    <section
      className="relative h-60 overflow-hidden rounded-3xl bg-[radial-gradient(120%_90%_at_50%_110%,#ff7a3d_0%,#a8245a_30%,#2b1048_65%,#0b0a1f_100%)] shadow-2xl ring-1 ring-white/10 tablet:h-80"
      aria-live="polite"
      data-testid="rocket-stage"
    >
      {Array.from({ length: 26 }, (_, i) => (
        <span key={i} className="absolute h-0.5 w-0.5 rounded-full bg-white/70" style={{ left: `${(i * 37) % 100}%`, top: `${(i * 23) % 70}%` }} />
      ))}
      <svg viewBox="0 0 400 200" preserveAspectRatio="none" className="absolute inset-0 h-full w-full" aria-hidden="true">
        <defs>
          <linearGradient id="rocket-trail" x1="0" y1="1" x2="1" y2="0">
            <stop offset="0" stopColor="#ffb13d" stopOpacity="0.2" />
            <stop offset="1" stopColor="#ffd25a" />
          </linearGradient>
        </defs>
        <line x1="24" y1="184" x2="380" y2="184" stroke="#ffffff" strokeOpacity=".15" />
        <polyline points={curve.map(([x, y]) => `${x},${y}`).join(' ')} fill="none" stroke="url(#rocket-trail)" strokeWidth="4" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
      </svg>
      <div className="absolute -translate-x-1/2 -translate-y-1/2" style={{ left: `${(rx / 400) * 100}%`, top: `${(ry / 200) * 100}%` }}>
        {boom ? (
          <svg viewBox="0 0 100 100" className="studio-pop h-16 w-16" aria-hidden="true">
            <path d="M50 5 L 60 35 L 92 28 L 68 52 L 95 75 L 62 70 L 50 97 L 40 70 L 6 76 L 32 52 L 8 28 L 40 35 Z" fill="#ffb13d" />
            <path d="M50 25 L 56 42 L 75 40 L 61 54 L 74 68 L 56 63 L 50 80 L 44 63 L 26 68 L 39 54 L 25 40 L 44 42 Z" fill="#fff1a8" />
          </svg>
        ) : (
          <svg viewBox="0 0 60 120" className="h-14 w-7 tablet:h-16 tablet:w-8" style={{ transform: `rotate(${angle}deg)` }} aria-hidden="true">
            <path d="M30 4 C 44 18 48 40 46 74 L 14 74 C 12 40 16 18 30 4 Z" fill="#eceef7" stroke="#8a92b3" strokeWidth="2" />
            <circle cx="30" cy="40" r="8" fill="#5d3ee8" stroke="#ffd25a" strokeWidth="3" />
            <path d="M14 60 L 2 84 L 16 78 Z M46 60 L 58 84 L 44 78 Z" fill="#ef3e5c" />
            {flying && <path d="M18 76 Q 30 120 42 76 Z" fill="#ffb13d" className="studio-pulse" />}
          </svg>
        )}
      </div>
      <div className="absolute top-3 left-4 text-left tablet:top-5 tablet:left-6">
        <p className={clsx('text-4xl font-black tabular-nums tablet:text-6xl', done ? (last?.won ? 'text-jade-400' : 'text-ruby-400') : 'text-white')} data-testid="rocket-multiplier">
          {showFlight(value)}×
        </p>
        <p className="mt-1 text-xs font-bold text-white/85 tablet:text-sm" data-testid="dice-outcome">
          {done && last ? (last.won ? t('rocket.cashedOut', { multiplier: showMultiplier(cashOut), amount: showAmount(last.win) }) : t('rocket.boom', { multiplier: showFlight(crash ?? 0) })) : t('rocket.cashOutAt', { multiplier: showMultiplier(cashOut) })}
        </p>
      </div>
    </section>
  );
}

function RocketControls({ target, disabled, onTarget }: { target: number; disabled: boolean; onTarget: (target: number) => void }) {
  const { t } = useTranslation('studio');
  const current = multiplierOf(target, 'over');
  const [text, setText] = useState<string | null>(null);
  return (
    <section className="space-y-3 rounded-3xl bg-black/35 p-4 ring-1 ring-white/10">
      <label className="block">
        <span className="text-[10px] font-bold tracking-[0.14em] text-ink-400 uppercase">{t('rocket.cashOut')}</span>
        <input
          inputMode="decimal"
          value={text ?? showMultiplier(current)}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => {
            const value = text === null ? NaN : Number(text.replace(',', '.').replace('×', '').replace('x', ''));
            if (Number.isFinite(value)) onTarget(overTargetForMultiplier(value));
            setText(null);
          }}
          onKeyDown={(event) => event.key === 'Enter' && (event.target as HTMLInputElement).blur()}
          className="mt-1 h-11 w-full rounded-xl bg-black/40 px-3 text-lg font-bold text-white tabular-nums ring-1 ring-white/10 outline-none focus:ring-gold-400"
          data-testid="rocket-cashout"
        />
        <span className="mt-1 block text-[10px] text-ink-400">{t('rocket.range')}</span>
      </label>
      <div className="flex flex-wrap gap-1.5">
        {ROCKET_PRESETS.map((m) => (
          <button
            key={m}
            type="button"
            disabled={disabled}
            onClick={() => onTarget(overTargetForMultiplier(m))}
            className={clsx('h-9 rounded-xl px-3 text-sm font-bold ring-1 transition', Math.abs(current - m) < 0.01 ? 'bg-gold-400 text-ink-950 ring-gold-300' : 'bg-white/5 text-ink-100 ring-white/10 hover:bg-white/10')}
          >
            {m}×
          </button>
        ))}
      </div>
    </section>
  );
}

/** A coin that spins in 3D and lands on the roll's side. */
function CoinStage({ last, rollKey, flipping, duration }: { last: DiceOutcomeView | null; rollKey: number; flipping: boolean; duration: number }) {
  const { t } = useTranslation('studio');
  const side = last ? coinSide(last.roll) : 'heads';
  const turns = rollKey * 5 * 360 + (side === 'tails' ? 180 : 0);
  const done = last !== null && !flipping;
  return (
    <section className="relative overflow-hidden rounded-3xl bg-[radial-gradient(90%_90%_at_50%_30%,#3a2a7a,#1a1240_60%,#0b0a1f)] px-4 py-8 text-center shadow-2xl ring-1 ring-white/10" aria-live="polite" data-testid="coin-stage">
      <div className="mx-auto h-36 w-36 [perspective:800px] tablet:h-44 tablet:w-44">
        <div
          className="relative h-full w-full [transform-style:preserve-3d]"
          style={{ transform: `rotateY(${turns}deg)`, transition: duration ? `transform ${duration}ms cubic-bezier(0.2, 0.7, 0.3, 1)` : 'none' }}
          data-testid="coin"
          data-side={side}
        >
          <CoinFace label={t('coin.heads')} glyph="♛" className="[backface-visibility:hidden]" />
          <CoinFace label={t('coin.tails')} glyph="C" className="[backface-visibility:hidden] [transform:rotateY(180deg)]" />
        </div>
      </div>
      <p className="mt-4 h-6 text-sm font-bold" data-testid="dice-outcome">
        {done && last ? (
          last.won ? (
            <span className="text-jade-400">{t('coin.won', { side: t(`coin.${side}`), amount: showAmount(last.win) })}</span>
          ) : (
            <span className="text-ruby-400">{t('coin.lost', { side: t(`coin.${side}`) })}</span>
          )
        ) : (
          <span className="text-ink-300">{flipping ? t('coin.flipping') : t('coin.hint')}</span>
        )}
      </p>
    </section>
  );
}

function CoinFace({ label, glyph, className }: { label: string; glyph: string; className: string }) {
  return (
    <div className={clsx('absolute inset-0 grid place-items-center rounded-full bg-[radial-gradient(circle_at_35%_30%,#fff3b0,#ffd25a_40%,#c7800f_85%)] shadow-[0_12px_30px_rgba(0,0,0,0.6),inset_0_0_0_6px_rgba(138,90,8,0.6)]', className)}>
      <div className="grid h-[78%] w-[78%] place-items-center rounded-full ring-2 ring-[#8a5a08]/60">
        <span className="text-5xl font-black text-[#7a4a06] tablet:text-6xl" style={{ fontFamily: 'Georgia, serif' }}>
          {glyph}
        </span>
        <span className="-mt-6 text-[10px] font-black tracking-[0.2em] text-[#7a4a06] uppercase">{label}</span>
      </div>
    </div>
  );
}
