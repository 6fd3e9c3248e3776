import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINTS_ALIAS, type LoyaltyPurchase } from '../../../contract/loyalty.ts';
import type { BonusView } from '../../../contract/promotions.ts';
import { api } from '../../lib/api-client.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { HeroTile } from '../bonuses/parts.tsx';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import { KIND_ICONS } from './parts.tsx';
import { pointsText } from './rules.ts';

/**
 * The loyalty shop buy dialog (spec 2 section 2): the reward is the player's. Bonus money waits on
 * /profile/bonuses to be activated; free spins run at once, so it offers their slot (read from the
 * granted bonus); a cashback boost is simply active.
 */
export default function LoyaltyShopBought({ dialogId, purchase, alias = POINTS_ALIAS }: DialogComponentProps) {
  const { t } = useTranslation('loyalty');
  const close = useDialogs((state) => state.close);
  const bought = purchase as LoyaltyPurchase;
  const kind = bought.product.kind;
  const game = useFreeSpinsGame(kind === 'free_spins' ? bought.bonus_id : null);
  const done = () => close(dialogId);

  return (
    <div className="space-y-5 pt-2 text-center" data-testid="loyalty-shop-bought" data-kind={kind}>
      <HeroTile icon={KIND_ICONS[kind]} tone="jade" />
      <div>
        <h2 className="text-2xl font-black tracking-tight">{t('bought.title')}</h2>
        <p className="mt-1 font-semibold text-white">{t('bought.text', { name: bought.product.name })}</p>
        <p className="mt-2 text-sm text-ink-300">{t(`bought.${kind}`)}</p>
      </div>
      <p className="inline-flex items-center gap-2 rounded-full bg-black/30 px-4 py-1.5 text-sm ring-1 ring-white/10">
        <span className="text-ink-300">{t('bought.left')}</span>
        <strong className="text-gold-300 tabular-nums" data-testid="loyalty-bought-left">
          {pointsText(bought.points, alias as string)}
        </strong>
      </p>
      <div className="flex flex-col gap-2">
        {kind === 'free_spins' && game ? (
          <LocalLink to={`/game/${game}`} className={buttonClass('primary', 'lg', 'w-full')} onClick={done} data-testid="loyalty-bought-play">
            {t('bought.play')}
          </LocalLink>
        ) : kind !== 'cashback_boost' ? (
          <LocalLink to="/profile/bonuses?tab=available" className={buttonClass('primary', 'lg', 'w-full')} onClick={done} data-testid="loyalty-bought-bonuses">
            {t('bought.toBonuses')}
          </LocalLink>
        ) : (
          <LocalLink to="/profile/bonuses?tab=active" className={buttonClass('primary', 'lg', 'w-full')} onClick={done} data-testid="loyalty-bought-bonuses">
            {t('bought.toBonuses')}
          </LocalLink>
        )}
        <button type="button" className={buttonClass('secondary', 'lg', 'w-full')} onClick={done} data-testid="loyalty-bought-close">
          {t('bought.more')}
        </button>
      </div>
    </div>
  );
}

/** The slot of the free spins just granted, from the player's active bonuses; null until known. */
function useFreeSpinsGame(bonusId: number | null): string | null {
  const [game, setGame] = useState<string | null>(null);
  useEffect(() => {
    if (bonusId === null) return;
    const controller = new AbortController();
    api<{ items: BonusView[] }>('bonuses/get', { query: { status: 'active', offset: 0, count: 20 }, signal: controller.signal })
      .then((answer) => {
        const found = answer.items.find((bonus) => bonus.id === bonusId)?.details.game;
        if (typeof found === 'string') setGame(found);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [bonusId]);
  return game;
}
