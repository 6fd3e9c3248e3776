import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BonusView } from '../../../contract/promotions.ts';
import { api } from '../../lib/api-client.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { useLocalizedPath } from '../../lib/locale.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormAlert } from '../../ui/field.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { useRefreshBalance } from '../cashier/use-balance.ts';
import { useDialogs } from '../dialogs/store.ts';
import { PageHeading, PageMeta } from '../pages/page-meta.tsx';
import { Panel } from '../profile/panel.tsx';
import { PromoCodeForm } from '../promotions/promo-code-form.tsx';
import { useToasts } from '../toasts/store.ts';
import { useClock } from '../tournaments/use-clock.ts';
import { BonusCard } from './bonus-card.tsx';
import type { BonusApi, BonusConfirmMode, BonusConfirmResult } from './bonus-confirm.tsx';
import { ListFooter, errorText } from './parts.tsx';
import { BONUS_TABS, PROFILE_PAGE_SIZE, type BonusTab, type Page } from './rules.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';

export type BonusesData = {
  tab: BonusTab;
  /** bonuses/get of the tab: bonus money, free spins, cashback boosts (null when it failed). */
  bonuses: Page<BonusView> | null;
  /** bettingBonuses/get of the tab: free bets and odds boosts. */
  betting: Page<BonusView> | null;
  /** Bonuses waiting to be activated (both kinds), for the tab's badge; null when unknown. */
  available: number | null;
  /** When the loader read them: the lists start again from a newer read (a code activated). */
  now: number;
};

const TAB_ICONS: Record<BonusTab, IconName> = { active: 'bolt', available: 'gift', history: 'history' };

/**
 * /profile/bonuses: the promo code form, then the player's bonuses by tab (active, available,
 * history) as cards with their wagering, and the sportsbook's betting bonuses below. Activating
 * and removing go through the bonus confirm, which sends the call and shows a refusal itself.
 */
export function BonusesPage({ data }: { data: BonusesData }) {
  const { t } = useTranslation('bonuses');
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const version = `${data.tab}:${data.now}`;

  return (
    <div data-testid="page-profile.bonuses">
      <PageMeta title={t('page.title')} description={t('page.subtitle')} />
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />

      <Panel icon="key" title={t('page.promoTitle')} text={t('page.promoText')} className="mb-6" testId="bonuses-promo">
        <PromoCodeForm
          className="max-w-xl"
          onActivated={(answer) => {
            // A code that gave a bonus: it waits in Available (or runs already); the loader reads it again.
            if (answer.bonus) void navigate(localize(`/profile/bonuses?tab=${answer.bonus.status === 'active' ? 'active' : 'available'}`), { preventScrollReset: true });
          }}
        />
      </Panel>

      <div role="tablist" aria-label={t('page.tabs')} className="mb-5 flex gap-2 overflow-x-auto pb-1" data-testid="bonus-tabs">
        {BONUS_TABS.map((tab) => {
          const active = tab === data.tab;
          return (
            <LocalLink
              key={tab}
              to={`/profile/bonuses?tab=${tab}`}
              role="tab"
              aria-selected={active}
              preventScrollReset
              className={clsx(
                'flex h-10 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 transition',
                active ? 'bg-gold-500/15 text-gold-300 ring-gold-400/50' : 'bg-ink-850 text-ink-300 ring-white/10 hover:text-white hover:ring-white/20',
              )}
              data-testid={`bonus-tab-${tab}`}
            >
              <Icon name={TAB_ICONS[tab]} size={16} />
              {t(`tabs.${tab}`)}
              {tab === 'available' && !!data.available && (
                <span className="grid h-5 min-w-5 place-items-center rounded-full bg-gold-400 px-1.5 text-[11px] font-extrabold text-ink-950 tabular-nums" data-testid="bonus-tab-available-count">
                  {data.available}
                </span>
              )}
            </LocalLink>
          );
        })}
      </div>

      <div role="tabpanel" className="space-y-6" data-testid={`bonus-panel-${data.tab}`}>
        <BonusList key={`money:${version}`} via="bonuses" tab={data.tab} first={data.bonuses} serverNow={data.now} />
        <BettingSection key={`betting:${version}`} tab={data.tab} first={data.betting} serverNow={data.now} />
        {data.tab !== 'history' && (
          <p className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-center text-xs text-ink-400">
            <Icon name="info" size={14} />
            {t('page.rules')}
            <LocalLink to="/promotions" className="font-semibold text-gold-300 hover:text-gold-400">
              {t('page.promotionsLink')}
            </LocalLink>
          </p>
        )}
      </div>
    </div>
  );
}

/** Opens the bonus confirm and answers the changed bonus, or null when the player stepped back. */
function useBonusConfirm() {
  const { t } = useTranslation('bonuses');
  const open = useDialogs((state) => state.open);
  return (bonus: BonusView, mode: BonusConfirmMode, via: BonusApi) =>
    new Promise<BonusView | null>((resolve) => {
      open({
        component: 'bonus-confirm',
        type: 'confirm',
        componentProps: { bonus, mode, via },
        dialogProps: { title: t(mode === 'remove' ? 'confirm.removeTitle' : 'confirm.activateTitle') },
        onClose: (result) => resolve((result as BonusConfirmResult | undefined)?.bonus ?? null),
      });
    });
}

