import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../../contract/deposit-sum.ts';
import type { RealityCheckView, ResponsibleGamingView } from '../../../contract/responsible-gaming.ts';
import { api } from '../../lib/api-client.ts';
import { useLocalizedPath } from '../../lib/locale.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useRgT } from './i18n.ts';
import { Modal } from './modal.tsx';

/**
 * The reality check of the game page (docs/responsible-gaming.md): every N minutes of real-money
 * play (the player's setting), a modal with the time played since the page opened and the net
 * result of that play. The modal makes the game frame inert, so play pauses until the player
 * answers: continue (the next reminder is N minutes later) or stop (their limits page).
 */
export function RealityCheck({ active }: { active: boolean }) {
  const { t } = useRgT();
  const localize = useLocalizedPath();
  const [interval, setIntervalMinutes] = useState<number | null>(null);
  const [shown, setShown] = useState<(RealityCheckView & { minutes: number }) | null>(null);
  const since = useRef<number>(0);

  useEffect(() => {
    if (!active) return;
    since.current = Date.now();
    let live = true;
    api<ResponsibleGamingView>('responsibleGaming/get')
      .then((view) => live && setIntervalMinutes(view.reality_check_minutes))
      .catch(() => live && setIntervalMinutes(null));
    return () => {
      live = false;
    };
  }, [active]);

  useEffect(() => {
    if (!active || !interval || shown) return;
    const timer = window.setTimeout(() => {
      // Minutes by this page's clock; the money since the page opened from the wallet's journal.
      const minutes = Math.floor((Date.now() - since.current) / 60_000);
      api<RealityCheckView>('responsibleGaming/realityCheck', { query: { since: new Date(since.current).toISOString() } })
        .then((check) => setShown({ ...check, minutes }))
        .catch(() => setShown({ since: '', minutes_played: minutes, wagered: '0', won: '0', net: '0', currency: '', minutes }));
    }, interval * 60_000);
    return () => window.clearTimeout(timer);
  }, [active, interval, shown]);

  const money = (value: string) => (shown?.currency ? formatMoney(Number(value), shown.currency) : '—');
  const net = Number(shown?.net ?? 0);
  return (
    <Modal open={shown !== null} label={t('check.title')} testId="reality-check">
      {shown && (
        <div className="space-y-5">
          <div className="flex items-center gap-3">
            <span className="grid h-12 w-12 place-items-center rounded-2xl bg-gold-500/15 text-gold-300 ring-1 ring-gold-400/30">
              <Icon name="clock" size={24} />
            </span>
            <div>
              <h2 className="text-xl font-extrabold tracking-tight">{t('check.title')}</h2>
              <p className="text-sm text-ink-300" data-testid="reality-check-time">
                {t('check.played', { minutes: shown.minutes })}
              </p>
            </div>
          </div>
          <dl className="grid grid-cols-3 gap-2 text-center">
            {[
              ['wagered', money(shown.wagered), 'text-white'],
              ['won', money(shown.won), 'text-white'],
              ['net', `${net > 0 ? '+' : net < 0 ? '−' : ''}${money(String(Math.abs(net)))}`, net < 0 ? 'text-ruby-400' : 'text-jade-400'],
            ].map(([key, value, tone]) => (
              <div key={key} className="rounded-2xl bg-ink-900/70 px-2 py-3 ring-1 ring-white/5">
                <dt className="text-[10px] font-bold tracking-[0.14em] text-ink-400 uppercase">{t(`check.${key}`)}</dt>
                <dd className={`mt-1 font-extrabold tabular-nums ${tone}`} data-testid={`reality-check-${key}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-ink-400">{t('check.paused')}</p>
          <div className="flex flex-col gap-2 tablet:flex-row-reverse">
            <Button onClick={() => setShown(null)} className="w-full tablet:flex-1" data-testid="reality-check-continue">
              {t('check.continue')}
            </Button>
            <ButtonLink to={localize('/responsible-game')} variant="secondary" className="w-full tablet:flex-1" data-testid="reality-check-stop">
              {t('check.stop')}
            </ButtonLink>
          </div>
        </div>
      )}
    </Modal>
  );
}
