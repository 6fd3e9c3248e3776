import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { LoyaltyCharacterView, LoyaltyInfo, LoyaltyProductView, LoyaltyProgramView } from '../../../contract/loyalty.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { PageMeta } from '../pages/page-meta.tsx';
import { CharacterCard, LevelLadder, ProductCard, SafeImage, StatusCard } from './parts.tsx';
import { EARN_TYPES, earnPer10, ladder } from './rules.ts';
import { useShopPage } from './shop-flow.ts';

export type LoyaltyPageData = {
  /** The programme shown: the one named in the address, or the first. */
  program: LoyaltyProgramView | null;
  /** The player's loyalty (null for a guest or when it could not be read). */
  info: LoyaltyInfo | null;
  characters: LoyaltyCharacterView[];
  products: LoyaltyProductView[];
};

const EARN_ICONS: Record<string, IconName> = { slot: 'sparkles', fast: 'bolt', casino: 'cards', live: 'live' };
/** Products shown in the shop's teaser. */
const TEASER_COUNT = 3;

/**
 * /loyalty and /loyalty/{sysname}: the programme's hero with the player's own status (or a call to
 * sign up), how points are earned by game type, the levels ladder, the characters and a teaser of the shop.
 */
export function LoyaltyPage({ data }: { data: LoyaltyPageData }) {
  const { t } = useTranslation('loyalty');
  const { info, products, buy, openAuth, alias } = useShopPage(data);
  const levels = ladder(data.program?.levels.length ? data.program.levels : (info?.levels ?? []));
  const rateLevel = info?.level ?? levels[0] ?? null;
  const title = data.program?.name ?? t('meta.title');

  return (
    <div className="space-y-12 pb-8" data-testid="page-loyalty" data-program={data.program?.sysname}>
      <PageMeta title={title} description={data.program?.summary || t('meta.description')} image={data.program?.image_url ?? undefined} />

      <section className="relative overflow-hidden rounded-3xl bg-ink-850 ring-1 ring-white/10">
        <div className="absolute inset-0 bg-gradient-to-br from-gold-500/35 via-violet-700/35 to-ink-900/10" aria-hidden="true" />
        <SafeImage
          src={data.program?.image_url}
          className="absolute inset-y-0 right-0 h-full w-full object-cover opacity-15 mix-blend-luminosity [mask-image:linear-gradient(to_left,black,transparent_70%)]"
          fallback={null}
        />
        <Icon name="crown" size={280} strokeWidth={0.9} className="absolute -top-12 -right-10 rotate-12 text-white/10" />
        <div className="relative grid gap-8 p-6 tablet:p-10 laptop:grid-cols-[minmax(0,1fr)_380px] laptop:items-center">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-widest text-gold-400 uppercase">{t('hero.kicker')}</p>
            <h1 className="mt-2 text-3xl font-black tracking-tight tablet:text-5xl" data-testid="loyalty-title">
              {data.program?.name ?? t('hero.title')}
            </h1>
            <p className="mt-3 max-w-2xl text-ink-100">{data.program?.summary || t('hero.text', { alias })}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              {info ? (
                <>
                  <LocalLink to="/loyalty/shop" className={buttonClass('primary', 'lg', 'w-full tablet:w-auto')} data-testid="loyalty-to-shop">
                    <Icon name="gift" size={18} />
                    {t('hero.shop')}
                  </LocalLink>
                  <LocalLink to="/profile/loyalty" className={buttonClass('secondary', 'lg', 'w-full tablet:w-auto')}>
                    {t('hero.mine')}
                  </LocalLink>
                </>
              ) : (
                <>
                  <Button size="lg" className="w-full tablet:w-auto" onClick={() => openAuth('sign_up')} data-testid="loyalty-join">
                    {t('hero.join')}
                  </Button>
                  <Button size="lg" variant="secondary" className="w-full tablet:w-auto" onClick={() => openAuth('sign_in')}>
                    {t('hero.signIn')}
                  </Button>
                </>
              )}
            </div>
          </div>
          {info ? (
            <StatusCard info={info} />
          ) : (
            <div className="rounded-3xl bg-black/35 p-6 ring-1 ring-white/10 backdrop-blur" data-testid="loyalty-guest">
              <span className="grid h-12 w-12 place-items-center rounded-2xl bg-gold-500/15 text-gold-300 ring-1 ring-gold-400/30">
                <Icon name="star" size={24} />
              </span>
              <p className="mt-4 text-lg font-extrabold">{t('status.guestTitle')}</p>
              <p className="mt-1 text-sm text-ink-200">{t('status.guestText', { alias })}</p>
            </div>
          )}
        </div>
      </section>

      <Section id="loyalty-earn" title={t('earn.title')} text={t('earn.text')}>
        <ul className="grid grid-cols-2 gap-3 laptop:grid-cols-4" data-testid="loyalty-earn">
          {EARN_TYPES.map(({ type, weight }) => (
            <li key={type} className="relative overflow-hidden rounded-2xl bg-ink-850 p-5 ring-1 ring-white/10" data-type={type}>
              <Icon name={EARN_ICONS[type] ?? 'dice'} size={84} strokeWidth={1} className="absolute -right-3 -bottom-4 text-white/5" />
              <p className="flex items-center gap-2 text-sm font-bold text-ink-100">
                <Icon name={EARN_ICONS[type] ?? 'dice'} size={16} className="text-gold-400" />
                {t(`earn.types.${type}`, { defaultValue: type })}
              </p>
              <p className="mt-3 text-2xl font-black text-gold-300 tabular-nums">
                {rateLevel ? t('earn.per10', { points: earnPer10(rateLevel.earn_rate, weight), alias }) : '—'}
              </p>
              <p className="text-xs text-ink-300">{t('earn.per10Label')}</p>
              <p className="mt-2 text-[11px] font-semibold text-ink-400">{t('earn.share', { percent: weight })}</p>
            </li>
          ))}
        </ul>
        {rateLevel && <p className="mt-3 text-xs text-ink-400">{info ? t('earn.atLevel', { level: info.level.name }) : t('earn.atFirst')}</p>}
      </Section>

      <Section id="loyalty-levels" title={t('levels.title')} text={t('levels.text')}>
        <LevelLadder levels={levels} current={info?.level.number ?? null} alias={alias} />
      </Section>

      {data.program?.body && (
        <section className="max-w-3xl space-y-3 text-sm leading-relaxed whitespace-pre-line text-ink-200" data-testid="loyalty-body">
          {data.program.body}
        </section>
      )}

      {data.characters.length > 0 && (
        <Section
          id="loyalty-characters"
          title={t('characters.title')}
          text={t('characters.text')}
          aside={
            info && (
              <LocalLink to="/profile/loyalty" className="flex items-center gap-1 text-sm font-semibold text-gold-400 hover:text-gold-300">
                {t('characters.choose')}
                <Icon name="chevronRight" size={16} />
              </LocalLink>
            )
          }
        >
          <div className="grid grid-cols-2 gap-3 tablet:grid-cols-3 laptop:grid-cols-6" data-testid="loyalty-characters">
            {data.characters.map((character) => (
              <CharacterCard key={character.id} character={character} current={info?.character?.id === character.id} />
            ))}
          </div>
        </Section>
      )}

      {products.length > 0 && (
        <Section
          id="loyalty-teaser"
          title={t('teaser.title')}
          text={t('teaser.text', { alias })}
          aside={
            <LocalLink to="/loyalty/shop" className="flex items-center gap-1 text-sm font-semibold text-gold-400 hover:text-gold-300" data-testid="loyalty-teaser-all">
              {t('teaser.all')}
              <Icon name="chevronRight" size={16} />
            </LocalLink>
          }
        >
          <div className="grid gap-4 tablet:grid-cols-2 laptop:grid-cols-3" data-testid="loyalty-teaser">
            {products.slice(0, TEASER_COUNT).map((product) => (
              <ProductCard key={product.id} product={product} info={info} levels={levels} alias={alias} onBuy={buy} />
            ))}
          </div>
        </Section>
      )}
    </div>
  );
}

export function Section({ id, title, text, aside, children, className }: { id: string; title: string; text?: string; aside?: React.ReactNode; children: React.ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={clsx('scroll-mt-24', className)}>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="text-xl font-extrabold tablet:text-2xl">
            {title}
          </h2>
          {text && <p className="mt-1 max-w-2xl text-sm text-ink-300">{text}</p>}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
