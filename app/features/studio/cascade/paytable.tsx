import { useTranslation } from 'react-i18next';
import { showAmount } from '../money.ts';
import { CascadeSymbolArt } from './board.tsx';
import { BUBBLE_VALUES, FREE_SPINS_AWARD, FREE_SPINS_RETRIGGER, MAX_WIN_STAKES, MIN_COUNT, PAYTABLE_ROWS, SCATTER_PAYS, SCATTERS_TO_RETRIGGER, SCATTERS_TO_TRIGGER, payAt } from './cascade-logic.ts';

const BANDS = ['12+', '10-11', '8-9'] as const;

/** What each symbol pays at the current stake by count band, the lanternfish, free spins, bubbles and the cap. */
export function CascadePaytable({ stake, currency }: { stake: string; currency: string }) {
  const { t } = useTranslation('studio');
  return (
    <div className="space-y-6 text-sm" data-testid="cascade-paytable">
      <p className="text-ink-300">{t('cascade.paytableIntro', { count: MIN_COUNT, stake: showAmount(stake), currency })}</p>
      <ul className="grid grid-cols-1 gap-2.5">
        {PAYTABLE_ROWS.map((row) => (
          <li key={row.symbol} className="flex items-center gap-3 rounded-2xl bg-white/[0.04] p-2.5 ring-1 ring-white/5" data-testid="cascade-paytable-row" data-symbol={row.symbol}>
            <CascadeSymbolArt symbol={row.symbol} className="h-14 w-14 shrink-0" />
            <p className="min-w-0 flex-1 font-bold text-white">{t(`cascade.symbols.${row.symbol}`)}</p>
            <dl className="grid shrink-0 grid-cols-[auto_auto] gap-x-2 text-right text-xs tabular-nums">
              {BANDS.map((band, i) => (
                <div key={band} className="contents">
                  <dt className="font-bold text-ink-400">{band}</dt>
                  <dd className="font-bold text-cyan-200">{showAmount(payAt(row.pays[2 - i], stake))}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
        <li className="flex items-center gap-3 rounded-2xl bg-cyan-500/10 p-2.5 ring-1 ring-cyan-300/30">
          <CascadeSymbolArt symbol="lanternfish" className="h-14 w-14 shrink-0" />
          <div className="min-w-0 flex-1">
            <p className="font-bold text-white">{t('cascade.symbols.lanternfish')}</p>
            <p className="text-xs text-ink-300">{t('cascade.scatterRule', { count: SCATTERS_TO_TRIGGER, spins: FREE_SPINS_AWARD })}</p>
          </div>
          <dl className="grid shrink-0 grid-cols-[auto_auto] gap-x-2 text-right text-xs tabular-nums">
            {['6+', '5', '4'].map((count, i) => (
              <div key={count} className="contents">
                <dt className="font-bold text-ink-400">{count}</dt>
                <dd className="font-bold text-cyan-200">{showAmount(payAt(SCATTER_PAYS[2 - i], stake))}</dd>
              </div>
            ))}
          </dl>
        </li>
      </ul>

      <section className="space-y-2">
        <h3 className="font-bold text-white">{t('cascade.tumbleTitle')}</h3>
        <p className="text-ink-300">{t('cascade.tumbleRule')}</p>
      </section>
      <section className="space-y-2">
        <h3 className="font-bold text-white">{t('cascade.freeSpinsTitle')}</h3>
        <p className="text-ink-300">{t('cascade.freeSpinsRule', { count: SCATTERS_TO_TRIGGER, spins: FREE_SPINS_AWARD, retrigger: SCATTERS_TO_RETRIGGER, more: FREE_SPINS_RETRIGGER })}</p>
        <div className="flex items-center gap-3 rounded-2xl bg-white/[0.04] p-2.5 ring-1 ring-white/5">
          <CascadeSymbolArt symbol="bubble" className="h-12 w-12 shrink-0" />
          <p className="text-ink-300">{t('cascade.bubbleRule', { min: BUBBLE_VALUES[0], max: BUBBLE_VALUES.at(-1) })}</p>
        </div>
      </section>
      <p className="text-xs text-ink-400">{t('cascade.maxWinRule', { max: MAX_WIN_STAKES.toLocaleString('en-US') })}</p>
    </div>
  );
}
