import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';

export type DemoPopupResult = 'real' | 'demo';

const POINTS: Array<{ key: string; icon: IconName }> = [
  { key: 'fun', icon: 'coins' },
  { key: 'same', icon: 'shield' },
  { key: 'winnings', icon: 'lock' },
];

/**
 * The demo mode popup (spec 2 section 2): what demo mode is, and the way to real money. It closes
 * with the choice as its result: `real` (the page opens sign-up for a guest, or switches a player
 * to real money) or `demo`.
 */
export default function DemoModePopup({ dialogId, signedIn, game }: DialogComponentProps) {
  const { t } = useTranslation('games');
  const close = useDialogs((state) => state.close);
  const choose = (result: DemoPopupResult) => close(dialogId, { result, immediate: true });
  return (
    <div className="space-y-5 pt-1" data-testid="demo-popup">
      <div className="flex items-center gap-3 pr-10">
        <span className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-violet-500/40 to-gold-500/30 text-gold-300 ring-1 ring-white/15">
          <Icon name="sparkles" size={24} />
        </span>
        <div>
          <p className="text-xs font-semibold tracking-widest text-violet-400 uppercase">{t('demoPopup.kicker')}</p>
          <h2 className="text-xl leading-tight font-extrabold">{t('demoPopup.title')}</h2>
        </div>
      </div>
      <p className="text-sm leading-relaxed text-ink-300">{t('demoPopup.text', { game: typeof game === 'string' ? game : '' })}</p>
      <ul className="space-y-2.5">
        {POINTS.map((point) => (
          <li key={point.key} className="flex items-start gap-3 rounded-xl bg-white/[0.03] px-3 py-2.5 ring-1 ring-white/5">
            <Icon name={point.icon} size={18} className="mt-0.5 shrink-0 text-gold-400" />
            <span className="text-sm text-ink-200">{t(`demoPopup.points.${point.key}`)}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 tablet:flex-row-reverse">
        <Button size="lg" className="w-full tablet:flex-1" onClick={() => choose('real')} data-testid="demo-popup-real">
          {t('demoPopup.real')}
        </Button>
        <Button size="lg" variant="secondary" className="w-full tablet:flex-1" onClick={() => choose('demo')} data-testid="demo-popup-demo">
          {t('demoPopup.demo')}
        </Button>
      </div>
      {!signedIn && <p className="text-center text-xs text-ink-400">{t('demoPopup.guestNote')}</p>}
    </div>
  );
}
