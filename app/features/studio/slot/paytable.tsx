import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { showAmount } from '../money.ts';
import { FREE_SPINS_AWARD, FREE_SPINS_MULTIPLIER, LINES, PAYLINES, PAYTABLE_ROWS, REELS, ROWS, SCATTER_PAYS, lineBetOf, lineColour, payAmount } from './slot-logic.ts';
import { SymbolArt } from './symbols.tsx';

/** What each symbol pays at the current stake, the scatter and free spins, and the 20 lines. */
export function Paytable({ stake, currency }: { stake: string; currency: string }) {
  const { t } = useTranslation('studio');
  const lineBet = lineBetOf(stake);
  return (
    <div className="space-y-6 text-sm" data-testid="slot-paytable">
      <p className="text-ink-300">{t('slot.paytableIntro', { lines: LINES, lineBet: showAmount(lineBet), currency })}</p>
      <ul className="grid grid-cols-1 gap-2.5">
        {PAYTABLE_ROWS.map((row) => (
          <li key={row.symbol} className="flex items-center gap-3 rounded-2xl bg-white/[0.04] p-2.5 ring-1 ring-white/5">
            <SymbolArt symbol={row.symbol} className="h-14 w-14 shrink-0" />
            <div className="min-w-0 flex-1">
              <p className="font-bold text-white">{t(`slot.symbols.${row.symbol}`)}</p>
              {row.symbol === 'wild' && <p className="text-xs text-ink-400">{t('slot.wildRule')}</p>}
            </div>
            <dl className="grid shrink-0 grid-cols-[auto_auto] gap-x-2 text-right text-xs tabular-nums">
              {[5, 4, 3].map((count) => (
                <div key={count} className="contents">
                  <dt className="font-bold text-ink-400">{count}×</dt>
                  <dd className="font-bold text-gold-300">{showAmount(payAmount(row.pays[count - 3], lineBet))}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
        <li className="flex items-center gap-3 rounded-2xl bg-gold-500/10 p-2.5 ring-1 ring-gold-400/30">
          <SymbolArt symbol="scatter" className="h-14 w-14 shrink-0" />
          <div className="min-w-0 flex-1">
            <p className="font-bold text-white">{t('slot.symbols.scatter')}</p>
            <p className="text-xs text-ink-300">{t('slot.scatterRule', { spins: FREE_SPINS_AWARD, multiplier: FREE_SPINS_MULTIPLIER })}</p>
          </div>
          <dl className="grid shrink-0 grid-cols-[auto_auto] gap-x-2 text-right text-xs tabular-nums">
            {[5, 4, 3].map((count) => (
              <div key={count} className="contents">
                <dt className="font-bold text-ink-400">{count}×</dt>
                <dd className="font-bold text-gold-300">{showAmount(payAmount(SCATTER_PAYS[count - 3], stake))}</dd>
              </div>
            ))}
          </dl>
        </li>
      </ul>

      <section className="space-y-2">
        <h3 className="font-bold text-white">{t('slot.freeSpinsTitle')}</h3>
        <p className="text-ink-300">{t('slot.freeSpinsRule', { spins: FREE_SPINS_AWARD, multiplier: FREE_SPINS_MULTIPLIER })}</p>
      </section>

      <section className="space-y-3">
        <h3 className="font-bold text-white">{t('slot.linesTitle', { count: LINES })}</h3>
        <p className="text-ink-300">{t('slot.linesRule')}</p>
        <ol className="grid grid-cols-4 gap-2">
          {PAYLINES.map((rows, index) => (
            <li key={index} className="rounded-lg bg-black/30 p-1.5 ring-1 ring-white/5">
              <span className="mb-1 block text-center text-[10px] font-bold text-ink-400">{index + 1}</span>
              <div className="grid grid-cols-5 gap-px" aria-label={t('slot.lineShape', { line: index + 1, rows: rows.map((r) => r + 1).join('-') })} role="img">
                {Array.from({ length: ROWS * REELS }, (_, cell) => {
                  const row = Math.floor(cell / REELS);
                  const reel = cell % REELS;
                  const on = rows[reel] === row;
                  return <span key={cell} className={clsx('aspect-square rounded-[2px]', on ? '' : 'bg-white/10')} style={on ? { background: lineColour(index + 1) } : undefined} />;
                })}
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