/** Whether a bonus still belongs to the tab after it changed. */
const staysIn = (tab: BonusTab, bonus: BonusView) =>
  tab === 'history' ? !['active', 'available'].includes(bonus.status) : bonus.status === tab;

function BonusList({ via, tab, first, serverNow }: { via: BonusApi; tab: BonusTab; first: Page<BonusView> | null; serverNow: number }) {
  const { t } = useTranslation('bonuses');
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const now = useClock(serverNow);
  const confirm = useBonusConfirm();
  const refreshBalance = useRefreshBalance();
  const showToast = useToasts((state) => state.show);
  const list = usePagedList<BonusView>(`${via}/get`, { status: tab }, first, PROFILE_PAGE_SIZE);

  async function act(bonus: BonusView, mode: BonusConfirmMode) {
    const changed = await confirm(bonus, mode, via);
    if (!changed) return;
    list.replace(changed, staysIn(tab, changed));
    void refreshBalance();
    showToast({ kind: 'success', title: t(mode === 'activate' ? 'toast.activated' : 'toast.removed'), message: changed.title || undefined });
    // An activated bonus is followed to its running place, with its wagering bar.
    if (mode === 'activate' && changed.status === 'active') void navigate(localize('/profile/bonuses?tab=active'), { preventScrollReset: true });
  }

  if (!list.items.length && !list.failed) {
    return (
      <EmptyState
        icon={TAB_ICONS[tab]}
        title={t(`empty.${tab}.title`)}
        text={t(`empty.${tab}.text`)}
        action={
          tab !== 'history' ? (
            <ButtonLink to={localize('/promotions')} variant="secondary" className="mt-2">
              <Icon name="sparkles" size={18} />
              {t('empty.cta')}
            </ButtonLink>
          ) : undefined
        }
      />
    );
  }

  return (
    <section aria-label={t('page.casinoBonuses')} data-testid="bonus-list">
      <div className="grid grid-cols-1 gap-4 llaptop:grid-cols-2">
        {list.items.map((bonus) => (
          <BonusCard
            key={bonus.id}
            bonus={bonus}
            now={now}
            onActivate={() => void act(bonus, 'activate')}
            onRemove={() => void act(bonus, 'remove')}
          />
        ))}
      </div>
      <ListFooter shown={list.items.length} total={list.total} more={list.more} loading={list.loading} failed={list.failed} onMore={() => void list.loadMore()} />
    </section>
  );
}

/**
 * Free bets and odds boosts (bettingBonuses/*), kept for the sportsbook. Activating one needs no
 * confirm: the betting-bonus-activated dialog then says it waits on /betting.
 */
function BettingSection({ tab, first, serverNow }: { tab: BonusTab; first: Page<BonusView> | null; serverNow: number }) {
  const { t } = useTranslation('bonuses');
  const now = useClock(serverNow);
  const confirm = useBonusConfirm();
  const refreshBalance = useRefreshBalance();
  const open = useDialogs((state) => state.open);
  const showToast = useToasts((state) => state.show);
  const list = usePagedList<BonusView>('bettingBonuses/get', { status: tab }, first, PROFILE_PAGE_SIZE);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!list.items.length && !list.failed) return null;

  async function activate(bonus: BonusView) {
    setBusy(bonus.id);
    setError(null);
    try {
      const changed = await api<BonusView>('bettingBonuses/activate', { body: { bonus_id: bonus.id } });
      list.replace(changed, staysIn(tab, changed));
      void refreshBalance();
      open({ component: 'betting-bonus-activated', type: 'confirm', componentProps: { bonus: changed }, dialogProps: { title: t('betting.kicker') } });
    } catch (failure) {
      setError(errorText(failure, t, 'bonus_id'));
    } finally {
      setBusy(null);
    }
  }

  async function remove(bonus: BonusView) {
    const changed = await confirm(bonus, 'remove', 'bettingBonuses');
    if (!changed) return;
    list.replace(changed, staysIn(tab, changed));
    void refreshBalance();
    showToast({ kind: 'success', title: t('toast.removed'), message: changed.title || undefined });
  }

  return (
    <Panel icon="ball" title={t('betting.title')} text={t('betting.text')} testId="betting-bonuses">
      {error && (
        <div className="mb-4">
          <FormAlert>
            <span data-testid="betting-bonus-error">{error}</span>
          </FormAlert>
        </div>
      )}
      <div className="grid grid-cols-1 gap-4 llaptop:grid-cols-2">
        {list.items.map((bonus) => (
          <BonusCard key={bonus.id} bonus={bonus} now={now} busy={busy === bonus.id} onActivate={() => void activate(bonus)} onRemove={() => void remove(bonus)} />
        ))}
      </div>
      <ListFooter shown={list.items.length} total={list.total} more={list.more} loading={list.loading} failed={list.failed} onMore={() => void list.loadMore()} />
    </Panel>
  );
}
