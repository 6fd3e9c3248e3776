import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { POINTS_ALIAS, type LoyaltyInfo, type LoyaltyProductView, type LoyaltyPurchase } from '../../../contract/loyalty.ts';
import { useDialogs } from '../dialogs/store.ts';
import { useAuthEntry } from '../shell/use-auth-entry.ts';
import { loyaltyKeys, type BuyState } from './rules.ts';
import { useLoyaltyInfo, useLoyaltyProducts } from './use-loyalty.ts';

/** What the shop confirm closes with: the purchase made, or the server saying points are short. */
export type ShopConfirmResult = { purchase: LoyaltyPurchase } | { short: number };

/**
 * Buying from the shop (spec 2 section 2 dialogs): a guest is sent to sign in; a player short of
 * points gets the insufficient-points dialog; otherwise the confirm (cost, reward, points after)
 * sends loyalty/buyproduct, then the bought dialog tells where the reward is. The confirm may still
 * learn from the server that points are short (spent elsewhere meanwhile): the insufficient dialog follows.
 */
export function useShopBuy(info: LoyaltyInfo | null) {
  const { t } = useTranslation('loyalty');
  const open = useDialogs((state) => state.open);
  const openAuth = useAuthEntry();
  const client = useQueryClient();

  const insufficient = (product: LoyaltyProductView, missing: number, balance: number) =>
    open({
      component: 'loyalty-shop-insufficient',
      type: 'popup',
      dialogProps: { title: t('insufficient.title') },
      componentProps: { product, missing, balance, rate: info?.level.earn_rate ?? 0, alias: info?.pointsAlias },
    });

  return (product: LoyaltyProductView, state: BuyState) => {
    if (!state.can && state.reason === 'guest') return openAuth('sign_in');
    if (!info || (!state.can && state.reason === 'level')) return;
    if (!state.can) return insufficient(product, state.missing, info.points);
    open({
      component: 'loyalty-shop-confirm',
      type: 'confirm',
      dialogProps: { title: t('confirm.title') },
      componentProps: { product, balance: info.points, alias: info.pointsAlias },
      onClose: (raw) => {
        const result = raw as ShopConfirmResult | undefined;
        if (!result) return;
        void client.invalidateQueries({ queryKey: loyaltyKeys.all });
        if ('short' in result) return insufficient(product, result.short, Math.max(0, product.price - result.short));
        open({
          component: 'loyalty-shop-buy',
          type: 'popup',
          dialogProps: { title: t('bought.title') },
          componentProps: { purchase: result.purchase, alias: info.pointsAlias },
        });
      },
    });
  };
}

/** What the programme page and the shop share: the player's loyalty and the products kept fresh, buying, signing in. */
export function useShopPage(data: { info: LoyaltyInfo | null; products: LoyaltyProductView[] }) {
  const info = useLoyaltyInfo(data.info);
  const products = useLoyaltyProducts(data.products);
  const buy = useShopBuy(info);
  const openAuth = useAuthEntry();
  return { info, products, buy, openAuth, alias: info?.pointsAlias ?? POINTS_ALIAS };
}
