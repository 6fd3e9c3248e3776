import clsx from 'clsx';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { SportView } from '../../../contract/betting.ts';
import { useDevice } from '../../lib/device.ts';
import { Icon } from '../../ui/icon.tsx';
import { BetSlip } from './bet-slip.tsx';
import { useBettingT } from './i18n.ts';
import type { OddsFormat } from './odds.ts';
import { OddsFormatProvider, useShowOdds } from './odds-format.tsx';
import { OddsFormatSwitch } from './odds-format-switch.tsx';
import { combinedOdds } from './slip-rules.ts';
import { useSlipSync } from './slip-sync.ts';
import { useSlip } from './slip-store.ts';
import { SportsChips, SportsMenu } from './sports-menu.tsx';

export type BettingLayoutData = { sports: SportView[]; oddsFormat: OddsFormat };

const SportsContext = createContext<readonly SportView[]>([]);

/** The sports of the menu (names and counts), for the pages inside the layout. */
export const useSports = () => useContext(SportsContext);

/** Widths with room for the slip as a right rail (large laptop and up); below, a bottom sheet. */
const RAIL_DEVICES = new Set(['largeLaptop', 'smallDesktop', 'desktop', 'largeDesktop']);

/**
 * The sportsbook's frame, around every /betting page (docs/betting.md): the sports menu (a column
 * from the laptop width, chips below it), the page, and the bet slip: a right rail on wide
 * screens, a bar with the selections' count that opens a bottom sheet on phones and tablets. The
 * slip stays mounted while the player moves between betting pages.
 */
export function BettingLayout({ data, children }: { data: BettingLayoutData; children: ReactNode }) {
  const { t } = useBettingT();
  const { device } = useDevice();
  const rail = RAIL_DEVICES.has(device);
  useSlipSync();
  return (
    <OddsFormatProvider initial={data.oddsFormat}>
      <SportsContext.Provider value={data.sports}>
      <div className="pb-32 laptop:pb-10" data-testid="betting-layout">
        <div className="mb-4 laptop:hidden">
          <SportsChips sports={data.sports} />
        </div>
        <div className="grid gap-6 laptop:grid-cols-[13.5rem_minmax(0,1fr)] llaptop:grid-cols-[13.5rem_minmax(0,1fr)_20rem] desktop:grid-cols-[15rem_minmax(0,1fr)_22rem]">
          <aside className="hidden laptop:block">
            <div className="sticky top-[calc(var(--header-height)+1.5rem)]">
              <SportsMenu sports={data.sports} />
            </div>
          </aside>
          <div className="min-w-0">{children}</div>
          {rail && (
            <aside aria-label={t('slip.title')}>
              <div className="sticky top-[calc(var(--header-height)+1.5rem)] flex max-h-[calc(100dvh-var(--header-height)-3rem)] flex-col overflow-hidden rounded-3xl border border-white/5 bg-ink-850/90 shadow-2xl shadow-black/30">
                <BetSlip className="min-h-0 flex-1" />
              </div>
            </aside>
          )}
        </div>
        <div className="mt-8 laptop:hidden">
          <OddsFormatSwitch />
        </div>
        {!rail && <SlipDock />}
      </div>
      </SportsContext.Provider>
    </OddsFormatProvider>
  );
}

/** Phones and tablets: a bar above the bottom navigation with the count and the combined odds; it opens the slip as a sheet. */
function SlipDock() {
  const { t } = useBettingT();
  const show = useShowOdds();
  const picks = useSlip((state) => state.picks);
  const open = useSlip((state) => state.open);
  const setOpen = useSlip((state) => state.setOpen);
  const { pathname } = useLocation();
  // Moving to another page closes the sheet; the slip itself stays.
  useEffect(() => setOpen(false), [pathname, setOpen]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, setOpen]);
  const odds = picks.length >= 2 ? combinedOdds(picks.map((pick) => pick.odds)) : (picks[0]?.odds ?? null);

  return (
    <>
      {!open && picks.length > 0 && (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="fixed inset-x-3 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-40 flex h-14 items-center gap-3 rounded-2xl bg-gradient-to-b from-gold-400 to-gold-600 px-4 text-ink-950 shadow-[0_10px_40px_-10px_rgba(245,184,46,0.8)] laptop:bottom-6 laptop:left-auto laptop:w-96"
          data-testid="slip-dock"
        >
          <span className="grid h-8 min-w-8 place-items-center rounded-full bg-ink-950 px-2 text-sm font-black text-gold-300" data-testid="slip-dock-count">
            {picks.length}
          </span>
          <span className="flex-1 text-left text-sm font-extrabold">{t('slip.open')}</span>
          {odds && <span className="text-base font-black tabular-nums">{show(odds)}</span>}
          <Icon name="chevronRight" size={18} className="-rotate-90" />
        </button>
      )}
      {open && (
        <div className="fixed inset-0 z-50 flex flex-col justify-end" role="dialog" aria-modal="true" aria-labelledby="bet-slip-title" data-testid="slip-sheet">
          <button type="button" className="absolute inset-0 bg-ink-950/70 backdrop-blur-sm" aria-label={t('slip.close')} onClick={() => setOpen(false)} />
          <div className={clsx('relative flex max-h-[88dvh] flex-col rounded-t-3xl border-t border-white/10 bg-ink-850 pb-[env(safe-area-inset-bottom)] shadow-2xl laptop:mx-auto laptop:w-[28rem]')}>
            <span className="mx-auto mt-2 h-1 w-10 rounded-full bg-white/20" aria-hidden="true" />
            <BetSlip className="min-h-0 flex-1" onClose={() => setOpen(false)} />
          </div>
        </div>
      )}
    </>
  );
}
