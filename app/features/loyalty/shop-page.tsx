import { useTranslation } from 'react-i18next';
import type { LoyaltyInfo, LoyaltyLevelView, LoyaltyProductView } from '../../../contract/loyalty.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Icon } from '../../ui/icon.tsx';
import { PageMeta } from '../pages/page-meta.tsx';
import { LevelMedal, ProductCard } from './parts.tsx';
import { ladder, pointsText } from './rules.ts';
import { useShopPage } from './shop-flow.ts';

export type ShopPageData = {
  products: LoyaltyProductView[];
  info: LoyaltyInfo | null;
  /** The programme's levels, to name a product's level gate (a guest has no info). */
  levels: LoyaltyLevelView[];
};

/**
 * /loyalty/shop: the products with their price in points and level gate. A player sees their
 * points and buys through the confirm; a guest sees the prices and is asked to sign in.
 */
export function ShopPage({ data }: { data: ShopPageData }) {
  const { t } = useTranslation('loyalty');
  const { info, products, buy, openAuth, alias } = useShopPage(data);
  const levels = ladder(info?.levels.length ? info.levels : data.levels);

  return (
    <div className="space-y-8 pb-8" data-testid="page-loyalty-shop">
      <PageMeta title={t('meta.shopTitle')} description={t('meta.shopDescription')} />
      <header className="flex flex-col gap-5 laptop:flex-row laptop:items-end laptop:justify-between">
        <div>
          <LocalLink to="/loyalty" className="mb-3 inline-flex items-center gap-1 text-sm font-semibold text-ink-300 hover:text-white">
            <Icon name="chevronLeft" size={16} />
            {t('meta.title')}
          </LocalLink>
          <p className="text-xs font-semibold tracking-widest text-gold-400 uppercase">{t('shop.kicker')}</p>
          <h1 className="mt-1 text-3xl font-black tracking-tight tablet:text-4xl">{t('shop.title')}</h1>
          <p className="mt-2 max-w-2xl text-ink-300">{t('shop.subtitle', { alias })}</p>
        </div>
        {info && (
          <div className="flex items-center gap-4 rounded-2xl bg-ink-850 px-5 py-4 ring-1 ring-gold-400/30" data-testid="loyalty-shop-balance">
            <LevelMedal number={info.level.number} />
            <div>
              <p className="text-xs font-semibold tracking-widest text-ink-300 uppercase">{t('shop.balance')}</p>
              <p className="text-2xl font-black text-gold-300 tabular-nums" data-testid="loyalty-points">
                {pointsText(info.points, alias)}
              </p>
              <p className="text-xs text-ink-400">{info.level.name}</p>
            </div>
          </div>
        )}
      </header>

      {!info && (
        <div className="flex flex-col gap-4 rounded-3xl bg-gradient-to-r from-violet-600/25 via-ink-850 to-gold-500/15 p-5 ring-1 ring-white/10 tablet:flex-row tablet:items-center tablet:p-6" data-testid="loyalty-shop-guest">
          <span className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-gold-500/15 text-gold-300 ring-1 ring-gold-400/30">
            <Icon name="lock" size={22} />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-extrabold">{t('shop.guestTitle')}</p>
            <p className="mt-0.5 text-sm text-ink-300">{t('shop.guestText')}</p>
          </div>
          <div className="flex shrink-0 gap-2">
            <Button onClick={() => openAuth('sign_in')} data-testid="loyalty-shop-sign-in">
              {t('shop.signIn')}
            </Button>
            <Button variant="secondary" onClick={() => openAuth('sign_up')}>
              {t('shop.signUp')}
            </Button>
          </div>
        </div>
      )}

      {products.length === 0 ? (
        <EmptyState icon="gift" title={t('shop.empty')} text={t('shop.emptyText')} />
      ) : (
        <div className="grid gap-4 tablet:grid-cols-2 laptop:grid-cols-3 desktop:grid-cols-4" data-testid="loyalty-products">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} info={info} levels={levels} alias={alias} onBuy={buy} />
          ))}
        </div>
      )}

      <p className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-center text-xs text-ink-400">
        <Icon name="info" size={14} />
        {t('earn.text')}
        <LocalLink to="/loyalty#loyalty-earn" className="font-semibold text-gold-300 hover:text-gold-400">
          {t('shop.howToEarn')}
        </LocalLink>
      </p>
    </div>
  );
}
