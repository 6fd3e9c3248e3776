import clsx from 'clsx';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltyCharacterView, LoyaltyInfo, LoyaltyLevelView, LoyaltyProductKind, LoyaltyProductView } from '../../../contract/loyalty.ts';
import { useClientStyle } from '../../lib/client-style.ts';
import { Button } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { buyState, levelProgress, pointsText, type BuyState } from './rules.ts';

/** Small building blocks of the loyalty screens: level medals, the progress bar, product and character cards. */

type Look = { icon: IconName; medal: string; text: string; art: string };

/** The look of each level, lowest first (bronze, silver, gold, platinum, diamond); higher levels keep the last. */
const LEVEL_LOOKS: Look[] = [
  { icon: 'star', medal: 'from-amber-600 to-orange-900 ring-amber-500/50', text: 'text-amber-400', art: 'from-amber-700/50 via-orange-900/40 to-ink-900/20' },
  { icon: 'shield', medal: 'from-slate-200 to-slate-500 ring-slate-200/50', text: 'text-slate-200', art: 'from-slate-400/40 via-slate-700/40 to-ink-900/20' },
  { icon: 'crown', medal: 'from-gold-300 to-gold-600 ring-gold-300/60', text: 'text-gold-300', art: 'from-gold-500/45 via-amber-700/35 to-ink-900/20' },
  { icon: 'trophy', medal: 'from-cyan-200 to-sky-600 ring-cyan-200/50', text: 'text-cyan-300', art: 'from-cyan-500/40 via-sky-800/40 to-ink-900/20' },
  { icon: 'sparkles', medal: 'from-fuchsia-300 to-violet-700 ring-fuchsia-300/50', text: 'text-fuchsia-300', art: 'from-fuchsia-600/45 via-violet-800/40 to-ink-900/20' },
];

export const levelLook = (number: number): Look => LEVEL_LOOKS[Math.min(Math.max(number, 1), LEVEL_LOOKS.length) - 1]!;

export const KIND_ICONS: Record<LoyaltyProductKind, IconName> = { bonus_money: 'coins', free_spins: 'sparkles', cashback_boost: 'percent' };
const KIND_ART: Record<LoyaltyProductKind, string> = {
  bonus_money: 'from-gold-500/60 via-amber-700/50 to-ink-900/40',
  free_spins: 'from-fuchsia-600/60 via-violet-700/50 to-ink-900/40',
  cashback_boost: 'from-emerald-500/50 via-teal-700/50 to-ink-900/40',
};

/**
 * A picture that gives way to `fallback` when it cannot be shown: a failed load is often over
 * before hydration (its error event lost), so the element is also checked once mounted.
 */
export function SafeImage({ src, className, fallback }: { src: string | null | undefined; className?: string; fallback: React.ReactNode }) {
  const ref = useRef<HTMLImageElement>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setBroken(true);
  }, [src]);
  if (!src || broken) return <>{fallback}</>;
  return <img ref={ref} src={src} alt="" loading="lazy" className={className} onError={() => setBroken(true)} />;
}

/** A level's round medal with its icon. */
export function LevelMedal({ number, size = 'md' }: { number: number; size?: 'sm' | 'md' | 'lg' }) {
  const look = levelLook(number);
  const box = { sm: 'h-9 w-9', md: 'h-12 w-12', lg: 'h-16 w-16' }[size];
  return (
    <span className={clsx('relative grid shrink-0 place-items-center rounded-full bg-gradient-to-br text-ink-950 shadow-lg ring-2', look.medal, box)} aria-hidden="true">
      <Icon name={look.icon} size={{ sm: 16, md: 22, lg: 30 }[size]} strokeWidth={2.2} />
    </span>
  );
}

