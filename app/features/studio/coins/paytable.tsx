import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { MAX_WIN_STAKES, RESPINS, TRIGGER_COINS } from '../../../../games/engines/coins/paytable.ts';
import { multiplyAmount, showAmount } from '../money.ts';
import { COIN_VALUES, GRAND, LINES, PAYLINES, PAYTABLE_ROWS, REELS, ROWS, lineBetOf } from './coins-logic.ts';
import { CoinsSymbolArt } from './symbols.tsx';

/** What each symbol pays at the current stake, Hold and Win and its coins, and the 10 lines. */
export function CoinsPaytable({ stake, currency }: { stake: string; currency: string }) {
  const { t } = useTranslation('studio');
  const lineBet = lineBetOf(stake);
  return (
    <div className="space-y-6 text-sm" data-testid="coins-paytable">
      <p className="text-ink-300">{t('coins.paytableIntro', { lines: LINES, lineBet: showAmount(lineBet), currency })}</p>
      <ul className="grid grid-cols-1 gap-2.5">
        {PAYTABLE_ROWS.map((row) => (
          <li key={row.symbol} className="flex items-center gap-3 rounded-2xl bg-white/[0.04] p-2.5 ring-1 ring-white/5">
            <CoinsSymbolArt symbol={row.symbol} className="h-14 w-14 shrink-0" />
            <p className="min-w-0 flex-1 font-bold text-white">{t(`coins.symbols.${row.symbol}`)}</p>
            <dl className="grid shrink-0 grid-cols-[auto_auto] gap-x-2 text-right text-xs tabular-nums">
              {[5, 4, 3].map((count) => (
                <div key={count} className="contents">
                  <dt className="font-bold text-ink-400">{count}×</dt>
                  <dd className="font-bold text-amber-300">{showAmount(multiplyAmount(lineBet, row.pays[count - 3]))}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
        <li className="flex items-center gap-3 rounded-2xl bg-white/[0.04] p-2.5 ring-1 ring-white/5">
          <CoinsSymbolArt symbol="wild" className="h-14 w-14 shrink-0" />
          <div className="min-w-0 flex-1">
            <p className="font-bold text-white">{t('coins.symbols.wild')}</p>
            <p className="text-xs text-ink-400">{t('coins.wildRule')}</p>
          </div>
        </li>
      </ul>

      <section className="space-y-3 rounded-2xl bg-amber-500/10 p-3 ring-1 ring-amber-400/30">
        <div className="flex items-center gap-3">
          <CoinsSymbolArt symbol="coin" className="h-14 w-14 shrink-0" />
          <h3 className="font-bold text-white">{t('coins.featureTitle')}</h3>
        </div>
        <p className="text-ink-300">{t('coins.featureRule', { coins: TRIGGER_COINS, respins: RESPINS })}</p>
        <ul className="grid grid-cols-3 gap-1.5 text-center text-xs tabular-nums tablet:grid-cols-5">
          {COIN_VALUES.map((value) => (
            <li key={`${value.prize}${value.multiplier}`} className={clsx('rounded-lg px-1 py-1.5 ring-1', value.prize === 'cash' ? 'bg-black/30 ring-white/5' : 'bg-amber-900/40 ring-amber-400/40')}>
              <span className="block text-[10px] font-bold text-ink-400 uppercase">{value.prize === 'cash' ? `${value.multiplier}×` : t(`coins.prizes.${value.prize}`)}</span>
              <span className="block font-bold text-amber-200">{showAmount(multiplyAmount(stake, value.multiplier))}</span>
            </li>
          ))}
          <li className="rounded-lg bg-amber-500/30 px-1 py-1.5 ring-1 ring-amber-300/60">
            <span className="block text-[10px] font-bold text-amber-100 uppercase">{t('coins.prizes.grand')}</span>
            <span className="block font-bold text-white">{showAmount(multiplyAmount(stake, GRAND))}</span>
          </li>
        </ul>
        <p className="text-xs text-ink-400">{t('coins.grandRule', { grand: GRAND })}</p>
        <p className="text-xs text-ink-400">{t('coins.capRule', { cap: MAX_WIN_STAKES.toLocaleString('en-US'), amount: showAmount(multiplyAmount(stake, MAX_WIN_STAKES)), currency })}</p>
      </section>

      <section className="space-y-3">
        <h3 className="font-bold text-white">{t('coins.linesTitle', { count: LINES })}</h3>
        <p className="text-ink-300">{t('coins.linesRule')}</p>
        <ol className="grid grid-cols-5 gap-2">
          {PAYLINES.map((rows, index) => (
            <li key={index} className="rounded-lg bg-black/30 p-1.5 ring-1 ring-white/5">
              <span className="mb-1 block text-center text-[10px] font-bold text-ink-400">{index + 1}</span>
              <div className="grid grid-cols-5 gap-px" role="img" aria-label={t('coins.lineShape', { line: index + 1, rows: rows.map((r) => r + 1).join('-') })}>
                {Array.from({ length: ROWS * REELS }, (_, cell) => {
                  const row = Math.floor(cell / REELS);
                  return <span key={cell} className={clsx('aspect-square rounded-[2px]', rows[cell % REELS] === row ? 'bg-amber-400' : 'bg-white/10')} />;
                })}
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
