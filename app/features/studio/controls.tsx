import clsx from 'clsx';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon.tsx';
import { Chip } from './chip.tsx';
import { beatsStake, compareAmounts, isPositive, showAmount } from './money.ts';
import type { StudioSession } from './types.ts';
import { stepPreset } from './stake.ts';

/**
 * The stake: minus and plus step through the table's presets, the amount opens the full list.
 */
export function StakeSelector({
  presets,
  value,
  onChange,
  disabled,
  currency,
  label,
  testId = 'stake',
}: {
  presets: readonly string[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  currency: string;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation('studio');
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);
  const atMin = compareAmounts(value, presets[0]) <= 0;
  const atMax = compareAmounts(value, presets[presets.length - 1]) >= 0;
  return (
    <div ref={box} className="relative" data-testid={testId}>
      <span className="mb-1 block text-center text-[10px] font-bold tracking-[0.16em] text-ink-300 uppercase">{label ?? t('stake.label')}</span>
      <div className="flex items-center gap-1 rounded-2xl bg-black/40 p-1 ring-1 ring-white/10">
        <button
          type="button"
          className="grid h-9 w-9 place-items-center rounded-xl bg-white/5 text-lg font-bold text-white hover:bg-white/10 disabled:opacity-40"
          onClick={() => onChange(stepPreset(presets, value, -1))}
          disabled={disabled || atMin}
          aria-label={t('stake.decrease')}
          data-testid={`${testId}-down`}
        >
          −
        </button>
        <button
          type="button"
          className="flex h-9 min-w-[5.5rem] flex-col items-center justify-center rounded-xl px-2 leading-none hover:bg-white/5 disabled:opacity-60"
          onClick={() => setOpen((was) => !was)}
          disabled={disabled}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-label={t('stake.choose', { amount: showAmount(value), currency })}
        >
          <span className="text-base font-extrabold text-gold-300 tabular-nums" data-testid={`${testId}-value`}>
            {showAmount(value)}
          </span>
          <span className="mt-0.5 text-[10px] font-semibold text-ink-400">{currency}</span>
        </button>
        <button
          type="button"
          className="grid h-9 w-9 place-items-center rounded-xl bg-white/5 text-lg font-bold text-white hover:bg-white/10 disabled:opacity-40"
          onClick={() => onChange(stepPreset(presets, value, 1))}
          disabled={disabled || atMax}
          aria-label={t('stake.increase')}
          data-testid={`${testId}-up`}
        >
          +
        </button>
      </div>
      {open && (
        <ul
          role="listbox"
          aria-label={label ?? t('stake.label')}
          className="absolute bottom-full left-1/2 z-30 mb-2 grid w-56 -translate-x-1/2 grid-cols-3 gap-1.5 rounded-2xl bg-ink-850/95 p-2 shadow-2xl ring-1 ring-white/10 backdrop-blur"
        >
          {presets.map((preset) => (
            <li key={preset} role="option" aria-selected={preset === value}>
              <button
                type="button"
                onClick={() => {
                  onChange(preset);
                  setOpen(false);
                }}
                className={clsx(
                  'h-9 w-full rounded-lg text-sm font-bold tabular-nums transition',
                  compareAmounts(preset, value) === 0 ? 'bg-gold-400 text-ink-950' : 'bg-white/5 text-ink-100 hover:bg-white/10',
                )}
              >
                {showAmount(preset)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The table's chips: one is selected and every click on the layout places it. */
export function ChipRack({
  presets,
  value,
  onChange,
  disabled,
  size = 44,
}: {
  presets: readonly string[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  size?: number;
}) {
  const { t } = useTranslation('studio');
  return (
    <div role="radiogroup" aria-label={t('stake.chips')} className="flex items-end justify-center gap-1.5 tablet:gap-2" data-testid="chip-rack">
      {presets.map((preset, rank) => {
        const selected = compareAmounts(preset, value) === 0;
        return (
          <button
            key={preset}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={t('stake.chip', { amount: showAmount(preset) })}
            disabled={disabled}
            onClick={() => onChange(preset)}
            className={clsx(
              'rounded-full transition duration-150 disabled:opacity-50',
              selected ? '-translate-y-1.5 ring-2 ring-gold-300 ring-offset-2 ring-offset-transparent' : 'opacity-85 hover:-translate-y-0.5 hover:opacity-100',
            )}
          >
            <Chip amount={preset} rank={rank} size={size} />
          </button>
        );
      })}
    </div>
  );
}

/** The big round button of a game (spin, roll, deal). */
export function ActionButton({
  onClick,
  disabled,
  busy,
  children,
  label,
  testId,
  tone = 'gold',
  className,
}: {
  onClick: () => void;
  disabled?: boolean;
  busy?: boolean;
  children: ReactNode;
  label: string;
  testId?: string;
  tone?: 'gold' | 'jade' | 'ruby';
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      aria-busy={busy || undefined}
      data-testid={testId}
      className={clsx(
        'relative grid shrink-0 place-items-center rounded-full font-black tracking-wide uppercase transition select-none',
        'shadow-[0_10px_30px_-8px_rgba(0,0,0,0.8),inset_0_2px_0_rgba(255,255,255,0.45),inset_0_-4px_0_rgba(0,0,0,0.25)]',
        'enabled:hover:brightness-110 enabled:active:translate-y-0.5 disabled:cursor-not-allowed disabled:opacity-60 disabled:saturate-50',
        {
          gold: 'bg-gradient-to-b from-gold-300 via-gold-500 to-gold-600 text-ink-950 ring-4 ring-gold-300/25',
          jade: 'bg-gradient-to-b from-jade-400 to-emerald-700 text-white ring-4 ring-jade-400/25',
          ruby: 'bg-gradient-to-b from-ruby-400 to-rose-800 text-white ring-4 ring-ruby-400/25',
        }[tone],
        className ?? 'h-16 w-16 text-xs',
      )}
    >
      {busy ? <span className="h-6 w-6 animate-spin rounded-full border-[3px] border-current border-t-transparent" /> : children}
    </button>
  );
}

/**
 * The bottom bar of the single-bet games (dice, plinko, limbo, keno): the stake, the last win
 * (from a tablet up) and the big action button.
 */
export function PlayBar({
  session,
  locked,
  lastWin,
  lastStake,
  lastWinTestId,
  action,
  onAction,
  testId,
  wide = false,
  ready = true,
  button,
}: {
  session: Pick<StudioSession, 'limits' | 'stake' | 'setStake' | 'currency' | 'busy'>;
  locked: boolean;
  lastWin: string | null;
  /** The stake of the round `lastWin` came from: a return at or below it is shown in the plain colour, not as a win. */
  lastStake?: string;
  lastWinTestId?: string;
  action: string;
  onAction: () => void;
  testId: string;
  /** The game's column is max-w-5xl (a board beside its controls) rather than max-w-3xl. */
  wide?: boolean;
  /** False while the game has no bet to play (keno without picks): the button waits, the stake does not. */
  ready?: boolean;
  /** A button of the game's own in place of the action button (Mines' cash-out while a board is open). */
  button?: ReactNode;
}) {
  const { t } = useTranslation('studio');
  return (
    <div className="border-t border-white/10 bg-black/50 px-3 py-2 backdrop-blur tablet:px-6">
      <div className={clsx('mx-auto flex items-end justify-between gap-3', wide ? 'max-w-5xl' : 'max-w-3xl')}>
        <StakeSelector presets={session.limits.presets} value={session.stake} onChange={session.setStake} disabled={locked} currency={session.currency} />
        <div className="hidden text-center tablet:block" aria-live="polite">
          <span className="block text-[10px] font-bold tracking-[0.16em] text-ink-400 uppercase">{t('dice.lastWin')}</span>
          <span className={clsx('block text-lg font-extrabold tabular-nums', (lastStake === undefined ? isPositive(lastWin) : beatsStake(lastWin ?? '0', lastStake)) ? 'text-jade-400' : 'text-ink-200')} data-testid={lastWinTestId}>
            {showAmount(lastWin ?? '0')}
          </span>
        </div>
        {button ?? (
          <ActionButton onClick={onAction} disabled={locked || !ready} busy={session.busy} label={action} testId={testId} className="h-16 w-32 rounded-2xl! text-sm">
            {action}
          </ActionButton>
        )}
      </div>
    </div>
  );
}

/**
 * The last rounds of a game as a row of chips, newest first: `render` draws one chip's look
 * (class, style, title, text), the list keys them from the oldest so a new round slides in.
 */
export function RecentRounds<T>({
  title,
  empty,
  items,
  render,
  testId,
}: {
  title: string;
  empty: string;
  items: readonly T[];
  render: (item: T) => { className: string; text: ReactNode; style?: CSSProperties; title?: string };
  testId: string;
}) {
  return (
    <section>
      <h2 className="mb-1.5 text-[10px] font-bold tracking-[0.16em] text-ink-400 uppercase">{title}</h2>
      <ol className="flex flex-wrap gap-1.5" data-testid={testId}>
        {items.length === 0 && <li className="text-xs text-ink-400">{empty}</li>}
        {items.map((item, i) => {
          const chip = render(item);
          return (
            <li key={`${items.length - i}`} className={clsx('rounded-lg px-2 py-1 text-xs tabular-nums', chip.className)} style={chip.style} title={chip.title}>
              {chip.text}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A round icon button of the game bar (paytable, fairness, sound ...). */
export function BarButton({ icon, label, onClick, pressed, testId }: { icon: Parameters<typeof Icon>[0]['name']; label: string; onClick: () => void; pressed?: boolean; testId?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      data-testid={testId}
      className={clsx(
        'grid h-9 w-9 place-items-center rounded-full ring-1 transition',
        pressed ? 'bg-gold-400 text-ink-950 ring-gold-300' : 'bg-black/35 text-ink-100 ring-white/10 hover:bg-black/55 hover:text-white',
      )}
    >
      <Icon name={icon} size={18} />
    </button>
  );
}

/** A small text button of a table's bar (undo, clear, rebet ...). */
export function ToolButton({ label, onClick, disabled, testId }: { label: string; onClick: () => void; disabled?: boolean; testId?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      className="h-10 rounded-xl bg-white/5 px-3 text-xs font-bold text-ink-100 ring-1 ring-white/10 transition hover:bg-white/10 disabled:opacity-40"
    >
      {label}
    </button>
  );
}