/** The bar towards the next level, with its percent and the points still to earn. */
export function LevelProgress({ info }: { info: LoyaltyInfo }) {
  const { t } = useTranslation('loyalty');
  const { percent, toNext } = levelProgress(info);
  const clientStyle = useClientStyle();
  const next = info.next_level;
  const label = next ? t('status.progress', { level: next.name }) : t('status.top');
  return (
    <div data-testid="loyalty-progress">
      <div className="mb-1.5 flex items-baseline justify-between gap-3 text-xs">
        <span className="font-semibold text-ink-200">{next ? t('status.progress', { level: next.name }) : info.level.name}</span>
        <span className="font-bold text-gold-300 tabular-nums" data-testid="loyalty-progress-percent">
          {t('status.percent', { percent })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-ink-950/80 ring-1 ring-white/5"
      >
        <div
          className="h-full w-0 rounded-full bg-gradient-to-r from-gold-600 via-gold-400 to-gold-300 shadow-[0_0_12px_rgba(245,184,46,0.55)] transition-[width] duration-700"
          style={clientStyle({ width: `${Math.max(percent, percent > 0 ? 2 : 0)}%` })}
        />
      </div>
      <p className="mt-1.5 text-xs text-ink-300 tabular-nums" data-testid="loyalty-to-next">
        {next && toNext !== null ? t('status.toNext', { points: pointsText(toNext, info.pointsAlias), level: next.name }) : t('status.top')}
      </p>
    </div>
  );
}

/** The player's status: level medal and name, points to spend, lifetime points and the progress bar. */
export function StatusCard({ info, className }: { info: LoyaltyInfo; className?: string }) {
  const { t } = useTranslation('loyalty');
  const look = levelLook(info.level.number);
  return (
    <div className={clsx('relative overflow-hidden rounded-3xl bg-ink-900/80 p-5 ring-1 ring-white/10 backdrop-blur', className)} data-testid="loyalty-status" data-level={info.level.number}>
      <div className={clsx('absolute inset-0 bg-gradient-to-br opacity-60', look.art)} aria-hidden="true" />
      <div className="relative flex items-center gap-4">
        <LevelMedal number={info.level.number} size="lg" />
        <div className="min-w-0">
          <p className={clsx('text-xs font-semibold tracking-widest uppercase', look.text)}>{t('status.level', { number: info.level.number })}</p>
          <p className="truncate text-2xl font-black tracking-tight" data-testid="loyalty-level-name">
            {info.level.name}
          </p>
        </div>
      </div>
      <dl className="relative mt-5 grid grid-cols-2 gap-2 text-xs">
        <Stat label={t('status.points')} value={pointsText(info.points, info.pointsAlias)} tone="text-gold-300" testId="loyalty-points" />
        <Stat label={t('status.lifetime')} value={pointsText(info.lifetime_points, info.pointsAlias)} tone="text-white" testId="loyalty-lifetime" />
      </dl>
      <div className="relative mt-4">
        <LevelProgress info={info} />
      </div>
      {!info.is_active && <p className="relative mt-3 text-xs font-semibold text-ruby-400">{t('status.inactive')}</p>}
    </div>
  );
}

function Stat({ label, value, tone, testId }: { label: string; value: string; tone: string; testId: string }) {
  return (
    <div className="rounded-xl bg-black/35 px-3 py-2 ring-1 ring-white/10">
      <dt className="text-ink-300">{label}</dt>
      <dd className={clsx('mt-0.5 text-lg font-black tabular-nums', tone)} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The ladder of levels: threshold, earn rate and perks of each; the player's own marked, the ones reached ticked. */
export function LevelLadder({ levels, current, alias }: { levels: LoyaltyLevelView[]; current: number | null; alias: string }) {
  const { t } = useTranslation('loyalty');
  if (!levels.length) return <p className="text-sm text-ink-300">{t('levels.empty')}</p>;
  return (
    <ol className="grid gap-3 tablet:grid-cols-2 laptop:grid-cols-3 desktop:grid-cols-5" data-testid="loyalty-levels">
      {levels.map((level) => {
        const look = levelLook(level.number);
        const mine = current === level.number;
        const reached = current !== null && level.number < current;
        return (
          <li
            key={level.sysname}
            className={clsx(
              'relative flex flex-col overflow-hidden rounded-2xl bg-ink-850 p-5 ring-1',
              mine ? 'ring-2 ring-gold-400 shadow-[0_0_32px_-8px_rgba(245,184,46,0.55)]' : 'ring-white/10',
            )}
            data-testid="loyalty-level"
            data-level={level.number}
            aria-current={mine ? 'step' : undefined}
          >
            <div className={clsx('absolute inset-0 bg-gradient-to-b opacity-50', look.art)} aria-hidden="true" />
            <div className="relative flex items-center gap-3">
              <LevelMedal number={level.number} size="sm" />
              <div className="min-w-0">
                <p className={clsx('text-[11px] font-semibold tracking-widest uppercase', look.text)}>{t('status.level', { number: level.number })}</p>
                <h3 className="truncate text-lg leading-tight font-extrabold">{level.name}</h3>
              </div>
            </div>
            {(mine || reached) && (
              <span
                className={clsx(
                  'absolute top-0 right-4 rounded-b-lg px-2 py-0.5 text-[10px] font-extrabold tracking-wider uppercase',
                  mine ? 'bg-gold-400 text-ink-950' : 'bg-jade-500/20 text-jade-400',
                )}
              >
                {mine ? t('levels.current') : t('levels.reached')}
              </span>
            )}
            <p className="relative mt-4 text-sm font-bold text-white tabular-nums" data-testid="loyalty-level-threshold">
              {level.threshold > 0 ? t('levels.from', { points: pointsText(level.threshold, alias) }) : t('levels.start')}
            </p>
            <p className="relative text-xs text-ink-300">{t('levels.rate', { rate: level.earn_rate, alias })}</p>
            {level.perks.length > 0 && (
              <ul className="relative mt-3 space-y-1.5 text-sm text-ink-100">
                {level.perks.map((perk) => (
                  <li key={perk} className="flex gap-2">
                    <Icon name="check" size={16} className="mt-0.5 shrink-0 text-jade-400" />
                    <span>{perk}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** A character's portrait, on a glow; falls back to its initial when the picture is missing. */
export function CharacterArt({ character, className }: { character: Pick<LoyaltyCharacterView, 'name' | 'image_url'>; className?: string }) {
  const hue = CHARACTER_ART[[...character.name].reduce((sum, letter) => sum + letter.charCodeAt(0), 0) % CHARACTER_ART.length];
  return (
    <div className={clsx('relative grid aspect-square place-items-center overflow-hidden rounded-2xl bg-gradient-to-br', hue, className)}>
      <SafeImage
        src={character.image_url}
        className="h-full w-full object-cover"
        fallback={
          <>
            <Icon name="user" size={120} strokeWidth={0.8} className="absolute -bottom-5 text-white/10" />
            <span className="relative grid h-16 w-16 place-items-center rounded-full bg-black/30 text-3xl font-black text-gold-300 ring-1 ring-white/15" aria-hidden="true">
              {character.name.replace(/^the\s+/i, '').slice(0, 1)}
            </span>
          </>
        }
      />
    </div>
  );
}

/** Backgrounds of the characters' portraits, one picked by name so each keeps its own. */
const CHARACTER_ART = [
  'from-fuchsia-600/60 via-violet-800/50 to-ink-900',
  'from-emerald-500/50 via-teal-800/50 to-ink-900',
  'from-gold-500/55 via-amber-800/45 to-ink-900',
  'from-sky-500/50 via-indigo-800/50 to-ink-900',
  'from-rose-500/50 via-ruby-800/40 to-ink-900',
];

/** A character of the gallery or the change dialog. */
export function CharacterCard({ character, current, selected, onSelect }: { character: LoyaltyCharacterView; current?: boolean; selected?: boolean; onSelect?: () => void }) {
  const { t } = useTranslation('loyalty');
  const body = (
    <>
      <CharacterArt character={character} />
      <p className="mt-3 truncate font-extrabold">{character.name}</p>
      <p className="mt-0.5 line-clamp-2 text-xs text-ink-300">{character.description}</p>
      {current && (
        <span className="absolute top-3 left-3 rounded-full bg-gold-400 px-2 py-0.5 text-[10px] font-extrabold tracking-wider text-ink-950 uppercase">{t('characters.current')}</span>
      )}
    </>
  );
  const frame = clsx('relative block w-full rounded-2xl bg-ink-850 p-3 text-left ring-1 transition', selected ? 'ring-2 ring-gold-400' : 'ring-white/10');
  if (!onSelect)
    return (
      <div className={frame} data-testid="loyalty-character" data-character={character.sysname}>
        {body}
      </div>
    );
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      onClick={onSelect}
      className={clsx(frame, !selected && 'hover:ring-white/25', 'focus-visible:ring-2 focus-visible:ring-gold-300 focus-visible:outline-none')}
      data-testid="loyalty-character-option"
      data-character={character.sysname}
    >
      {body}
    </button>
  );
}

/** A product's picture, or its kind's art and icon. */
export function ProductArt({ product, className }: { product: Pick<LoyaltyProductView, 'kind' | 'image_url'>; className?: string }) {
  return (
    <div className={clsx('relative grid place-items-center overflow-hidden bg-gradient-to-br', KIND_ART[product.kind], className)}>
      <SafeImage
        src={product.image_url}
        className="absolute inset-0 h-full w-full object-cover opacity-85 saturate-[.8] transition duration-300 group-hover:scale-105 group-hover:opacity-100"
        fallback={
          <>
            <Icon name={KIND_ICONS[product.kind]} size={120} strokeWidth={1} className="absolute -right-4 -bottom-6 rotate-12 text-white/10" />
            <span className="relative grid h-14 w-14 place-items-center rounded-2xl bg-black/30 text-gold-300 ring-1 ring-white/15">
              <Icon name={KIND_ICONS[product.kind]} size={28} />
            </span>
          </>
        }
      />
    </div>
  );
}

/** The level gate of a product: "Every level", or "From Gold (level 3)". */
export function levelGateText(t: TFunction<'loyalty'>, minLevel: number, levels: LoyaltyLevelView[]): string {
  if (minLevel <= 1) return t('shop.everyone');
  const name = levels.find((level) => level.number === minLevel)?.name;
  return name ? t('shop.levelGateNamed', { name, level: minLevel }) : t('shop.levelGate', { level: minLevel });
}

/**
 * A product of the shop: art, kind, name and description, the price in points and its level gate,
 * and Buy. A guest sees the price and Buy opens sign-in; a level too low disables Buy; too few
 * points still lets Buy open the insufficient-points dialog, which says how to earn them.
 */
export function ProductCard({
  product,
  info,
  levels,
  alias,
  onBuy,
}: {
  product: LoyaltyProductView;
  info: LoyaltyInfo | null;
  levels: LoyaltyLevelView[];
  alias: string;
  onBuy?: (product: LoyaltyProductView, state: BuyState) => void;
}) {
  const { t } = useTranslation('loyalty');
  const state = buyState(product, info);
  const gated = !state.can && state.reason === 'level';
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-3xl bg-ink-850 ring-1 ring-white/10 transition duration-200 hover:-translate-y-0.5 hover:ring-gold-400/50"
      data-testid="loyalty-product"
      data-product={product.sysname}
      data-state={state.can ? 'can' : state.reason}
    >
      <ProductArt product={product} className="h-36" />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2 text-[11px] font-extrabold tracking-widest uppercase">
          <span className="text-gold-400">{t(`shop.kind.${product.kind}`)}</span>
          <span className={clsx('flex items-center gap-1', gated ? 'text-ruby-400' : 'text-ink-400')} data-testid="loyalty-product-gate">
            {product.min_level > 1 && <Icon name="lock" size={12} />}
            {levelGateText(t, product.min_level, levels)}
          </span>
        </div>
        <h3 className="mt-2 text-lg leading-tight font-extrabold">{product.name}</h3>
        <p className="mt-1 line-clamp-3 text-sm text-ink-300">{product.description}</p>
        <div className="mt-auto flex items-end justify-between gap-3 pt-5">
          <div>
            <p className="text-2xl leading-none font-black text-gold-300 tabular-nums" data-testid="loyalty-product-price">
              {pointsText(product.price, alias)}
            </p>
            {!state.can && state.reason === 'points' && (
              <p className="mt-1 text-xs font-semibold text-ink-400 tabular-nums" data-testid="loyalty-product-missing">
                {t('shop.missing', { points: pointsText(state.missing, alias) })}
              </p>
            )}
          </div>
          {onBuy && (
            <Button size="sm" variant={state.can ? 'primary' : 'secondary'} disabled={gated} onClick={() => onBuy(product, state)} data-testid="loyalty-product-buy">
              {gated ? <Icon name="lock" size={14} /> : <Icon name="gift" size={14} />}
              {t('shop.buy')}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
